import Foundation
import Testing

@testable import Settings

@Suite("Settings from the config file and the environment")
struct SettingsTests {
  static let actions: Set<String> = ["down", "up", "search", "quit"]

  func make(_ text: String?, _ environment: [String: String] = ["HOME": "/home/me"]) throws
    -> (settings: Settings, warnings: [SettingsWarning])
  {
    try Settings.make(
      text: text, path: text == nil ? nil : "/cfg/artfeed/config", environment: environment,
      knownActions: Self.actions)
  }

  @Test("no file: the defaults, each from “default”")
  func defaults() throws {
    let (settings, warnings) = try make(nil)
    #expect(warnings.isEmpty)
    #expect(settings.browser == nil)
    #expect(settings.downloadDirectory == "/home/me/Pictures/artfeed")
    #expect(settings.refreshOnStart == false)
    #expect(settings.refreshInterval == nil)
    #expect(settings.maxItemsPerFeed == nil)
    #expect(settings.pictureMode == .auto)
    #expect(settings.thumbnail == ThumbnailSize(columns: 12, rows: 6))
    #expect(settings.pictureDiskCache == 100_000_000 && settings.pictureMemoryCache == nil)
    #expect(settings.useColor && settings.theme == .dark)
    #expect(settings.keys.isEmpty && settings.colors.isEmpty)
    #expect(settings.origins.isEmpty)
    #expect(settings.origin("general.browser") == "default")
  }

  @Test("every key of every section is read, and its line noted")
  func everyKey() throws {
    let (settings, warnings) = try make(
      """
      [general]
      browser = w3m
      download-directory = ~/Pictures/art
      refresh-on-start = yes
      refresh-interval = 15m
      max-items = 500
      viewer = imv %s
      [pictures]
      mode = symbols
      thumbnail = 16x8
      [colors]
      enabled = no
      theme = light
      title = yellow bold
      bar = white on #102030
      [keys]
      down = j Ctrl-n Down
      quit = none
      """)
    #expect(warnings.isEmpty)
    #expect(settings.browser == "w3m")
    #expect(settings.downloadDirectory == "/home/me/Pictures/art")
    #expect(settings.refreshOnStart)
    #expect(settings.refreshInterval == 900)
    #expect(settings.maxItemsPerFeed == 500)
    #expect(settings.viewer == "imv %s")
    #expect(settings.pictureMode == .symbols)
    #expect(settings.thumbnail == ThumbnailSize(columns: 16, rows: 8))
    #expect(!settings.useColor)
    #expect(settings.theme == .light)
    #expect(settings.colors(of: .title) == ColorSpec(.palette(3), bold: true))
    #expect(settings.colors(of: .bar) == ColorSpec(.palette(7), on: .rgb(0x102030)))
    #expect(settings.colors(of: .error) == Theme.light.colors(of: .error))
    #expect(settings.keys["down"] == [.character("j"), .control("n"), .down])
    #expect(settings.keys["quit"] == [])
    #expect(settings.origin("general.browser") == "file line 2")
    #expect(settings.origin("keys.quit") == "file line 18")
    #expect(settings.origin("colors.normal") == "default")
  }

  @Test("the slideshow's delay (seconds, bare or with s) and its marking are read")
  func slideshow() throws {
    let (settings, warnings) = try make(
      "[pictures]\nslideshow-delay = 8s\nslideshow-marks-read = yes\n")
    #expect(warnings.isEmpty)
    #expect(settings.slideshowDelay == 8 && settings.slideshowMarksRead)
    #expect(Settings().slideshowDelay == 5 && !Settings().slideshowMarksRead)
    #expect(try make("[pictures]\nslideshow-delay = 3600").0.slideshowDelay == 3600)
  }

