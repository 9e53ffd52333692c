// libFuzzer target: the journey language parser (`Journey.parse`, Sources/Kit/CarSimulator).
import CarSimulator

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJourney(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let journey = try Journey.parse(text, name: "fuzz")
    _ = journey
  } catch {
    precondition(error.line >= 1, "a parse error without a line")
    _ = error.description
  }
  return 0
}
