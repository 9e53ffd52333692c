import Foundation
import Testing
import WaysideData

@testable import WaysideCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files and URLs a user names for live status (issue 40, findings 9 and 10): no regular file,
/// no document, addresses with brackets, URLs with commas.
@Suite("Live-status input on the command line", .timeLimit(.minutes(1)))
struct HostileLiveInputTests {
  static let fast = BundledData.url(.fastChargers2026).path

  static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(words, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  static func temporary(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("wayside-live-input-\(UUID().uuidString)-\(name)")
  }

  @Test("a named pipe, /dev/zero and a folder are refused at once with what they are")
  func notRegularFiles() async throws {
    let fifo = Self.temporary("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(at: fifo) }
    let folder = Self.temporary("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (path, phrase) in [(fifo.path, "named pipe"), ("/dev/zero", "character device"), (folder.path, "folder")] {
      for command in [["status", path, "--stations", Self.fast], ["stations", "near", "48.7", "9.6", "--stations", Self.fast, "--live", path]] {
        let result = await Self.run(command)
        #expect(result.status != 0, "\(command)")
        #expect(result.err.contains(phrase), "\(command): \(result.err)")
        #expect(!result.err.contains("permission"), "\(command): \(result.err)")
      }
    }
  }

  @Test("stations --live with a file that holds no live status fails naming it")
  func unreadableDocument() async throws {
    let file = Self.temporary("not-a-feed.json")
    try Data("<html>".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = await Self.run(["stations", "near", "48.7", "9.6", "--stations", Self.fast, "--live", file.path])
    #expect(result.status != 0)
    #expect(result.err.contains(file.path), "\(result.err)")
  }

  @Test("--live-feed takes an [::1] address and a status URL with commas in its query")
  func liveFeedURLs() throws {
    let v6 = try ServeCommand.Options.liveEndpoint("http://[::1]:8111/ocpi/locations", interval: 60, token: nil)
    #expect(v6.url.absoluteString == "http://[::1]:8111/ocpi/locations")
    let commas = try ServeCommand.Options.liveEndpoint(
      "http://127.0.0.1:8111/status?ids=1,2,3,http://127.0.0.1:8111/table", interval: 60, token: nil)
    #expect(commas.url.absoluteString == "http://127.0.0.1:8111/status?ids=1,2,3")
    #expect(commas.tableURL?.absoluteString == "http://127.0.0.1:8111/table")
    let plain = try ServeCommand.Options.liveEndpoint("http://127.0.0.1:8111/status?ids=1,2", interval: 60, token: nil)
    #expect(plain.url.absoluteString == "http://127.0.0.1:8111/status?ids=1,2")
    #expect(plain.tableURL == nil)
  }
}
