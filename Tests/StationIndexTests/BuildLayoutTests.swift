import Charging
import Geo
import StationIndex
import Testing

/// The index keeps the caller's stations in place and builds its operator and id tables on the
/// first query that needs them; these rules check that neither shows in the answers.
@Suite("Index layout: stations in the caller's order, lookups built on first use")
struct BuildLayoutTests {
  static let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)

  /// The Kassel set with every seventh station moved off the globe, so the tree's positions and
  /// the caller's positions differ by gaps as well as by order.
  static func withGaps() throws -> (all: [Station], valid: [Station]) {
    var all = try RealData.kassel2022()
    var valid: [Station] = []
    for i in all.indices {
      if i % 7 == 3 {
        all[i].coordinate = Coordinate(latitude: .nan, longitude: 9)
      } else {
        valid.append(all[i])
      }
    }
    return (all, valid)
  }

  @Test(
    "filters by operator and by favourites match brute force when unindexed stations leave gaps",
    arguments: ["operator", "favourites", "both"])
  func lookupsWithGaps(_ kind: String) throws {
    let (all, valid) = try Self.withGaps()
    let index = StationIndex(all)
    #expect(index.count == valid.count)
    // Operators and favourites drawn from the real stations (every fifth indexed one).
    let chosen = stride(from: 0, to: valid.count, by: 5).map { valid[$0] }
    let operators = Set(chosen.prefix(4).map(\.operatorName))
    let favourites = Set(chosen.map(\.id))
    let filter: StationFilter =
      switch kind {
      case "operator": StationFilter(operators: operators)
      case "favourites": StationFilter(favourites: favourites)
      default: StationFilter(operators: operators, favourites: favourites)
      }
    let expected = BruteForce.nearest(valid, to: Self.kassel, limit: 40, filter: filter)
    #expect(!expected.isEmpty)
    #expect(index.nearest(to: Self.kassel, limit: 40, filter: filter).hits == expected)
  }

  @Test("the first operator query from many tasks at once gives every task the same answer")
  func concurrentFirstUse() async throws {
    let stations = try RealData.kassel2022()
    let index = StationIndex(stations)
    let operators: Set<String> = [
      stations[0].operatorName, stations[stations.count / 2].operatorName,
    ]
    let filter = StationFilter(operators: operators)
    let expected = BruteForce.nearest(stations, to: Self.kassel, limit: 25, filter: filter)
    let answers = await withTaskGroup(of: [BruteForce.Hit].self) { group in
      for _ in 0..<16 {
        group.addTask { index.nearest(to: Self.kassel, limit: 25, filter: filter).hits }
      }
      var answers: [[BruteForce.Hit]] = []
      for await answer in group { answers.append(answer) }
      return answers
    }
    #expect(answers.count == 16)
    #expect(answers.allSatisfy { $0 == expected })
  }

  @Test("stations at one spot are ordered by id, whatever order the caller gave them in")
  func exactTiesByID() throws {
    let base = Array(try RealData.kassel2022().prefix(40))
    // Ten stations moved onto one point, given in reverse id order.
    var stations = base
    let spot = base[0].coordinate
    for i in 0..<10 { stations[i * 3].coordinate = spot }
    stations.reverse()
    let index = StationIndex(stations)
    let expectedIDs = stations.filter { $0.coordinate == spot }.map(\.id).sorted()
    #expect(expectedIDs.count >= 10)
    let found = index.nearest(to: spot, limit: expectedIDs.count)
    #expect(found.ids == expectedIDs)
    #expect(found.allSatisfy { $0.distanceKilometres == 0 })
    #expect(
      index.stations(in: BoundingBox(minimum: spot, maximum: spot)).ids == expectedIDs)
  }
}
