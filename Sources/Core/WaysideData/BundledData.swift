import Foundation

/// The real data files bundled with Wayside (stations, tariffs, basemap, benchmarks), with their
/// licences in `Resources/DATA-README.md` and `Resources/basemap/README.md`.
public enum BundledData {
  /// A bundled file.
  public enum File: String, CaseIterable, Sendable {
    /// The 2022 BNetzA register, every site with connectors (JSON Lines).
    case stations2022 = "stations/de_stations_bnetza_2022-01-01.jsonl"
    /// The 2022 register within 50 km of Kassel, for fast tests.
    case stationsKassel2022 = "stations/kassel_50km_stations_bnetza_2022-01-01.jsonl"
    /// The 2026 BNetzA list of fast chargers (≥ 50 kW), CSV.
    case fastChargers2026 = "stations/de_fast_chargers_bnetza_2026-01-28.csv"
    /// The 2026 fast chargers within 50 km of Kassel, for fast tests.
    case fastChargersKassel2026 = "stations/kassel_50km_fast_chargers_bnetza_2026-01-28.csv"
    /// Ad-hoc prices from the CPOs' AFIR (DATEX II) feeds.
    case tariffsAFIR = "tariffs/tariffs_afir_adhoc_de_2026.json"
    /// SWLB Ludwigsburg's OCPI tariffs and locations.
    case tariffsLudwigsburgOCPI = "tariffs/tariffs_ocpi_ludwigsburg_2026.json"
    /// EnBW's DATEX II v3.6 AFIR status publication (11 charge points), real, unmodified.
    case liveEnBWStatus = "live/enbw_datex2_afir_realtime_2026-03-12.json"
    /// EnBW's DATEX II v3.6 AFIR table publication (57 charge points, ad-hoc prices).
    case liveEnBWTable = "live/enbw_datex2_afir_static_2026-03-19.json"
    /// SWLB Ludwigsburg's OCPI Locations page (100 locations, 273 EVSEs with status).
    case liveLudwigsburgOCPI = "live/swlb_ludwigsburg_ocpi_locations_2026-04.json"
    /// Stadtwerke Stuttgart's chargecloud POI answer (234 locations, 523 EVSEs with status).
    case liveStuttgartPOI = "live/sw_stuttgart_chargecloud_poi_2024-10-23.json"
    /// Origins, licences and quirks of the live-status payloads.
    case liveReadme = "live/README.md"
    /// Retail (contract and roaming) tariffs, September 2025.
    case tariffsRetail = "tariffs/tariffs_retail_de_2025-09.json"
    /// The OSRM Berlin → Hamburg route, GeoJSON.
    case routeBerlinHamburg = "route_berlin_hamburg.geojson"
    /// Germany's outline.
    case outline = "basemap/de_outline.geojson"
    /// The federal states' boundaries.
    case states = "basemap/de_states.geojson"
    /// Places with their population.
    case places = "basemap/de_places.geojson"
    /// Motorways (OpenStreetMap).
    case motorways = "basemap/de_roads_motorways.geojson"
    /// Federal roads (OpenStreetMap).
    case federalRoads = "basemap/de_roads_federal.geojson"
    /// Neighbouring countries, map context.
    case neighbourCountries = "basemap/context_neighbour_countries.geojson"
    /// Rivers, map context.
    case rivers = "basemap/context_rivers.geojson"
    /// Lakes, map context.
    case lakes = "basemap/context_lakes.geojson"
    /// Kassel's streets by class with names and refs (OpenStreetMap, street level).
    case cityRoads = "basemap/city/kassel_roads.geojson"
    /// Kassel's water areas and waterways.
    case cityWater = "basemap/city/kassel_water.geojson"
    /// Kassel's landcover and landuse (woods, parks, farmland, residential, industrial).
    case cityLanduse = "basemap/city/kassel_landuse.geojson"
    /// Kassel's railways and trams.
    case cityRailways = "basemap/city/kassel_railways.geojson"
    /// Kassel's place labels (suburbs, villages, neighbourhoods).
    case cityPlaces = "basemap/city/kassel_places.geojson"
    /// Origin, licence and thinning of the Kassel street map.
    case cityReadme = "basemap/city/README.md"
    /// Example routes computed with Dijkstra, for checking the router.
    case exampleRoutes = "basemap/example_routes_dijkstra.geojson"
    /// The Tesla Supercharger challenge network (303 stations).
    case superchargerNetwork = "benchmarks/supercharger_network.csv"
    /// Origins, licences and fields of the bundled data.
    case dataReadme = "DATA-README.md"
    /// Origins and licences of the basemap.
    case basemapReadme = "basemap/README.md"
    /// The open media catalogue (CC BY films, public-domain audio), for the media app.
    case mediaCatalogue = "media/catalogue.json"
    /// The bundled CC0 chime, the media app's offline audio.
    case mediaChime = "media/kenney_upgrade3.wav"
    /// Origins and licences of the media catalogue.
    case mediaReadme = "media/README.md"
  }

