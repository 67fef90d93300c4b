// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "artfeed",
  products: [
    .executable(name: "artfeed", targets: ["artfeed"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // MARK: - C shims (the only targets that see C headers)
    .systemLibrary(
      name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(
      name: "CNCurses", path: "Sources/CNCurses", pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]),

    // MARK: - Pure cores
    .target(name: "FeedCore", dependencies: ["CLibXML2"]),
    .target(name: "TextLayout"),
    .target(name: "ListEngine"),

    // MARK: - Data layer
    .target(name: "FeedStore", dependencies: ["FeedCore"]),

    // MARK: - Front end
    .target(
      name: "ArtfeedResources", path: "Resources",
      resources: [.copy("feeds")]),
    .target(name: "TUI", dependencies: ["FeedCore", "TextLayout", "ListEngine"]),
    .target(name: "CursesBackend", dependencies: ["TUI", "CNCurses"]),
    .executableTarget(
      name: "artfeed",
      dependencies: [
        "FeedCore", "TUI", "CursesBackend", "ArtfeedResources",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: - Benchmarks (run with `swift run -c release NAME`)
    .executableTarget(name: "ParseBenchmark", dependencies: ["FeedCore", "CLibXML2"]),
    .executableTarget(name: "LayoutBenchmark", dependencies: ["TextLayout"]),
    .executableTarget(
      name: "ListBenchmark",
      dependencies: ["ListEngine", "TextLayout", "TUI", "FeedCore", "ArtfeedResources"]),

    // MARK: - Tests
    .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore"]),
    .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout"]),
    .testTarget(name: "ListEngineTests", dependencies: ["ListEngine"]),
    .testTarget(
      name: "FeedStoreTests", dependencies: ["FeedStore", "FeedCore"],
      exclude: ["Support/feedserver.py"]),
    .testTarget(name: "TUITests", dependencies: ["TUI", "FeedCore", "ArtfeedResources"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["FeedCore", "TextLayout", "TUI", "ArtfeedResources"]),
  ],
  swiftLanguageModes: [.v6]
)
