import Foundation

/// Files served from memory by relative path, so a request can never reach a file outside them.
///
/// Assets live in a dictionary keyed by relative path (`index.html`, `css/car.css`); nothing is
/// read from disk while serving. Requested paths are still checked before lookup, and any path
/// that tries to leave the root — `..` or `.` segments (also when percent-encoded, since the
/// path arrives decoded), a backslash, an absolute path or empty segment (`//etc/passwd`), a
/// NUL or other control byte, a drive letter's `:`, or a leftover `%` from double encoding —
/// is answered 400 Bad Request rather than 404, so probing is visible in logs and tests.
public struct StaticAssets: Sendable {
  /// One file: its bytes and the `Content-Type` to send.
  public struct Asset: Sendable, Hashable {
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The media type, e.g. `text/css; charset=utf-8`.
    public var contentType: String

    /// Creates an asset; the media type defaults to the one for `path`'s extension.
    public init(bytes: [UInt8], contentType: String) {
      self.bytes = bytes
      self.contentType = contentType
    }

    /// Creates a UTF-8 text asset whose media type is derived from `path`'s extension.
    public init(text: String, for path: String) {
      self.init(bytes: Array(text.utf8), contentType: StaticAssets.contentType(for: path))
    }
  }

  /// The assets by relative path (no leading `/`).
  public private(set) var files: [String: Asset]
  /// The file served for an empty path or one ending in `/`, e.g. `index.html`.
  public var indexFile: String?

  /// Creates a set of assets from relative paths.
  public init(_ files: [String: Asset], indexFile: String? = "index.html") {
    self.files = files
    self.indexFile = indexFile
  }

