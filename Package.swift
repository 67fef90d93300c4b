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
    .library(name: "Subscriptions", targets: ["Subscriptions"]),
    .library(name: "Pictures", targets: ["Pictures"]),
    .library(name: "ReadingState", targets: ["ReadingState"]),
  ],
  dependencies: [
    // Exact versions: Package.resolved is not committed (docs/adr/0141).
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
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
    // The items a load keeps are compressed blocks (docs/adr/0200): zlib, which libxml2 and
    // libpng link already. No pkgConfig: the header is on the default path.
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib",
      providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CGIF", path: "Sources/CGIF",
      providers: [.apt(["libgif-dev"])]),
    // No pkgConfig: libcurl's .pc adds its multiarch include folder, already on the default
    // path. The same libcurl FoundationNetworking loads; the headers are libcurl4-openssl-dev.
    .systemLibrary(
      name: "CCurl", path: "Sources/CCurl",
      providers: [.apt(["libcurl4-openssl-dev"])]),
    // The reader's state database (docs/adr/0110): the system SQLite, not a Swift wrapper.
    // No pkgConfig: its `-lsqlite3` would link the shared library; ReadingState links the
    // static one from the same package (docs/adr/0152). The header is on the default path.
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"])]),

    // MARK: - Pure cores
    // The lock every shared value is behind (a pthread mutex, which ThreadSanitizer sees).
    .target(name: "Locking"),
    // The threads artfeed's work runs on instead of libdispatch's: `WorkerPool` (a
    // `TaskExecutor`) and `SerialWorker`, so an idle process never wakes (docs/adr/0083).
    .target(name: "Workers"),
    .target(name: "FeedCore", dependencies: ["CLibXML2"]),
    .target(name: "TextLayout"),
    .target(name: "ListEngine"),
    // The config file read into one `Settings` value (docs/adr/0140).
    .target(name: "Settings"),
    .target(
      name: "Pictures", dependencies: ["Locking", "CChafa", "CJPEG", "CPNG", "CWebP", "CGIF"]),

    // MARK: - Data layer (docs/adr/0153): one target per job; dependencies point down this
    // list, and the front end (TUI) sees only FeedModel.
    // The values every layer shares, with no I/O: items and their identity, keys and marks,
    // loaded lists, feed addresses and states, subscriptions, the data layer's errors.
    // What an item shows: its pictures (the art, never avatars or icons), artist and title,
    // one rule for every source (docs/adr/0158).
    .target(name: "FeedArt", dependencies: ["FeedCore"]),
    .target(name: "FeedModel", dependencies: ["FeedCore", "FeedArt", "Locking", "CZlib"]),
    // HTTP through libcurl's multi interface behind `HTTPClient` (the only `import CCurl`),
    // the host gate, polite fetching (`FeedFetcher`) and the XDG cache of fetched bytes.
    .target(name: "HTTP", dependencies: ["FeedModel", "Locking", "Workers", "CCurl"]),
    // The artist index over loaded items and the catalog's cache of answers; no I/O.
    .target(name: "ArtistSearch", dependencies: ["FeedModel", "FeedCore", "Locking"]),
    // Sources into lists behind `FeedSource`: files, standard input, the web (through HTTP),
    // the bundled catalog, DeviantArt-style endpoints and their next pages.
    .target(
      name: "FeedLoading",
      dependencies: ["FeedModel", "FeedArt", "FeedCore", "HTTP", "ArtistSearch", "Locking"]),
    // Picture bytes: fetched through HTTP, kept on disk (the bytes, and converted cells), and
    // saved to a folder on request.
    .target(name: "PictureFiles", dependencies: ["FeedModel", "FeedArt", "FeedCore", "HTTP", "Locking"]),
    // The reader's marks in SQLite (docs/adr/0110) behind `ReaderStateStore`, and the offline
    // queue sync sends; the only `import CSQLite`. libsqlite3.a, not the shared library: that
    // one is linked with BIND_NOW, so loading it resolves every symbol on the thread that opens
    // the state, at every start of the browser and `render`; linked in, its calls are direct
    // (docs/adr/0152).
    .target(
      name: "ReadingState",
      dependencies: ["FeedModel", "FeedCore", "Locking", "Workers", "CSQLite"],
      linkerSettings: [.linkedLibrary(":libsqlite3.a")]),
    // Sync accounts: `AccountBackend` (the Google Reader API's `GReaderClient` today), the
    // accounts file, credentials, the local copy, sending the queued marks.
    .target(
      name: "Sync",
      dependencies: [
        "FeedModel", "FeedArt", "FeedCore", "HTTP", "ReadingState", "Locking", "Workers",
      ]),
    // The feeds file and OPML, and the library the browser reads: the feeds file's feeds and
    // the accounts', opened from the cache, refreshed `limit` at a time, searched together.
    .target(
      name: "Subscriptions",
      dependencies: [
        "FeedModel", "FeedCore", "HTTP", "ArtistSearch", "FeedLoading", "Sync", "Locking",
      ]),

    // MARK: - Front end
    .target(
      name: "ArtfeedResources", path: "Resources",
      resources: [.copy("feeds"), .copy("thumbnails"), .copy("examples")]),
    // The pure front end: pages, views, the router. Of the data layer it sees FeedModel's
    // values and protocols only, so the compiler keeps files, HTTP and SQLite out of views.
    .target(
      name: "TUI",
      dependencies: ["FeedCore", "FeedArt", "FeedModel", "Pictures", "TextLayout", "ListEngine", "Settings"]),
    // The runtime: the loop, the tasks, the loaders; the only part of the front end with
    // threads, a clock or I/O. TUI itself is pure.
    .target(
      name: "TUIRuntime",
      dependencies: [
        "TUI", "FeedCore", "FeedModel", "FeedLoading", "PictureFiles", "ReadingState",
        "Subscriptions", "Pictures", "Locking", "Workers",
      ]),
    .target(
      name: "CursesBackend",
      dependencies: ["TUI", "TUIRuntime", "Pictures", "Settings", "CNCurses", "Locking"]),
    .executableTarget(
      name: "artfeed",
      dependencies: [
        "FeedCore", "FeedArt", "FeedModel", "HTTP", "FeedLoading", "PictureFiles", "ReadingState", "Sync",
        "Subscriptions", "Pictures", "TUI", "TUIRuntime", "CursesBackend", "Settings",
        "ArtfeedResources", "TextLayout", "Workers",
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
        "ListEngine", "TextLayout", "TUI", "FeedCore", "ArtfeedResources",
      ],
      path: "Benchmarks/ListBenchmark"),
    .executableTarget(
      name: "PictureBenchmark", dependencies: ["Pictures", "ArtfeedResources"],
      path: "Benchmarks/PictureBenchmark"),
    .executableTarget(
      name: "PixelBenchmark",
      dependencies: ["Pictures", "TUI", "CursesBackend", "ArtfeedResources", "CJPEG"],
      path: "Benchmarks/PixelBenchmark",
      exclude: ["pixelbench.py", "enter_ab.py", "motion_cpu.py", "bands.c"]),
    .executableTarget(
      name: "ThumbnailBenchmark",
      dependencies: [
        "TUI", "TUIRuntime", "FeedCore", "FeedModel", "HTTP", "FeedLoading", "PictureFiles",
        "Pictures", "ArtfeedResources",
      ],
      path: "Benchmarks/ThumbnailBenchmark"),
    .executableTarget(
      name: "ScaleBenchmark",
      dependencies: [
        "FeedCore", "FeedModel", "HTTP", "ArtistSearch", "FeedLoading", "TUI", "TUIRuntime",
        "BenchmarkSupport",
      ],
      path: "Benchmarks/ScaleBenchmark"),
    .executableTarget(
      name: "StateBenchmark", dependencies: ["FeedCore", "FeedModel", "ReadingState"],
      path: "Benchmarks/StateBenchmark"),
    .executableTarget(
      name: "SyncBenchmark",
      dependencies: ["FeedCore", "FeedModel", "HTTP", "FeedLoading", "Sync", "Subscriptions"],
      path: "Benchmarks/SyncBenchmark"),

    // MARK: - Tests
    // The loopback test server (feedserver.py) and its Swift launcher, for every test target.
    .target(
      name: "TestSupport", dependencies: ["HTTP", "TextLayout", "Locking"],
      path: "Tests/TestSupport",
      exclude: ["feedserver.py"]),
    .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore", "TestSupport"]),
    .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"]),
    .testTarget(name: "ListEngineTests", dependencies: ["ListEngine", "TestSupport"]),
    .testTarget(name: "SettingsTests", dependencies: ["Settings"]),
    .testTarget(name: "WorkersTests", dependencies: ["Workers", "Locking"]),
    .testTarget(name: "FeedModelTests", dependencies: ["FeedModel", "FeedCore", "TestSupport"]),
    .testTarget(
      name: "FeedArtTests", dependencies: ["FeedArt", "FeedCore", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "HTTPTests", dependencies: ["HTTP", "FeedModel", "FeedCore", "TestSupport"]),
    .testTarget(
      name: "ArtistSearchTests",
      dependencies: ["ArtistSearch", "FeedModel", "FeedCore", "TestSupport"]),
    .testTarget(name: "FeedLoadingTests", dependencies: ["FeedLoading", "HTTP", "FeedCore"]),
    .testTarget(
      name: "PictureFilesTests",
      dependencies: ["PictureFiles", "HTTP", "FeedModel", "FeedCore", "TestSupport", "Locking"]),
    // SyncStateTests sends queued marks in the batches `Sync` makes of them.
    .testTarget(
      name: "ReadingStateTests",
      dependencies: ["ReadingState", "Sync", "FeedModel", "FeedCore", "TestSupport", "Locking"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "SyncTests",
      dependencies: ["Sync", "ReadingState", "HTTP", "FeedModel", "FeedCore", "TestSupport"]),
    .testTarget(
      name: "SubscriptionsTests",
      dependencies: [
        "Subscriptions", "FeedLoading", "HTTP", "FeedModel", "FeedCore", "TestSupport", "Locking",
      ]),
    .testTarget(
      name: "PicturesTests",
      dependencies: ["Pictures", "ArtfeedResources", "TestSupport", "CJPEG"]),
    .testTarget(
      name: "TUITests",
      dependencies: [
        "TUI", "TUIRuntime", "FeedCore", "FeedArt", "FeedModel", "HTTP", "FeedLoading", "PictureFiles",
        "ReadingState", "Pictures", "TextLayout", "ArtfeedResources", "TestSupport", "Locking",
      ],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "CursesBackendTests", dependencies: ["CursesBackend", "TUI", "Pictures", "Settings"]),
    // The command line's own reading (the executable's code, through @testable import).
    .testTarget(
      name: "ArtfeedCLITests",
      dependencies: ["artfeed", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "FeedCore", "FeedModel", "HTTP", "FeedLoading", "ReadingState", "Sync", "Subscriptions",
        "TextLayout", "TUI", "ArtfeedResources", "TestSupport", "Locking",
      ],
      exclude: ["Snapshots", "Pixels"]),
  ],
  swiftLanguageModes: [.v6]
)

// Release builds reach the metadata of concrete generic types through their accessor
// functions, not by mangled name: a mangled name is decoded at run time and its requirements
// checked by scanning every conformance record of the static binary, once per new type and
// protocol, which is a large part of start-up (docs/adr/0151).
for target in package.targets where target.type == .regular || target.type == .executable {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(configuration: .release))
    ]
}

// The targets every item passes through on its way from the parser to the screen or JSON
// (the parser's callbacks, the picture rule, the writer) leave out the run-time exclusivity
// check in release builds: it cost about a seventh of `parse --json`'s writing thread, on
// class properties and globals touched per byte run. Debug builds, which the tests run,
// keep it (docs/adr/0219).
for target in package.targets where ["FeedCore", "FeedArt", "FeedModel"].contains(target.name) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
    ]
}
