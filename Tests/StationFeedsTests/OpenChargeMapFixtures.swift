/// Recorded-shape Open Charge Map `GET /v3/poi` bodies (verbose and compact POIs, field names and
/// nesting as documented in ocm-openapi-spec.yaml). Sites, operators and powers are those of
/// real Kassel sites in the bundled BNetzA register (CC BY 4.0); OCM IDs are illustrative.
enum OpenChargeMapFixtures {
  /// Three POIs: a verbose DC hub with live statuses, an AC site with line-to-line voltage, and a
  /// compact-mode POI that carries only reference IDs.
  static let kassel = """
    [
      {
        "ID": 188001,
        "UUID": "5C1E6B4A-3C11-4C32-9C0E-6A3F2C0B8E01",
        "DataProviderID": 1,
        "DataProvider": {
          "ID": 1, "Title": "Open Charge Map Contributors",
          "License": "Licensed under Creative Commons Attribution 4.0 International (CC BY 4.0)",
          "IsOpenDataLicensed": true
        },
        "OperatorID": 3390,
        "OperatorInfo": { "ID": 3390, "Title": "Städtische Werke AG", "WebsiteURL": "https://www.sw-kassel.de" },
        "UsageTypeID": 1,
        "UsageType": { "ID": 1, "Title": "Public" },
        "UsageCost": "See network operators app",
        "StatusTypeID": 50,
        "StatusType": { "ID": 50, "Title": "Operational", "IsOperational": true },
        "NumberOfPoints": 4,
        "DateLastStatusUpdate": "2025-11-03T09:12:00Z",
        "AddressInfo": {
          "ID": 188350, "Title": "Friedrichsplatz", "AddressLine1": "Friedrichsplatz",
          "Town": "Kassel", "StateOrProvince": "Hessen", "Postcode": "34117", "CountryID": 87,
          "Country": { "ID": 87, "ISOCode": "DE", "ContinentCode": "EU", "Title": "Germany" },
          "Latitude": 51.313404, "Longitude": 9.49509, "Distance": 1.05, "DistanceUnit": 1
        },
        "Connections": [
          { "ID": 301, "ConnectionTypeID": 33, "ConnectionType": { "ID": 33, "Title": "CCS (Type 2)" },
            "StatusTypeID": 10, "StatusType": { "ID": 10, "Title": "Available" },
            "LevelID": 3, "Amps": 125, "Voltage": 400, "PowerKW": 50, "CurrentTypeID": 30, "Quantity": 2 },
          { "ID": 302, "ConnectionTypeID": 2, "ConnectionType": { "ID": 2, "Title": "CHAdeMO" },
            "StatusTypeID": 20, "LevelID": 3, "Amps": 125, "Voltage": 400, "PowerKW": 50,
            "CurrentTypeID": 30, "Quantity": 1 },
          { "ID": 303, "ConnectionTypeID": 1036, "StatusTypeID": 100, "Amps": 63, "Voltage": 400,
            "PowerKW": 43, "CurrentTypeID": 20, "Quantity": 1 }
        ]
      },
      {
        "ID": 188002,
        "DataProviderID": 1,
        "DataProvider": { "ID": 1, "Title": "Open Charge Map Contributors" },
        "OperatorID": 1,
        "OperatorInfo": null,
        "StatusTypeID": 50,
        "DateLastStatusUpdate": "2024-06-18T14:00:00Z",
        "AddressInfo": {
          "Title": "Königstor", "AddressLine1": "Königstor 61", "Town": "Kassel", "Postcode": "34119",
          "Country": { "ISOCode": "DE" }, "Latitude": 51.313072, "Longitude": 9.47751
        },
        "Connections": [
          { "ID": 401, "ConnectionTypeID": 25, "StatusTypeID": 30, "Amps": 32, "Voltage": 400,
            "PowerKW": 22, "CurrentTypeID": 20, "Quantity": 2 },
          { "ID": 402, "ConnectionTypeID": 27, "ConnectionType": { "ID": 27, "Title": "Tesla Supercharger" },
            "Amps": 16, "Voltage": 230, "CurrentTypeID": 10, "Quantity": 1 }
        ]
      },
      {
        "ID": 188003,
        "DataProviderID": 1,
        "OperatorID": 3391,
        "UsageTypeID": 6,
        "StatusTypeID": 150,
        "AddressInfo": { "Title": "Neue Fahrt", "AddressLine1": "Neue Fahrt 9", "Town": "Kassel",
          "Postcode": "34117", "CountryID": 87, "Latitude": 51.31395, "Longitude": 9.493433 },
        "Connections": [
          { "ID": 501, "ConnectionTypeID": 33, "CurrentTypeID": 30, "PowerKW": 250, "Quantity": 12 }
        ]
      }
    ]
    """

  /// Broken elements between two good ones: a string element, a POI without ID, a latitude given
  /// as text, a connection that is a number, and a power given as text.
  static let malformedElements = """
    [
      { "ID": 1, "AddressInfo": { "Latitude": 51.3, "Longitude": 9.4, "Country": { "ISOCode": "DE" } },
        "Connections": [ { "ConnectionTypeID": 25, "PowerKW": 11, "CurrentTypeID": 20 } ] },
      "not a POI",
      { "AddressInfo": { "Latitude": 51.3, "Longitude": 9.4 } },
      { "ID": 4, "AddressInfo": { "Latitude": "51.3x", "Longitude": 9.4 } },
      { "ID": 5, "AddressInfo": { "Latitude": 51.31, "Longitude": 9.41, "Country": { "ISOCode": "DE" } },
        "Connections": [ 7, { "ID": 9, "ConnectionTypeID": 33, "PowerKW": "fast", "CurrentTypeID": 30 } ] },
      { "ID": 6, "AddressInfo": { "Latitude": 95.0, "Longitude": 9.4 } }
    ]
    """

  /// A body cut off mid-way, as a dropped connection leaves it.
  static let truncated = #"[ { "ID": 188001, "AddressInfo": { "Latitude": 51.31"#

  /// OCM's JSON error object for a refused key.
  static let keyError = #"{ "Message": "You must specify an API key" }"#
}
