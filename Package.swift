// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "artfeed",
  products: [
    .executable(name: "artfeed", targets: ["artfeed"]),
    // For the fuzz targets in Fuzz/ (a package of their own, so `swift test` never builds them).
    .library(name: "FeedCore", targets: ["FeedCore"]),
    .library(name: "TextLayout", targets: ["TextLayout"]),
    .library(name: "ListEngine", targets: ["ListEngine"]),
    .library(name: "FeedStore", targets: ["FeedStore"]),
    .library(name: "Pictures", targets: ["Pictures"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // MARK: - C shims (the only targets that see C headers)
    .systemLibrary(
      name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    // No pkgConfig: ncursesw's .pc file adds -D flags SwiftPM refuses with a warning; the
    // headers are on the default path and the module map links ncursesw and tinfo.
    .systemLibrary(
      name: "CNCurses", path: "Sources/CNCurses",
      providers: [.apt(["libncurses-dev"])]),
    .systemLibrary(
      name: "CChafa", path: "Sources/CChafa", pkgConfig: "chafa",
      providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
    .systemLibrary(
      name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(
      name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
      providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(
      name: "CGIF", path: "Sources/CGIF",
      providers: [.apt(["libgif-dev"])]),
    // The reader's state database (docs/adr/0110): the system SQLite, not a Swift wrapper.
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]),

    // MARK: - Pure cores
    // The lock every shared value is behind (a pthread mutex, which ThreadSanitizer sees).
    .target(name: "Locking"),
    .target(name: "FeedCore", dependencies: ["CLibXML2"]),
    .target(name: "TextLayout"),
    .target(name: "ListEngine"),
    .target(
      name: "Pictures", dependencies: ["Locking", "CChafa", "CJPEG", "CPNG", "CWebP", "CGIF"]),

    // MARK: - Data layer
    .target(name: "FeedStore", dependencies: ["FeedCore", "Locking", "CSQLite"]),

    // MARK: - Front end
    .target(
      name: "ArtfeedResources", path: "Resources",
      resources: [.copy("feeds"), .copy("thumbnails"), .copy("examples")]),
    .target(
      name: "TUI",
      dependencies: ["FeedCore", "FeedStore", "Pictures", "TextLayout", "ListEngine", "Locking"]),
    .target(name: "CursesBackend", dependencies: ["TUI", "Pictures", "CNCurses"]),
    .executableTarget(
      name: "artfeed",
      dependencies: [
        "FeedCore", "FeedStore", "Pictures", "TUI", "CursesBackend", "ArtfeedResources",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: - Benchmarks (run with `swift run -c release NAME`)
    // The generated DeviantArt-shaped feeds that ParseBenchmark and ScaleBenchmark read.
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    .executableTarget(
      name: "ParseBenchmark", dependencies: ["FeedCore", "CLibXML2", "BenchmarkSupport"],
      path: "Benchmarks/ParseBenchmark"),
    .executableTarget(
      name: "LayoutBenchmark", dependencies: ["TextLayout"], path: "Benchmarks/LayoutBenchmark"),
    .executableTarget(
      name: "ListBenchmark",
      dependencies: [
        "ListEngine", "TextLayout", "TUI", "FeedCore", "FeedStore", "ArtfeedResources",
      ],
      path: "Benchmarks/ListBenchmark"),
    .executableTarget(
      name: "PictureBenchmark", dependencies: ["Pictures", "ArtfeedResources"],
      path: "Benchmarks/PictureBenchmark"),
    .executableTarget(
      name: "ThumbnailBenchmark",
      dependencies: ["TUI", "FeedCore", "FeedStore", "Pictures", "ArtfeedResources"],
      path: "Benchmarks/ThumbnailBenchmark"),
    .executableTarget(
      name: "ScaleBenchmark", dependencies: ["FeedCore", "FeedStore", "TUI", "BenchmarkSupport"],
      path: "Benchmarks/ScaleBenchmark"),
    .executableTarget(
      name: "StateBenchmark", dependencies: ["FeedStore", "CSQLite"],
      path: "Benchmarks/StateBenchmark"),
    .executableTarget(
      name: "SyncBenchmark", dependencies: ["FeedStore", "FeedCore"],
      path: "Benchmarks/SyncBenchmark"),

    // MARK: - Tests
    // The loopback test server (feedserver.py) and its Swift launcher, for every test target.
    .target(
      name: "TestSupport", dependencies: ["FeedStore", "TextLayout", "Locking"],
      path: "Tests/TestSupport",
      exclude: ["feedserver.py"]),
    .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore", "TestSupport"]),
    .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"]),
    .testTarget(name: "ListEngineTests", dependencies: ["ListEngine"]),
    .testTarget(
      name: "FeedStoreTests", dependencies: ["FeedStore", "FeedCore", "TestSupport", "Locking"],
      exclude: ["State/Fixtures"]),
    .testTarget(
      name: "PicturesTests", dependencies: ["Pictures", "ArtfeedResources", "TestSupport"]),
    .testTarget(
      name: "TUITests",
      dependencies: [
        "TUI", "FeedCore", "FeedStore", "Pictures", "TextLayout", "ArtfeedResources", "TestSupport",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "FeedCore", "FeedStore", "TextLayout", "TUI", "ArtfeedResources", "TestSupport", "Locking",
      ],
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
