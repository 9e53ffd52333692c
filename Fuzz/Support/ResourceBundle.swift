import Foundation

// Stands in for the `Bundle.module` accessor SwiftPM generates for a module with resources
// (WaysideData) when Fuzz/build.sh compiles the module; the fuzz targets never read bundled files.
extension Bundle {
  static let module = Bundle.main
}
