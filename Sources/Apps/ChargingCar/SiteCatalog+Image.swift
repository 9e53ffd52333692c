import Charging
import Foundation
import Geo
import StationIndex
import Synchronization
import WaysideData

/// A site catalogue as flat tables over the rows of an index read from a snapshot: which rows
/// make each site, where each row sits, and the rows' ids in byte order for lookups. A site's
/// ``ChargeSite`` is built from its rows when it is first asked for, so opening the catalogue
/// decodes no station.
final class SiteTable: Sendable {
  /// The snapshot's stations, by their place in it.
  let source: any StationSource
  /// Site `s`'s rows are `members[starts[s] ..< starts[s + 1]]`, in id order.
  let starts: [Int32]
  /// Row places in the source.
  let members: [Int32]
  /// Per row place: its site and its place among the site's rows; -1 for a row in no site
  /// (one the index could not place).
  let rowSites: [Int32]
  let rowMembers: [Int32]
  /// The rows' ids, sorted by their UTF-8 bytes: id `k` is `idBytes[idStarts[k] ..< idStarts[k + 1]]`
  /// and belongs to the row at `idRows[k]`.
  let idStarts: [UInt32]
  let idBytes: [UInt8]
  let idRows: [Int32]
  private let built = Mutex<[Int32: ChargeSite]>([:])

  init(
    source: any StationSource, starts: [Int32], members: [Int32], rowSites: [Int32],
    rowMembers: [Int32], idStarts: [UInt32], idBytes: [UInt8], idRows: [Int32]
  ) {
    self.source = source
    self.starts = starts
    self.members = members
    self.rowSites = rowSites
    self.rowMembers = rowMembers
    self.idStarts = idStarts
    self.idBytes = idBytes
    self.idRows = idRows
  }

  var siteCount: Int { starts.count - 1 }
  var rowCount: Int { members.count }

  func site(at index: Int) -> ChargeSite {
    if let known = built.withLock({ $0[Int32(index)] }) { return known }
    let rows = members[Int(starts[index])..<Int(starts[index + 1])]
    let site = ChargeSite(
      stations: rows.map { source.station(at: Int($0)) }, distanceKilometres: 0)
    built.withLock { $0[Int32(index)] = site }
    return site
  }

  func place(of id: Station.ID) -> SiteCatalog.Place? {
    var key = id.rawValue
    let found = key.withUTF8 { wanted -> Int? in
      idBytes.withUnsafeBufferPointer { all -> Int? in
        var low = 0
        var high = idRows.count
        while low < high {
          let middle = (low + high) / 2
          let start = Int(idStarts[middle])
          let candidate = UnsafeBufferPointer(rebasing: all[start..<Int(idStarts[middle + 1])])
          let order = Self.compare(candidate, wanted)
          if order == 0 { return middle }
          if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
      }
    }
    guard let found else { return nil }
    let row = Int(idRows[found])
    guard rowSites[row] >= 0 else { return nil }
    return SiteCatalog.Place(site: rowSites[row], member: rowMembers[row])
  }

  /// Byte order of two UTF-8 strings: negative, zero or positive.
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let x = a.baseAddress, let y = b.baseAddress {
      let order = memcmp(x, y, common)
      if order != 0 { return Int(order) }
    }
    return a.count - b.count
  }
}

/// The site catalogue of a snapshot's station set as a cache image next to the snapshot.
///
/// Grouping the German set into sites needs every station decoded — most of what the Charge
/// tab's first answer waited for. The image keeps the grouping as row places, so a later start
/// reads a few flat tables and decodes only the stations of the sites it shows.
///
/// Layout (``WaysideData/CacheImageWriter``): magic `WSITES01`, the key; counts (rows in the
/// source, sites, rows in sites, id bytes); tables: site starts (sites + 1, Int32), members
/// (Int32 row places), per source row its site and member (Int32, -1 for none), id starts (ids
/// + 1, UInt32), id bytes, id rows (Int32).
public enum SiteCatalogImage {
  static let magic = Array("WSITES01".utf8)

