// swift-tools-version: 6.0
import PackageDescription

/// Every Swift target is built in Swift 6 language mode with warnings treated as errors.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
  name: "quietplaces",
  products: [
    .executable(name: "quietplaces", targets: ["quietplaces"]),
    .executable(name: "quietplaces-benchmark", targets: ["quietplaces-benchmark"]),
  ],
  targets: [
    // Small helpers every layer shares: the one atomic file writer, the one JSON value and parser,
    // whitespace trimming, file error reasons.
    .target(name: "QuietPlacesUtilities", swiftSettings: strict),
    // The game's rules: balance data, state, commands and events. Pure; Foundation only.
    .target(name: "QuietPlacesGame", dependencies: ["QuietPlacesUtilities"], swiftSettings: strict),
    // OpenSSL's libcrypto, for the ES256 signatures of simulated transactions.
    .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // JWS compact serialization signed and verified with ES256 (P-256, SHA-256).
    .target(
      name: "QuietPlacesJWS", dependencies: ["COpenSSL", "QuietPlacesUtilities"], swiftSettings: strict),
    // The StoreKit-2-shaped interface between an app and a store: `StoreClient` and its plain values.
    .target(name: "QuietPlacesStoreKit", swiftSettings: strict),
    // The app side of the store: verification, the delivery pipeline, the ledger, saves, reconciliation.
    .target(
      name: "QuietPlacesStore",
      dependencies: ["QuietPlacesGame", "QuietPlacesStoreKit", "QuietPlacesJWS", "QuietPlacesUtilities"],
      swiftSettings: strict),
    // The simulated App Store: one implementation of the interface, with SKTestSession-like controls.
    .target(
      name: "QuietPlacesAppStore",
      dependencies: ["QuietPlacesStoreKit", "QuietPlacesJWS", "QuietPlacesUtilities"],
      swiftSettings: strict),
    // The one simulated device: game, app, simulated App Store, clock, faults and storage; snapshots.
    .target(
      name: "QuietPlacesDevice",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesStoreKit", "QuietPlacesStore", "QuietPlacesAppStore", "QuietPlacesJWS",
        "QuietPlacesUtilities",
      ],
      swiftSettings: strict),
    // The invariants the engine checks about itself, over a Device and its history; a studio's own
    // as expressions over `state --json`.
    .target(
      name: "QuietPlacesInvariants",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesStoreKit", "QuietPlacesStore", "QuietPlacesAppStore",
        "QuietPlacesDevice",
        "QuietPlacesUtilities",
      ],
      swiftSettings: strict),
    // The balance lab: prices and payback, strategies that play, milestones, sweeps, shards and charts.
    .target(
      name: "QuietPlacesLab",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesStore", "QuietPlacesAppStore",
        "QuietPlacesUtilities", "QuietPlacesDevice",
      ],
      swiftSettings: strict),
    // The command language, the session, output formatting and saves.
    .target(
      name: "QuietPlacesREPL",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesStoreKit", "QuietPlacesStore", "QuietPlacesAppStore",
        "QuietPlacesUtilities", "QuietPlacesDevice", "QuietPlacesLab", "QuietPlacesInvariants",
        "QuietPlacesJWS",
      ],
      swiftSettings: strict),
    // The explorer: seeded random runs of every state-changing command on devices in memory, the
    // invariants after every step, findings shrunk to `.qp` scripts.
    .target(
      name: "QuietPlacesExplore",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesStore", "QuietPlacesAppStore", "QuietPlacesDevice",
        "QuietPlacesInvariants",
        "QuietPlacesREPL", "QuietPlacesUtilities",
      ],
      swiftSettings: strict),
    // The `.qp` golden tests: the format, discovery, execution, matching, reporters and updating.
    .target(
      name: "QuietPlacesGolden",
      dependencies: ["QuietPlacesGame", "QuietPlacesAppStore", "QuietPlacesREPL", "QuietPlacesUtilities"],
      swiftSettings: strict),
    // The command line: one declarative option parser, every mode's declaration, and the program.
    .target(
      name: "QuietPlacesCommandLine",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesStore", "QuietPlacesAppStore", "QuietPlacesUtilities",
        "QuietPlacesLab",
        "QuietPlacesREPL", "QuietPlacesGolden", "QuietPlacesExplore",
      ],
      swiftSettings: strict),
    // libedit, for line editing, history and completion on a terminal.
    .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // The `quietplaces` executable: the terminal and libedit, calling Program.main; a thin top.
    .executableTarget(
      name: "quietplaces",
      dependencies: ["QuietPlacesCommandLine", "QuietPlacesREPL", "QuietPlacesUtilities", "CEditLine"],
      swiftSettings: strict),
    // The benchmark executable that prints every figure of the performance targets.
    .executableTarget(
      name: "quietplaces-benchmark",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesREPL", "QuietPlacesGolden", "QuietPlacesStore", "QuietPlacesStoreKit",
        "QuietPlacesAppStore", "QuietPlacesDevice", "QuietPlacesLab", "QuietPlacesCommandLine",
        "QuietPlacesExplore",
      ],
      // The latest figures and the command that produced them.
      exclude: ["README.md"],
      swiftSettings: strict),
    // What every test target shares instead of keeping copies: fixture locations, the package's
    // configuration, the seeded generator, the child-process launcher, a scripted `StoreClient`,
    // builders of games, saves and sessions.
    .target(
      name: "QuietPlacesTestSupport",
      dependencies: [
        "QuietPlacesGame", "QuietPlacesStoreKit", "QuietPlacesJWS", "QuietPlacesStore", "QuietPlacesAppStore",
        "QuietPlacesLab", "QuietPlacesREPL",
      ],
      path: "Tests/QuietPlacesTestSupport",
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesUtilitiesTests", dependencies: ["QuietPlacesUtilities", "QuietPlacesTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesGameTests", dependencies: ["QuietPlacesGame", "QuietPlacesTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesLabTests",
      dependencies: [
        "QuietPlacesLab", "QuietPlacesDevice", "QuietPlacesGame", "QuietPlacesUtilities",
        "QuietPlacesTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesJWSTests", dependencies: ["QuietPlacesJWS", "COpenSSL", "QuietPlacesTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesStoreTests",
      dependencies: [
        "QuietPlacesStoreKit", "QuietPlacesStore", "QuietPlacesGame", "QuietPlacesJWS",
        "QuietPlacesTestSupport",
      ],
      // Saves of earlier formats, read through #filePath by the migration tests.
      exclude: ["Fixtures"],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesAppStoreTests",
      dependencies: [
        "QuietPlacesAppStore", "QuietPlacesStoreKit", "QuietPlacesStore", "QuietPlacesJWS",
        "QuietPlacesUtilities", "QuietPlacesTestSupport",
      ],
      // Real and edited `.storekit` files, read through #filePath by the corpus tests and a golden script.
      exclude: ["Fixtures"],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesInvariantsTests",
      dependencies: [
        "QuietPlacesInvariants", "QuietPlacesDevice", "QuietPlacesGame", "QuietPlacesStore",
        "QuietPlacesUtilities",
        "QuietPlacesTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesExploreTests",
      dependencies: [
        "QuietPlacesExplore", "QuietPlacesREPL", "QuietPlacesGame", "QuietPlacesStore",
        "QuietPlacesDevice", "QuietPlacesUtilities", "QuietPlacesTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesREPLTests",
      dependencies: [
        "QuietPlacesREPL", "QuietPlacesGame", "QuietPlacesLab", "QuietPlacesAppStore", "QuietPlacesStore",
        "QuietPlacesUtilities", "QuietPlacesTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesGoldenTests",
      dependencies: [
        "QuietPlacesGolden", "QuietPlacesREPL", "QuietPlacesUtilities", "QuietPlacesTestSupport",
        "QuietPlacesStore",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "QuietPlacesCommandLineTests",
      dependencies: [
        "QuietPlacesCommandLine", "QuietPlacesExplore", "QuietPlacesGolden", "QuietPlacesREPL",
        "QuietPlacesLab", "QuietPlacesStore", "QuietPlacesUtilities", "QuietPlacesTestSupport",
      ],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
