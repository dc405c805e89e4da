/// Whether two numbers agree to a relative difference of at most `tolerance`.
public func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
  if a == b { return true }
  return abs(a - b) <= tolerance * max(abs(a), abs(b))
}
