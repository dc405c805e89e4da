/// `log`, `exp` and whole powers that give the same bits on every machine.
///
/// The C library's `log`, `exp` and `pow` are not the same function everywhere: glibc picks a variant
/// for the processor when a program starts, and on this machine the variant with fused multiply-add
/// and the one without differ in the last bit of `log` for about one argument in ten thousand, and of
/// `pow(1.1, 284)`. The game's numbers (a level's power and price, the countdown to a survey or a
/// current) and the explorer's durations are computed here instead, with IEEE-754 additions,
/// multiplications and divisions only (Swift fuses none of them), so a script prints the same on any
/// machine.
///
/// `log` and `exp` are fdlibm's (Sun Microsystems, 1993, freely redistributable; the algorithms of
/// FreeBSD's `e_log.c` and `e_exp.c`): under one unit in the last place. `power` multiplies in
/// double-double arithmetic and rounds once, so it is the correctly rounded `x^n` but for values
/// within about 10⁻²⁸ of a rounding boundary.
public enum PortableMath {
  // MARK: log

  private static let ln2Hi = 6.93147180369123816490e-01  // 0x3FE62E42 FEE00000
  private static let ln2Lo = 1.90821492927058770002e-10  // 0x3DEA39EF 35793C76
  private static let two54 = 1.80143985094819840000e+16  // 0x43500000 00000000
  private static let lg1 = 6.666666666666735130e-01  // 0x3FE55555 55555593
  private static let lg2 = 3.999999999940941908e-01  // 0x3FD99999 9997FA04
  private static let lg3 = 2.857142874366239149e-01  // 0x3FD24924 94229359
  private static let lg4 = 2.222219843214978396e-01  // 0x3FCC71C5 1D8E78AF
  private static let lg5 = 1.818357216161805012e-01  // 0x3FC74664 96CB03DE
  private static let lg6 = 1.531383769920937332e-01  // 0x3FC39A09 D078C69F
  private static let lg7 = 1.479819860511658591e-01  // 0x3FC2F112 DF3E5244

