import Foundation
import StationStore

/// Where the apps keep their SQLite store, and with which data-protection class.
///
/// The store lives in Application Support inside the app container, with the class
/// *complete until first user authentication* (`NSFileProtectionCompleteUntilFirstUserAuthentication`,
/// class C): CarPlay runs the app while the phone is locked on almost every drive, and class A
/// (`complete`) files cannot be opened then (carplay-facts.md §9). The station file holds public
/// register data; the user file holds tariffs, vehicle and favourites — nothing that needs
/// class A.
enum AppContainer {
  /// The data-protection class of every store file.
  static let protection = FileProtectionType.completeUntilFirstUserAuthentication

  /// `Application Support/Wayside`, created with the protection class when missing.
  static func storeDirectory(fileManager: FileManager = .default) throws -> URL {
    let base = try fileManager.url(
      for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
    let directory = base.appendingPathComponent("Wayside", isDirectory: true)
    try fileManager.createDirectory(
      at: directory, withIntermediateDirectories: true,
      attributes: [.protectionKey: protection])
    return directory
  }

  /// Opens the store and applies the protection class to its files (SQLite creates the journal
  /// files itself; they inherit the directory's class, which is set above).
  static func openStore(fileManager: FileManager = .default) throws -> StationStore {
    let store = try StationStore(directory: try storeDirectory(fileManager: fileManager))
    for url in [store.stationsURL, store.userURL, store.userBackupURL]
    where fileManager.fileExists(atPath: url.path) {
      try fileManager.setAttributes([.protectionKey: protection], ofItemAtPath: url.path)
    }
    return store
  }
}
