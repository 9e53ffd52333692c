import Foundation
import Geo
import Synchronization
import WaysideData

/// A map image could not be used: it is truncated or damaged, or was written by another layout.
///
/// Reading an image never crashes on bad bytes; the caller reports this error (it names the
/// file and what was expected) and rebuilds the image from the GeoJSON.
public struct MapImageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The image file.
  public var path: String
  /// What was wrong and what was expected.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `map image PATH is unusable: REASON`.
  public var description: String { "map image \(path) is unusable: \(reason)" }
}

/// The national basemap and the city map as drawn — projected paths, bounding boxes, kinds,
/// labels and places — in one binary file, read back with one copy per table instead of
/// parsing and projecting 12 MB of GeoJSON.
///
/// It is a cache in the folder of the station snapshot (``WaysideData/BundledData/cacheDirectory(environment:)``),
/// written on first use under a key made of the map files' fingerprint and ``formatVersion``:
/// a missing file or one written under another key reads as "no image"; a truncated, damaged or
/// foreign one throws ``MapImageError``; either way the caller parses the GeoJSON and writes the
/// image again (`Guides/Startup.md`).
///
/// Layout (integers little-endian): the 8 bytes `WMAPIMG1`; the key's length (UInt32) and UTF-8
/// bytes; a 64-bit checksum of everything after it; zero bytes up to a multiple of 8; the byte
/// order mark 0x01020304 and eight counts (UInt32 each: strings, string bytes, paths, point
/// values, basemap places, city places, layers, city kinds); then the tables, each starting at
/// a multiple of 8: string offsets (strings + 1, UInt32) and bytes; point values (Float64, x y
/// interleaved); per path its bounding box (4 Float64), minimum zoom (Float64), first point
/// value (paths + 1, UInt32), kind, label, city name and city ref (Int32 string numbers, -1 for
/// none) and ring flag (Int32); the paths of each basemap layer and each city kind (start and
/// count, UInt32); the basemap places (latitude, longitude, x, y as Float64, population as Int64,
/// name and rank as Int32); the city places (latitude, longitude, name, class); the city bounds.
public enum MapImage {
  static let magic = Array("WMAPIMG1".utf8)
  static let byteOrderMark: UInt32 = 0x0102_0304

  /// The layout's version, part of the key: a build that changes the layout or what the maps
  /// hold changes it, so older images read as written under another key.
  public static let formatVersion = 1

  /// The bundled files the maps are built from.
  public static let sourceFiles: [BundledData.File] = [
    .neighbourCountries, .states, .lakes, .rivers, .federalRoads, .motorways, .places,
    .cityLanduse, .cityWater, .cityRailways, .cityRoads, .cityPlaces,
  ]

  /// The key this build writes and reads: the map files' fingerprint and the layout version.
  public static func bundledKey() throws -> String {
    "maps \(try BundledData.quickFingerprint(of: sourceFiles)) format \(formatVersion)"
  }

  /// The maps from the image at `url`, or — when there is none, it was written under another
  /// key, or it is unusable — parsed from the GeoJSON and written to `url` for next time.
  ///
  /// `warn` is told why an image was not used (only when it existed but was unusable) and when
  /// the new one cannot be written; neither stops the answer.
  public static func maps(
    at url: URL, key: String, warn: (String) -> Void,
    build: () throws -> (basemap: Basemap, city: CityMap)
  ) rethrows -> (basemap: Basemap, city: CityMap) {
    do {
      if let maps = try read(url, key: key) { return maps }
    } catch {
      warn("\(error); rebuilding it")
    }
    let maps = try build()
    do { try write(maps.basemap, maps.city, key: key, to: url) } catch {
      warn(
        "cannot write the map image \(url.path): \(error); set WAYSIDE_CACHE_DIR to a writable "
          + "folder for faster start-ups")
    }
    return maps
  }

  /// The maps of the image at `url`; nil when there is no file or it was written under another
  /// key.
  ///
  /// - Throws: ``MapImageError`` when the file is truncated, damaged or of another layout.
  public static func read(_ url: URL, key: String) throws(MapImageError) -> (
    basemap: Basemap, city: CityMap
  )? {
    guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
    return try decode(data, key: key, path: url.path)
  }

