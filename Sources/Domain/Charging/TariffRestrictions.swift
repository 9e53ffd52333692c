import Foundation

/// Conditions under which a tariff element is active during a session (OCPI `TariffRestrictions`).
///
/// All set fields must hold at once. They switch an element on and off *during* a session; they do
/// not select it for the whole session. Lower bounds are inclusive and upper bounds exclusive
/// (`Documentation/Reference/ev-domain.md` §1.7, Restrictions table).
public struct TariffRestrictions: Hashable, Sendable, Codable {
  /// Local time of day from which the element is active (inclusive).
  public var startTime: TimeOfDay?
  /// Local time of day until which the element is active (exclusive); before `startTime` means the
  /// window wraps past midnight, and `00:00` means the end of the day.
  public var endTime: TimeOfDay?
  /// Local date from which the element is active (inclusive).
  public var startDate: LocalDate?
  /// Local date until which the element is active (exclusive).
  public var endDate: LocalDate?
  /// Energy charged so far, in kWh, from which the element is active (inclusive).
  public var minKWh: Decimal?
  /// Energy charged so far, in kWh, until which the element is active (exclusive).
  public var maxKWh: Decimal?
  /// Instantaneous charging current summed over phases, in A, from which the element is active.
  public var minCurrent: Decimal?
  /// Instantaneous charging current summed over phases, in A, below which the element is active.
  public var maxCurrent: Decimal?
  /// Instantaneous charging power, in kW, from which the element is active.
  public var minPower: Decimal?
  /// Instantaneous charging power, in kW, below which the element is active.
  public var maxPower: Decimal?
  /// Session duration, in seconds, from which the element is active (inclusive).
  public var minDuration: Int?
  /// Session duration, in seconds, until which the element is active (exclusive).
  public var maxDuration: Int?
  /// Local weekdays on which the element is active; empty means every day.
  public var dayOfWeek: [DayOfWeek]
  /// When set, the element prices a reservation rather than charging.
  public var reservation: ReservationRestriction?

  /// Creates restrictions; every field defaults to "not restricted".
  public init(
    startTime: TimeOfDay? = nil, endTime: TimeOfDay? = nil, startDate: LocalDate? = nil,
    endDate: LocalDate? = nil, minKWh: Decimal? = nil, maxKWh: Decimal? = nil,
    minCurrent: Decimal? = nil, maxCurrent: Decimal? = nil, minPower: Decimal? = nil,
    maxPower: Decimal? = nil, minDuration: Int? = nil, maxDuration: Int? = nil,
    dayOfWeek: [DayOfWeek] = [], reservation: ReservationRestriction? = nil
  ) {
    self.startTime = startTime
    self.endTime = endTime
    self.startDate = startDate
    self.endDate = endDate
    self.minKWh = minKWh
    self.maxKWh = maxKWh
    self.minCurrent = minCurrent
    self.maxCurrent = maxCurrent
    self.minPower = minPower
    self.maxPower = maxPower
    self.minDuration = minDuration
    self.maxDuration = maxDuration
    self.dayOfWeek = dayOfWeek
    self.reservation = reservation
  }

  /// Whether no field is set, so the restrictions always hold.
  public var isEmpty: Bool { self == TariffRestrictions() }

  enum CodingKeys: String, CodingKey {
    case startTime = "start_time"
    case endTime = "end_time"
    case startDate = "start_date"
    case endDate = "end_date"
    case minKWh = "min_kwh"
    case maxKWh = "max_kwh"
    case minCurrent = "min_current"
    case maxCurrent = "max_current"
    case minPower = "min_power"
    case maxPower = "max_power"
    case minDuration = "min_duration"
    case maxDuration = "max_duration"
    case dayOfWeek = "day_of_week"
    case reservation
  }

  /// Decodes restrictions; `day_of_week` may be absent or null.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    startTime = try c.decodeIfPresent(TimeOfDay.self, forKey: .startTime)
    endTime = try c.decodeIfPresent(TimeOfDay.self, forKey: .endTime)
    startDate = try c.decodeIfPresent(LocalDate.self, forKey: .startDate)
    endDate = try c.decodeIfPresent(LocalDate.self, forKey: .endDate)
    minKWh = try c.decodeIfPresent(Decimal.self, forKey: .minKWh)
    maxKWh = try c.decodeIfPresent(Decimal.self, forKey: .maxKWh)
    minCurrent = try c.decodeIfPresent(Decimal.self, forKey: .minCurrent)
    maxCurrent = try c.decodeIfPresent(Decimal.self, forKey: .maxCurrent)
    minPower = try c.decodeIfPresent(Decimal.self, forKey: .minPower)
    maxPower = try c.decodeIfPresent(Decimal.self, forKey: .maxPower)
    minDuration = try c.decodeIfPresent(Int.self, forKey: .minDuration)
    maxDuration = try c.decodeIfPresent(Int.self, forKey: .maxDuration)
    dayOfWeek = try c.decodeIfPresent([DayOfWeek].self, forKey: .dayOfWeek) ?? []
    reservation = try c.decodeIfPresent(ReservationRestriction.self, forKey: .reservation)
  }

  /// Encodes only the fields that are set.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(startTime, forKey: .startTime)
    try c.encodeIfPresent(endTime, forKey: .endTime)
    try c.encodeIfPresent(startDate, forKey: .startDate)
    try c.encodeIfPresent(endDate, forKey: .endDate)
    try c.encodeIfPresent(minKWh, forKey: .minKWh)
    try c.encodeIfPresent(maxKWh, forKey: .maxKWh)
    try c.encodeIfPresent(minCurrent, forKey: .minCurrent)
    try c.encodeIfPresent(maxCurrent, forKey: .maxCurrent)
    try c.encodeIfPresent(minPower, forKey: .minPower)
    try c.encodeIfPresent(maxPower, forKey: .maxPower)
    try c.encodeIfPresent(minDuration, forKey: .minDuration)
    try c.encodeIfPresent(maxDuration, forKey: .maxDuration)
    if !dayOfWeek.isEmpty { try c.encode(dayOfWeek, forKey: .dayOfWeek) }
    try c.encodeIfPresent(reservation, forKey: .reservation)
  }
}

