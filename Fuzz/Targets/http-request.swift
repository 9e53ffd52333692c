// libFuzzer target: the HTTP/1.1 request parser (Sources/Core/HTTPServer/HTTPRequestParser.swift).
// The input is fed in two pieces split at a point taken from its first byte, as a socket may
// deliver it; every request the parser yields is checked against its limits.
import HTTPServer

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = HTTPRequestParser.Limits(
    maxRequestLineBytes: 1024, maxHeaderBytes: 4096, maxHeaderCount: 32, maxBodyBytes: 65536)
  var parser = HTTPRequestParser(limits: limits)
  let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
  for piece in [bytes[..<split], bytes[split...]] {
    parser.append(piece)
    for _ in 0..<64 {
      do {
        guard let request = try parser.next() else { break }
        precondition(request.body.count <= limits.maxBodyBytes, "body beyond the limit")
        precondition(request.headers.count <= limits.maxHeaderCount, "too many headers")
        precondition(request.path.hasPrefix("/") || request.path == "*", "bad path")
      } catch {
        precondition((400..<600).contains(error.status.code), "error status \(error.status)")
        return 0
      }
    }
  }
  return 0
}