  /// ``read(_:key:)`` on bytes already read; `path` names them in errors.
  public static func decode(
    _ data: Data, key: String, path: String, verifyChecksum: Bool = true
  ) throws(MapImageError) -> (basemap: Basemap, city: CityMap)? {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(MapImageError) -> (basemap: Basemap, city: CityMap)? in
        var reader = MapImageReader(raw: raw, path: path)
        return try reader.maps(key: key, verifyChecksum: verifyChecksum)
      }
    }
    return try result.get()
  }

  /// Writes the maps under `key` to `url` atomically (a temporary file renamed over it),
  /// creating the folder when needed.
  public static func write(_ basemap: Basemap, _ city: CityMap, key: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(encode(basemap, city, key: key)).write(to: url, options: .atomic)
  }

  /// The image's bytes.
  public static func encode(_ basemap: Basemap, _ city: CityMap, key: String) -> [UInt8] {
    var strings: [String] = []
    var numbers: [String: Int32] = [:]
    func number(_ text: String?) -> Int32 {
      guard let text else { return -1 }
      if let known = numbers[text] { return known }
      let new = Int32(strings.count)
      strings.append(text)
      numbers[text] = new
      return new
    }
    var points: [Double] = []
    var bounds: [Double] = []
    var minZooms: [Double] = []
    var starts: [UInt32] = [0]
    var kinds: [Int32] = []
    var labels: [Int32] = []
    var names: [Int32] = []
    var refs: [Int32] = []
    var rings: [Int32] = []
    func add(_ path: Basemap.Path, name: String? = nil, ref: String? = nil) {
      points += path.points
      bounds += [path.minX, path.minY, path.maxX, path.maxY]
      minZooms.append(path.minZoom)
      starts.append(UInt32(points.count))
      kinds.append(number(path.kind))
      labels.append(number(path.label))
      names.append(number(name))
      refs.append(number(ref))
      rings.append(path.isRing ? 1 : 0)
    }
    var layerRanges: [UInt32] = []
    for layer in Basemap.Layer.allCases {
      let paths = basemap.layers[layer] ?? []
      layerRanges += [UInt32(kinds.count), UInt32(paths.count)]
      for path in paths { add(path) }
    }
    var kindRanges: [UInt32] = []
    for kind in CityMap.Kind.allCases {
      let features = city.features[kind] ?? []
      kindRanges += [UInt32(kinds.count), UInt32(features.count)]
      for feature in features { add(feature.path, name: feature.name, ref: feature.ref) }
    }
    var placeValues: [Double] = []
    var populations: [Int64] = []
    var placeNames: [Int32] = []
    var ranks: [Int32] = []
    for place in basemap.places {
      placeValues += [place.coordinate.latitude, place.coordinate.longitude, place.x, place.y]
      populations.append(Int64(place.population))
      placeNames.append(number(place.name))
      ranks.append(Int32(clamping: place.rank))
    }
    var cityValues: [Double] = []
    var cityNames: [Int32] = []
    var cityClasses: [Int32] = []
    for place in city.places {
      cityValues += [place.coordinate.latitude, place.coordinate.longitude]
      cityNames.append(number(place.name))
      cityClasses.append(number(place.placeClass))
    }
    var stringOffsets: [UInt32] = [0]
    var stringBytes: [UInt8] = []
    for text in strings {
      stringBytes += Array(text.utf8)
      stringOffsets.append(UInt32(stringBytes.count))
    }

    var w = MapImageWriter()
    w.bytes += magic
    let keyBytes = Array(key.utf8)
    w.put([UInt32(keyBytes.count)])
    w.bytes += keyBytes
    let checksumAt = w.bytes.count
    w.bytes += [UInt8](repeating: 0, count: 8)
    w.table([
      byteOrderMark, UInt32(strings.count), UInt32(stringBytes.count), UInt32(kinds.count),
      UInt32(points.count), UInt32(basemap.places.count), UInt32(city.places.count),
      UInt32(Basemap.Layer.allCases.count), UInt32(CityMap.Kind.allCases.count),
    ])
    w.table(stringOffsets)
    w.table(stringBytes)
    w.table(points)
    w.table(bounds)
    w.table(minZooms)
    w.table(starts)
    w.table(kinds)
    w.table(labels)
    w.table(names)
    w.table(refs)
    w.table(rings)
    w.table(layerRanges)
    w.table(kindRanges)
    w.table(placeValues)
    w.table(populations)
    w.table(placeNames)
    w.table(ranks)
    w.table(cityValues)
    w.table(cityNames)
    w.table(cityClasses)
    w.table([
      city.bounds.minimum.latitude, city.bounds.minimum.longitude, city.bounds.maximum.latitude,
      city.bounds.maximum.longitude,
    ])
    let sum = w.bytes.withUnsafeBytes { raw in
      CacheChecksum.of(UnsafeRawBufferPointer(rebasing: raw[(checksumAt + 8)...]))
    }
    withUnsafeBytes(of: sum.littleEndian) { raw in
      w.bytes.replaceSubrange(checksumAt..<checksumAt + 8, with: raw)
    }
    return w.bytes
  }
}