/// A day of the week (OCPI `DayOfWeek`).
public enum DayOfWeek: String, Hashable, Sendable, Codable, CaseIterable {
  /// Monday.
  case monday = "MONDAY"
  /// Tuesday.
  case tuesday = "TUESDAY"
  /// Wednesday.
  case wednesday = "WEDNESDAY"
  /// Thursday.
  case thursday = "THURSDAY"
  /// Friday.
  case friday = "FRIDAY"
  /// Saturday.
  case saturday = "SATURDAY"
  /// Sunday.
  case sunday = "SUNDAY"

  /// Monday = 0 … Sunday = 6.
  public var index: Int {
    switch self {
    case .monday: 0
    case .tuesday: 1
    case .wednesday: 2
    case .thursday: 3
    case .friday: 4
    case .saturday: 5
    case .sunday: 6
    }
  }

  /// Decodes a weekday, naming the accepted values when it is unknown.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let value = DayOfWeek(rawValue: raw.uppercased()) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "unknown day_of_week '\(raw)', expected MONDAY … SUNDAY")
    }
    self = value
  }
}

/// Marks an element as pricing a reservation (OCPI `ReservationRestrictionType`).
public enum ReservationRestriction: String, Hashable, Sendable, Codable {
  /// Prices the time a reservation lasts (ended by the start of charging or by expiry).
  case reservation = "RESERVATION"
  /// Prices a reservation that expired without a charging session; wins over `reservation`.
  case reservationExpires = "RESERVATION_EXPIRES"
}

/// A local wall-clock time of day, `HH:MM` in OCPI (seconds accepted, as some CPOs send them).
public struct TimeOfDay: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// Seconds since local midnight, 0 ..< 86 400.
  public var secondsSinceMidnight: Int

  /// Creates a time; nil unless 0 ≤ hour < 24, 0 ≤ minute < 60, 0 ≤ second < 60.
  public init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else {
      return nil
    }
    secondsSinceMidnight = hour * 3600 + minute * 60 + second
  }

  /// Parses `HH:MM` or `HH:MM:SS`; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), let minute = Int(parts[1])
    else { return nil }
    let second = parts.count == 3 ? Int(parts[2]) : 0
    guard let second else { return nil }
    self.init(hour: hour, minute: minute, second: second)
  }

  /// Whether the left value comes before the right one.
  public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool {
    a.secondsSinceMidnight < b.secondsSinceMidnight
  }

  /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
  public var description: String {
    let h = secondsSinceMidnight / 3600
    let m = secondsSinceMidnight / 60 % 60
    let s = secondsSinceMidnight % 60
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return s == 0 ? "\(two(h)):\(two(m))" : "\(two(h)):\(two(m)):\(two(s))"
  }

  /// Decodes `HH:MM` or `HH:MM:SS`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let value = TimeOfDay(raw) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "invalid time '\(raw)', expected HH:MM (00:00 … 23:59)")
    }
    self = value
  }

  /// Encodes as ``description``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// A local calendar date, `YYYY-MM-DD` in OCPI.
public struct LocalDate: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The year, e.g. 2026.
  public var year: Int
  /// The month, 1 … 12.
  public var month: Int
  /// The day of the month, 1 … 31.
  public var day: Int

  /// Creates a date; nil when the day does not exist in that month.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD`; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
    else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// Creates the date of a day number (days since 1970-01-01).
  public init(dayNumber: Int) {
    // Civil-from-days (proleptic Gregorian), after H. Hinnant's public-domain algorithm.
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (m <= 2 ? 1 : 0)
    month = m
    day = d
  }

  /// Days since 1970-01-01 (negative before).
  public var dayNumber: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether the left value comes before the right one.
  public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

  /// `YYYY-MM-DD`.
  public var description: String {
    let y = String(year)
    let m = month < 10 ? "0\(month)" : "\(month)"
    let d = day < 10 ? "0\(day)" : "\(day)"
    return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(m)-\(d)"
  }

  /// Decodes `YYYY-MM-DD`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let value = LocalDate(raw) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "invalid date '\(raw)', expected YYYY-MM-DD")
    }
    self = value
  }

  /// Encodes as ``description``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
