import Foundation
import StationStore
import Testing

@testable import WaysideCLI

@Suite("wayside stations import")
struct StationsImportCommandTests {
  /// One real line of the bundled Kassel register extract (BNetzA, CC BY 4.0).
  static let registerLine = #"""
    {"id":"bnetza2022-2809b90f9b2b","name":null,"operator":"EAM Netz GmbH","lat":51.311365,"lon":9.48538,"street":"Wilhelmshöger Allee 19","address_extra":null,"postcode":"34117","city":"Kassel","district":"Kreisfreie Stadt Kassel","state":"Hessen","country":"DE","charging_devices":1,"charge_points":2,"max_power_kw":22,"device_nominal_power_kw_sum":44,"has_dc":false,"fast_charging_device":false,"connectors":[{"type":"type2_socket","current":"AC","max_kw":22,"count":2}],"access":null,"opening_hours":null,"commissioned_first":"2020-05-13","commissioned_last":"2020-05-13","source":"BNetzA Ladesäulenregister","source_date":"2022-01-01","quality_flags":[],"distance_to_kassel_km":0.42}
    """#

  static let ocm = """
    [ { "ID": 7, "OperatorInfo": { "Title": "Städtische Werke AG" },
        "AddressInfo": { "Title": "Friedrichsplatz", "Latitude": 51.313404, "Longitude": 9.49509,
                         "Country": { "ISOCode": "DE" } },
        "Connections": [ { "ID": 1, "ConnectionTypeID": 33, "CurrentTypeID": 30, "PowerKW": 50 } ] },
      "garbage",
      { "ID": 8, "AddressInfo": { "Latitude": "north", "Longitude": 9.4 } } ]
    """

  private func run(_ words: [String]) async throws -> (Int32, CommandIO) {
    var arguments = Arguments(words, command: "stations import")
    let io = CommandIO.capturing()
    let status = try await StationsImportCommand.run(&arguments, io)
    return (status, io)
  }

  private func temporary() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-import-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("Open Charge Map JSON is imported with its dropped POIs listed as diagnostics")
  func openChargeMap() async throws {
    let folder = try temporary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("ocm.json")
    try Data(Self.ocm.utf8).write(to: file)
    let store = folder.appendingPathComponent("store")
    let (status, io) = try await run([file.path, "--store", store.path])
    #expect(status == 0)
    let lines = io.capturedOut.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "Imported 1 stations from \(file.path) (openchargemap-json) into \(store.path): "
        + "3 records read, 2 skipped, 3 diagnostics")
    #expect(lines.contains { $0.hasPrefix("ocm.json: [1]: is a string \"garbage\"") })
    #expect(lines.contains { $0.contains("[2].AddressInfo.Latitude (OCM-8)") })
    let stations = try StationStore(directory: store).loadStations()
    #expect(stations.map(\.id) == ["ocm-7"])
    #expect(stations.first?.maxPower?.kilowatts == 50)
  }

  @Test("Register JSON Lines go through the feeds importer into the same store")
  func registerLines() async throws {
    let folder = try temporary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("kassel.jsonl")
    try Data((Self.registerLine + "\n{ broken\n").utf8).write(to: file)
    let store = folder.appendingPathComponent("store")
    let (status, io) = try await run([file.path, "--store", store.path, "--max-diagnostics", "0"])
    #expect(status == 0)
    #expect(io.capturedOut.contains("Imported 1 stations"))
    #expect(io.capturedOut.contains("(register-jsonl)"))
    #expect(io.capturedOut.contains("more diagnostics (--max-diagnostics N)"))
    #expect(try StationStore(directory: store).stationCount() == 1)
  }

  @Test("A file with no usable station exits 1 and writes nothing")
  func nothingUsable() async throws {
    let folder = try temporary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("bad.json")
    try Data(#"[ { "ID": 1, "AddressInfo": { "Latitude": 999, "Longitude": 0 } } ]"#.utf8).write(
      to: file)
    let store = folder.appendingPathComponent("store")
    let (status, io) = try await run([file.path, "--store", store.path])
    #expect(status == 1)
    #expect(io.capturedErr.contains("no station in '\(file.path)' could be imported"))
    #expect(try StationStore(directory: store).stationCount() == 0)
  }

  @Test("A missing file is a failure naming it; a missing argument is a usage error")
  func errors() async throws {
    do {
      _ = try await run(["/nonexistent/stations.csv"])
      Issue.record("a missing file was accepted")
    } catch let error as CommandError {
      #expect(error.exitCode == 1)
      #expect(error.message.contains("cannot read station file '/nonexistent/stations.csv'"))
    }
    do {
      _ = try await run([])
      Issue.record("a missing FILE was accepted")
    } catch let error as CommandError {
      #expect(error.exitCode == 2)
    }
  }

  @Test("Open Charge Map JSON is told apart from OCPI arrays")
  func detection() {
    #expect(StationsImportCommand.isOpenChargeMapJSON(Data(Self.ocm.utf8)))
    #expect(
      !StationsImportCommand.isOpenChargeMapJSON(Data(#"[{"id":"LOC1","coordinates":{}}]"#.utf8)))
    #expect(!StationsImportCommand.isOpenChargeMapJSON(Data(Self.registerLine.utf8)))
  }

  @Test("`wayside stations import FILE` reaches the importer through the stations command")
  func dispatchedFromStations() async throws {
    let folder = try temporary()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("kassel.jsonl")
    try Data((Self.registerLine + "\n").utf8).write(to: file)
    let store = folder.appendingPathComponent("store")
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(
      ["stations", "import", file.path, "--store", store.path], io: io)
    #expect(status == 0, "\(io.capturedErr)")
    #expect(io.capturedOut.hasPrefix("Imported 1 stations from \(file.path) (register-jsonl)"))
    #expect(
      try StationStore(directory: store).loadStations().map(\.id) == ["bnetza2022-2809b90f9b2b"])
  }

  @Test("`wayside stations import` without a file is a usage error naming what is missing")
  func dispatchedUsageError() async {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(["stations", "import"], io: io)
    #expect(status == 2)
    #expect(io.capturedErr.contains("FILE"))
    #expect(io.capturedOut.isEmpty)
  }

  @Test("`wayside stations import --help` shows the import usage")
  func dispatchedHelp() async {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(["stations", "import", "--help"], io: io)
    #expect(status == 0)
    #expect(io.capturedOut.contains("Usage: wayside stations import FILE"))
  }
}
