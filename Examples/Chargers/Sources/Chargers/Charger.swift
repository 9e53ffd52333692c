import CarTemplates

/// A charging station: what the list and the details show, and where Maps takes the driver.
public struct Charger: Equatable, Sendable, Identifiable {
  /// The charger's id, unique among the chargers a client returns.
  public var id: String
  /// Its name.
  public var name: String
  /// Its street address.
  public var address: String
  /// Its highest charging power in kilowatts.
  public var kilowatts: Int
  /// Where it is (`Coordinate` comes with `CarTemplates`).
  public var coordinate: Coordinate

  /// Creates a charger.
  public init(
    id: String, name: String, address: String, kilowatts: Int, coordinate: Coordinate
  ) {
    self.id = id
    self.name = name
    self.address = address
    self.kilowatts = kilowatts
    self.coordinate = coordinate
  }
}

extension Charger {
  /// Chargers around Kassel, nearest the city centre first: sample data made up for the
  /// tutorial (the places are real, the chargers are not).
  public static let samples = [
    Charger(
      id: "kassel-hbf", name: "Kassel Hauptbahnhof", address: "Rainer-Dierichs-Platz 1",
      kilowatts: 150, coordinate: Coordinate(latitude: 51.3184, longitude: 9.4896)),
    Charger(
      id: "koenigsplatz", name: "Königsplatz", address: "Königsplatz 61",
      kilowatts: 50, coordinate: Coordinate(latitude: 51.3156, longitude: 9.4966)),
    Charger(
      id: "wilhelmshoehe", name: "Kassel-Wilhelmshöhe", address: "Willy-Brandt-Platz 1",
      kilowatts: 300, coordinate: Coordinate(latitude: 51.3130, longitude: 9.4465)),
    Charger(
      id: "auestadion", name: "Auestadion", address: "Damaschkestraße 25",
      kilowatts: 22, coordinate: Coordinate(latitude: 51.2962, longitude: 9.4712)),
    Charger(
      id: "lohfelden", name: "Lohfelden Autohof", address: "Raiffeisenstraße 2, Lohfelden",
      kilowatts: 350, coordinate: Coordinate(latitude: 51.2642, longitude: 9.5341)),
  ]
}
