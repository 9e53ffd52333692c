import Charging
import Foundation
import HTTPServer
import JSONScanning
import Synchronization
import WaysideData

/// A scripted sequence of status changes for the local feed server: step *n* applies the changes
/// of steps 1…n on top of the recorded statuses; the script then starts again from the recording.
public struct LiveFeedScript: Sendable, Hashable {
  /// One charge point's new status.
  public struct Change: Sendable, Hashable {
    /// The charge point's EVSE id.
    public var evseID: String
    /// Its status from this step on.
    public var status: EVSEStatus

    /// Creates a change.
    public init(_ evseID: String, _ status: EVSEStatus) {
      self.evseID = evseID
      self.status = status
    }
  }

  /// The steps after the recording, each a set of changes.
  public var steps: [[Change]]

  /// Creates a script.
  public init(steps: [[Change]]) { self.steps = steps }

  /// The bundled script: a Ludwigsburg site fills up and a charge point breaks, a Stuttgart
  /// site turns busy, an EnBW charge point is repaired, then everything frees up again.
  public static let bundled = LiveFeedScript(steps: [
    [
      Change("DE*SLB*E001L10000*002", .charging),
      Change("DE*STR*E10001*001", .charging),
    ],
    [
      Change("DE*SLB*E003L10001*001", .outOfOrder),
      Change("DE*SLB*E003L10001*002", .outOfOrder),
      Change("DE*EBW*E914081*1", .available),
    ],
    [
      Change("DE*SLB*E001L10000*001", .available),
      Change("DE*SLB*E001L10000*002", .available),
      Change("DE*STR*E10001*001", .available),
      Change("DE*STR*E10001*002", .available),
      Change("DE*SLB*E003L10001*001", .available),
    ],
  ])

  /// The statuses set by steps 1…`step` (0: none), with the step each was set at.
  func overrides(atStep step: Int) -> [String: (status: EVSEStatus, step: Int)] {
    var result: [String: (status: EVSEStatus, step: Int)] = [:]
    for (index, changes) in steps.prefix(max(0, step)).enumerated() {
      for change in changes { result[change.evseID] = (change.status, index + 1) }
    }
    return result
  }
}

/// A local HTTP server that replays the bundled live-status payloads with a scripted sequence
/// of status changes, so the polling client, the tests and the simulator have a feed that runs.
///
/// Endpoints (all `GET`, JSON):
/// - `/ocpi/2.2.1/locations` — the Ludwigsburg page in an OCPI envelope, paginated by `offset`
///   and `limit` (default 50) with a `Link: <…>; rel="next"` header and `X-Total-Count`;
///   `date_from` leaves out locations unchanged since then (OCPI 2.2.1 deltas).
/// - `/chargecloud/poi` — the Stuttgart POI answer, `timestamp` set to the replay time.
/// - `/datex2/status` — the EnBW status publication, each record's `lastUpdated` set to the
///   replay time of its last change; `/datex2/table` — the EnBW table, as recorded.
///
/// Time comes from the injected `now`; the script's step is `floor(elapsed / stepInterval)`
/// modulo the script's length + 1, or set with ``setStep(_:)`` when `stepInterval` is nil, so
/// nothing in the server waits on a timer.
public final class LiveFeedServer: Sendable {
  /// The page size when a request gives no `limit`.
  public static let defaultPageSize = 50

  private struct Recorded: Sendable {
    var ocpiLocations: [JSONValue]
    var poi: JSONValue
    var datexStatus: JSONValue
    var datexTable: [UInt8]
  }

  private struct State: Sendable {
    var manualStep = 0
    /// The overridden statuses last served, to notice changes.
    var served: [String: EVSEStatus] = [:]
    /// When each charge point's served status last changed (a scripted change or its revert).
    var changedAt: [String: Date] = [:]
  }

  private let recorded: Recorded
  private let script: LiveFeedScript
  private let now: @Sendable () -> Date
  private let startedAt: Date
  private let stepInterval: Duration?
  private let state = Mutex(State())
  private let server: HTTPServer
  private let box: Unowned

  /// The server's root URL, e.g. `http://127.0.0.1:51234`.
  public var baseURL: String { server.baseURL }
  /// The port the server listens on.
  public var port: UInt16 { server.port }

