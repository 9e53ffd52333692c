import Foundation
import HTTPServer

/// `wayside-bench http-serve [PORT]`: a small demo server for load checks with `wrk`.
///
/// Serves `/` (a short HTML page), `/hello` (text), `/json` (a JSON document) and
/// `/asset/*` (an in-memory asset) on 127.0.0.1 until stdin closes or the process is
/// interrupted. Hidden from the bench's normal run; see Guides/HTTPServer.md.
enum HTTPBench {
  /// The demo routes.
  static func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/") { _ in .html("<!doctype html><title>wayside</title><p>hello</p>\n") }
    router.get("/hello") { _ in .text("hello\n") }
    router.get("/json") { _ in .json(#"{"stations":3,"kW":[11,50,150]}"#) }
    let assets = StaticAssets([
      "car.css": .init(text: String(repeating: "body{margin:0}\n", count: 64), for: "car.css")
    ])
    router.mount(assets, at: "/asset")
    return router
  }

  /// Runs the demo server; returns the process exit code.
  static func serve(_ arguments: [String]) async -> Int32 {
    let port: UInt16
    if let text = arguments.first {
      guard let value = UInt16(text) else {
        FileHandle.standardError.write(
          Data("wayside-bench http-serve: port '\(text)' is not a number from 0 to 65535\n".utf8))
        return 2
      }
      port = value
    } else {
      port = 8089
    }
    do {
      let server = try HTTPServer(
        configuration: .init(port: port, maxConnections: 512), router: router())
      FileHandle.standardOutput.write(
        Data("serving \(server.baseURL) (close stdin to stop)\n".utf8))
      // Block until stdin reaches end-of-file, off the cooperative pool.
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
          while FileHandle.standardInput.availableData.count > 0 {}
          continuation.resume()
        }.start()
      }
      await server.stop()
      print("stopped; \(server.statistics)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("wayside-bench http-serve: \(error)\n".utf8))
      return 1
    }
  }
}
