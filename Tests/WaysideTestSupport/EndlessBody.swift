import HTTPServer

/// An answer whose body never ends: 16 KiB events for as long as the client reads (a hostile
/// server's endless body, for size-cap tests). The producer is not a wait: it ends when the
/// client has gone.
public func endlessEventStream(chunkBytes: Int = 16 * 1024) -> HTTPResponse {
  let (stream, continuation) = AsyncStream.makeStream(
    of: ServerSentEvent.self, bufferingPolicy: .bufferingNewest(4))
  let chunk = String(repeating: "x", count: chunkBytes)
  let task = Task {
    while !Task.isCancelled {
      if case .terminated = continuation.yield(ServerSentEvent(data: chunk)) { break }
      await Task.yield()
    }
  }
  continuation.onTermination = { _ in task.cancel() }
  return .eventStream(stream)
}
