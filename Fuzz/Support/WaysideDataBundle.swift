import Foundation

// Stands in for the accessor SwiftPM generates for WaysideData's resources when the module is
// compiled by Fuzz/build.sh; the fuzz targets never read bundled files.
extension Bundle {
  static let module = Bundle.main
}
