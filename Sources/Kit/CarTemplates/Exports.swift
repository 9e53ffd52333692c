/// The geometry a CarPlay app's templates are made of — `Coordinate`, `BoundingBox`, `Polyline`
/// and the `Geo` module's maths over them (`GreatCircle`, `GeoMath`) — is part of the kit:
/// every module that imports `CarTemplates` (and so `CarSession`, `CarSimulator`, …) sees it
/// without importing `Geo` or depending on its product. Its public API is in the kit's promise
/// and its baseline (`Documentation/Kit/API/Geo.json`, Documentation/Kit/README.md).
@_exported import Geo

/// The one body of the kit's ids (`TemplateID`, `ElementID`) — `StringIdentifier` — is part of
/// the kit too: re-exported so `ElementID("row-1")` and an id's ordering and text work in every
/// module that imports `CarTemplates`.
@_exported import Identifiers
