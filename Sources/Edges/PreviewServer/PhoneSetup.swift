/// One choice the phone offers: a tariff or a vehicle, and whether it is chosen.
public struct PhoneChoice: Hashable, Sendable {
  /// The id the commands take, e.g. a tariff id or `ioniq5-72`.
  public var id: String
  /// What the panel shows.
  public var label: String
  /// Whether it is chosen now.
  public var isChosen: Bool
  /// The group the picker files it under (a tariff's provider); empty for none.
  public var group: String

  /// Creates a choice.
  public init(id: String, label: String, isChosen: Bool, group: String = "") {
    self.id = id
    self.label = label
    self.isChosen = isChosen
    self.group = group
  }
}

/// The phone app's setup that the side panel stands in for: the driver's tariffs and vehicle
/// for one app, read and written through closures (the command line wires them to the store).
public struct PhoneSetup: Sendable {
  /// The app whose setup this is; the panel offers it only while that app runs.
  public var appID: String
  /// The tariffs, chosen ones marked; empty when they cannot be read.
  public var tariffs: @Sendable () -> [PhoneChoice]
  /// The vehicle profiles, the current one marked.
  public var vehicles: @Sendable () -> [PhoneChoice]
  /// Adds or removes a tariff; returns the status line, throws naming a bad id.
  public var toggleTariff: @Sendable (String) throws -> String
  /// Chooses no tariff; returns the status line.
  public var clearTariffs: @Sendable () throws -> String
  /// Sets the vehicle; returns the status line, throws naming a bad id.
  public var setVehicle: @Sendable (String) throws -> String
  /// The sample driver in words while the setup is the sample one (Clear then clears it), else
  /// nil.
  public var sample: @Sendable () -> String?

  /// Creates a phone setup.
  public init(
    appID: String, tariffs: @escaping @Sendable () -> [PhoneChoice],
    vehicles: @escaping @Sendable () -> [PhoneChoice],
    toggleTariff: @escaping @Sendable (String) throws -> String,
    clearTariffs: @escaping @Sendable () throws -> String,
    setVehicle: @escaping @Sendable (String) throws -> String,
    sample: @escaping @Sendable () -> String? = { nil }
  ) {
    self.appID = appID
    self.tariffs = tariffs
    self.vehicles = vehicles
    self.toggleTariff = toggleTariff
    self.clearTariffs = clearTariffs
    self.setVehicle = setVehicle
    self.sample = sample
  }
}
