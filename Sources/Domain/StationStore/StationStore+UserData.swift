import Charging
import Foundation
import Synchronization

/// A charging card or subscription the user holds, with the tariffs it gives access to.
public struct ChargingCard: Hashable, Sendable, Codable, Identifiable {
  /// A stable identifier chosen by the caller.
  public var id: String
  /// The card's name as the user knows it, e.g. `EnBW mobility+ ADAC`.
  public var name: String
  /// The issuing provider (eMSP).
  public var provider: String
  /// The tariffs the card gives access to, by catalogue id.
  public var tariffIDs: [String]

  /// Creates a card.
  public init(id: String, name: String, provider: String, tariffIDs: [String]) {
    self.id = id
    self.name = name
    self.provider = provider
    self.tariffIDs = tariffIDs
  }
}

extension StationStore {
  /// The setting key under which the Open Charge Map API key is kept.
  public static let openChargeMapAPIKeySetting = "openchargemap.api_key"

  // MARK: Favourites

  /// The favourite stations, oldest first.
  public func favouriteStationIDs() throws(StationStoreError) -> [Station.ID] {
    try withUser { db in
      let statement = try db.prepare(
        "SELECT station_id FROM favourites ORDER BY added_at, station_id")
      var ids: [Station.ID] = []
      while try statement.step() { ids.append(Station.ID(statement.text(0) ?? "")) }
      return ids
    }
  }

  /// Marks or unmarks `id` as a favourite.
  public func setFavourite(_ id: Station.ID, _ isFavourite: Bool) throws(StationStoreError) {
    let date = now()
    try changeUser { db in
      if isFavourite {
        try db.run(
          "INSERT OR IGNORE INTO favourites (station_id, added_at) VALUES (?1, ?2)",
          [.text(id.rawValue), .real(date.timeIntervalSince1970)])
      } else {
        try db.run("DELETE FROM favourites WHERE station_id = ?1", [.text(id.rawValue)])
      }
    }
  }

  // MARK: Tariffs and cards

  /// The tariffs the user selected for price comparison, in the user's order.
  public func selectedTariffIDs() throws(StationStoreError) -> [String] {
    try withUser { db in
      let statement = try db.prepare("SELECT tariff_id FROM selected_tariffs ORDER BY position")
      var ids: [String] = []
      while try statement.step() { ids.append(statement.text(0) ?? "") }
      return ids
    }
  }

  /// Replaces the selected tariffs (duplicates keep their first position).
  public func setSelectedTariffIDs(_ ids: [String]) throws(StationStoreError) {
    try changeUser { db in
      try db.run("DELETE FROM selected_tariffs")
      for (position, id) in ids.enumerated() {
        try db.run(
          "INSERT OR IGNORE INTO selected_tariffs (tariff_id, position) VALUES (?1, ?2)",
          [.text(id), .integer(Int64(position))])
      }
    }
  }

  /// The user's charging cards, in the order they were saved.
  public func chargingCards() throws(StationStoreError) -> [ChargingCard] {
    let rows: [(String, String, String, String)] = try withUser { db in
      let statement = try db.prepare(
        "SELECT id, name, provider, tariff_ids FROM charging_cards ORDER BY position, id")
      var rows: [(String, String, String, String)] = []
      while try statement.step() {
        rows.append(
          (
            statement.text(0) ?? "", statement.text(1) ?? "", statement.text(2) ?? "",
            statement.text(3) ?? "[]"
          ))
      }
      return rows
    }
    var cards: [ChargingCard] = []
    for (id, name, provider, json) in rows {
      let tariffs: [String]
      do { tariffs = try JSONDecoder().decode([String].self, from: Data(json.utf8)) } catch {
        throw userFile.error(.corrupt("charging card '\(id)' has unreadable tariff ids: \(error)"))
      }
      cards.append(ChargingCard(id: id, name: name, provider: provider, tariffIDs: tariffs))
    }
    return cards
  }

  /// Saves `card`, replacing a card with the same id in place.
  public func saveChargingCard(_ card: ChargingCard) throws(StationStoreError) {
    let json = String(
      decoding: (try? JSONEncoder().encode(card.tariffIDs)) ?? Data("[]".utf8), as: UTF8.self)
    try changeUser { db in
      let position: SQLiteValue =
        try db.scalar("SELECT position FROM charging_cards WHERE id = ?1", [.text(card.id)])
        ?? db.scalar("SELECT coalesce(max(position), -1) + 1 FROM charging_cards") ?? .integer(0)
      try db.run(
        """
        INSERT OR REPLACE INTO charging_cards (id, name, provider, tariff_ids, position)
        VALUES (?1, ?2, ?3, ?4, ?5)
        """, [.text(card.id), .text(card.name), .text(card.provider), .text(json), position])
    }
  }

  /// Removes the card with `id`, if any.
  public func removeChargingCard(id: String) throws(StationStoreError) {
    try changeUser { db in try db.run("DELETE FROM charging_cards WHERE id = ?1", [.text(id)]) }
  }

  // MARK: Vehicle profile and filter presets (stored as JSON of the caller's type)

  /// The saved vehicle profile decoded as `type`, nil when none was saved.
  public func vehicleProfile<T: Decodable>(as type: T.Type) throws(StationStoreError) -> T? {
    let json: String? = try withUser { db in
      guard case .text(let json)? = try db.scalar("SELECT json FROM vehicle_profile WHERE id = 1")
      else { return nil }
      return json
    }
    return try json.map { json throws(StationStoreError) in
      try decodeJSON(T.self, json, what: "the vehicle profile")
    }
  }

