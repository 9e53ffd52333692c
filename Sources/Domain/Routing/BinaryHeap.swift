/// A binary min-heap of (key, value) pairs for shortest-path searches: the road search here and
/// the charging-stop solver. Stale entries are skipped by the caller (lazy deletion) instead of
/// being decreased in place.
public struct MinHeap<Value> {
  @usableFromInline var keys: [Double] = []
  @usableFromInline var values: [Value] = []

  /// Creates an empty heap with room for `capacity` entries.
  @inlinable
  public init(capacity: Int = 0) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Whether the heap holds no entries.
  @inlinable
  public var isEmpty: Bool { keys.isEmpty }

  /// Adds `value` with priority `key` (smaller keys come out first).
  @inlinable
  public mutating func push(_ key: Double, _ value: Value) {
    keys.append(key)
    values.append(value)
    var child = keys.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard keys[child] < keys[parent] else { break }
      keys.swapAt(child, parent)
      values.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the entry with the smallest key, or nil when empty.
  @inlinable
  public mutating func pop() -> (key: Double, value: Value)? {
    guard let lastKey = keys.last, let lastValue = values.last else { return nil }
    let top = (keys[0], values[0])
    keys.removeLast()
    values.removeLast()
    guard !keys.isEmpty else { return top }
    keys[0] = lastKey
    values[0] = lastValue
    var parent = 0
    let count = keys.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      let right = left + 1
      let smaller = right < count && keys[right] < keys[left] ? right : left
      guard keys[smaller] < keys[parent] else { break }
      keys.swapAt(smaller, parent)
      values.swapAt(smaller, parent)
      parent = smaller
    }
    return top
  }
}
