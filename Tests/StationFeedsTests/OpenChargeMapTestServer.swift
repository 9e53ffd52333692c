import Foundation
import HTTPServer
import Synchronization

/// Recorded Open Charge Map responses served on 127.0.0.1 (an ephemeral port) by the project's
/// `HTTPServer`, so the client is tested over real sockets against the same server code the web
/// simulator uses. Each request is answered by a script that sees the request and its 0-based
/// sequence number; a response may be delayed to play a slow server.
final class OpenChargeMapTestServer: Sendable {
  /// A scripted answer; `delay` seconds pass before it is sent.
  struct Response: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body: Data
    var delay: Double = 0

    static func json(_ text: String, status: Int = 200) -> Response {
      Response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    var httpResponse: HTTPResponse {
      HTTPResponse(
        status: HTTPStatus(code: status),
        headers: HTTPHeaders(headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }),
        body: .bytes(Array(body)))
    }
  }

  /// The requests seen, shared with the server's handler.
  private final class Log: Sendable {
    let requests = Mutex<[HTTPRequest]>([])
  }

  private let server: HTTPServer
  private let log = Log()

  /// Starts serving; `script` gets each request and its sequence number.
  init(_ script: @escaping @Sendable (HTTPRequest, Int) -> Response) throws {
    let log = log
    server = try HTTPServer(configuration: .init(port: 0)) { request in
      let sequence = log.requests.withLock { list in
        list.append(request)
        return list.count - 1
      }
      let response = script(request, sequence)
      if response.delay > 0 { try? await Task.sleep(for: .seconds(response.delay)) }
      return response.httpResponse
    }
  }

  /// The API root to configure the client with.
  var baseURL: URL { URL(string: "\(server.baseURL)/v3") ?? URL(fileURLWithPath: "/") }

  /// The requests received so far.
  var requests: [HTTPRequest] { log.requests.withLock { $0 } }

  /// Stops the server and waits for its threads to end.
  func stop() async { await server.stop() }

  /// Runs `body` against a server answering with `script`, and stops the server afterwards,
  /// whether `body` succeeds or throws.
  static func with<T>(
    _ script: @escaping @Sendable (HTTPRequest, Int) -> Response,
    _ body: (OpenChargeMapTestServer) async throws -> T
  ) async throws -> T {
    let server = try OpenChargeMapTestServer(script)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }
}
