import QuietPlacesLab

/// `--balance FILE` and `--set KEY=VALUE`, shared by the modes that play other balances: each file
/// and each key's values are dimensions of the variants.
struct BalanceOptions: OptionGroup, Equatable {
  /// Balance files to play instead of Configuration/balance.json.
  var files: [String] = []
  /// Changes to the balance.
  var settings: [BalanceSetting] = []

  static var options: [OptionDeclaration<BalanceOptions>] {
    [
      .repeating(
        "--balance", \.files, .path("FILE"), default: "Configuration/balance.json",
        help: "play this balance file instead"),
      .repeating(
        "--set", \.settings, .balanceSetting,
        help: "change one number of the balance (a path into balance.json); each key is a dimension"),
    ]
  }
}
