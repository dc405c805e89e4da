import QuietPlacesLab

extension ValueReader where Value == [Double] {
  /// `P,P,...`: percentiles from 0 to 100, such as `10,50,90`.
  public static var percentiles: ValueReader {
    ValueReader(
      placeholder: "P,...", example: "10,50,90",
      read: { (text: String, _: String) throws(ValueProblem) in
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0) }.filter { $0.isFinite && (0...100).contains($0) }
        guard !parts.isEmpty, values.count == parts.count else { throw .lab(.notPercentiles(text)) }
        for (index, value) in values.enumerated() {
          guard let earlier = values[..<index].firstIndex(of: value) else { continue }
          throw .lab(.repeatedPercentile(String(parts[index]), earlier: String(parts[earlier])))
        }
        return values
      },
      text: { values in
        values.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ",")
      })
  }
}

extension ValueReader where Value == SuppliesPolicy {
  /// `eager|bridge|hold`: when Postmarks are spent on supplies.
  public static var suppliesPolicy: ValueReader {
    ValueReader(
      placeholder: SuppliesPolicy.allCases.map(\.rawValue).joined(separator: "|"), example: "bridge",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try SuppliesPolicy.parse(text) } catch { throw .lab(error) }
      }, text: \.rawValue)
  }
}

extension ValueReader where Value == BalanceVariation {
  /// `KEY=A,B,...` or `KEY=FROM..TO/STEPS`: values of one key, each tried on its own.
  public static var balanceVariation: ValueReader {
    ValueReader(
      placeholder: "KEY=A,B|KEY=FROM..TO/STEPS", example: "equipment.sails.priceGrowth=1.5,1.7",
      read: { (text: String, _: String) throws(ValueProblem) in
        do throws(LabError) { return try BalanceVariation.parse(text) } catch { throw .lab(error) }
      }, text: { "\($0.key)=\($0.values.joined(separator: ","))" })
  }
}
