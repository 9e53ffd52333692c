import Charging
import Foundation
import Testing
import WaysideData

@testable import StationFeeds

/// Imports inline text with the detected or given format.
func importText(
  _ text: String, fileName: String = "test", format: StationFileFormat? = nil
) -> ImportResult {
  StationFileImporter.importStations(from: Data(text.utf8), fileName: fileName, format: format)
}

/// Checks the bookkeeping every import result must satisfy.
func expectCountsAddUp(_ result: ImportResult, sourceLocation: SourceLocation = #_sourceLocation) {
  let c = result.counts
  #expect(c.recordsRead == c.stationsImported + c.recordsSkipped, sourceLocation: sourceLocation)
  #expect(c.stationsImported == result.stations.count, sourceLocation: sourceLocation)
  #expect(
    result.errors.count >= (c.recordsSkipped > 0 ? 1 : 0), sourceLocation: sourceLocation)
  #expect(
    Set(result.stations.map(\.id)).count == result.stations.count,
    "station ids are unique", sourceLocation: sourceLocation)
}

/// The first line of a bundled file (a real record), as text.
func firstLines(of file: BundledData.File, count: Int) throws -> [String] {
  let text = String(decoding: try BundledData.data(file), as: UTF8.self)
  return Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(count).map(String.init))
}
