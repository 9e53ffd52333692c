import Charging
import Foundation
import Geo
import StationIndex
import Testing
import WaysideTestSupport

/// Stations given as an array, for reading an image back.
private struct ArrayStations: StationSource {
  let stations: [Station]
  var count: Int { stations.count }
  func station(at index: Int) -> Station { stations[index] }
  func id(at index: Int) -> Station.ID { stations[index].id }
  func operatorName(at index: Int) -> String { stations[index].operatorName }
}

/// As many stations as an image claims, all at one point (as the fuzz target supplies them).
private struct SamePointStations: StationSource {
  let count: Int
  func station(at index: Int) -> Station {
    Station(
      id: id(at: index), operatorName: operatorName(at: index), address: Address(),
      coordinate: Coordinate(latitude: 51, longitude: 9), evses: [],
      source: DataSource(name: "test", date: "", licence: "", attribution: ""))
  }
  func id(at index: Int) -> Station.ID { Station.ID("s\(index)") }
  func operatorName(at index: Int) -> String { "op\(index % 3)" }
}

@Suite("Index images: the tree is checked before any query runs on it")
struct ImageCheckTests {
  @Test("an image the index wrote reads back and answers as the index it came from")
  func roundTrip() throws {
    let stations = try RealData.kassel2022()
    let index = StationIndex(stations)
    let bytes = index.image()
    let read = try bytes.withUnsafeBytes { raw in
      try StationIndex(image: raw, stations: ArrayStations(stations: stations))
    }
    let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
    for limit in [1, 12, 40] {
      #expect(
        read.nearest(to: kassel, limit: limit).hits == index.nearest(to: kassel, limit: limit).hits)
    }
  }

  @Test("an image whose leaves share stations is refused, naming the node, not searched for ever")
  func overlappingLeaves() throws {
    // Found by the index-image fuzz target: every node's range lies inside the set, but the
    // children's ranges overlap, so stations sit in several leaves; at one crowded point the
    // nearest search's band could never make room for all of them.
    // The fuzz target's own seed (`Fuzz/Corpus/index-image/`), so the input is kept once.
    let corpus = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/index-image/overlapping-leaves")
    let bytes = try Data(contentsOf: corpus)
    let claimed = bytes.withUnsafeBytes {
      Int($0.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
    }
    let error = #expect(throws: StationIndexImageError.self) {
      _ = try bytes.withUnsafeBytes { raw in
        try StationIndex(image: raw, stations: SamePointStations(count: claimed))
      }
    }
    let reason = error?.reason ?? ""
    #expect(
      reason.contains("but its children")
        && reason.contains("expected the two halves of its range"),
      "\(reason)")
  }
}
