/// One number for each of a route's five places, held inline: the closed-form path reads these at
/// every event, so they must not live in a heap-allocated array.
struct PlaceValues: Sendable {
  private var values: (Double, Double, Double, Double, Double)

  /// The values `value(index)` for the indices 0 to 4.
  init(_ value: (Int) -> Double) {
    values = (value(0), value(1), value(2), value(3), value(4))
  }

  /// The value at a route index (0–4).
  subscript(index: Int) -> Double {
    switch index {
    case 0: values.0
    case 1: values.1
    case 2: values.2
    case 3: values.3
    default: values.4
    }
  }

  /// The sum in index order, from 0 (as `reduce(0, +)` adds).
  var sum: Double { 0 + values.0 + values.1 + values.2 + values.3 + values.4 }
}