  /// The file's location inside the resource bundle.
  public static func url(_ file: File) -> URL {
    resourcesDirectory.appendingPathComponent(file.rawValue)
  }

  /// The file's bytes; throws ``BundledDataError`` naming the file when it cannot be read.
  public static func data(_ file: File) throws -> Data {
    let url = url(file)
    do {
      return try Data(contentsOf: url)
    } catch {
      throw BundledDataError(file: file.rawValue, path: url.path, underlying: "\(error)")
    }
  }

  /// The `Resources` folder copied into the bundle.
  public static var resourcesDirectory: URL {
    Bundle.module.bundleURL.appendingPathComponent("Resources")
  }

  /// Attribution lines to show on the data/about screen, one per source.
  public static let attributions: [String] = [
    "Datenquelle: Bundesnetzagentur, Ladesäulenregister (Stand 01.01.2022), Lizenz CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/deed.de). Daten bearbeitet: zu Standorten zusammengefasst.",
    "Datenquelle: Bundesnetzagentur, Ladesäulenregister (Stand 28.01.2026), Lizenz CC BY 4.0; Auswahl ≥ 50 kW über woladen.de (github.com/volzinnovation/woladen.de); Daten bearbeitet.",
    "Kartendaten: © OpenStreetMap-Mitwirkende (OpenStreetMap contributors), Open Database License 1.0 (https://www.openstreetmap.org/copyright) – Straßennetz (Stand August 2021), Daten verändert.",
    "Verwaltungsgrenzen: © GeoBasis-DE / BKG (2023), VG2500 Stand 31.12.2023, Datenlizenz Deutschland – Namensnennung – Version 2.0 (https://www.govdata.de/dl-de/by-2-0); Daten verändert.",
    "Orte und Einwohnerzahlen: © Statistisches Bundesamt (Destatis), Gemeindeverzeichnis GV-ISys, Gebietsstand 31.12.2019, Datenlizenz Deutschland – Namensnennung – Version 2.0; Daten verändert (Auszug).",
    "Made with Natural Earth (public domain, https://www.naturalearthdata.com).",
    "Preisdaten: EnBW AG bzw. GLS Mobility GmbH (Giro-e), DATEX II AFIR static data via Mobilithek; extract from github.com/binary-butterfly/ocpdb. OCPI-Tarife: SWLB Mobilität GmbH (chargecloud). Retail-Tarife: ChiaraSand/charging-calculator (ADAC-Übersicht, 2025-09).",
    "Ladepunktdaten: EnBW AG, DATEX II AFIR (Mobilithek), Lizenz CC BY 4.0; Auszug aus github.com/binary-butterfly/ocpdb.",
    "Daten: SWLB Mobilität GmbH / chargecloud GmbH (AFIR), Auszug aus github.com/binary-butterfly/ocpdb.",
    "Daten: Stadtwerke Stuttgart GmbH (via chargecloud), Auszug aus github.com/binary-butterfly/ocpdb.",
  ]
}

/// A bundled data file could not be read.
public struct BundledDataError: Error, CustomStringConvertible {
  /// The file, relative to the resources folder.
  public var file: String
  /// The full path that was tried.
  public var path: String
  /// What the file system reported.
  public var underlying: String
  /// A one-line text for messages and logs.
  public var description: String {
    "cannot read bundled data file '\(file)' at \(path): \(underlying); the package's Resources folder is expected to ship with the build"
  }
}
