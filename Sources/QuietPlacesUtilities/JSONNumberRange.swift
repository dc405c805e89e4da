import FoundationEssentials

/// Where a file's number does not fit its field.
///
/// `JSONDecoder` refuses a number its field cannot hold (`-5` for an ID, a clock of 10^30, `1.5` for
/// a count) either with an error that names the number but not the key, or with "The given data was
/// not valid JSON" and no key path at all — for a file that is JSON. This reads the document itself
/// to say which field it is, so the one error line never calls such a file "not JSON".
public enum JSONNumberRange {
  /// The sentence for a decoding error that is a number its field cannot hold (`key
  /// 'account.nextTransactionID' is -5, which its field cannot hold`), or `nil` when `error` is
  /// something else or `data` is not JSON.
  public static func problem(_ error: any Error, in data: Data) -> String? {
    let description = String(describing: error)
    let marker = "numberIsNotRepresentableInSwift(parsed: \""
    if let start = description.firstRange(of: marker)?.upperBound,
      let end = description[start...].firstIndex(of: "\""),
      let document = try? JSONValue(parsing: data)
    {
      let number = String(description[start..<end])
      guard let (path, _) = document.first(where: { $0 == .number(number) }) else {
        return "the number \(number.prefix(40)) is beyond what its field can hold"
      }
      return "key '\(path)' is \(number.prefix(40)), beyond what its field can hold"
    }
    // "Not valid JSON", with no key path, for a document that is JSON: a number that does not fit.
    guard case .dataCorrupted(let context)? = error as? DecodingError, context.codingPath.isEmpty,
      let document = try? JSONValue(parsing: data)
    else { return nil }
    if let (path, found) = document.first(where: { Self.wholeNumber($0).map { !$0.fitsInt64 } ?? false }),
      case .number(let text) = found
    {
      return "it is JSON, but key '\(path)' is \(text.prefix(40)), beyond what a whole-number field holds"
    }
    if let (path, found) = document.first(where: { Self.wholeNumber($0)?.negative ?? false }),
      case .number(let text) = found
    {
      return "it is JSON, but key '\(path)' is \(text), and no ID, count or clock is negative"
    }
    return "it is JSON, but a number in it does not fit its field (a fraction where a whole number "
      + "belongs, or one out of range)"
  }

  /// The sentence for a decoding error of `data` read as a `T`: when the number that failed is one
  /// its integer field cannot hold, the field's key and why (`key 'game.equipment.sails' is 2.5, and
  /// that field holds a whole number`); otherwise as ``problem(_:in:)`` says it.
  public static func problem<T: Decodable>(_ error: any Error, in data: Data, decoding type: T.Type)
    -> String?
  {
    if let misfit = StrictJSONDecoder.integerMisfit(T.self, in: data), let value = Double(misfit.number) {
      let prefix = "it is JSON, but key '\(misfit.path)' is \(misfit.number.prefix(40))"
      if value.isFinite, value.rounded(.towardZero) != value {
        return prefix + ", and that field holds a whole number"
      }
      if value < 0, misfit.type.hasPrefix("U") {
        return prefix + ", and no ID, count or clock is negative"
      }
      // A whole number written with an exponent (`1e2`) may be read by JSONDecoder: said only when
      // it is beyond the field's range.
      if !(value.magnitude < 9.2e18) { return prefix + ", beyond what that field holds" }
    }
    return problem(error, in: data)
  }

  /// A number's text when it is a whole number (digits, an optional minus): whether it is negative
  /// and whether it fits an `Int64`.
  static func wholeNumber(_ value: JSONValue) -> (negative: Bool, fitsInt64: Bool)? {
    guard case .number(let text) = value else { return nil }
    let negative = text.hasPrefix("-")
    let digits = negative ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return (negative, Int64(text) != nil)
  }
}

extension JSONValue {
  /// The first value inside this one, depth first in member order, for which `matches` holds, with
  /// its key path (`account.pendingApprovals[0].id`); `nil` when none does.
  public func first(where matches: (JSONValue) -> Bool) -> (path: String, value: JSONValue)? {
    func search(_ value: JSONValue, _ path: String) -> (path: String, value: JSONValue)? {
      if !path.isEmpty, matches(value) { return (path, value) }
      switch value {
      case .array(let items):
        for (index, item) in items.enumerated() {
          if let found = search(item, "\(path)[\(index)]") { return found }
        }
      case .object(let members):
        for (key, item) in members {
          if let found = search(item, path.isEmpty ? key : "\(path).\(key)") { return found }
        }
      default: break
      }
      return nil
    }
    return search(self, "")
  }
}
