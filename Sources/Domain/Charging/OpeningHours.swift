/// When a station is open (OCPI `Hours`), interpreted in the station's time zone.
///
/// Source: `Documentation/Reference/ev-domain.md` §1.5.
public struct OpeningHours: Hashable, Sendable, Codable {
  /// A weekly opening period in local time; `weekday` 1 = Monday … 7 = Sunday.
  public struct RegularPeriod: Hashable, Sendable, Codable {
    /// The weekday, 1 = Monday … 7 = Sunday (OCPI `weekday`).
    public var weekday: Int
    /// Minutes after local midnight, inclusive.
    public var beginMinute: Int
    /// Minutes after local midnight, exclusive (end > begin; overnight periods are split).
    public var endMinute: Int
    /// Creates a period.
    public init(weekday: Int, beginMinute: Int, endMinute: Int) {
      self.weekday = weekday
      self.beginMinute = beginMinute
      self.endMinute = endMinute
    }
  }

  /// An absolute interval in UTC seconds since 1970 (OCPI exceptional periods).
  public struct ExceptionalPeriod: Hashable, Sendable, Codable {
    /// Start, UTC seconds since 1970 (inclusive).
    public var begin: Double
    /// End, UTC seconds since 1970 (exclusive).
    public var end: Double
    /// Creates a period from UTC seconds since 1970.
    public init(begin: Double, end: Double) {
      self.begin = begin
      self.end = end
    }
  }

  /// Whether the station is always open (OCPI `twentyfourseven`).
  public var twentyFourSeven: Bool
  /// Weekly opening periods in local time, used when not open around the clock.
  public var regular: [RegularPeriod]
  /// Extra openings (UTC) that open the station outside its regular hours.
  public var exceptionalOpenings: [ExceptionalPeriod]
  /// Closings (UTC) that win over every other rule.
  public var exceptionalClosings: [ExceptionalPeriod]

  /// Creates opening hours.
  public init(
    twentyFourSeven: Bool, regular: [RegularPeriod] = [],
    exceptionalOpenings: [ExceptionalPeriod] = [], exceptionalClosings: [ExceptionalPeriod] = []
  ) {
    self.twentyFourSeven = twentyFourSeven
    self.regular = regular
    self.exceptionalOpenings = exceptionalOpenings
    self.exceptionalClosings = exceptionalClosings
  }

  /// Always open.
  public static let alwaysOpen = OpeningHours(twentyFourSeven: true)
}
