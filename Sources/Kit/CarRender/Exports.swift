/// The map geometry the renderers take — `MapViewport` and the `WebMercator` projection — lives
/// in `Geo` (with `Coordinate` and `BoundingBox`), so an app can place a camera or fit a route
/// without the renderers. Re-exported here so code that imports only `CarRender` keeps seeing
/// both types where they were before they moved.
@_exported import Geo