  /// Loads every regular file below `directory` into memory (symbolic links are skipped).
  /// - Throws: when the directory cannot be listed or a file cannot be read, naming the file.
  public init(directory: URL, indexFile: String? = "index.html") throws {
    let root = directory.standardizedFileURL.resolvingSymlinksInPath()
    let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey]
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: keys, options: [])
    else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
    }
    var files: [String: Asset] = [:]
    let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
    for case let url as URL in enumerator {
      let values = try url.resourceValues(forKeys: Set(keys))
      guard values.isRegularFile == true, values.isSymbolicLink != true else { continue }
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(rootPath) else { continue }
      let relative = String(path.dropFirst(rootPath.count))
      let data = try Data(contentsOf: url)
      files[relative] = Asset(bytes: Array(data), contentType: Self.contentType(for: relative))
    }
    self.init(files, indexFile: indexFile)
  }

  /// The response for `relativePath` (the part of the decoded request path below the mount
  /// point): the asset, 404 when absent, or 400 when the path tries to leave the root.
  ///
  /// With a `Range` header value (RFC 9110 §14.2) of one byte range — `bytes=0-99`,
  /// `bytes=100-` or `bytes=-100` — the answer is 206 Partial Content with that part and its
  /// `Content-Range`; a range that starts past the end is 416 with `Content-Range: bytes */N`.
  /// Several ranges, another unit or a malformed value are ignored (the whole asset, as
  /// §14.2 allows). Every asset answer says `Accept-Ranges: bytes`: a browser seeks in a sound
  /// only when its server takes ranges.
  public func response(for relativePath: String, range: String? = nil) -> HTTPResponse {
    let key: String
    do {
      key = try Self.validatedKey(relativePath, indexFile: indexFile)
    } catch {
      return .error(error.status, error.message)
    }
    guard let asset = files[key] else {
      return .error(.notFound, "no asset at this path")
    }
    let count = asset.bytes.count
    switch range.map({ Self.byteRange($0, length: count) }) ?? .whole {
    case .whole:
      return HTTPResponse(
        status: .ok, contentType: asset.contentType, bytes: asset.bytes,
        headers: ["Accept-Ranges": "bytes"])
    case .part(let part):
      return HTTPResponse(
        status: HTTPStatus(code: 206), contentType: asset.contentType,
        bytes: asset.bytes[part],
        headers: [
          "Accept-Ranges": "bytes",
          "Content-Range": "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(count)",
        ])
    case .unsatisfiable:
      var response = HTTPResponse.error(
        HTTPStatus(code: 416), "the requested range starts past the asset's \(count) bytes")
      response.headers["Content-Range"] = "bytes */\(count)"
      response.headers["Accept-Ranges"] = "bytes"
      return response
    }
  }

  /// What a `Range` header value asks of an asset of `length` bytes.
  public enum ByteRange: Hashable, Sendable {
    /// The whole asset: no range, or one to ignore (several ranges, another unit, malformed).
    case whole
    /// The bytes at these offsets.
    case part(Range<Int>)
    /// A range that starts at or past the end (or a zero-length suffix): 416.
    case unsatisfiable
  }

  /// Reads one `bytes=` range against an asset of `length` bytes (RFC 9110 §14.1.2): the last
  /// position is clamped to the end; `-N` is the last N bytes.
  public static func byteRange(_ value: String, length: Int) -> ByteRange {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return .whole }
    let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    let sides = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard sides.count == 2 else { return .whole }
    func number(_ text: Substring) -> Int? {
      guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
      return Int(text)
    }
    if sides[0].isEmpty {
      guard let suffix = number(sides[1]) else { return .whole }
      guard suffix > 0, length > 0 else { return .unsatisfiable }
      return .part(max(0, length - suffix)..<length)
    }
    guard let first = number(sides[0]) else { return .whole }
    let last: Int
    if sides[1].isEmpty {
      last = length - 1
    } else {
      guard let given = number(sides[1]), given >= first else { return .whole }
      last = min(given, length - 1)
    }
    guard first < length else { return .unsatisfiable }
    return .part(first..<(last + 1))
  }

  /// Checks a relative asset path and returns the dictionary key it names.
  /// - Throws: ``HTTPParseError`` with status 400 naming the offending part when the path
  ///   could reach outside the asset root.
  public static func validatedKey(_ relativePath: String, indexFile: String? = "index.html")
    throws(HTTPParseError) -> String
  {
    var path = relativePath
    if path.isEmpty || path.hasSuffix("/") {
      guard let indexFile else {
        throw HTTPParseError(.notFound, "asset path '\(relativePath)' names a directory")
      }
      path += indexFile
    }
    func reject(_ reason: String) -> HTTPParseError {
      HTTPParseError(
        .badRequest, "asset path '\(relativePath.prefix(80))' \(reason); expected a relative path")
    }
    if path.hasPrefix("/") { throw reject("is absolute") }
    for scalar in path.unicodeScalars {
      switch scalar {
      case "\0": throw reject("contains NUL")
      case "\\": throw reject("contains a backslash")
      case ":": throw reject("contains ':'")
      case "%": throw reject("contains '%' (double percent-encoding)")
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F { throw reject("contains a control byte") }
      }
    }
    for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
      if segment.isEmpty { throw reject("contains an empty segment") }
      if segment == "." || segment == ".." { throw reject("contains a '\(segment)' segment") }
    }
    return path
  }

  /// The media type for a file name's extension; `application/octet-stream` when unknown.
  public static func contentType(for path: String) -> String {
    let name = path.split(separator: "/").last ?? ""
    let ext = name.split(separator: ".").count > 1 ? (name.split(separator: ".").last ?? "") : ""
    switch ext.lowercased() {
    case "html", "htm": return "text/html; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "json": return "application/json"
    case "svg": return "image/svg+xml; charset=utf-8"
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "gif": return "image/gif"
    case "webp": return "image/webp"
    case "ico": return "image/x-icon"
    case "txt", "md": return "text/plain; charset=utf-8"
    case "woff2": return "font/woff2"
    case "woff": return "font/woff"
    case "ttf": return "font/ttf"
    case "otf": return "font/otf"
    case "wav": return "audio/wav"
    case "mp3": return "audio/mpeg"
    case "m4a": return "audio/mp4"
    case "xml": return "application/xml"
    default: return "application/octet-stream"
    }
  }
}
