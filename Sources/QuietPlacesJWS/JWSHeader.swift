import FoundationEssentials
import QuietPlacesUtilities

/// The protected header of an ES256 JWS: the algorithm and the certificate chain.
public struct JWSHeader: Sendable, Equatable, Codable {
  /// The signing algorithm; always `ES256` in a header this module writes.
  public var alg: String
  /// The certificate chain, each entry standard base64 of a DER certificate, leaf first.
  public var x5c: [String]?

  /// Makes a header.
  public init(alg: String = "ES256", x5c: [String]? = nil) {
    self.alg = alg
    self.x5c = x5c
  }

  /// Reads a header from its JSON bytes, naming what is wrong if it is not one.
  ///
  /// The header must be a JSON object with a string `alg`; `x5c`, if present, must be
  /// an array of strings; a `crit` member is refused, since no extension is understood.
  static func parse(_ json: Data) throws(JWSError) -> JWSHeader {
    let object: JSONObject
    switch try? JSONDecoder().decode(JSONValue.self, from: json) {
    case .object(let members)?: object = members
    case nil: throw .invalidEncoding("header is not JSON")
    default: throw .invalidEncoding("header is not a JSON object")
    }
    guard let algorithm = object["alg"] else { throw .invalidEncoding("header has no 'alg'") }
    guard case .string(let alg) = algorithm else { throw .invalidEncoding("header 'alg' is not a string") }
    guard object["crit"] == nil else { throw .invalidEncoding("header has 'crit', which is not supported") }
    var chain: [String]?
    if let value = object["x5c"] {
      guard case .array(let items) = value else {
        throw .invalidEncoding("header 'x5c' is not an array of strings")
      }
      var strings: [String] = []
      for item in items {
        guard case .string(let text) = item else {
          throw .invalidEncoding("header 'x5c' is not an array of strings")
        }
        strings.append(text)
      }
      chain = strings
    }
    return JWSHeader(alg: alg, x5c: chain)
  }
}
