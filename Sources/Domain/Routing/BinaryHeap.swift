/// A binary min-heap of (key, value) pairs for shortest-path searches: the road search here and
/// the charging-stop solver. Stale entries are skipped by the caller (lazy deletion) instead of
/// being decreased in place.
///
/// Entries are stored together (key beside value) and moved by the "hole" method: an entry
/// sifting up or down is written once at its final place instead of swapped at every level, and
/// each operation checks the storage's uniqueness once (one `withUnsafeMutableBufferPointer`).
public struct MinHeap<Value> {
  @usableFromInline
  struct Entry {
    @usableFromInline var key: Double
    @usableFromInline var value: Value
    @inlinable init(key: Double, value: Value) {
      self.key = key
      self.value = value
    }
  }
  @usableFromInline var entries: [Entry] = []

  /// Creates an empty heap with room for `capacity` entries.
  @inlinable
  public init(capacity: Int = 0) {
    entries.reserveCapacity(capacity)
  }

  /// Removes every entry, keeping the storage for the next search.
  @inlinable
  public mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
  }

  /// Whether the heap holds no entries.
  @inlinable
  public var isEmpty: Bool { entries.isEmpty }

  /// Adds `value` with priority `key` (smaller keys come out first).
  @inlinable
  public mutating func push(_ key: Double, _ value: Value) {
    let entry = Entry(key: key, value: value)
    entries.append(entry)
    entries.withUnsafeMutableBufferPointer { heap in
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard key < heap[parent].key else { break }
        heap[child] = heap[parent]
        child = parent
      }
      heap[child] = entry
    }
  }

  /// Removes and returns the entry with the smallest key, or nil when empty.
  @inlinable
  public mutating func pop() -> (key: Double, value: Value)? {
    guard let last = entries.popLast() else { return nil }
    return entries.withUnsafeMutableBufferPointer { heap in
      guard let first = heap.first else { return (last.key, last.value) }
      let count = heap.count
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < count else { break }
        let right = left + 1
        let smaller = right < count && heap[right].key < heap[left].key ? right : left
        guard heap[smaller].key < last.key else { break }
        heap[parent] = heap[smaller]
        parent = smaller
      }
      heap[parent] = last
      return (first.key, first.value)
    }
  }
}
