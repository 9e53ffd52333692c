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
  public func response(for relativePath: String) -> HTTPResponse {
    let key: String
    do {
      key = try Self.validatedKey(relativePath, indexFile: indexFile)
    } catch {
      return .error(error.status, error.message)
    }
    guard let asset = files[key] else {
      return .error(.notFound, "no asset at this path")
    }
    return HTTPResponse(status: .ok, contentType: asset.contentType, bytes: asset.bytes)
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
