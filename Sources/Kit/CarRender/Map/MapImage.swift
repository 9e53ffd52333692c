import Foundation
import Geo
import Synchronization
import WaysideData

/// The national basemap and the city map as drawn — projected paths, bounding boxes, kinds,
/// labels and places — in one binary file, read back with one copy per table instead of
/// parsing and projecting 12 MB of GeoJSON.
///
/// It is a cache in the folder of the station snapshot (`BundledData.cacheDirectory(environment:)`),
/// written on first use under a key made of the map files' fingerprint and ``formatVersion``:
/// a missing file or one written under another key reads as "no image"; a truncated, damaged or
/// foreign one throws `CacheImageError`; either way the caller parses the GeoJSON and writes the
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
package enum MapImage {
  static let magic = Array("WMAPIMG1".utf8)

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
  /// - Throws: `CacheImageError` when the file is truncated, damaged or of another layout.
  public static func read(_ url: URL, key: String) throws(CacheImageError) -> (
    basemap: Basemap, city: CityMap
  )? {
    guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
    return try decode(data, key: key, path: url.path)
  }

  /// ``read(_:key:)`` on bytes already read; `path` names them in errors.
  public static func decode(
    _ data: Data, key: String, path: String, verifyChecksum: Bool = true
  ) throws(CacheImageError) -> (basemap: Basemap, city: CityMap)? {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(CacheImageError) -> (basemap: Basemap, city: CityMap)? in
        var reader = CacheImageReader(raw, kind: "map image", path: path)
        guard try reader.open(magic: magic, key: key, verifyChecksum: verifyChecksum) else {
          return nil
        }
        return try MapImageTables.read(&reader)
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

    var w = CacheImageWriter(magic: magic, key: key)
    w.table([
      CacheImageWriter.byteOrderMark, UInt32(strings.count), UInt32(stringBytes.count),
      UInt32(kinds.count), UInt32(points.count), UInt32(basemap.places.count),
      UInt32(city.places.count), UInt32(Basemap.Layer.allCases.count),
      UInt32(CityMap.Kind.allCases.count),
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
    return w.finished()
  }
}

/// Reads the map image's tables after its header, with every offset and string number checked.
enum MapImageTables {
  static func read(_ reader: inout CacheImageReader) throws(CacheImageError) -> (
    basemap: Basemap, city: CityMap
  ) {
    func fail(_ reason: String) -> CacheImageError { reader.fail(reason) }
    let counts = try reader.counts(8)
    let (stringCount, stringLength, pathCount, pointCount) = (
      counts[0], counts[1], counts[2], counts[3]
    )
    let (placeCount, cityPlaceCount) = (counts[4], counts[5])
    guard counts[6] == Basemap.Layer.allCases.count, counts[7] == CityMap.Kind.allCases.count
    else {
      throw fail(
        "it has \(counts[6]) layers and \(counts[7]) city kinds, expected "
          + "\(Basemap.Layer.allCases.count) and \(CityMap.Kind.allCases.count)")
    }
    let strings = try readStrings(&reader, count: stringCount, length: stringLength)
    // `what` is only built for a message: a path's text is looked up four times per path.
    func text(_ number: Int32, _ what: @autoclosure () -> String) throws(CacheImageError)
      -> String?
    {
      guard number >= -1, Int(number) < strings.count else {
        throw fail("\(what()) refers to string \(number), expected -1 … \(strings.count - 1)")
      }
      return number < 0 ? nil : strings[Int(number)]
    }
    func required(_ number: Int32, _ what: @autoclosure () -> String) throws(CacheImageError)
      -> String
    {
      guard let found = try text(number, what()) else { throw fail("\(what()) has no text") }
      return found
    }

    let points = try reader.table(Double.self, pointCount, "point values")
    let bounds = try reader.table(Double.self, 4 * pathCount, "path bounds")
    let minZooms = try reader.table(Double.self, pathCount, "path zooms")
    let starts = try reader.table(UInt32.self, pathCount + 1, "path starts")
    let kinds = try reader.table(Int32.self, pathCount, "path kinds")
    let labels = try reader.table(Int32.self, pathCount, "path labels")
    let names = try reader.table(Int32.self, pathCount, "path names")
    let refs = try reader.table(Int32.self, pathCount, "path refs")
    let rings = try reader.table(Int32.self, pathCount, "ring flags")
    let layerRanges = try reader.table(UInt32.self, 2 * counts[6], "layer ranges")
    let kindRanges = try reader.table(UInt32.self, 2 * counts[7], "city kind ranges")
    let placeValues = try reader.table(Double.self, 4 * placeCount, "places")
    let populations = try reader.table(Int64.self, placeCount, "populations")
    let placeNames = try reader.table(Int32.self, placeCount, "place names")
    let ranks = try reader.table(Int32.self, placeCount, "place ranks")
    let cityValues = try reader.table(Double.self, 2 * cityPlaceCount, "city places")
    let cityNames = try reader.table(Int32.self, cityPlaceCount, "city place names")
    let cityClasses = try reader.table(Int32.self, cityPlaceCount, "city place classes")
    let box = try reader.table(Double.self, 4, "city bounds")
    try reader.finish()

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
      guard start <= end, end <= pointCount, (end - start) % 2 == 0, end - start >= 4 else {
        throw fail(
          "path \(i) runs from point value \(start) to \(end), expected an even span of at "
            + "least 4 (two points) within 0 … \(pointCount)")
      }
      guard rings[i] == 0 || rings[i] == 1 else {
        throw fail("path \(i) has ring flag \(rings[i]), expected 0 or 1")
      }
      paths.append(
        Basemap.Path(
          points: PathPoints(points, range: start..<end), minX: bounds[4 * i],
          minY: bounds[4 * i + 1],
          maxX: bounds[4 * i + 2], maxY: bounds[4 * i + 3],
          kind: try text(kinds[i], "path \(i)'s kind"),
          label: try text(labels[i], "path \(i)'s label"), minZoom: minZooms[i],
          isRing: rings[i] == 1))
    }
    func range(_ ranges: [UInt32], _ k: Int, _ what: String) throws(CacheImageError) -> Range<Int> {
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
  static func readStrings(_ reader: inout CacheImageReader, count: Int, length: Int)
    throws(CacheImageError) -> [String]
  {
    let offsets = try reader.table(UInt32.self, count + 1, "string offsets")
    let bytes = try reader.table(UInt8.self, length, "string bytes")
    guard offsets[0] == 0, Int(offsets[count]) == length else {
      throw reader.fail(
        "its string offsets run from \(offsets[0]) to \(offsets[count]), expected 0 to \(length)")
    }
    var strings: [String] = []
    strings.reserveCapacity(count)
    for i in 0..<count {
      let start = Int(offsets[i])
      let end = Int(offsets[i + 1])
      guard start <= end, end <= length else {
        throw reader.fail(
          "string \(i) runs from byte \(start) to \(end), expected a rising range within 0 … \(length)"
        )
      }
      guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
        throw reader.fail("string \(i) is not valid UTF-8")
      }
      strings.append(text)
    }
    return strings
  }
}

/// The bundled basemap and city map, read once per process.
enum BundledMaps {
  /// The image's name in the cache folder.
  static let fileName = "bundled-maps.image"

  /// Read from the map image in `BundledData.cacheDirectory(environment:)`, or
  /// parsed (both maps at once) and written there; a damaged image is reported on standard
  /// error and rebuilt.
  static let shared = LoadOnce { () throws -> (basemap: Basemap, city: CityMap) in
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
    guard let cityResult = city.withLock({ $0 }) else {
      throw CacheImageError(
        kind: "map image", path: fileName, reason: "the city map was not parsed")
    }
    return (try basemap.get(), try cityResult.get())
  }
}
