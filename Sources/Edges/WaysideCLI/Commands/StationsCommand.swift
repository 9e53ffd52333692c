import Charging
import Foundation
import Geo
import StationFeeds
import StationIndex
import StationStore
import WaysideData

/// `wayside stations near|region|corridor`: station queries on the spatial index.
public enum StationsCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "stations"
  /// One line for `wayside --help`.
  public static let abstract = "Find charging stations near a point, in a region or along a route"
  /// The help text for `wayside NAME --help`.
  public static let usage = """
    Usage:
      wayside stations near LAT LON [--limit N] [filters] [--store DIR] [--json]
      wayside stations region MIN_LAT MIN_LON MAX_LAT MAX_LON [--limit N] [filters] [--json]
      wayside stations corridor --route FILE.geojson [--route-index I] --within-km KM
                                [--limit N] [filters] [--json]
      wayside stations import FILE [--store DIR] [--max-diagnostics N]   (see below)

    Coordinates are decimal degrees (WGS84); distances are great-circle kilometres.
    near      the nearest stations (12 unless --limit), nearest first
    region    every station inside the box (edges included), nearest to its centre first
    corridor  every station within KM of a route, in order along it. The route is a GeoJSON
              FeatureCollection of LineStrings; the first feature unless --route-index I
              (counted from 0).

    Filters (combine freely):
      --min-kw KW        a connector of at least KW kilowatts
      --dc               a DC connector (with --min-kw: a DC connector of that power)
      --connector STD    a connector of this standard; repeatable. Names: CCS, CCS1, Type2,
                         Type1, CHAdeMO, Schuko, CEE, Tesla, NACS, MCS, or an OCPI name such
                         as IEC_62196_T2_COMBO
      --operator NAME    this operator (case-insensitive); repeatable
      --open-now         open now by the station's hours (unknown hours count as open)
      --order ORDER      distance (default), power, or along (corridor default)

    --stations FILE      use a station file instead of the bundled set: the register's JSON
                         Lines, the fast-charger CSV or OCPI locations (detected from the content)
    --store DIR          answer from this store: the bundled set it is seeded with plus what
                         `wayside stations import FILE --store DIR` put there. Without it the
                         default store ($XDG_DATA_HOME/wayside) is used when it exists, else the
                         bundled set. Either is read through a snapshot in $WAYSIDE_CACHE_DIR
                         (default $XDG_CACHE_HOME/wayside, else ~/.cache/wayside), rebuilt when
                         the bundled data or the store changes.
    --cache DIR          keep the snapshots in DIR instead
    --live FILE          add live status from a DATEX II AFIR, OCPI Locations or chargecloud POI
                         file (repeatable; a DATEX status file needs its table file too) as a
                         "live" column: "2 of 4 free", "all busy", "out of order", or "unknown
                         since HH:MM" when stale as of the files' newest status (see
                         `wayside status` and Guides/LiveStatus.md)
    --json               one JSON array on stdout: id, name, operator, lat, lon, distance_km,
                         max_power_kw (null when unknown), dc, connectors, and km_along_route
                         for corridor

    Exit status: 0 on success (also when nothing matches), 2 for bad arguments, 1 when a file
    cannot be read.

    \(StationsImportCommand.usage)
    """

  /// The accepted `--connector` names and the standards they select.
  static let connectorNames: [(String, [ConnectorStandard])] = [
    ("CCS", [.type2Combo]), ("CCS2", [.type2Combo]), ("CCS1", [.type1Combo]),
    ("Type2", [.type2]), ("Type1", [.type1]), ("CHAdeMO", [.chademo]),
    ("Schuko", [.domestic("F")]),
    (
      "CEE",
      [
        .iec60309SingleSixteen, .iec60309ThreeSixteen, .iec60309ThreeThirtyTwo,
        .iec60309ThreeSixtyFour,
      ]
    ),
    ("Tesla", [.teslaModelS, .teslaRoadster]), ("NACS", [.saeJ3400]), ("MCS", [.mcs]),
  ]

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    // `wayside stations import FILE …` is StationsImportCommand's: hand it the rest.
    if arguments.remaining.first == "import" {
      var rest = Arguments(
        Array(arguments.remaining.dropFirst()), command: StationsImportCommand.name)
      arguments = Arguments([], command: arguments.command)
      return try await StationsImportCommand.run(&rest, io)
    }
    // Options first: a value such as `--limit 5` must not be taken for a coordinate.
    let json = arguments.flag("--json")
    let filter = try parseFilter(&arguments)
    let orderText = try arguments.option("--order")
    let limit = try arguments.option("--limit", as: Int.self)
    if let limit, limit < 1 {
      throw CommandError.usage(
        "option --limit expects a whole number of at least 1, got '\(limit)'")
    }
    let stationsFile = try arguments.option("--stations")
    let storeOption = try arguments.option("--store")
    let cacheOption = try arguments.option("--cache")
    if stationsFile != nil, storeOption != nil {
      throw CommandError.usage("give either --stations FILE or --store DIR, not both")
    }
    let livePaths = try arguments.options("--live")
    let routeOptions = try RouteOptions.parse(&arguments)
    guard let mode = arguments.optionalPositional() else {
      throw CommandError.usage("missing what to find: near, region or corridor")
    }
    let query = try Query.parse(mode: mode, &arguments, routeOptions)
    let order = try parseOrder(orderText, mode: mode)
    try arguments.finish()

    let load = {
      try stationsFile.map { file in
        let (stations, name) = try loadStations(file, io)
        return (StationIndex(stations), name)
      }
        ?? StationSets.load(
          store: storeOption.map { URL(fileURLWithPath: $0) },
          cache: cacheOption.map { URL(fileURLWithPath: $0) } ?? StationSets.cacheDirectory(),
          defaultStore: StationStore.defaultDirectory(), io)
    }
    var (index, setName) = try load()
    let liveFeeds = try LiveFiles.read(livePaths, requireDocument: true)
    let live = liveFeeds.isEmpty ? nil : LiveFiles.board(liveFeeds, index: index)
    var lines = try answer(
      query, index, setName, limit: limit, filter: filter, order: order, json: json, live: live)
    if let damage = StationSnapshot.damage(in: index) {
      // A record damaged after the snapshot was written: answer again from a rebuilt one.
      io.err("wayside stations: \(damage); rebuilding it")
      try? FileManager.default.removeItem(atPath: damage.path)
      (index, setName) = try load()
      lines = try answer(
        query, index, setName, limit: limit, filter: filter, order: order, json: json, live: live)
    }
    if !index.unindexed.isEmpty {
      io.err(
        "wayside stations: \(index.unindexed.count) station(s) without usable coordinates were left out (first: \(index.unindexed[0].id))"
      )
    }
    for line in lines { io.out(line) }
    return 0
  }

  /// The output lines of `query` over `index`.
  static func answer(
    _ query: Query, _ index: StationIndex, _ setName: String, limit: Int?,
    filter: StationFilter, order: StationOrder, json: Bool,
    live: (board: LiveStatusBoard, asOf: Date?)? = nil
  ) throws -> [String] {
    var matches: [StationMatch]
    let heading: String
    switch query {
    case .near(let point):
      let count = limit ?? 12
      matches = Array(index.nearest(to: point, limit: count, filter: filter, order: order))
      heading = "nearest to \(point)"
    case .region(let box):
      matches = Array(index.stations(in: box, filter: filter, order: order))
      heading = "in \(box.minimum) – \(box.maximum)"
    case .corridor(let route, let label, let width):
      matches = Array(
        index.stations(along: route, withinKilometres: width, filter: filter, order: order))
      heading = "within \(StationTable.number(width)) km of \(label)"
    }
    if let limit, matches.count > limit { matches = Array(matches.prefix(limit)) }
    let isCorridor = if case .corridor = query { true } else { false }
    let liveText: ((Station) -> String)? = live.map { live in
      let asOf = live.asOf ?? Date()
      let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
      return { station in
        live.board.availability(for: [station.id], now: asOf).text(timeZone: zone) ?? "-"
      }
    }
    if json { return [try StationTable.json(matches, corridor: isCorridor, live: liveText)] }
    var lines = ["\(matches.count) station(s) \(heading) — \(setName)"]
    if let live {
      let asOf = live.asOf.map { ISO8601DateFormatter().string(from: $0) } ?? "now"
      lines.append("live status of \(live.board.count) charge point(s), as of \(asOf)")
    }
    if !matches.isEmpty {
      lines.append(StationTable.text(matches, corridor: isCorridor, live: liveText))
    }
    return lines
  }

  /// What to find.
  enum Query {
    case near(Coordinate)
    case region(BoundingBox)
    case corridor(RouteLine, label: String, width: Double)

    static func parse(mode: String, _ arguments: inout Arguments, _ route: RouteOptions) throws
      -> Query
    {
      if mode != "corridor", let option = route.given.first {
        throw CommandError.usage("option \(option) only applies to 'corridor'")
      }
      switch mode {
      case "near":
        let lat = try degrees(&arguments, "LAT", limit: 90)
        let lon = try degrees(&arguments, "LON", limit: 180)
        return .near(Coordinate(latitude: lat, longitude: lon))
      case "region":
        let minLat = try degrees(&arguments, "MIN_LAT", limit: 90)
        let minLon = try degrees(&arguments, "MIN_LON", limit: 180)
        let maxLat = try degrees(&arguments, "MAX_LAT", limit: 90)
        let maxLon = try degrees(&arguments, "MAX_LON", limit: 180)
        guard minLat <= maxLat else {
          throw CommandError.usage(
            "MIN_LAT \(minLat) is north of MAX_LAT \(maxLat); expected the south-west corner first")
        }
        guard minLon <= maxLon else {
          throw CommandError.usage(
            "MIN_LON \(minLon) is east of MAX_LON \(maxLon); expected the south-west corner first (regions across 180° are not supported)"
          )
        }
        return .region(
          BoundingBox(
            minimum: Coordinate(latitude: minLat, longitude: minLon),
            maximum: Coordinate(latitude: maxLat, longitude: maxLon)))
      case "corridor":
        guard let path = route.path else {
          throw CommandError.usage("corridor needs --route FILE.geojson")
        }
        let routeIndex = route.index ?? 0
        guard let width = route.width else {
          throw CommandError.usage("corridor needs --within-km KM, the corridor's half-width")
        }
        guard width >= 0 else {
          throw CommandError.usage(
            "option --within-km expects a distance of 0 km or more, got '\(width)'")
        }
        let (line, label) = try readRoute(path, index: routeIndex)
        return .corridor(RouteLine(Polyline(line)), label: label, width: width)
      default:
        throw CommandError.usage("unknown query '\(mode)'; expected near, region or corridor")
      }
    }

    static func degrees(_ arguments: inout Arguments, _ label: String, limit: Double) throws
      -> Double
    {
      let text = try arguments.positional(label)
      guard let value = Double(text), value.isFinite, abs(value) <= limit else {
        throw CommandError.usage(
          "\(label) expects decimal degrees from -\(Int(limit)) to \(Int(limit)), got '\(text)'")
      }
      return value
    }
  }

  /// The corridor's options, read before the positionals.
  struct RouteOptions {
    var path: String?
    var index: Int?
    var width: Double?
    /// The corridor options that were given, for the error when another query gets them.
    var given: [String]

    static func parse(_ arguments: inout Arguments) throws -> RouteOptions {
      let path = try arguments.option("--route")
      let index = try arguments.option("--route-index", as: Int.self)
      let width = try arguments.option("--within-km", as: Double.self)
      var given: [String] = []
      if path != nil { given.append("--route") }
      if index != nil { given.append("--route-index") }
      if width != nil { given.append("--within-km") }
      return RouteOptions(path: path, index: index, width: width, given: given)
    }
  }

  /// Reads line string `index` (from 0) of a GeoJSON file.
  static func readRoute(_ path: String, index: Int) throws -> ([Coordinate], String) {
    let url = URL(fileURLWithPath: path)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw CommandError.failure("route file '\(path)' does not exist")
    }
    let features: [GeoJSONFeature]
    do {
      features = try GeoJSONReader.features(contentsOf: url)
    } catch {
      throw CommandError.failure(
        "cannot read route file '\(path)': \(error); expected a GeoJSON FeatureCollection of LineStrings"
      )
    }
    guard !features.isEmpty else {
      throw CommandError.failure("route file '\(path)' has no features; expected LineStrings")
    }
    guard index >= 0, index < features.count else {
      throw CommandError.usage(
        "--route-index \(index) is out of range: '\(path)' has \(features.count) feature(s), numbered from 0"
      )
    }
    let feature = features[index]
    let line: [Coordinate]
    switch feature.geometry {
    case .lineString(let coordinates): line = coordinates
    case .multiLineString(let parts): line = parts.flatMap { $0 }
    default:
      throw CommandError.failure(
        "feature \(index) of '\(path)' is not a LineString; expected a route line")
    }
    guard !line.isEmpty else {
      throw CommandError.failure("feature \(index) of '\(path)' has no positions")
    }
    let engine = feature.properties["engine"]?.string.map { " (\($0))" } ?? ""
    return (line, "\(url.lastPathComponent) #\(index)\(engine), \(line.count) points")
  }

  static func parseFilter(_ arguments: inout Arguments) throws -> StationFilter {
    var filter = StationFilter()
    if let kw = try arguments.option("--min-kw", as: Double.self) {
      guard kw >= 0 else {
        throw CommandError.usage("option --min-kw expects kilowatts of 0 or more, got '\(kw)'")
      }
      filter.minimumPower = Power(kilowatts: kw)
    }
    filter.directCurrentOnly = arguments.flag("--dc")
    for name in try arguments.options("--connector") {
      filter.connectorStandards.formUnion(try connectorStandards(named: name))
    }
    filter.operators = Set(try arguments.options("--operator"))
    if arguments.flag("--open-now") { filter.openAt = Date() }
    return filter
  }

  /// The standards a `--connector` value selects; throws listing the accepted names.
  static func connectorStandards(named name: String) throws -> [ConnectorStandard] {
    let key = name.lowercased().filter { $0 != " " && $0 != "-" }
    if let match = connectorNames.first(where: { $0.0.lowercased() == key }) { return match.1 }
    let ocpi = ConnectorStandard(ocpiName: name)
    if case .unknown = ocpi {
      throw CommandError.usage(
        "unknown connector '\(name)'; expected one of \(connectorNames.map(\.0).joined(separator: ", ")) or an OCPI name such as IEC_62196_T2_COMBO"
      )
    }
    return [ocpi]
  }

  static func parseOrder(_ text: String?, mode: String) throws -> StationOrder {
    guard let text else {
      return mode == "corridor" ? .alongRoute : .distance
    }
    switch text {
    case "distance": return .distance
    case "power": return .power
    case "along": return .alongRoute
    default:
      throw CommandError.usage("option --order expects distance, power or along, got '\(text)'")
    }
  }

  /// The stations of a `--stations FILE` and a label for them.
  static func loadStations(_ path: String, _ io: CommandIO) throws -> ([Station], String) {
    let result: ImportResult
    do {
      result = try StationFileImporter.importFile(at: URL(fileURLWithPath: path))
    } catch {
      throw CommandError.failure(
        "cannot read station file '\(path)': \(error.reason); expected register JSON Lines, the fast-charger CSV or OCPI locations"
      )
    }
    let label = "\(URL(fileURLWithPath: path).lastPathComponent) (\(result.format))"
    let problems = result.errors
    if let first = problems.first {
      io.err("wayside stations: \(problems.count) record(s) could not be read; first: \(first)")
    }
    if result.stations.isEmpty, !problems.isEmpty {
      throw CommandError.failure("station file '\(path)' holds no readable stations")
    }
    return (result.stations, "\(label), \(result.stations.count) stations")
  }
}

