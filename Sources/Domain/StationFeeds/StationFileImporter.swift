import JSONScanning
import Foundation

/// Reads a station file in any supported layout, detecting the layout from its content.
///
/// UTF-16 files (with a byte-order mark, or recognisably UTF-16 without one) are decoded to
/// UTF-8 first, with a note; a file that looks like UTF-16 but does not decode is reported.
/// Detection (``detectFormat(of:)``): after an optional byte-order mark and white space, a file
/// starting with `[` is OCPI; one starting with `{` is JSON Lines when its first line is a
/// complete JSON object that is not an OCPI document (no `data`, `locations`, `evses` or
/// `coordinates` member), and OCPI otherwise; anything else is read as the fast-charger CSV.
public enum StationFileImporter {
  /// Imports the bytes of a station file, detecting the layout unless `format` is given.
  public static func importStations(
    from original: Data, fileName: String, format: StationFileFormat? = nil
  ) -> ImportResult {
    let data: Data
    var encodingNote: ImportDiagnostic?
    switch TextEncoding.decodeUTF16(original) {
    case .notUTF16:
      data = original
    case .decoded(let utf8, let name):
      data = utf8
      encodingNote = ImportDiagnostic(
        severity: .note, file: fileName, reason: "is \(name) text; decoded to UTF-8 before reading")
    case .invalid(let name, let offset):
      return ImportResult(
        format: format ?? .fastChargerCSV, stations: [],
        diagnostics: [
          ImportDiagnostic(
            severity: .error, file: fileName,
            reason:
              "looks like \(name) text but is not valid \(name) at byte \(offset); nothing imported",
            expected: "UTF-8, or UTF-16 with a byte-order mark")
        ], recordsRead: 0, recordsSkipped: 0)
    }
    var result = importDecoded(data, fileName: fileName, format: format)
    if let encodingNote {
      result.diagnostics.insert(encodingNote, at: 0)
      result.counts.notes += 1
    }
    return result
  }

  private static func importDecoded(_ data: Data, fileName: String, format: StationFileFormat?)
    -> ImportResult
  {
    switch format ?? detectFormat(of: data) {
    case .registerJSONLines:
      RegisterJSONLinesImporter.importStations(from: data, fileName: fileName)
    case .fastChargerCSV:
      FastChargerCSVImporter.importStations(from: data, fileName: fileName)
    case .ocpiLocations:
      OCPILocationsImporter.importStations(from: data, fileName: fileName)
    }
  }

  /// Imports a file from disk; throws ``StationFileError`` only when it cannot be read at all.
  public static func importFile(at url: URL, format: StationFileFormat? = nil)
    throws(StationFileError)
    -> ImportResult
  {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw StationFileError(path: url.path, reason: "\(error.localizedDescription)")
    }
    return importStations(from: data, fileName: url.lastPathComponent, format: format)
  }

  /// The layout of a station file, judged from its first bytes and first line.
  public static func detectFormat(of data: Data) -> StationFileFormat {
    let bytes = [UInt8](data)
    var index = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return .fastChargerCSV }
    if bytes[index] == UInt8(ascii: "[") { return .ocpiLocations }
    guard bytes[index] == UInt8(ascii: "{") else { return .fastChargerCSV }
    // The whole first line, however long (a site with many connectors can pass 1 MiB); it ends
    // at LF, CR or CRLF.
    var end = index
    while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
    let firstLine: JSONValue? = bytes.withUnsafeBufferPointer { buffer in
      try? JSONScanner.parse(buffer, range: index..<end)
    }
    guard let object = firstLine?.objectValue else { return .ocpiLocations }
    let ocpiKeys = ["data", "locations", "evses", "coordinates"]
    return ocpiKeys.contains { object[$0] != nil } ? .ocpiLocations : .registerJSONLines
  }
}

/// A station file could not be read from disk.
public struct StationFileError: Error, CustomStringConvertible {
  /// The path that was asked for.
  public var path: String
  /// Why it could not be read.
  public var reason: String

  /// `cannot read station file '<path>': <reason>; expected a readable CSV, JSON Lines or OCPI file`.
  public var description: String {
    "cannot read station file '\(path)': \(reason); expected a readable CSV, JSON Lines or OCPI JSON file"
  }
}
