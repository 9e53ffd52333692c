import Foundation
import Geo

/// The fastest reasonable brute force for k nearest: one pass of unit-vector dot products over
/// structure-of-arrays `Double`s (the loop the compiler vectorises), keeping the k largest dots.
/// The largest dot is the smallest chord, so no trigonometry runs per station.
struct UnitVectorScan {
  let x: [Double]
  let y: [Double]
  let z: [Double]
  let latitudes: [Double]
  let longitudes: [Double]

  init(latitudes: [Double], longitudes: [Double]) {
    self.latitudes = latitudes
    self.longitudes = longitudes
    var x = [Double](repeating: 0, count: latitudes.count)
    var y = x
    var z = x
    for i in latitudes.indices {
      let lat = latitudes[i] * .pi / 180
      let lon = longitudes[i] * .pi / 180
      x[i] = cos(lat) * cos(lon)
      y[i] = cos(lat) * sin(lon)
      z[i] = sin(lat)
    }
    self.x = x
    self.y = y
    self.z = z
  }

  /// The k nearest stations' indices (by chord, i.e. by great-circle distance).
  func nearest(_ point: Coordinate, _ k: Int) -> [Int32] {
    let lat = point.latitude * .pi / 180
    let lon = point.longitude * .pi / 180
    let qx = cos(lat) * cos(lon)
    let qy = cos(lat) * sin(lon)
    let qz = sin(lat)
    let n = x.count
    let chunk = 1024
    var best: [(Double, Int32)] = []
    best.reserveCapacity(k + 1)
    var threshold = -Double.infinity
    withUnsafeTemporaryAllocation(of: Double.self, capacity: chunk) { dots in
      x.withUnsafeBufferPointer { px in
        y.withUnsafeBufferPointer { py in
          z.withUnsafeBufferPointer { pz in
            var base = 0
            while base < n {
              let m = min(chunk, n - base)
              for i in 0..<m {
                dots[i] = px[base + i] * qx + py[base + i] * qy + pz[base + i] * qz
              }
              for i in 0..<m where dots[i] > threshold {
                let at = best.firstIndex { dots[i] > $0.0 } ?? best.count
                best.insert((dots[i], Int32(base + i)), at: at)
                if best.count > k { best.removeLast() }
                if best.count == k, let last = best.last { threshold = last.0 }
              }
              base += m
            }
          }
        }
      }
    }
    return best.map(\.1)
  }

  /// Microseconds per query of the work an answer in the index's shape needs even with no
  /// search at all, on stations in cache: the query's unit vector and the result array of k
  /// positions (`alone`), and the same plus the k great-circle distances (`withDistances`).
  func lowerBound(_ points: [Coordinate], k: Int) -> (alone: Double, withDistances: Double) {
    func measure(distances: Bool) -> Double {
      var total = 0.0
      let (sample, _) = Bench.measure {
        for _ in 0..<20 {
          for (j, point) in points.enumerated() {
            let lat = point.latitude * .pi / 180
            let lon = point.longitude * .pi / 180
            total += cos(lat) * cos(lon) + cos(lat) * sin(lon) + sin(lat)
            let positions = [Int32](unsafeUninitializedCapacity: k) { buffer, count in
              for i in 0..<k { buffer[i] = Int32((j + i * 31) % latitudes.count) }
              count = k
            }
            if distances {
              for i in 0..<k {
                let s = Int(positions[i])
                total += GreatCircle.distanceKilometres(
                  point, Coordinate(latitude: latitudes[s], longitude: longitudes[s]))
              }
            }
            total += Double(positions[k - 1])
          }
        }
      }
      IndexBench.sink &+= Int(total.truncatingRemainder(dividingBy: 7))
      return sample.cpu * 1000 / Double(points.count * 20)
    }
    return (measure(distances: false), measure(distances: true))
  }
}

/// Peer libraries run on the same points in the same run (`Benchmarks/peers/`).
enum Peers {
  /// What a peer measured.
  struct Result {
    var buildMilliseconds: Double
    var queryMicroseconds: Double
  }

  nonisolated(unsafe) static var unavailableReason = "not run"  // the benchmark's one thread

  /// scipy's `cKDTree` on the stations' unit vectors, k nearest for each query point, via
  /// `Benchmarks/peers/ckdtree_peer.py`; nil (with ``unavailableReason``) when Python, scipy or
  /// the script is missing.
  static func cKDTree(
    latitudes: [Double], longitudes: [Double], queries: [Coordinate], k: Int
  ) -> Result? {
    run(latitudes: latitudes, longitudes: longitudes, queries: queries, k: k) { _ in
      let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent("Benchmarks/peers/ckdtree_peer.py")
      guard FileManager.default.fileExists(atPath: script.path) else {
        throw PeerUnavailable(reason: "\(script.path) not found (run from the package root)")
      }
      return ["/usr/bin/env", "python3", script.path]
    }
  }

  /// The plain C k-d tree of `Benchmarks/peers/kdtree_peer.c`, compiled here with `cc -O2`, on
  /// the same points; nil (with ``unavailableReason``) without a C compiler or the source.
  static func cKDTreeInC(
    latitudes: [Double], longitudes: [Double], queries: [Coordinate], k: Int
  ) -> Result? {
    run(latitudes: latitudes, longitudes: longitudes, queries: queries, k: k) { folder in
      let source = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent("Benchmarks/peers/kdtree_peer.c")
      guard FileManager.default.fileExists(atPath: source.path) else {
        throw PeerUnavailable(reason: "\(source.path) not found (run from the package root)")
      }
      let binary = folder.appendingPathComponent("kdtree_peer")
      let (status, text) = try execute(
        ["/usr/bin/env", "cc", "-O2", "-o", binary.path, source.path, "-lm"])
      guard status == 0 else {
        throw PeerUnavailable(reason: "cc failed: \(text.split(separator: "\n").first ?? "")")
      }
      return [binary.path]
    }
  }

  struct PeerUnavailable: Error {
    var reason: String
  }

  /// Runs `command` (made by `prepare` in a scratch folder) with the station and query files
  /// and K, and reads its `build_ms=… query_us=…`.
  static func run(
    latitudes: [Double], longitudes: [Double], queries: [Coordinate], k: Int,
    prepare: (URL) throws -> [String]
  ) -> Result? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-peer-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      func write(_ values: [Double], _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try values.withUnsafeBytes { Data($0) }.write(to: url)
        return url
      }
      var stations: [Double] = []
      stations.reserveCapacity(latitudes.count * 2)
      for i in latitudes.indices {
        stations.append(latitudes[i])
        stations.append(longitudes[i])
      }
      let stationFile = try write(stations, "stations.f64")
      let queryFile = try write(queries.flatMap { [$0.latitude, $0.longitude] }, "queries.f64")
      let command = try prepare(folder) + [stationFile.path, queryFile.path, "\(k)"]
      let (status, text) = try execute(command)
      guard status == 0 else {
        unavailableReason = text.split(separator: "\n").last.map(String.init) ?? "failed"
        return nil
      }
      var values: [String: Double] = [:]
      for field in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
        let parts = field.split(separator: "=")
        if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
      }
      guard let build = values["build_ms"], let query = values["query_us"] else {
        unavailableReason = "unexpected output: \(text)"
        return nil
      }
      return Result(buildMilliseconds: build, queryMicroseconds: query)
    } catch let error as PeerUnavailable {
      unavailableReason = error.reason
      return nil
    } catch {
      unavailableReason = "\(error)"
      return nil
    }
  }

  /// Runs a command to its end: exit status and standard output and error together.
  static func execute(_ command: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
