import Foundation
import QuietPlacesUtilities

@testable import QuietPlacesAppStore

// Xcode's `.storekit` writer, which the tests use to check that loading keeps everything a file
// holds: a loaded file written back in Xcode's layout must give the same bytes.

extension JSONValue {
  /// The value written as Xcode writes `.storekit` files, with the final newline.
  ///
  /// Xcode's layout: two-space indents, `" : "` between key and value, keys sorted
  /// case-insensitively (so `_storefront` precedes `_storeKitErrors`), an empty array or
  /// object as its brackets on their own lines with a blank line between, `/` escaped.
  func xcodeText() -> String {
    var output = ""
    write(into: &output, indent: 0)
    output += "\n"
    return output
  }

  /// Xcode's key order: case-insensitive, ties broken by the exact text.
  static func xcodeKeyOrder(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.lowercased()
    let right = rhs.lowercased()
    return left != right ? left < right : lhs < rhs
  }

  private func write(into output: inout String, indent: Int) {
    let inner = String(repeating: " ", count: indent + 2)
    let closing = String(repeating: " ", count: indent)
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): Self.writeString(text, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[\n\n" + closing + "]"
        return
      }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += inner
        element.write(into: &output, indent: indent + 2)
        output += index == elements.count - 1 ? "\n" : ",\n"
      }
      output += closing + "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{\n\n" + closing + "}"
        return
      }
      output += "{\n"
      let keys = members.keys.sorted(by: Self.xcodeKeyOrder)
      for (index, key) in keys.enumerated() {
        output += inner
        Self.writeString(key, into: &output)
        output += " : "
        members[key]!.write(into: &output, indent: indent + 2)
        output += index == keys.count - 1 ? "\n" : ",\n"
      }
      output += closing + "}"
    }
  }

  private static func writeString(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "/": output += "\\/"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

extension StoreKitConfiguration {
  /// The file's bytes exactly as Xcode writes them: sorted keys, `" : "`, two-space indents.
  func xcodeFormattedData() -> Data {
    Data(json.xcodeText().utf8)
  }

  var json: JSONValue {
    var top = otherKeys
    if let identifier { top["identifier"] = .string(identifier) }
    top["nonRenewingSubscriptions"] = nonRenewingSubscriptions
    top["subscriptionGroups"] = subscriptionGroups
    top["version"] = .object(["major": .number("\(version.major)"), "minor": .number("\(version.minor)")])
    // A file without `products`, or with null there, is written as it was read (its note says which).
    if notes.contains(StoreKitConfigurationReader.nullProducts) {
      top["products"] = .null
    } else if !notes.contains(StoreKitConfigurationReader.missingProducts) {
      top["products"] = .array(products.map(\.json))
    }
    top["settings"] = settings.json
    return .object(top)
  }
}

extension StoreKitConfiguration.Product {
  var json: JSONValue {
    var members = otherKeys
    let text = displayPriceText.flatMap { Decimal(string: $0) == displayPrice ? $0 : nil }
    members["displayPrice"] = .string(text ?? "\(displayPrice)")
    members["familyShareable"] = .bool(familyShareable)
    if !internalIDIsAbsent || !internalID.isEmpty { members["internalID"] = .string(internalID) }
    members["localizations"] = .array(localizations.map(\.json))
    members["productID"] = .string(id)
    if let referenceName {
      members["referenceName"] = .string(referenceName)
    } else if referenceNameIsNull {
      members["referenceName"] = .null
    }
    members["type"] = .string(type.rawValue)
    return .object(members)
  }
}

extension StoreKitConfiguration.Localization {
  var json: JSONValue {
    var members = otherKeys
    members["description"] = .string(description)
    members["displayName"] = .string(displayName)
    members["locale"] = .string(locale)
    return .object(members)
  }
}

extension StoreKitConfiguration.Settings {
  var json: JSONValue {
    var members = otherKeys
    if let storefront { members["_storefront"] = .string(storefront) }
    if let locale { members["_locale"] = .string(locale) }
    if let askToBuyEnabled { members["_askToBuyEnabled"] = .bool(askToBuyEnabled) }
    if let failTransactionsEnabled { members["_failTransactionsEnabled"] = .bool(failTransactionsEnabled) }
    return .object(members)
  }
}
