/// A growable byte buffer for the parser's hot paths.
///
/// libxml2 delivers character data in many small pieces (it splits text at every entity
/// reference); appending those to an `Array` costs a generic, uniqueness-checked call each.
/// This buffer is a pointer, a count and a capacity. Non-copyable, so exactly one owner frees
/// the storage.
struct ByteBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// The bytes so far; valid until the next mutation.
  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base, count: count)
  }

  mutating func removeAll() {
    count = 0
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toAtLeast: count + 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
    if bytes.count <= 8 {
      // libxml2 hands over many tiny pieces (`<` for each `&lt;`): a loop beats a call.
      for offset in 0..<bytes.count { base[count + offset] = source[offset] }
    } else {
      (base + count).update(from: source, count: bytes.count)
    }
    count += bytes.count
  }

  /// Trades storage and contents with `other`, copying nothing.
  mutating func exchange(with other: inout ByteBuffer) {
    let (otherBase, otherCount, otherCapacity) = (other.base, other.count, other.capacity)
    other.base = base
    other.count = count
    other.capacity = capacity
    base = otherBase
    count = otherCount
    capacity = otherCapacity
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func grow(toAtLeast needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
