import Foundation
import SwiftUI
import WaysideApps

/// The media app's phone screen: the catalogue the car browses, by tab.
struct PhoneRoot: View {
  var body: some View {
    NavigationStack {
      MediaBrowserView()
        .navigationTitle("Wayside Media")
    }
  }
}