  /// The natural logarithm: `-inf` at ±0, NaN below zero, `inf` at `inf`.
  public static func log(_ value: Double) -> Double {
    var x = value
    var hx = highWord(x)
    var k: Int32 = 0
    if hx < 0x0010_0000 {  // x < 2^-1022: zero, negative or subnormal
      if (hx & 0x7fff_ffff) == 0 && lowWord(x) == 0 { return -Double.infinity }
      if hx < 0 { return .nan }
      k -= 54
      x *= two54  // a subnormal, scaled up
      hx = highWord(x)
    }
    if hx >= 0x7ff0_0000 { return x + x }  // inf or NaN
    k += (hx >> 20) - 1023
    hx &= 0x000f_ffff
    var i = (hx &+ 0x95f64) & 0x10_0000
    x = withHighWord(x, hx | (i ^ 0x3ff0_0000))  // x or x/2, normalised into [sqrt(2)/2, sqrt(2))
    k += i >> 20
    let f = x - 1.0
    let dk = Double(k)
    if (0x000f_ffff & (2 &+ hx)) < 3 {  // |f| < 2^-20
      if f == 0 { return k == 0 ? 0 : dk * ln2Hi + dk * ln2Lo }
      let r = f * f * (0.5 - 0.33333333333333333 * f)
      return k == 0 ? f - r : dk * ln2Hi - ((r - dk * ln2Lo) - f)
    }
    let s = f / (2.0 + f)
    let z = s * s
    i = hx &- 0x6147a
    let w = z * z
    let j = 0x6b851 &- hx
    let t1 = w * (lg2 + w * (lg4 + w * lg6))
    let t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)))
    i |= j
    let r = t2 + t1
    if i > 0 {
      let hfsq = 0.5 * f * f
      return k == 0 ? f - (hfsq - s * (hfsq + r)) : dk * ln2Hi - ((hfsq - (s * (hfsq + r) + dk * ln2Lo)) - f)
    }
    return k == 0 ? f - s * (f - r) : dk * ln2Hi - ((s * (f - r) - dk * ln2Lo) - f)
  }

  // MARK: exp

  private static let overflowThreshold = 7.09782712893383973096e+02  // 0x40862E42 FEFA39EF
  private static let underflowThreshold = -7.45133219101941108420e+02  // 0xC0874910 D52D3051
  private static let invLn2 = 1.44269504088896338700e+00  // 0x3FF71547 652B82FE
  private static let twoM1000 = 9.33263618503218878990e-302  // 2^-1000
  private static let p1 = 1.66666666666666019037e-01  // 0x3FC55555 5555553E
  private static let p2 = -2.77777777770155933842e-03  // 0xBF66C16C 16BEBD93
  private static let p3 = 6.61375632143793436117e-05  // 0x3F11566A AF25DE2C
  private static let p4 = -1.65339022054652515390e-06  // 0xBEBBBD41 C5D26BF1
  private static let p5 = 4.13813679705723846039e-08  // 0x3E663769 72BEA4D0

  /// `e^x`: `inf` above about 709.78, `0` below about −745.13.
  public static func exp(_ value: Double) -> Double {
    var x = value
    var hx = highWord(x)
    let negative = hx < 0
    hx &= 0x7fff_ffff
    if hx >= 0x4086_2E42 {  // |x| >= 709.78…
      if hx >= 0x7ff0_0000 {
        if x.isNaN { return x + x }
        return negative ? 0 : x
      }
      if x > overflowThreshold { return .infinity }
      if x < underflowThreshold { return 0 }
    }
    var hi = 0.0
    var lo = 0.0
    var k: Int32 = 0
    if hx > 0x3fd6_2e42 {  // |x| > ln2 / 2: x = k ln2 + r
      if hx < 0x3FF0_A2B2 {  // and |x| < 1.5 ln2
        hi = negative ? x + ln2Hi : x - ln2Hi
        lo = negative ? -ln2Lo : ln2Lo
        k = negative ? -1 : 1
      } else {
        k = Int32(invLn2 * x + (negative ? -0.5 : 0.5))
        let t = Double(k)
        hi = x - t * ln2Hi  // exact here
        lo = t * ln2Lo
      }
      x = hi - lo
    } else if hx < 0x3e30_0000 {  // |x| < 2^-28
      return 1 + x
    }
    let t = x * x
    let c = x - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
    if k == 0 { return 1 - ((x * c) / (c - 2.0) - x) }
    let y = 1 - ((lo - (x * c) / (2.0 - c)) - hi)
    if k >= -1021 { return withHighWord(y, highWord(y) &+ (k << 20)) }
    return withHighWord(y, highWord(y) &+ ((k + 1000) << 20)) * twoM1000
  }

  // MARK: whole powers

  /// `x^n` for a whole `n`: `1` for `n == 0` (even for NaN, as `pow` does), `inf` when it overflows.
  /// A negative `n` gives `1 / x^-n`.
  public static func power(_ x: Double, _ n: Int) -> Double {
    if n == 0 { return 1 }
    if n < 0 { return n == Int.min ? 1 / (power(x, Int.max) * x) : 1 / power(x, -n) }
    let negative = x.sign == .minus && n % 2 == 1
    guard x.isFinite, x != 0 else {
      if x.isNaN { return x }
      let magnitude: Double = x == 0 ? 0 : .infinity
      return negative ? -magnitude : magnitude
    }
    // Double-doubles kept between 2^-400 and 2^400 by powers of two (exact), with each power kept
    // apart, so that no step overflows or underflows before the one rounding at the end.
    var base = DoubleDouble(x.magnitude)
    var baseExponent = base.keepInRange()
    var result = DoubleDouble(1)
    var resultExponent = 0
    var rest = n
    while true {
      if rest & 1 == 1 {
        result = result * base
        resultExponent += baseExponent + result.keepInRange()
      }
      rest >>= 1
      if rest == 0 { break }
      // Beyond any Double either way (every exponent has the sign of x's): the rest only moves further.
      if abs(resultExponent) > 4096 || abs(baseExponent) > 4096 {
        resultExponent = baseExponent > 0 || resultExponent > 0 ? 1 << 20 : -(1 << 20)
        break
      }
      base = base * base
      baseExponent = baseExponent * 2 + base.keepInRange()
    }
    let magnitude: Double
    if resultExponent == 0 {
      magnitude = result.hi + result.lo
    } else if resultExponent > 4096 {
      magnitude = .infinity
    } else if resultExponent < -4096 {
      magnitude = 0
    } else {
      // Rounded once, then scaled by a power of two: exact unless the result is subnormal or overflows.
      magnitude = Double(sign: .plus, exponent: resultExponent, significand: result.hi + result.lo)
    }
    return negative ? -magnitude : magnitude
  }

  // MARK: bits

  private static func highWord(_ x: Double) -> Int32 { Int32(truncatingIfNeeded: x.bitPattern >> 32) }
  private static func lowWord(_ x: Double) -> UInt32 { UInt32(truncatingIfNeeded: x.bitPattern) }
  private static func withHighWord(_ x: Double, _ high: Int32) -> Double {
    Double(bitPattern: UInt64(UInt32(bitPattern: high)) << 32 | (x.bitPattern & 0xffff_ffff))
  }
}

/// A number as the unevaluated sum `hi + lo` of two Doubles, `|lo| ≤ ulp(hi) / 2`: about 106 bits.
private struct DoubleDouble {
  var hi: Double
  var lo: Double

  init(_ value: Double) {
    hi = value
    lo = 0
  }

  init(hi: Double, lo: Double) {
    self.hi = hi
    self.lo = lo
  }

  /// Splits `a` into two halves of 26 bits each whose sum is `a` (Veltkamp; `a` well inside the range).
  private static func split(_ a: Double) -> (Double, Double) {
    let t = 134_217_729.0 * a
    let hi = t - (t - a)
    return (hi, a - hi)
  }

  /// `a · b` exactly, as a rounded product and its error (Dekker, without a fused multiply-add).
  private static func twoProduct(_ a: Double, _ b: Double) -> (Double, Double) {
    let p = a * b
    let (aHi, aLo) = split(a)
    let (bHi, bLo) = split(b)
    let error = ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo
    return (p, error)
  }

  static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
    let (p, e) = twoProduct(a.hi, b.hi)
    let error = e + (a.hi * b.lo + a.lo * b.hi)
    let hi = p + error
    return DoubleDouble(hi: hi, lo: error - (hi - p))
  }

  /// Scales the number into [1, 2) by a power of two (exactly) when it has left 2^-400…2^400, where a
  /// product's parts stay well within the Doubles; returns that power (0 when left as it was).
  mutating func keepInRange() -> Int {
    let magnitude = hi.magnitude
    guard magnitude > 0x1p400 || magnitude < 0x1p-400 else { return 0 }
    let exponent = Int((hi.bitPattern >> 52) & 0x7ff) - 1023
    let scale = Double(sign: .plus, exponent: -exponent, significand: 1)  // 2^-1023 is subnormal, still exact
    hi *= scale
    lo *= scale
    return exponent
  }
}
