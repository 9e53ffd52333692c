/// One server-sent event (WHATWG HTML §9.2): optional type, id and retry, and a data payload.
public struct ServerSentEvent: Sendable, Hashable {
  /// The event type (`event:` field); `nil` means the default `message` type.
  public var event: String?
  /// The payload; each line becomes one `data:` field, so multi-line text arrives intact.
  public var data: String
  /// The event id (`id:` field) the browser echoes in `Last-Event-ID` when it reconnects.
  public var id: String?
  /// The reconnection delay the browser should use, in milliseconds (`retry:` field).
  public var retryMilliseconds: Int?
  /// A comment line instead of an event; browsers ignore it (used for heartbeats).
  public var comment: String?

  /// Creates an event.
  ///
  /// The event type and id are single-line fields: any CR or LF in them is replaced by a space
  /// so one event can never be split into two.
  public init(
    event: String? = nil, data: String, id: String? = nil, retryMilliseconds: Int? = nil
  ) {
    self.event = event.map(ServerSentEvent.singleLine)
    self.data = data
    self.id = id.map(ServerSentEvent.singleLine)
    self.retryMilliseconds = retryMilliseconds
    self.comment = nil
  }

  /// A comment-only event (`: text`), which keeps idle connections alive.
  public static func comment(_ text: String) -> ServerSentEvent {
    var event = ServerSentEvent(data: "")
    event.comment = singleLine(text)
    return event
  }

  /// The event in `text/event-stream` wire format, ending with the blank line that dispatches it.
  public var encoded: String {
    if let comment { return ": \(comment)\n\n" }
    var text = ""
    if let event { text += "event: \(event)\n" }
    if let id { text += "id: \(id)\n" }
    if let retryMilliseconds { text += "retry: \(max(0, retryMilliseconds))\n" }
    // One line (a JSON document, say) needs no splitting: a byte scan instead of walking a
    // large payload character by character.
    if !data.utf8.contains(where: { $0 == 10 || $0 == 13 }) { return text + "data: \(data)\n\n" }
    // CRLF, CR and LF all end a line in the event-stream grammar.
    let normalized = data.replacingCRLF()
    for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
      text += "data: \(line)\n"
    }
    return text + "\n"
  }

  private static func singleLine(_ text: String) -> String {
    String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
  }
}

extension String {
  /// The text with CRLF and lone CR turned into LF.
  fileprivate func replacingCRLF() -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == "\r\n" || character == "\r" {
        result.append("\n")
      } else {
        result.append(character)
      }
    }
    return result
  }
}