  /// Starts a server on loopback (`port` 0: any free port) replaying the bundled files.
  /// - Throws: ``HTTPServerError`` when the port cannot be bound, or ``BundledDataError`` or a
  ///   ``LiveFeedServerError`` when a bundled file cannot be read.
  public init(
    port: UInt16 = 0, script: LiveFeedScript = .bundled, stepInterval: Duration? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws {
    func tree(_ file: BundledData.File) throws -> JSONValue {
      let data = try BundledData.data(file)
      return try data.withUnsafeBytes { raw in
        let buffer = raw.bindMemory(to: UInt8.self)
        do throws(JSONSyntaxError) {
          return try JSONScanner.parse(buffer, range: 0..<buffer.count)
        } catch {
          throw LiveFeedServerError(file: file.rawValue, reason: error.reason)
        }
      }
    }
    let ocpi = try tree(.liveLudwigsburgOCPI)
    self.recorded = Recorded(
      ocpiLocations: ocpi["items"]?.arrayValue ?? [], poi: try tree(.liveStuttgartPOI),
      datexStatus: try tree(.liveEnBWStatus),
      datexTable: [UInt8](try BundledData.data(.liveEnBWTable)))
    self.script = script
    self.now = now
    self.startedAt = now()
    self.stepInterval = stepInterval
    var router = HTTPRouter()
    let box = Unowned()
    router.get("/ocpi/2.2.1/locations") { request in box.server?.locations(request) ?? .gone }
    router.get("/chargecloud/poi") { _ in box.server?.poi() ?? .gone }
    router.get("/datex2/status") { _ in box.server?.datexStatus() ?? .gone }
    router.get("/datex2/table") { _ in box.server?.datexTable() ?? .gone }
    router.get("/") { _ in
      .text(
        "Wayside live feed replay: /ocpi/2.2.1/locations, /chargecloud/poi, /datex2/status, /datex2/table\n"
      )
    }
    self.server = try HTTPServer(
      configuration: HTTPServer.Configuration(address: "127.0.0.1", port: port), router: router)
    self.box = box
    box.server = self
  }

  /// Stops listening (and lets the server go: the router's handlers hold it until then).
  public func stop() async {
    await server.stop()
    box.server = nil
  }

  /// The script's current step (0: the recording as it is).
  public var step: Int {
    let cycle = script.steps.count + 1
    if let stepInterval {
      let elapsed = now().timeIntervalSince(startedAt)
      let seconds = Double(stepInterval.components.seconds)
        + Double(stepInterval.components.attoseconds) / 1e18
      guard seconds > 0, elapsed > 0 else { return 0 }
      return Int(elapsed / seconds) % cycle
    }
    return state.withLock { $0.manualStep } % cycle
  }

  /// Moves the script to `step` (for a server without a step interval).
  public func setStep(_ step: Int) {
    state.withLock { $0.manualStep = max(0, step) }
  }

  /// Moves the script one step on; returns the new step.
  @discardableResult
  public func advance() -> Int {
    let next = (step + 1) % (script.steps.count + 1)
    setStep(next)
    return next
  }

  /// The current overrides and when each charge point's status last changed.
  private func current() -> (overrides: [String: EVSEStatus], changedAt: [String: Date]) {
    let overrides = script.overrides(atStep: step).mapValues(\.status)
    let now = self.now()
    let changedAt = state.withLock { state -> [String: Date] in
      for id in Set(overrides.keys).union(state.served.keys)
      where overrides[id] != state.served[id] {
        state.changedAt[id] = now
      }
      state.served = overrides
      return state.changedAt
    }
    return (overrides, changedAt)
  }

  private static func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  // MARK: Endpoints

  private func locations(_ request: HTTPRequest) -> HTTPResponse {
    let (overrides, changes) = current()
    func query(_ name: String) -> String? {
      request.queryItems.first { $0.name == name }?.value
    }
    let offset = max(0, query("offset").flatMap(Int.init) ?? 0)
    let limit = min(1000, max(1, query("limit").flatMap(Int.init) ?? Self.defaultPageSize))
    let since = query("date_from").flatMap(DATEX2Parser.date)
    var selected: [JSONValue] = []
    for location in recorded.ocpiLocations {
      var changedAt = startedAt
      let updated = location.mappingArray("evses") { evse in
        guard let id = evse["evse_id"]?.text, let at = changes[id] else { return evse }
        changedAt = max(changedAt, at)
        let stamped = evse.setting("last_updated", to: .string(Self.iso(at)))
        guard let status = overrides[id] else { return stamped }
        return stamped.setting("status", to: .string(status.rawValue))
      }
      if let since, changedAt < since { continue }
      selected.append(updated.setting("last_updated", to: .string(Self.iso(changedAt))))
    }
    let page = Array(selected.dropFirst(offset).prefix(limit))
    let envelope = JSONValue.object(
      JSONObject(
        offset: 0,
        members: [
          ("data", .array(page)), ("status_code", .number(1000)),
          ("status_message", .string("Success")), ("timestamp", .string(Self.iso(now()))),
        ]))
    var headers: HTTPHeaders = ["X-Total-Count": String(selected.count), "X-Limit": String(limit)]
    if offset + limit < selected.count {
      var next = "\(baseURL)/ocpi/2.2.1/locations?offset=\(offset + limit)&limit=\(limit)"
      if let from = query("date_from") {
        next += "&date_from=" + (from.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? from)
      }
      headers["Link"] = "<\(next)>; rel=\"next\""
    }
    return HTTPResponse(
      contentType: "application/json", bytes: JSONWriter.bytes(envelope), headers: headers)
  }

  private func poi() -> HTTPResponse {
    let (overrides, _) = current()
    let document = recorded.poi.mappingArray("data") { location in
      location.mappingArray("evses") { evse in
        guard let id = evse["id"]?.text, let change = overrides[id] else { return evse }
        let status = JSONValue.string(change.rawValue)
        return evse.setting("status", to: status).mappingArray("connectors") {
          $0.setting("status", to: status)
        }
      }
    }.setting("timestamp", to: .string(Self.iso(now())))
    return .json(bytes: JSONWriter.bytes(document))
  }

  private func datexStatus() -> HTTPResponse {
    let (overrides, changes) = current()
    let published = Self.iso(now())
    func record(_ value: JSONValue) -> JSONValue {
      var result = value
      for key in ["aegiRefillPointStatus", "aegiElectricChargingPointStatus"] {
        guard let inner = value[key], let id = inner["reference"]?["idG"]?.text else { continue }
        var updated = inner.setting(
          "lastUpdated", to: .string(Self.iso(changes[id] ?? startedAt)))
        if let status = overrides[id] {
          updated = updated.setting(
            "status",
            to: .object(JSONObject(offset: 0, members: [("value", .string(Self.datexWord(status)))])))
        }
        result = result.setting(key, to: updated)
      }
      return result
    }
    let container = recorded.datexStatus["messageContainer"] ?? .null
    let payloads = (container["payload"]?.arrayValue ?? []).map { payload in
      payload.setting(
        "aegiEnergyInfrastructureStatusPublication",
        to: (payload["aegiEnergyInfrastructureStatusPublication"] ?? .null)
          .setting("publicationTime", to: .string(published))
          .mappingArray("energyInfrastructureSiteStatus") { site in
            site.mappingArray("energyInfrastructureStationStatus") { station in
              station.mappingArray("refillPointStatus", record)
            }
          })
    }
    let document = recorded.datexStatus.setting(
      "messageContainer", to: container.setting("payload", to: .array(payloads)))
    return .json(bytes: JSONWriter.bytes(document))
  }

  private func datexTable() -> HTTPResponse { .json(bytes: recorded.datexTable) }

  /// The DATEX II word for a model status.
  static func datexWord(_ status: EVSEStatus) -> String {
    switch status {
    case .available: "available"
    case .blocked: "blocked"
    case .charging: "charging"
    case .inoperative: "inoperative"
    case .outOfOrder: "outOfOrder"
    case .planned: "planned"
    case .removed: "removed"
    case .reserved: "reserved"
    case .unknown: "unknown"
    }
  }
}

/// A bundled payload the feed server replays could not be parsed.
public struct LiveFeedServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bundled file.
  public var file: String
  /// What is wrong with it.
  public var reason: String

  /// `live feed server: bundled file … is not valid JSON (…)`.
  public var description: String {
    "live feed server: bundled file \(file) is not valid JSON (\(reason)); expected the payload as recorded"
  }
}

/// Lets the router's handlers reach the server that owns the router without a retain cycle.
private final class Unowned: Sendable {
  // Written once, in LiveFeedServer.init, before the server accepts its first connection; the
  // Mutex makes the later reads from connection threads safe.
  private let value = Mutex<LiveFeedServer?>(nil)
  var server: LiveFeedServer? {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}

extension HTTPResponse {
  /// The answer when the feed server is gone.
  fileprivate static var gone: HTTPResponse { .text("feed server stopped", status: HTTPStatus(code: 503)) }
}