/// Appends tables of fixed-width values, each at a multiple of 8 bytes.
struct MapImageWriter {
  var bytes: [UInt8] = []

  /// The values' bytes as they sit in memory (the image is written and read on little-endian
  /// machines; the byte order mark lets a reader of the other order refuse it).
  mutating func put<T: FixedWidthInteger>(_ values: [T]) {
    values.withUnsafeBytes { bytes += $0 }
  }

  mutating func table<T: FixedWidthInteger>(_ values: [T]) {
    while bytes.count % 8 != 0 { bytes.append(0) }
    put(values)
  }

  mutating func table(_ values: [Double]) {
    while bytes.count % 8 != 0 { bytes.append(0) }
    values.withUnsafeBytes { bytes += $0 }
  }
}

/// Reads an image's tables with every length, offset and string number checked.
struct MapImageReader {
  let raw: UnsafeRawBufferPointer
  let path: String
  var offset = 0

  init(raw: UnsafeRawBufferPointer, path: String) {
    self.raw = raw
    self.path = path
  }

  func fail(_ reason: String) -> MapImageError { MapImageError(path: path, reason: reason) }

  /// `count` bytes from the current offset.
  mutating func take(_ count: Int, _ what: String) throws(MapImageError) -> UnsafeRawBufferPointer {
    guard count >= 0, raw.count - offset >= count else {
      throw fail("its \(what) (\(count) bytes from byte \(offset)) is cut off at byte \(raw.count)")
    }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
  }

