/// A deterministic, large, mixed-script text for the wrap benchmark: English, Japanese,
/// Chinese, Korean, Arabic, emoji (ZWJ families, flags, skin tones, VS16), combining marks,
/// long URLs, tabs and paragraph breaks, chosen by a seeded SplitMix64 generator.
enum BenchmarkText {
  static let english = [
    "The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog.", "Digital",
    "painting", "of", "a", "lighthouse", "at", "dusk,", "with", "storm", "clouds", "rolling",
    "in", "from", "sea;", "commissions", "are", "open!", "(prints", "available)", "artwork",
    "sketch", "watercolor", "character", "design", "for", "my", "original", "story",
  ]
  static let fragments = [
    "日本語の文章は空白を使わずに続きます。", "これは折り返しのテストです。",
    "「新作のイラスト」を公開しました！", "中文文本没有空格，需要在字符之间换行。",
    "欢迎来到我的画廊。", "한국어 문장은 띄어쓰기를 사용합니다.", "مرحبا بالعالم",
    "هذا نص عربي للاختبار", "👨‍👩‍👧", "❤️", "🇯🇵", "👍🏽", "🎨✨", "café", "e\u{301}te\u{301}",
    "Tiếng Việt có dấu", "naïve", "Ｆｕｌｌｗｉｄｔｈ", "ｶﾀｶﾅ",
  ]
  static let urls = [
    "https://www.deviantart.com/someartist/art/Some-Very-Long-Title-Of-An-Artwork-123456789",
    "https://images-wixmp-ed30a86b8c4ca887773594c2.wixmp.com/f/0a1b2c3d-4e5f/dg7h8i9"
      + "-1234abcd.jpg/v1/fill/w_1280,h_720,q_75,strp/example.jpg?token=eyJ0eXAiOiJKV1QiLCJhbGc",
  ]

  static func make(bytes target: Int, seed: UInt64) -> String {
    var random = SplitMix64(state: seed)
    var text = ""
    text.reserveCapacity(target + 1024)
    while text.utf8.count < target {
      let words = 5 + Int(random.next() % 120)
      for index in 0..<words {
        if index > 0 { text += random.next() % 40 == 0 ? "\t" : " " }
        text += word(&random)
      }
      text += random.next() % 4 == 0 ? "\n\n" : "\n"
    }
    return text
  }

  private static func word(_ random: inout SplitMix64) -> String {
    let roll = random.next() % 100
    if roll < 55 { return english[Int(random.next() % UInt64(english.count))] }
    if roll < 98 { return fragments[Int(random.next() % UInt64(fragments.count))] }
    return urls[Int(random.next() % UInt64(urls.count))]
  }
}

/// SplitMix64: a tiny, fast, seedable generator, so the text is the same on every run.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
