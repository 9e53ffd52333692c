import Foundation

/// The titles the app offers, in catalogue order, with lookups by id, kind and series.
public struct MediaCatalogue: Hashable, Sendable {
  /// Every item, in catalogue order.
  public private(set) var items: [MediaItem]
  private var index: [MediaItem.ID: Int]

  /// Creates a catalogue; throws when two items share an id.
  public init(items: [MediaItem]) throws(MediaCatalogueError) {
    var index: [MediaItem.ID: Int] = [:]
    for (position, item) in items.enumerated() {
      if let first = index[item.id] {
        throw MediaCatalogueError(
          item: position, id: item.id.rawValue,
          problem: "its id is already used by item \(first); expected unique ids")
      }
      index[item.id] = position
    }
    self.items = items
    self.index = index
  }

  /// A catalogue with nothing in it.
  public static let empty = MediaCatalogue(uncheckedItems: [])

  private init(uncheckedItems: [MediaItem]) {
    items = uncheckedItems
    index = [:]
  }

  /// Whether there is nothing to play.
  public var isEmpty: Bool { items.isEmpty }
  /// The films, in catalogue order.
  public var videos: [MediaItem] { items.filter { $0.kind == .video } }
  /// The audio items, in catalogue order.
  public var audio: [MediaItem] { items.filter { $0.kind == .audio } }

  /// The item with this id, if any.
  public func item(_ id: MediaItem.ID) -> MediaItem? { index[id].map { items[$0] } }

  /// The other items of `item`'s series of the same kind, in catalogue order, never the item
  /// itself: what a detail page lists under its header.
  public func related(to item: MediaItem) -> [MediaItem] {
    items.filter { $0.series == item.series && $0.kind == item.kind && $0.id != item.id }
  }

  /// The items of `item`'s series and kind that follow it: what plays next after it (Up Next).
  public func following(_ item: MediaItem) -> [MediaItem] {
    let series = items.filter { $0.series == item.series && $0.kind == item.kind }
    guard let at = series.firstIndex(where: { $0.id == item.id }) else { return [] }
    return Array(series[(at + 1)...])
  }

  /// The series of one kind, in order of first appearance, with their items.
  public func series(of kind: MediaItem.Kind) -> [(name: String, items: [MediaItem])] {
    var order: [String] = []
    var groups: [String: [MediaItem]] = [:]
    for item in items where item.kind == kind {
      if groups[item.series] == nil { order.append(item.series) }
      groups[item.series, default: []].append(item)
    }
    return order.map { ($0, groups[$0] ?? []) }
  }
}

/// A catalogue file could not be read: which item, which field, and what was expected.
public struct MediaCatalogueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The item's position in the file (0-based), nil for the file as a whole.
  public var item: Int?
  /// The item's id, when it has one.
  public var id: String?
  /// What is wrong.
  public var problem: String

  /// Creates an error.
  public init(item: Int? = nil, id: String? = nil, problem: String) {
    self.item = item
    self.id = id
    self.problem = problem
  }

  /// `media catalogue item 3 ('x'): …`.
  public var description: String {
    var whereText = "media catalogue"
    if let item { whereText += " item \(item)" }
    if let id { whereText += " ('\(id)')" }
    return "\(whereText): \(problem)"
  }
}
