import Foundation
import Testing

@testable import WaysideCLI

@Suite("wayside journey: files as they come")
struct JourneyFileTests {
  static func write(_ bytes: [UInt8]) throws -> URL {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("wayside-\(UUID().uuidString).journey")
    try Data(bytes).write(to: file)
    return file
  }

  @Test("a CRLF file runs its steps, as many as with LF, and passes")
  func crlf() async throws {
    let file = try Self.write(
      Array("app list-detail\r\nconnect\r\ntap row kassel-hbf\r\nexpect stack depth 2\r\n".utf8))
    defer { try? FileManager.default.removeItem(at: file) }
    let io = CommandIO.capturing()
    var arguments = Arguments([file.path, "--quiet"], command: "journey")
    #expect(try await JourneyCommand.run(&arguments, io) == 0)
    #expect(io.capturedOut.contains("PASS \(file.path) (4 steps)"))
  }

  @Test("a failing CRLF file fails at its line")
  func crlfFailure() async throws {
    let file = try Self.write(Array("app tabs\r\nconnect\r\nexpect stack depth 3\r\n".utf8))
    defer { try? FileManager.default.removeItem(at: file) }
    let io = CommandIO.capturing()
    var arguments = Arguments([file.path], command: "journey")
    #expect(try await JourneyCommand.run(&arguments, io) == 1)
    #expect(io.capturedErr.contains("\(file.path):3: expected stack depth 3, found 1"))
  }

  @Test("a file that is not UTF-8 is a failure naming the file, line and byte offset")
  func invalidUTF8() async throws {
    let file = try Self.write(Array("app tabs\n".utf8) + [0x63, 0xE9, 0x0A])
    defer { try? FileManager.default.removeItem(at: file) }
    var arguments = Arguments([file.path], command: "journey")
    await #expect(
      throws: CommandError.failure(
        "\(file.path):2: invalid UTF-8 at byte offset 10 (0xE9); save the journey as UTF-8")
    ) { try await JourneyCommand.run(&arguments, .capturing()) }
  }

  @Test("an empty file fails instead of passing with 0 steps")
  func empty() async throws {
    let file = try Self.write(Array("# nothing yet\r\n".utf8))
    defer { try? FileManager.default.removeItem(at: file) }
    let io = CommandIO.capturing()
    var arguments = Arguments([file.path, "--app", "tabs"], command: "journey")
    #expect(try await JourneyCommand.run(&arguments, io) == 1)
    #expect(io.capturedErr.contains("the journey has no steps"))
    #expect(!io.capturedOut.contains("PASS"))
  }
}