  /// The layout's and the grouping rule's version, part of the key: a build that changes
  /// either (``ChargeSite/siteKey(_:)``, ``ChargeSite/sameSiteKilometres``) changes it.
  public static let formatVersion = 1

  /// The key for the sites of the snapshot written under `snapshotKey`.
  public static func key(snapshotKey: String) -> String {
    "\(snapshotKey) sites \(formatVersion)"
  }

  /// The catalogue of `index` from the image at `url`, or — when there is none, it was written
  /// under another key, or it is unusable — grouped from every station and written to `url`
  /// for next time. An index that was not read from a snapshot is grouped without an image.
  ///
  /// `warn` is told why an image was not used (only when it existed but was unusable) and when
  /// the new one cannot be written; neither stops the answer.
  public static func catalog(
    of index: StationIndex, at url: URL, key: String, warn: (String) -> Void
  ) -> SiteCatalog {
    guard let source = index.stationSource else { return SiteCatalog(index: index) }
    do {
      if let data = try? Data(contentsOf: url, options: .alwaysMapped),
        let table = try read(data, key: key, path: url.path, source: source)
      {
        return SiteCatalog(table: table)
      }
    } catch {
      warn("\(error); rebuilding it")
    }
    let table = build(index, source: source)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(encode(table, key: key)).write(to: url, options: .atomic)
    } catch {
      warn(
        "cannot write the site catalogue \(url.path): \(error); set WAYSIDE_CACHE_DIR to a "
          + "writable folder for faster start-ups")
    }
    return SiteCatalog(table: table)
  }

  /// Groups every placed row of `index` (read from `source`) into a table.
  static func build(_ index: StationIndex, source: any StationSource) -> SiteTable {
    let unplaced = Set(index.unindexed.map(\.id))
    var rows: [Int] = []
    var stations: [Station] = []
    rows.reserveCapacity(source.count)
    stations.reserveCapacity(source.count)
    for row in 0..<source.count {
      let station = source.station(at: row)
      if unplaced.contains(station.id) { continue }
      rows.append(row)
      stations.append(station)
    }
    var starts: [Int32] = [0]
    var members: [Int32] = []
    var rowSites = [Int32](repeating: -1, count: source.count)
    var rowMembers = [Int32](repeating: -1, count: source.count)
    for group in SiteCatalog.group(stations) {
      for (member, i) in group.enumerated() {
        rowSites[rows[i]] = Int32(starts.count - 1)
        rowMembers[rows[i]] = Int32(member)
        members.append(Int32(rows[i]))
      }
      starts.append(Int32(members.count))
    }
    let ids = rows.indices.map { (bytes: Array(stations[$0].id.rawValue.utf8), row: rows[$0]) }
      .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    var idStarts: [UInt32] = [0]
    var idBytes: [UInt8] = []
    for id in ids {
      idBytes += id.bytes
      idStarts.append(UInt32(idBytes.count))
    }
    return SiteTable(
      source: source, starts: starts, members: members, rowSites: rowSites,
      rowMembers: rowMembers, idStarts: idStarts, idBytes: idBytes,
      idRows: ids.map { Int32($0.row) })
  }

  /// The image's bytes.
  static func encode(_ table: SiteTable, key: String) -> [UInt8] {
    var w = CacheImageWriter(magic: magic, key: key)
    w.table([
      CacheImageWriter.byteOrderMark, UInt32(table.rowSites.count), UInt32(table.siteCount),
      UInt32(table.members.count), UInt32(table.idBytes.count),
    ])
    w.table(table.starts)
    w.table(table.members)
    w.table(table.rowSites)
    w.table(table.rowMembers)
    w.table(table.idStarts)
    w.table(table.idBytes)
    w.table(table.idRows)
    return w.finished()
  }

  /// The table in `data` over `source`'s rows; nil when it was written under another key.
  ///
  /// Every table is checked against the others — each site's rows in range and pointing back
  /// at it, ids in byte order — so a query over the result never reads out of range.
  static func read(
    _ data: Data, key: String, path: String, source: any StationSource,
    verifyChecksum: Bool = true
  ) throws(CacheImageError) -> SiteTable? {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(CacheImageError) -> SiteTable? in
        var reader = CacheImageReader(raw, kind: "site catalogue", path: path)
        guard try reader.open(magic: magic, key: key, verifyChecksum: verifyChecksum) else {
          return nil
        }
        let counts = try reader.counts(4)
        let (rowCount, siteCount, memberCount, idLength) = (
          counts[0], counts[1], counts[2], counts[3]
        )
        guard rowCount == source.count else {
          throw reader.fail(
            "it groups \(rowCount) rows, but the station snapshot has \(source.count)")
        }
        let starts = try reader.table(Int32.self, siteCount + 1, "site starts")
        let members = try reader.table(Int32.self, memberCount, "site rows")
        let rowSites = try reader.table(Int32.self, rowCount, "row sites")
        let rowMembers = try reader.table(Int32.self, rowCount, "row members")
        let idStarts = try reader.table(UInt32.self, memberCount + 1, "id starts")
        let idBytes = try reader.table(UInt8.self, idLength, "id bytes")
        let idRows = try reader.table(Int32.self, memberCount, "id rows")
        try reader.finish()
        try check(
          starts: starts, members: members, rowSites: rowSites, rowMembers: rowMembers,
          idStarts: idStarts, idBytes: idBytes, idRows: idRows, reader: reader)
        return SiteTable(
          source: source, starts: starts, members: members, rowSites: rowSites,
          rowMembers: rowMembers, idStarts: idStarts, idBytes: idBytes, idRows: idRows)
      }
    }
    return try result.get()
  }

  static func check(
    starts: [Int32], members: [Int32], rowSites: [Int32], rowMembers: [Int32],
    idStarts: [UInt32], idBytes: [UInt8], idRows: [Int32], reader: CacheImageReader
  ) throws(CacheImageError) {
    guard starts.first == 0, Int(starts[starts.count - 1]) == members.count else {
      throw reader.fail(
        "its site starts end at \(starts[starts.count - 1]), expected \(members.count)")
    }
    var seen = [Bool](repeating: false, count: rowSites.count)
    for site in 0..<starts.count - 1 {
      let (start, end) = (Int(starts[site]), Int(starts[site + 1]))
      guard start < end, end <= members.count else {
        throw reader.fail("site \(site) holds rows \(start) ..< \(end), expected a non-empty range")
      }
      for k in start..<end {
        let row = Int(members[k])
        guard row >= 0, row < rowSites.count, !seen[row], rowSites[row] == site,
          rowMembers[row] == k - start
        else {
          throw reader.fail(
            "site \(site)'s row \(row) is out of range, in two sites or does not point back")
        }
        seen[row] = true
      }
    }
    guard idStarts.first == 0, Int(idStarts[idStarts.count - 1]) == idBytes.count else {
      throw reader.fail("its id starts do not end at its \(idBytes.count) id bytes")
    }
    try idBytes.withUnsafeBufferPointer { (all) throws(CacheImageError) in
      var previous: UnsafeBufferPointer<UInt8>?
      for k in 0..<idRows.count {
        let (start, end) = (Int(idStarts[k]), Int(idStarts[k + 1]))
        let row = Int(idRows[k])
        guard start <= end, end <= all.count, row >= 0, row < rowSites.count, rowSites[row] >= 0
        else {
          throw reader.fail("id \(k) has bytes \(start) ..< \(end) and row \(row), out of range")
        }
        let id = UnsafeBufferPointer(rebasing: all[start..<end])
        if let previous, SiteTable.compare(previous, id) >= 0 {
          throw reader.fail("id \(k) is not after id \(k - 1) in byte order")
        }
        previous = id
      }
    }
  }
}
