/// `--bail`, shared by the modes that run commands one after another (the REPL in batch mode, and
/// `run`): stop at the first command that fails.
struct BailOption: OptionGroup, Equatable {
  /// Stop at the first failed command; otherwise every line runs and the exit status is 1 at the end.
  var bail = false

  static var options: [OptionDeclaration<BailOption>] {
    [
      .flag(
        "--bail", \.bail,
        help: "stop at the first command that fails (by default every line runs, and the exit status is 1)")
    ]
  }
}