/// Text and JSON renderings of station matches.
enum StationTable {
  /// An aligned table: rank, distances, power, DC, operator, name, id.
  static func text(
    _ matches: [StationMatch], corridor: Bool, live: ((Station) -> String)? = nil
  ) -> String {
    var header = ["#"]
    header += corridor ? ["along km", "off km"] : ["km"]
    header += ["max kW", "DC"] + (live == nil ? [] : ["live"]) + ["operator", "name", "id"]
    var rows = [header]
    for (i, match) in matches.enumerated() {
      let station = match.station
      var row = ["\(i + 1)"]
      if corridor, let route = match.route {
        row += [fixed(route.kilometresAlongRoute, 1), fixed(route.offsetKilometres, 2)]
      } else {
        row += [fixed(match.distanceKilometres, 2)]
      }
      row += [
        station.maxPower.map { number($0.kilowatts) } ?? "?",
        station.hasDirectCurrent ? "yes" : "no",
      ]
      if let live { row.append(live(station)) }
      row += [
        clip(TerminalText.escaped(station.operatorName), 30),
        clip(TerminalText.escaped(station.displayName), 40),
        TerminalText.escaped(station.id.rawValue),
      ]
      rows.append(row)
    }
    let columns = header.count
    let rightAligned = Set(corridor ? [0, 1, 2, 3] : [0, 1, 2])
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { c, cell in
        let padding = String(repeating: " ", count: widths[c] - cell.count)
        if c == columns - 1 { return cell }
        return rightAligned.contains(c) ? padding + cell : cell + padding
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// One JSON array of station objects.
  static func json(
    _ matches: [StationMatch], corridor: Bool, live: ((Station) -> String)? = nil
  ) throws -> String {
    let rows = matches.map { match in
      Row(
        id: match.station.id.rawValue, name: match.station.displayName,
        operator: match.station.operatorName, lat: match.station.coordinate.latitude,
        lon: match.station.coordinate.longitude,
        distance_km: rounded(match.distanceKilometres),
        max_power_kw: match.station.maxPower?.kilowatts,
        dc: match.station.hasDirectCurrent,
        connectors: match.station.connectorStandards.map(\.displayName).sorted(),
        km_along_route: corridor ? match.route.map { rounded($0.kilometresAlongRoute) } : nil,
        live: live?(match.station))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(rows)
    return String(decoding: data, as: UTF8.self)
  }

  /// A station as JSON; `max_power_kw` is null when unknown, `km_along_route` only for corridors.
  struct Row: Encodable {
    var id: String
    var name: String
    var `operator`: String
    var lat: Double
    var lon: Double
    var distance_km: Double
    var max_power_kw: Double?
    var dc: Bool
    var connectors: [String]
    var km_along_route: Double?
    /// The live status text, with `--live` only.
    var live: String? = nil

    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Key.self)
      try c.encode(id, forKey: .id)
      try c.encode(name, forKey: .name)
      try c.encode(self.operator, forKey: .operator)
      try c.encode(lat, forKey: .lat)
      try c.encode(lon, forKey: .lon)
      try c.encode(distance_km, forKey: .distance_km)
      try c.encode(max_power_kw, forKey: .max_power_kw)
      try c.encode(dc, forKey: .dc)
      try c.encode(connectors, forKey: .connectors)
      if let km_along_route { try c.encode(km_along_route, forKey: .km_along_route) }
      if let live { try c.encode(live, forKey: .live) }
    }

    enum Key: String, CodingKey {
      case id, name, `operator`, lat, lon, distance_km, max_power_kw, dc, connectors,
        km_along_route, live
    }
  }

  /// Kilometres to the metre.
  static func rounded(_ km: Double) -> Double { (km * 1000).rounded() / 1000 }

  static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }

  /// Whole numbers without decimals, others with one.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : fixed(value, 1)
  }

  static func clip(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }
}