  /// A table of `count` values of `T`, starting at the next multiple of 8, copied out at once.
  mutating func table<T>(_ type: T.Type, _ count: Int, _ what: String) throws(MapImageError)
    -> [T]
  {
    offset = min(raw.count, (offset + 7) / 8 * 8)
    let (size, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
    guard !overflow else { throw fail("its \(what) claims \(count) entries") }
    let bytes = try take(size, what)
    return [T](unsafeUninitializedCapacity: count) { buffer, initialised in
      if let base = bytes.baseAddress, count > 0 {
        UnsafeMutableRawBufferPointer(buffer).copyMemory(
          from: UnsafeRawBufferPointer(start: base, count: size))
      }
      initialised = count
    }
  }

  mutating func maps(key: String, verifyChecksum: Bool) throws(MapImageError) -> (
    basemap: Basemap, city: CityMap
  )? {
    guard raw.count >= MapImage.magic.count,
      raw.prefix(MapImage.magic.count).elementsEqual(MapImage.magic)
    else {
      throw fail(
        "it does not start with \(String(decoding: MapImage.magic, as: UTF8.self)) (an older "
          + "format or another file)")
    }
    offset = MapImage.magic.count
    let keyLength = Int(try take(4, "key length").loadUnaligned(as: UInt32.self).littleEndian)
    guard try take(keyLength, "key").elementsEqual(key.utf8) else { return nil }
    let expected = try take(8, "checksum").loadUnaligned(as: UInt64.self).littleEndian
    if verifyChecksum {
      let actual = CacheChecksum.of(UnsafeRawBufferPointer(rebasing: raw[offset...]))
      guard actual == expected else {
        throw fail(
          "its checksum is \(CacheChecksum.hex(actual)), expected \(CacheChecksum.hex(expected)) "
            + "(the file was changed or damaged after it was written)")
      }
    }
    let counts = try table(UInt32.self, 9, "counts").map(Int.init)
    guard counts[0] == Int(MapImage.byteOrderMark) else {
      throw fail("its byte order mark is \(counts[0]), expected \(MapImage.byteOrderMark)")
    }
    let (stringCount, stringLength, pathCount, pointCount) = (
      counts[1], counts[2], counts[3], counts[4]
    )
    let (placeCount, cityPlaceCount) = (counts[5], counts[6])
    guard counts[7] == Basemap.Layer.allCases.count, counts[8] == CityMap.Kind.allCases.count
    else {
      throw fail(
        "it has \(counts[7]) layers and \(counts[8]) city kinds, expected "
          + "\(Basemap.Layer.allCases.count) and \(CityMap.Kind.allCases.count)")
    }
    let strings = try readStrings(count: stringCount, length: stringLength)
    func text(_ number: Int32, _ what: String) throws(MapImageError) -> String? {
      guard number >= -1, Int(number) < strings.count else {
        throw fail("\(what) refers to string \(number), expected -1 … \(strings.count - 1)")
      }
      return number < 0 ? nil : strings[Int(number)]
    }
    func required(_ number: Int32, _ what: String) throws(MapImageError) -> String {
      guard let found = try text(number, what) else { throw fail("\(what) has no text") }
      return found
    }

    let points = try table(Double.self, pointCount, "point values")
    let bounds = try table(Double.self, 4 * pathCount, "path bounds")
    let minZooms = try table(Double.self, pathCount, "path zooms")
    let starts = try table(UInt32.self, pathCount + 1, "path starts")
    let kinds = try table(Int32.self, pathCount, "path kinds")
    let labels = try table(Int32.self, pathCount, "path labels")
    let names = try table(Int32.self, pathCount, "path names")
    let refs = try table(Int32.self, pathCount, "path refs")
    let rings = try table(Int32.self, pathCount, "ring flags")
    let layerRanges = try table(UInt32.self, 2 * counts[7], "layer ranges")
    let kindRanges = try table(UInt32.self, 2 * counts[8], "city kind ranges")
    let placeValues = try table(Double.self, 4 * placeCount, "places")
    let populations = try table(Int64.self, placeCount, "populations")
    let placeNames = try table(Int32.self, placeCount, "place names")
    let ranks = try table(Int32.self, placeCount, "place ranks")
    let cityValues = try table(Double.self, 2 * cityPlaceCount, "city places")
    let cityNames = try table(Int32.self, cityPlaceCount, "city place names")
    let cityClasses = try table(Int32.self, cityPlaceCount, "city place classes")
    let box = try table(Double.self, 4, "city bounds")
    guard offset == raw.count else {
      throw fail("it has \(raw.count - offset) bytes after its last table, expected none")
    }

    guard starts[0] == 0, Int(starts[pathCount]) == pointCount else {
      throw fail(
        "its path starts run from \(starts[0]) to \(starts[pathCount]), expected 0 to "
          + "\(pointCount)")
    }
    var paths: [Basemap.Path] = []
    paths.reserveCapacity(pathCount)
    for i in 0..<pathCount {
      let start = Int(starts[i])
      let end = Int(starts[i + 1])
      guard start <= end, (end - start) % 2 == 0, end - start >= 4 else {
        throw fail(
          "path \(i) runs from point value \(start) to \(end), expected an even span of at "
            + "least 4 (two points)")
      }
      guard rings[i] == 0 || rings[i] == 1 else {
        throw fail("path \(i) has ring flag \(rings[i]), expected 0 or 1")
      }
      paths.append(
        Basemap.Path(
          points: Array(points[start..<end]), minX: bounds[4 * i], minY: bounds[4 * i + 1],
          maxX: bounds[4 * i + 2], maxY: bounds[4 * i + 3],
          kind: try text(kinds[i], "path \(i)'s kind"),
          label: try text(labels[i], "path \(i)'s label"), minZoom: minZooms[i],
          isRing: rings[i] == 1))
    }
    func range(_ ranges: [UInt32], _ k: Int, _ what: String) throws(MapImageError) -> Range<Int> {
      let start = Int(ranges[2 * k])
      let count = Int(ranges[2 * k + 1])
      guard start <= pathCount, count <= pathCount - start else {
        throw fail("\(what) holds paths \(start) + \(count), expected within 0 … \(pathCount)")
      }
      return start..<start + count
    }
    var layers: [Basemap.Layer: [Basemap.Path]] = [:]
    for (k, layer) in Basemap.Layer.allCases.enumerated() {
      layers[layer] = Array(paths[try range(layerRanges, k, "layer \(layer.rawValue)")])
    }
    var features: [CityMap.Kind: [CityMap.Feature]] = [:]
    for (k, kind) in CityMap.Kind.allCases.enumerated() {
      let span = try range(kindRanges, k, "city kind \(kind.rawValue)")
      guard !span.isEmpty else { continue }
      var list: [CityMap.Feature] = []
      list.reserveCapacity(span.count)
      for i in span {
        list.append(
          CityMap.Feature(
            kind: kind, path: paths[i], name: try text(names[i], "path \(i)'s name"),
            ref: try text(refs[i], "path \(i)'s ref")))
      }
      features[kind] = list
    }
    var places: [Basemap.Place] = []
    places.reserveCapacity(placeCount)
    for i in 0..<placeCount {
      places.append(
        Basemap.Place(
          name: try required(placeNames[i], "place \(i)'s name"),
          coordinate: Coordinate(latitude: placeValues[4 * i], longitude: placeValues[4 * i + 1]),
          x: placeValues[4 * i + 2], y: placeValues[4 * i + 3],
          population: Int(populations[i]), rank: Int(ranks[i])))
    }
    var cityPlaces: [CityMap.Place] = []
    cityPlaces.reserveCapacity(cityPlaceCount)
    for i in 0..<cityPlaceCount {
      cityPlaces.append(
        CityMap.Place(
          name: try required(cityNames[i], "city place \(i)'s name"),
          coordinate: Coordinate(latitude: cityValues[2 * i], longitude: cityValues[2 * i + 1]),
          placeClass: try required(cityClasses[i], "city place \(i)'s class")))
    }
    return (
      Basemap(layers: layers, places: places),
      CityMap(
        features: features, places: cityPlaces,
        bounds: BoundingBox(
          minimum: Coordinate(latitude: box[0], longitude: box[1]),
          maximum: Coordinate(latitude: box[2], longitude: box[3])))
    )
  }

  /// The string table: offsets checked to rise to `length`, every string valid UTF-8.
  mutating func readStrings(count: Int, length: Int) throws(MapImageError) -> [String] {
    let offsets = try table(UInt32.self, count + 1, "string offsets")
    offset = min(raw.count, (offset + 7) / 8 * 8)
    let bytes = try take(length, "string bytes")
    var strings: [String] = []
    strings.reserveCapacity(count)
    guard offsets[0] == 0, Int(offsets[count]) == length else {
      throw fail(
        "its string offsets run from \(offsets[0]) to \(offsets[count]), expected 0 to \(length)")
    }
    for i in 0..<count {
      let start = Int(offsets[i])
      let end = Int(offsets[i + 1])
      guard start <= end else {
        throw fail("string \(i) runs from byte \(start) to \(end), expected a rising range")
      }
      guard
        let text = String(
          validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      else { throw fail("string \(i) is not valid UTF-8") }
      strings.append(text)
    }
    return strings
  }
}

/// The bundled basemap and city map, read once per process.
enum BundledMaps {
  /// The image's name in the cache folder.
  static let fileName = "bundled-maps.image"

  /// Read from the map image in ``WaysideData/BundledData/cacheDirectory(environment:)``, or
  /// parsed (both maps at once) and written there; a damaged image is reported on standard
  /// error and rebuilt.
  static let shared: Result<(basemap: Basemap, city: CityMap), any Error> = Result {
    try MapImage.maps(
      at: BundledData.cacheDirectory().appendingPathComponent(fileName),
      key: try MapImage.bundledKey(),
      warn: { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) },
      build: parseBoth)
  }

  /// Both maps from the GeoJSON, the city's on a second thread.
  static func parseBoth() throws -> (basemap: Basemap, city: CityMap) {
    let city = Mutex<Result<CityMap, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let parsed = Result { try CityMap.load() }
      city.withLock { $0 = parsed }
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    let basemap = Result { try Basemap.load() }
    done.wait()
    let cityResult =
      city.withLock { $0 }
      ?? .failure(MapImageError(path: fileName, reason: "the city map was not parsed"))
    return (try basemap.get(), try cityResult.get())
  }
}
