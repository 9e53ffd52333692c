import Foundation
import SwiftUI

#if canImport(MediaCar)
  import MediaCar
  import Playback

  /// The catalogue the car browses, on the phone: films and audiobooks with their sources.
  struct MediaBrowserView: View {
    @State private var catalogue: MediaCatalogue?
    @State private var problem: String?

    var body: some View {
      List {
        if let catalogue {
          Section("Videos") {
            ForEach(catalogue.videos) { item in MediaRow(item: item) }
          }
          Section("Audio") {
            ForEach(catalogue.audio) { item in MediaRow(item: item) }
          }
        } else if let problem {
          ContentUnavailableView(
            "Library unavailable", systemImage: "exclamationmark.triangle",
            description: Text(problem))
        } else {
          ProgressView()
        }
      }
      .task {
        do {
          catalogue = try await MediaLibraryClient.bundled.fetch()
        } catch {
          problem = "\(error)"
        }
      }
    }
  }

  /// One film or chapter with its attribution.
  struct MediaRow: View {
    let item: MediaItem

    var body: some View {
      VStack {
        Text(item.title)
        Text(item.series)
        Text(item.attribution)
      }
    }
  }
#else
  /// The browser before the media module is part of the package.
  struct MediaBrowserView: View {
    var body: some View {
      ContentUnavailableView("Library unavailable", systemImage: "film")
    }
  }
#endif
