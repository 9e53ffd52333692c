import ChargingCar
import ChargingData
import Foundation
import Geo
import HTTPServer
import Pricing
import PreviewServer
import StationStore
import Testing

@testable import WaysideCLI

/// A store folder of its own under the temporary directory, removed by `cleanUp()`.
struct StoreFolder {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "wayside-cli-store-\(UUID().uuidString)")
  var path: String { url.path }
  func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

@Suite("wayside tariffs and wayside vehicle")
struct DriverSetupCommandTests {
  static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    await RenderAndServeCommandTests.run(words)
  }

  @Test(
    "tariffs lists every bundled tariff with its id, marks the chosen ones, and choose/clear write user.sqlite"
  )
  func tariffs() async throws {
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    let catalog = try await BundledTariffs.catalog()
    let ids = catalog.entries.map(\.id)
    let (first, second) = (try #require(ids.first), try #require(ids.dropFirst().first))

    let listed = await Self.run(["tariffs", "--store", folder.path])
    #expect(listed.status == 0, "\(listed.err)")
    let lines = listed.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "Tariffs (\(catalog.entries.count) bundled; * = chosen):")
    #expect(lines.count == catalog.entries.count + 2)
    let width = ids.map(\.count).max() ?? 0
    let entry = catalog.entries[0]
    #expect(
      lines[1]
        == "  \(first)\(String(repeating: " ", count: width - first.count + 2))\(entry.name) (\(entry.provider); \(entry.source.rawValue), \(entry.dataDate))"
    )
    // With none chosen it says what the car really shows: the cheapest ad-hoc or roaming
    // price per charger, marked as such, or "no price known".
    let adHoc = catalog.entries.count { $0.applicability.access == .adHoc }
    let roaming = catalog.entries.count { $0.applicability.access == .roaming }
    #expect(adHoc > 0 && roaming > 0)
    let note =
      "the car shows each charger's power and cheapest ad-hoc or roaming price the data knows (of"
      + " \(adHoc) ad-hoc and \(roaming) roaming tariffs), marked \"150 kW · 0.59 €/kWh ad-hoc\""
      + " or \"… roaming\", and \"no price known\" where none applies; Details say no tariff is chosen"
    #expect(lines.last == "Chosen: none — \(note)")

    let chosen = await Self.run(["tariffs", "choose", second, first, "--store", folder.path])
    #expect(chosen.status == 0, "\(chosen.err)")
    #expect(chosen.out.contains("\n* \(first) "))
    #expect(chosen.out.contains("\n* \(second) "))
    #expect(chosen.out.hasSuffix("Chosen: \(second), \(first)\n"))
    #expect(try StationStore(directory: folder.url).selectedTariffIDs() == [second, first])

    let cleared = await Self.run(["tariffs", "clear", "--store", folder.path])
    #expect(cleared.out == "No tariff chosen: \(note).\n")
    #expect(try StationStore(directory: folder.url).selectedTariffIDs().isEmpty)
  }

  @Test("an unknown tariff id or action is a usage error naming it and what was expected")
  func tariffErrors() async throws {
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    let bad = await Self.run(["tariffs", "choose", "enbw-gold", "--store", folder.path])
    #expect(bad.status == 2)
    #expect(
      bad.err.hasPrefix(
        "wayside tariffs: unknown tariff 'enbw-gold'; expected an id of the bundled catalogue ("))
    #expect(bad.err.contains("`wayside tariffs` lists them)"))
    let none = await Self.run(["tariffs", "choose", "--store", folder.path])
    #expect(none.status == 2)
    #expect(none.err.contains("tariffs choose expects one or more tariff ids"))
    let action = await Self.run(["tariffs", "pick", "--store", folder.path])
    #expect(
      action.err.hasPrefix(
        "wayside tariffs: unknown tariffs action 'pick'; expected choose or clear"))
  }

  @Test("vehicle lists the profiles marking the driver's car, show prints it, set changes it")
  func vehicle() async throws {
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    let listed = await Self.run(["vehicle", "--store", folder.path])
    #expect(listed.status == 0, "\(listed.err)")
    #expect(
      listed.out == """
        Vehicles (* = the driver's car):
        * model-y-lr-2020  Tesla Model Y Long Range (2020), 72.5 kWh usable
          ioniq5-72        Hyundai Ioniq 5 72.6 kWh (2021), 72.6 kWh usable
          model-3-lr       Tesla Model 3 Long Range, 74 kWh usable
          id3-77           Volkswagen ID.3 77 kWh (2020), 77 kWh usable
          zoe-ze40         Renault Zoe R110 ZE40, 41 kWh usable

        """)
    let shown = await Self.run(["vehicle", "show", "--store", folder.path])
    #expect(
      shown.out
        == "model-y-lr-2020: Tesla Model Y Long Range (2020), 72.5 kWh usable (standard; none set)\n"
    )
    let set = await Self.run(["vehicle", "set", "ioniq5-72", "--store", folder.path])
    #expect(set.status == 0, "\(set.err)")
    #expect(set.out == "ioniq5-72: Hyundai Ioniq 5 72.6 kWh (2021), 72.6 kWh usable\n")
    let after = await Self.run(["vehicle", "--store", folder.path])
    #expect(after.out.contains("\n* ioniq5-72 "))
    #expect(after.out.contains("\n  model-y-lr-2020 "))
    let again = await Self.run(["vehicle", "show", "--store", folder.path])
    #expect(again.out == "ioniq5-72: Hyundai Ioniq 5 72.6 kWh (2021), 72.6 kWh usable\n")
  }

  @Test("an unknown vehicle id is a usage error listing the ids expected")
  func vehicleErrors() async throws {
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    let bad = await Self.run(["vehicle", "set", "bobby-car", "--store", folder.path])
    #expect(bad.status == 2)
    #expect(
      bad.err.hasPrefix(
        "wayside vehicle: unknown vehicle 'bobby-car'; expected one of model-y-lr-2020, ioniq5-72, model-3-lr, id3-77, zoe-ze40"
      ))
    let missing = await Self.run(["vehicle", "set", "--store", folder.path])
    #expect(missing.status == 2)
    #expect(missing.err.contains("missing vehicle id"))
  }

  @Test("wayside --help lists tariffs and vehicle, and serve --help names --store")
  func help() async {
    let overview = await Self.run(["--help"])
    #expect(overview.out.contains("  tariffs "))
    #expect(overview.out.contains("  vehicle "))
    let serve = await Self.run(["serve", "--help"])
    #expect(serve.out.contains("--store DIR"))
  }
}

