/// Who a generated feed's items are by.
extension FeedGenerator {
  /// `few`: `artist0` ... `artist499`, as DeviantArt's popular lists repeat their artists.
  /// `distinct`: about one artist per item, as in an aggregator or a long-followed tag, with
  /// names as people write them: two or three words, camel case ("PixelHeron"), hyphens
  /// ("saudade-pixels"), underscores, dots, spaces, digits ("GlitchCat404") and some accents
  /// ("Renée Draws").
  public enum Artists: String, Sendable, CaseIterable {
    case few, distinct
  }

  /// The words of distinct names: 200 or so, some with accents.
  static let nameWords = [
    "pixel", "heron", "saudade", "glitch", "cat", "moss", "ink", "river", "night", "owl",
    "fox", "lantern", "ember", "willow", "raven", "quill", "velvet", "cobalt", "amber", "ash",
    "birch", "cedar", "coral", "dawn", "dusk", "echo", "fern", "frost", "gale", "harbor",
    "iris", "jade", "juniper", "kestrel", "lark", "lotus", "maple", "meadow", "mist", "nova",
    "oak", "onyx", "opal", "orchid", "pebble", "pine", "plum", "rain", "reed", "rose", "rust",
    "sable", "sage", "salt", "sea", "shadow", "sky", "slate", "snow", "sparrow", "spruce",
    "star", "stone", "storm", "sun", "thistle", "thorn", "tide", "vale", "wren", "zephyr",
    "arcade", "atlas", "beacon", "canvas", "cipher", "comet", "crayon", "dream", "drift",
    "easel", "fable", "flicker", "gallery", "gouache", "graphite", "hollow", "hue", "inkwell",
    "kiln", "lumen", "marble", "mosaic", "muse", "neon", "noodle", "orbit", "palette", "paper",
    "pastel", "petal", "prism", "pulse", "quartz", "ripple", "robot", "rocket", "scribble",
    "sketch", "sprite", "static", "stencil", "tangle", "tempera", "tinker", "vapor",
    "vector", "vellum", "voxel", "wander", "whisker", "wire", "wool", "yarn", "zine", "badger",
    "bunny", "crow", "deer", "dragon", "eel", "falcon", "gecko", "hare", "koi", "lynx", "mole",
    "moth", "newt", "otter", "panda", "quokka", "seal", "squid", "tiger", "toad", "wolf", "yak",
    "art", "draws", "paints", "makes", "studio", "works", "pixels", "doodles", "lab", "craft",
    "little", "blue", "red", "green", "golden", "silver", "tiny", "wild", "quiet", "lucky",
    "sleepy", "brave", "happy", "odd", "strange", "soft", "bright", "dark", "old", "new",
    "renée", "zoë", "josé", "chloé", "noël", "björk", "søren", "müller", "ångström", "niño",
    "crème", "façade", "mañana", "élan", "café", "naïve", "señor", "garçon", "smørrebrød",
  ]

  /// A distinct-looking artist name: two or three words, in one of the ways names are
  /// written, a number now and then.
  mutating func distinctName() -> String {
    // Two words for a third of the names and a number for three in ten: at a million items
    // about nine names in ten are distinct.
    var words = (0..<(next() % 20 < 7 ? 2 : 3)).map { _ in pick(Self.nameWords) }
    if next() % 10 < 3 { words.append(String(next() % 10_000)) }
    let capitalized = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
    switch next() % 10 {
    case 0, 1, 2: return capitalized.joined()
    case 3, 4: return words.joined(separator: "-")
    case 5: return words.joined(separator: "_")
    case 6, 7: return capitalized.joined(separator: " ")
    case 8: return words.joined(separator: ".")
    default: return words.joined()
    }
  }

  /// `name` as a URL path segment: ASCII letters and digits, the rest as hyphens.
  static func slug(_ name: String) -> String {
    String(
      name.lowercased().unicodeScalars.map { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
          ? Character(scalar) : "-"
      })
  }
}