  /// Saves the vehicle profile (any `Encodable` value, stored as JSON).
  public func setVehicleProfile<T: Encodable>(_ profile: T) throws(StationStoreError) {
    let json = try encodeJSON(profile, what: "the vehicle profile")
    let date = now()
    try changeUser { db in
      try db.run(
        "INSERT OR REPLACE INTO vehicle_profile (id, json, updated_at) VALUES (1, ?1, ?2)",
        [.text(json), .real(date.timeIntervalSince1970)])
    }
  }

  /// The names of the saved filter presets, alphabetically.
  public func filterPresetNames() throws(StationStoreError) -> [String] {
    try withUser { db in
      let statement = try db.prepare("SELECT name FROM filter_presets ORDER BY name")
      var names: [String] = []
      while try statement.step() { names.append(statement.text(0) ?? "") }
      return names
    }
  }

  /// The filter preset `name` decoded as `type`, nil when there is none.
  public func filterPreset<T: Decodable>(named name: String, as type: T.Type)
    throws(StationStoreError) -> T?
  {
    let json: String? = try withUser { db in
      guard
        case .text(let json)? = try db.scalar(
          "SELECT json FROM filter_presets WHERE name = ?1", [.text(name)])
      else { return nil }
      return json
    }
    return try json.map { json throws(StationStoreError) in
      try decodeJSON(T.self, json, what: "filter preset '\(name)'")
    }
  }

  /// Saves `preset` under `name`, replacing an earlier preset of that name.
  public func saveFilterPreset<T: Encodable>(_ preset: T, named name: String)
    throws(StationStoreError)
  {
    let json = try encodeJSON(preset, what: "filter preset '\(name)'")
    let date = now()
    try changeUser { db in
      try db.run(
        "INSERT OR REPLACE INTO filter_presets (name, json, updated_at) VALUES (?1, ?2, ?3)",
        [.text(name), .text(json), .real(date.timeIntervalSince1970)])
    }
  }

  /// Deletes the filter preset `name`, if any.
  public func deleteFilterPreset(named name: String) throws(StationStoreError) {
    try changeUser { db in try db.run("DELETE FROM filter_presets WHERE name = ?1", [.text(name)]) }
  }

  // MARK: Settings

  /// The setting `key`, nil when unset.
  public func setting(_ key: String) throws(StationStoreError) -> String? {
    try withUser { db in
      guard
        case .text(let value)? = try db.scalar(
          "SELECT value FROM settings WHERE key = ?1", [.text(key)])
      else { return nil }
      return value
    }
  }

  /// Sets (or, with nil, removes) the setting `key`.
  public func setSetting(_ key: String, _ value: String?) throws(StationStoreError) {
    try changeUser { db in
      if let value {
        try db.run(
          "INSERT OR REPLACE INTO settings (key, value) VALUES (?1, ?2)",
          [.text(key), .text(value)])
      } else {
        try db.run("DELETE FROM settings WHERE key = ?1", [.text(key)])
      }
    }
  }

  private func decodeJSON<T: Decodable>(_ type: T.Type, _ json: String, what: String)
    throws(StationStoreError) -> T
  {
    do { return try JSONDecoder().decode(T.self, from: Data(json.utf8)) } catch {
      throw userFile.error(
        .corrupt("\(what) cannot be read as \(T.self): \(error); expected the JSON it was saved as")
      )
    }
  }

  private func encodeJSON<T: Encodable>(_ value: T, what: String) throws(StationStoreError)
    -> String
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do { return String(decoding: try encoder.encode(value), as: UTF8.self) } catch {
      throw userFile.error(.io("\(what) cannot be encoded as JSON: \(error)"))
    }
  }
}

extension StationStore {
  // MARK: Writers elsewhere

  /// A number that moves whenever another connection — another process, such as `wayside
  /// tariffs` or `wayside vehicle` — committed to the user data since the last call; this
  /// store's own writes leave it as it is (SQLite's `PRAGMA data_version`).
  public func userDataVersion() throws(StationStoreError) -> Int {
    try withUser { db in
      guard case .integer(let version)? = try db.scalar("PRAGMA data_version") else { return 0 }
      return Int(version)
    }
  }

  /// Calls `onChange` (on a queue of its own) when another process commits to the user data,
  /// for as long as the returned watch is kept.
  ///
  /// The store's directory is watched for writes to `user.sqlite`, its journal and its backups
  /// (a file-change notification, not a timer; a writer closing the files — a command ending —
  /// counts as one); each notification asks SQLite's ``userDataVersion()``, so the store's own
  /// writes and writes that change nothing call nobody.
  public func watchOtherWriters(_ onChange: @escaping @Sendable () -> Void) throws
    -> StoreFileWatch
  {
    let known = Mutex(try userDataVersion())
    // `user.`: the database and its -wal file, and the backup every writer refreshes right
    // after its commit (user.backup.sqlite), so a notification also comes once the commit is
    // visible — a write to the -wal file may be seen before the commit it belongs to.
    return try StoreFileWatch(
      directory: userURL.deletingLastPathComponent(), namePrefix: "user."
    ) { [self] in
      guard let now = try? userDataVersion() else { return }
      let moved = known.withLock { known in
        defer { known = now }
        return known != now
      }
      if moved { onChange() }
    }
  }
}