@MainActor
@Suite("The simulator's panel stands in for the phone app")
struct PhonePanelTests {
  /// A tariff that changes the subtitle of a site near `center`: its id and the subtitle
  /// without and with it, as the car shows them.
  static func repriced(near center: Coordinate, at now: Date) async throws -> (
    String, String, String
  ) {
    let set = try await BundledStationSet.shared()
    let quoter = try await BundledTariffs.quoter()
    let search = ChargeSearch(index: set.index, pricing: SitePricing(quoter: quoter))
    let query = SiteQuery(center: center, region: nil, filter: ChargeFilter())
    let plain = search.sites(query, setup: DriverSetup(), start: now)
    let all = search.sites(
      query, setup: DriverSetup(tariffIDs: quoter.catalog.entries.map(\.id)), start: now)
    for (without, with) in zip(plain, all) {
      guard let best = with.price.best else { continue }
      let mine = search.sites(query, setup: DriverSetup(tariffIDs: [best.tariffID]), start: now)
      if let site = mine.first(where: { $0.id == with.id }),
        ChargingScreens.subtitle(site) != ChargingScreens.subtitle(without)
      {
        return (best.tariffID, ChargingScreens.subtitle(without), ChargingScreens.subtitle(site))
      }
    }
    throw CommandError.failure("no site near \(center) is priced differently under one tariff")
  }

