extension Double {
  /// The number as a balance file or a user writes it: whole numbers below 10^15 without `.0` (`0`,
  /// `-40`, `2000`), any other as Swift writes it shortest (`0.9`, `1e+300`, `inf`); the same text on
  /// every machine.
  public var plainText: String {
    isFinite && self == rounded() && magnitude < 1e15 ? String(Int64(self)) : "\(self)"
  }
}
