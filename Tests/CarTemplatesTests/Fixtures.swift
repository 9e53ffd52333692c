import CarTemplates
import Geo

/// Small builders for test templates; ids are predictable (`prefix1`, `prefix2`, …).
enum Make {
  static let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)

  static func ids(_ prefix: String, _ count: Int) -> [ElementID] {
    (0..<count).map { ElementID("\(prefix)\($0 + 1)") }
  }

  static func items(_ count: Int, prefix: String = "row") -> [ListItemSpec] {
    ids(prefix, count).map { ListItemSpec(id: $0, text: "Row \($0)") }
  }

  static func list(
    _ id: TemplateID = "list", items count: Int = 3, tab: TabAppearance? = nil
  ) -> TemplateSpec {
    .list(
      id, tab: tab,
      ListTemplateSpec(title: "List", sections: [ListSectionSpec(items: items(count))]))
  }

  static func list(_ id: TemplateID = "list", _ spec: ListTemplateSpec) -> TemplateSpec {
    .list(id, spec)
  }

  static func gridButton(_ id: ElementID, title: String = "Go", image: CarImage? = .symbol("bolt"))
    -> GridButtonSpec
  { GridButtonSpec(id: id, titleVariants: TextVariants([title]), image: image) }

  static func grid(_ id: TemplateID = "grid", buttons count: Int = 3) -> TemplateSpec {
    .grid(id, GridTemplateSpec(title: "Grid", buttons: ids("b", count).map { gridButton($0) }))
  }

  static func points(_ count: Int) -> [PointOfInterestSpec] {
    ids("p", count).enumerated().map { index, id in
      PointOfInterestSpec(
        id: id,
        location: Coordinate(latitude: 51.3 + Double(index) * 0.01, longitude: 9.47),
        title: "Charger \(index + 1)")
    }
  }

  static func poi(_ id: TemplateID = "poi", points count: Int = 3, selected: Int? = nil)
    -> TemplateSpec
  {
    .pointOfInterest(
      id,
      PointOfInterestTemplateSpec(title: "Chargers", points: points(count), selectedIndex: selected)
    )
  }

  static func information(
    _ id: TemplateID = "info", items itemCount: Int = 2, actions actionCount: Int = 1
  ) -> TemplateSpec {
    .information(
      id,
      InformationTemplateSpec(
        title: "Station",
        items: ids("i", itemCount).map {
          InformationItemSpec(id: $0, title: "Item", detail: "Detail")
        },
        actions: ids("a", actionCount).map { TextButtonSpec(id: $0, title: "Action") }))
  }

  static func alert(_ id: TemplateID = "alert", actions count: Int = 1) -> TemplateSpec {
    .alert(
      id,
      AlertTemplateSpec(
        titleVariants: ["Charging could not start", "Not started"],
        actions: ids("act", count).map { AlertActionSpec(id: $0, title: "Action \($0)") }))
  }

  static func actionSheet(
    _ id: TemplateID = "sheet", title: String? = "Sort", message: String? = nil,
    actions count: Int = 2
  ) -> TemplateSpec {
    .actionSheet(
      id,
      ActionSheetTemplateSpec(
        title: title, message: message,
        actions: ids("opt", count).map { AlertActionSpec(id: $0, title: "Option \($0)") }))
  }

  static func tabBar(_ tabs: [TemplateSpec], id: TemplateID = "tabs", selected: Int = 0)
    -> TemplateSpec
  { TemplateSpec.tabBar(id, TabBarTemplateSpec(tabs: tabs, selectedIndex: selected)) }

  static func tabs(_ count: Int) -> [TemplateSpec] {
    (0..<count).map {
      list(TemplateID("tab\($0 + 1)"), items: 1, tab: TabAppearance(title: "Tab \($0 + 1)"))
    }
  }

  static func barButtons(_ prefix: String, _ count: Int) -> [BarButtonSpec] {
    ids(prefix, count).map { BarButtonSpec(id: $0, title: "Btn") }
  }

  static func map(_ id: TemplateID = "map", buttons count: Int = 2, panning: Bool = false)
    -> TemplateSpec
  {
    .map(
      id,
      MapTemplateSpec(
        mapButtons: ids("m", count).map { MapButtonSpec(id: $0, image: .symbol("plus")) },
        isPanning: panning, viewport: MapViewportSpec(center: kassel, zoom: 12)))
  }

  static func nowPlaying(buttons count: Int = 2) -> TemplateSpec {
    .nowPlaying(
      NowPlayingTemplateSpec(
        buttons: ids("np", count).map { NowPlayingButtonSpec(id: $0, kind: .shuffle) },
        info: NowPlayingInfoSpec(title: "Song", artist: "Band")))
  }

  static func contact(actions count: Int = 2) -> TemplateSpec {
    .contact(
      "contact",
      ContactTemplateSpec(
        name: "Hotline",
        actions: ids("c", count).map { ContactTemplateSpec.Action(id: $0, kind: .call) }))
  }

  static func voice(states count: Int = 2, buttons: Int = 0) -> TemplateSpec {
    .voiceControl(
      "voice",
      VoiceControlTemplateSpec(
        states: ids("s", count).map {
          VoiceControlStateSpec(
            id: $0, titleVariants: ["Listening…"], actionButtons: barButtons("vb", buttons))
        }))
  }

  static func search(query: String = "Kassel") -> TemplateSpec {
    .search("search", SearchTemplateSpec(query: query, results: items(2, prefix: "res")))
  }
}
