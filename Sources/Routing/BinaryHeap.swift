/// A binary min-heap of (key, node) pairs for the shortest-path searches; stale entries are
/// skipped by the caller (lazy deletion) instead of being decreased in place.
struct MinHeap {
  private var keys: [Double] = []
  private var nodes: [Int32] = []

  init(capacity: Int) {
    keys.reserveCapacity(capacity)
    nodes.reserveCapacity(capacity)
  }

  var isEmpty: Bool { keys.isEmpty }

  mutating func push(_ key: Double, _ node: Int32) {
    keys.append(key)
    nodes.append(node)
    var child = keys.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard keys[child] < keys[parent] else { break }
      keys.swapAt(child, parent)
      nodes.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> (key: Double, node: Int32)? {
    guard let lastKey = keys.last, let lastNode = nodes.last else { return nil }
    let top = (keys[0], nodes[0])
    keys.removeLast()
    nodes.removeLast()
    guard !keys.isEmpty else { return top }
    keys[0] = lastKey
    nodes[0] = lastNode
    var parent = 0
    let count = keys.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      let right = left + 1
      let smaller = right < count && keys[right] < keys[left] ? right : left
      guard keys[smaller] < keys[parent] else { break }
      keys.swapAt(smaller, parent)
      nodes.swapAt(smaller, parent)
      parent = smaller
    }
    return top
  }
}