  @Test(
    "a value a key cannot take is an error naming the line and the key",
    arguments: [
      ("[general]\nrefresh-on-start = maybe", 2, "refresh-on-start"),
      ("[general]\nrefresh-interval = 5s", 2, "refresh-interval"),
      ("[general]\nrefresh-interval = 3y", 2, "refresh-interval"),
      ("[general]\nrefresh-interval = 99999999999999999999h", 2, "refresh-interval"),
      ("[general]\nmax-items = -3", 2, "max-items"),
      ("[general]\ndownload-directory = Pictures", 2, "download-directory"),
      ("[general]\nbrowser =", 2, "browser"),
      ("\n[pictures]\nmode = crayon", 3, "mode"),
      ("[pictures]\nthumbnail = 100x100", 2, "thumbnail"),
      ("[pictures]\nthumbnail = 12 x 6", 2, "thumbnail"),
      ("[pictures]\ndisk-cache = 5MB", 2, "disk-cache"),
      ("[pictures]\ndisk-cache = lots", 2, "disk-cache"),
      ("[pictures]\ndisk-cache = -100MB", 2, "disk-cache"),
      ("[pictures]\nmemory-cache = 8TB", 2, "memory-cache"),
      ("[pictures]\nmemory-cache = nanMB", 2, "memory-cache"),
      ("[pictures]\nslideshow-delay = 0", 2, "slideshow-delay"),
      ("[pictures]\nslideshow-delay = 5m", 2, "slideshow-delay"),
      ("[pictures]\nslideshow-delay = 3601", 2, "slideshow-delay"),
      ("[pictures]\nslideshow-marks-read = often", 2, "slideshow-marks-read"),
      ("[colors]\ntheme = purple", 2, "theme"),
      ("[colors]\ntitle = chartreuse", 2, "title"),
      ("[colors]\ntitle = red blue", 2, "title"),
      ("[colors]\ntitle = red on", 2, "title"),
      ("[colors]\ntitle =", 2, "title"),
      ("[keys]\ndown = Hyper-j", 2, "down"),
      ("[keys]\ndown =", 2, "down"),
    ])
  func badValues(text: String, line: Int, key: String) {
    #expect {
      try make(text)
    } throws: { error in
      guard let error = error as? SettingsError, case .unusable(let errors, _) = error,
        errors.count == 1, case .badValue(let at, let named, _) = errors[0]
      else { return false }
      return at == line && named == key && error.description.hasPrefix("line \(line): \(key): ")
    }
  }

  @Test(
    "the picture caches' sizes: decimal units, a bare number is MB, auto is the default",
    arguments: [
      ("disk-cache = 500MB", 500_000_000, nil), ("disk-cache = 1.5GB", 1_500_000_000, nil),
      ("disk-cache = 250", 250_000_000, nil), ("memory-cache = 256mb", 100_000_000, 256_000_000),
      ("memory-cache = 4000KB", 100_000_000, 4_000_000), ("memory-cache = auto", 100_000_000, nil),
    ] as [(String, Int, Int?)])
  func cacheSizes(line: String, disk: Int, memory: Int?) throws {
    let (settings, warnings) = try make("[pictures]\n" + line)
    #expect(warnings.isEmpty)
    #expect(settings.pictureDiskCache == disk && settings.pictureMemoryCache == memory)
  }

  @Test("an unusable file names every problem at once, warnings included, in line order")
  func everyProblem() {
    let text = """
      [general]
      max-itemz = 5
      max-items = lots
      [colour]
      [keys]
      quit = F99
      down = j
      browser w3m
      [colors]
      theme = purple

      """
    #expect {
      try make(text)
    } throws: { error in
      guard let error = error as? SettingsError, case .unusable(let errors, let warnings) = error
      else { return false }
      let lines = error.problems.map(\.description)
      return errors.count == 4 && warnings.count == 2
        && lines.map { $0.prefix(7) } == [
          "line 2:", "line 3:", "line 4:", "line 6:", "line 8:", "line 10",
        ]
        && error.problems.map(\.isWarning) == [true, false, true, false, false, false]
        && error.line == 3
    }
  }

  @Test("unknown sections, keys and actions are warnings with their line, and a suggestion")
  func unknown() throws {
    let (settings, warnings) = try make(
      """
      [general]
      refresh-intervall = 5m
      [colours]
      title = red
      [keys]
      serach = s
      down = x
      down = j
      """)
    #expect(settings.refreshInterval == nil, "the misspelt key changed nothing")
    #expect(settings.keys["down"] == [.character("j")], "the later line counts")
    #expect(warnings.map(\.line) == [3, 2, 6, 8])
    #expect(warnings[0].message.contains("[colours]") && warnings[0].message.contains("colors"))
    #expect(warnings[1].message.contains("did you mean refresh-interval?"))
    #expect(
      warnings[2].message.contains("action “serach”") && warnings[2].message.contains("search"))
    #expect(warnings[3].message.contains("line 7"))
  }

  @Test("the environment: BROWSER below the file, NO_COLOR and COLORFGBG above it")
  func environment() throws {
    let environment = [
      "HOME": "/h", "BROWSER": "lynx", "NO_COLOR": "1", "COLORFGBG": "0;15",
      "XDG_PICTURES_DIR": "/pics",
    ]
    let (alone, _) = try make(nil, environment)
    #expect(alone.browser == "lynx" && alone.origin("general.browser") == "environment BROWSER")
    #expect(alone.downloadDirectory == "/pics/artfeed")
    #expect(!alone.useColor && alone.origin("colors.enabled") == "environment NO_COLOR")
    #expect(alone.theme == .light && alone.origin("colors.theme") == "environment COLORFGBG")

    let (filed, _) = try make(
      "[general]\nbrowser = w3m\n[colors]\nenabled = yes\ntheme = dark\n", environment)
    #expect(filed.browser == "w3m" && filed.origin("general.browser") == "file line 2")
    #expect(!filed.useColor, "NO_COLOR wins over the file")
    #expect(filed.theme == .dark && filed.origin("colors.theme") == "file line 5")

    let (auto, _) = try make("[colors]\ntheme = auto\n", ["COLORFGBG": "15;0"])
    #expect(auto.theme == .dark && auto.origin("colors.theme") == "environment COLORFGBG")
    #expect(Theme.fromColorFGBG("0;default;7") == .light)
    #expect(Theme.fromColorFGBG("garbage") == nil)
  }

  @Test("an option overrides and says so")
  func option() throws {
    var (settings, _) = try make("[colors]\nenabled = yes\n")
    settings.set(\.useColor, false, key: "colors.enabled", option: "--no-color")
    #expect(!settings.useColor && settings.origin("colors.enabled") == "option --no-color")
  }

  @Test("artfeed config's text reads back to the same settings")
  func describeRoundTrip() throws {
    let text = """
      [general]
      browser = firefox --new-window %s
      download-directory = "/tmp/with space"
      refresh-interval = 90s
      [pictures]
      thumbnail = small
      [colors]
      theme = light
      accent = color208 underline
      [keys]
      search = "#" /
      up = none
      """
    let (settings, _) = try make(text)
    // The keys in effect, as the front end makes them from its defaults and the file.
    let keys: [(action: String, keys: [Key])] = [
      ("down", [.character("j")]), ("up", []), ("search", [.character("#"), .character("/")]),
      ("quit", [.character("q")]),
    ]
    let described = settings.describe(location: "/cfg/artfeed/config", keys: keys)
    #expect(described.contains("browser = \"firefox --new-window %s\""))
    #expect(described.contains("# file line 2"))
    #expect(described.contains("quit = q"))
    #expect(described.contains("search = \"#\" /"))
    #expect(described.contains("up = none"))
    #expect(described.contains("refresh-interval = 90s"))
    var (again, _) = try make(described)
    again.origins = settings.origins
    again.keyOrder = settings.keyOrder
    again.keys["down"] = nil
    again.keys["quit"] = nil
    again.themeIsAuto = settings.themeIsAuto
    for element in ColorElement.allCases where settings.colors[element] == nil {
      again.colors[element] = nil
    }
    #expect(again == settings)
  }

  @Test("key names: characters, named keys, Ctrl, function keys")
  func keyNames() {
    #expect(Key("j") == .character("j"))
    #expect(Key("Space") == .character(" "))
    #expect(Key("pgdn") == .pageDown)
    #expect(Key("Ctrl-D") == .control("d"))
    #expect(Key("^u") == .control("u"))
    #expect(Key("C-x") == .control("x"))
    #expect(Key("Ctrl-1") == nil)
    #expect(Key("F1") == .function(1) && Key("f12") == .function(12) && Key("F24") == .function(24))
    #expect(Key("F25") == nil && Key("F0") == nil && Key("F") == .character("F"))
    #expect(Key.function(5).description == "F5")
    #expect(Key("jj") == nil)
    #expect(Key("\u{7}") == nil)
    #expect(Key.control("d").description == "Ctrl-d")
    #expect(Key.character("#").quotedDescription == "\"#\"")
  }

  @Test("the file on disk: missing is no file, a folder and non-UTF-8 are errors")
  func disk() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("artfeed"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["XDG_CONFIG_HOME": folder.path, "HOME": "/h"]
    let (none, _) = try Settings.load(environment: environment, knownActions: [])
    #expect(none.file == nil)
    let file = folder.appendingPathComponent("artfeed/config")
    try Data("[general]\nmax-items = 7\n".utf8).write(to: file)
    let (read, _) = try Settings.load(environment: environment, knownActions: [])
    #expect(read.maxItemsPerFeed == 7 && read.file == file.path)
    try Data([0x5B, 0xFF, 0xFE]).write(to: file)
    #expect(throws: SettingsError.self) {
      try Settings.load(environment: environment, knownActions: [])
    }
    try FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    #expect(throws: SettingsError.self) {
      try Settings.load(environment: environment, knownActions: [])
    }
    #expect(
      Settings.defaultLocation(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])?.path
        == "/h/.config/artfeed/config")
    #expect(Settings.defaultLocation(environment: [:]) == nil)
  }

  @Test("a FIFO, a device or a folder as the config file is refused at once, naming no path")
  func notRegularFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("artfeed"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["XDG_CONFIG_HOME": folder.path, "HOME": "/h"]
    let file = folder.appendingPathComponent("artfeed/config")
    // No writer ever opens it: a blocking open would wait for good.
    #expect(mkfifo(file.path, 0o600) == 0)
    #expect(throws: SettingsError.unreadable("is not a regular file")) {
      try Settings.load(environment: environment, knownActions: [])
    }
    try FileManager.default.removeItem(at: file)
    #expect(symlink("/dev/zero", file.path) == 0)
    #expect(throws: SettingsError.unreadable("is not a regular file")) {
      try Settings.load(environment: environment, knownActions: [])
    }
    try FileManager.default.removeItem(at: file)
    try Data(repeating: 0x23, count: Settings.maximumFileSize + 1).write(to: file)
    #expect(throws: SettingsError.unreadable("is over 256 KiB: not a config file")) {
      try Settings.load(environment: environment, knownActions: [])
    }
  }
}
