extension FeedListPage {
  /// The rules the feed list keeps between events; traps on the first broken one (tests call
  /// it after each).
  func checkInvariants() {
    precondition(lineCount >= 1 && line(0) == .entry(0), "All items is always the first line")
    precondition(selection >= 0 && selection < lineCount, "the selection is a line")
    if height > 0 {
      precondition(top <= selection && selection < top + height, "the selection is on screen")
      precondition(top >= 0 && top <= max(0, lineCount - 1), "the top line is a line")
    }
    precondition(
      (lineCount > 1 && line(1) == .starred) == showsStarred, "Starred follows All items")
    precondition(
      (lineCount > 2 && line(2) == .following) == showsStarred, "Following follows Starred")
    for index in 0..<lineCount {
      guard case .entry(let entry) = line(index), entry > 0 else { continue }
      precondition(entries.indices.contains(entry), "every line is an entry")
      if let tag = tagFilter {
        precondition(entries[entry].tags.contains(tag), "only the tag's feeds are shown")
      }
    }
    if let reading { precondition(reading.done <= reading.total, "no more back than asked") }
    if reading == nil {
      precondition(!entries.contains(where: \.isRefreshing), "no feed refreshes while none reads")
    }
  }
}
