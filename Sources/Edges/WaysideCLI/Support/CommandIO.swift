import Foundation
import Synchronization

/// Where a command writes: standard output and error, or buffers in tests.
public final class CommandIO: Sendable {
  private let sink: Mutex<Sink>

  private enum Sink {
    case standard
    case buffer(out: String, err: String)
  }

  private init(_ sink: Sink) { self.sink = Mutex(sink) }

  /// Writes to the process's standard output and error.
  public static func standard() -> CommandIO { CommandIO(.standard) }

  /// Collects everything written, for tests.
  public static func capturing() -> CommandIO { CommandIO(.buffer(out: "", err: "")) }

  /// Writes a line (a newline is appended) to standard output.
  public func out(_ text: String) { write(text + "\n", toError: false) }

  /// Writes a line (a newline is appended) to standard error.
  public func err(_ text: String) { write(text + "\n", toError: true) }

  /// Everything written to standard output so far (capturing only).
  public var capturedOut: String {
    sink.withLock { sink -> String in
      guard case .buffer(let out, _) = sink else { return "" }
      return out
    }
  }

  /// Everything written to standard error so far (capturing only).
  public var capturedErr: String {
    sink.withLock { sink -> String in
      guard case .buffer(_, let err) = sink else { return "" }
      return err
    }
  }

  private func write(_ text: String, toError: Bool) {
    sink.withLock { sink in
      switch sink {
      case .standard:
        let handle = toError ? FileHandle.standardError : FileHandle.standardOutput
        handle.write(Data(text.utf8))
      case .buffer(var out, var err):
        if toError { err += text } else { out += text }
        sink = .buffer(out: out, err: err)
      }
    }
  }
}