  /// Waits until the Charge tab no longer says "Loading chargers…", woken by the backend's
  /// change stream (each change is checked); a load that never finishes fails after two
  /// minutes instead of hanging the suite.
  static func waitUntilLoaded(_ router: HTTPRouter, _ backend: SimulatorBackend) async throws {
    let changes = await backend.changes()
    func loaded() async throws -> Bool {
      let text = try #require(await router.handle(try HTTPRequest(.get, "/screen.txt")).bodyText)
      return !text.contains("Loading chargers…")
    }
    if try await loaded() { return }
    let done = try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await _ in changes where try await loaded() { return true }
        return false
      }
      group.addTask {
        try await Task.sleep(for: .seconds(120))
        return false
      }
      let first = try await group.next() ?? false
      group.cancelAll()
      return first
    }
    #expect(done, "the Charge tab did not finish loading")
  }

  static func post(_ router: HTTPRouter, _ json: String) async throws -> HTTPResponse {
    await router.handle(
      try HTTPRequest(
        .post, "/control", headers: ["Content-Type": "application/json"], body: Array(json.utf8)))
  }

  @Test(
    "choosing a tariff and the vehicle in the panel writes user.sqlite and the Charge tab shows the new prices at once; the Siri box offers a phrase the app answers"
  )
  func panelChoosesTariffs() async throws {
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    var arguments = Arguments(
      ["--store", folder.path, "--port", "0", "--location", "51.3127,9.4797"], command: "serve")
    let options = try ServeCommand.Options.parse(&arguments)
    let driver = try DriverStore.open(options.store, .capturing())
    let catalog = try await BundledTariffs.catalog()
    let phone = ServeCommand.phoneSetup(driver, catalog: catalog)
    // 2026-03-19 09:00 CET, inside the validity of every bundled tariff file's data.
    let priceDate = Date(timeIntervalSince1970: 1_773_907_200)
    let parts = try ServeCommand.makeBackend(
      options, driver: driver, phone: phone, now: { priceDate })
    let router = PreviewRoutes(backend: parts.backend, renderer: parts.renderer).router()
    // Settle the first load: a command waits only briefly for it (a first start with an empty
    // cache folder builds the snapshot and its images), so wait for the loaded screen itself.
    _ = try await Self.post(router, #"{"cmd":"style","value":"day"}"#)
    try await Self.waitUntilLoaded(router, parts.backend)
    let state = try #require(await router.handle(try HTTPRequest(.get, "/state")).bodyText)
    #expect(state.contains("My tariffs (phone)"))
    #expect(state.contains(#"placeholder=\"Show fast chargers in Wayside\""#))
    let (tariffID, before, after) = try await Self.repriced(
      near: options.location.coordinate, at: priceDate)
    func text() async throws -> String {
      try #require(await router.handle(try HTTPRequest(.get, "/screen.txt")).bodyText)
    }
    let shown = try await text()
    #expect(shown.contains(before), "\(shown)")
    #expect(!shown.contains(after))

    let answer = try await Self.post(router, #"{"cmd":"tariff","value":"\#(tariffID)"}"#)
    #expect(answer.status == .ok)
    #expect(answer.bodyText?.contains("Tariff chosen on the phone") == true)
    #expect(try StationStore(directory: folder.url).selectedTariffIDs() == [tariffID])
    let repriced = try await text()
    #expect(repriced.contains(after), "\(repriced)")

    _ = try await Self.post(router, #"{"cmd":"vehicle","value":"zoe-ze40"}"#)
    #expect(try driver.setup().vehicleID == "zoe-ze40")
    let bad = try await Self.post(router, #"{"cmd":"vehicle","value":"bobby-car"}"#)
    #expect(bad.status == .ok)
    let refused = try #require(await router.handle(try HTTPRequest(.get, "/state")).bodyText)
    #expect(refused.contains("unknown vehicle &#39;bobby-car&#39;; expected one of"))
    _ = try await Self.post(router, #"{"cmd":"tariffsClear"}"#)
    #expect(try driver.setup().tariffIDs.isEmpty)
  }
}
