/// When a station is open (OCPI `Hours`), interpreted in the station's time zone.
///
/// Source: `../shared/reference/ev-domain.md` §1.5.
public struct OpeningHours: Hashable, Sendable, Codable {
  /// A weekly opening period in local time; `weekday` 1 = Monday … 7 = Sunday.
  public struct RegularPeriod: Hashable, Sendable, Codable {
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
    public var begin: Double
    public var end: Double
    /// Creates a period from UTC seconds since 1970.
    public init(begin: Double, end: Double) {
      self.begin = begin
      self.end = end
    }
  }

  public var twentyFourSeven: Bool
  public var regular: [RegularPeriod]
  public var exceptionalOpenings: [ExceptionalPeriod]
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
