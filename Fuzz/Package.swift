// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for artfeed's parsers, text layout, list engine, picture path and the
// reader of `state import`.
// A package of its own so that the root `swift test` never builds them; build and run them
// with `Scripts/fuzz.sh` (it passes `-sanitize=fuzzer,address` to every Swift target).
let package = Package(
  name: "artfeed-fuzz",
  dependencies: [
    .package(name: "artfeed", path: "..")
  ],
  targets: [
    .target(name: "CFuzzerDriver"),
    .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
    .executableTarget(
      name: "FuzzParser",
      dependencies: ["FuzzSupport", .product(name: "FeedCore", package: "artfeed")]),
    .executableTarget(
      name: "FuzzHTML",
      dependencies: ["FuzzSupport", .product(name: "FeedCore", package: "artfeed")]),
    .executableTarget(
      name: "FuzzDates",
      dependencies: ["FuzzSupport", .product(name: "FeedCore", package: "artfeed")]),
    .executableTarget(
      name: "FuzzWrap",
      dependencies: ["FuzzSupport", .product(name: "TextLayout", package: "artfeed")]),
    .executableTarget(
      name: "FuzzListEngine",
      dependencies: ["FuzzSupport", .product(name: "ListEngine", package: "artfeed")]),
    .executableTarget(
      name: "FuzzOPML",
      dependencies: ["FuzzSupport", .product(name: "Subscriptions", package: "artfeed")]),
    .executableTarget(
      name: "FuzzStateImport",
      dependencies: ["FuzzSupport", .product(name: "ReadingState", package: "artfeed")]),
    .executableTarget(
      name: "FuzzAnimations",
      dependencies: ["FuzzSupport", .product(name: "Pictures", package: "artfeed")]),
    .executableTarget(
      name: "FuzzImages",
      dependencies: [
        "FuzzSupport", .product(name: "Pictures", package: "artfeed"),
        .product(name: "TextLayout", package: "artfeed"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
