import CarSession
import CarTemplates

extension Chargers {
  /// The list's template id.
  public static let listID: TemplateID = "chargers"

  /// The template id of a charger's details.
  public static func detailsID(_ id: Charger.ID) -> TemplateID { TemplateID("charger-\(id)") }

  /// The list, with a charger's details pushed over it while they are open. A pure function
  /// of the state: the session compares it with what the car shows and sends only the
  /// difference.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let list = TemplateSpec.list(Self.listID, Self.list(state.chargers))
    guard let charger = state.open else { return CarScreen(root: list) }
    return CarScreen(root: list, stack: [Self.details(charger)])
  }

  /// The list in each of its states: loading, loaded (or empty), failed with Retry.
  static func list(_ chargers: Load) -> ListTemplateSpec {
    switch chargers {
    case .loading:
      // CarPlay shows a spinner while the list is empty.
      return ListTemplateSpec(title: "Chargers", sections: [], showsSpinnerWhileEmpty: true)
    case .loaded(let chargers):
      let rows = chargers.map { charger in
        ListItemSpec(
          id: ChargersRoute.charger(charger.id).elementID, text: charger.name,
          detailText: "\(charger.kilowatts) kW · \(charger.address)",
          accessory: .disclosureIndicator)
      }
      return ListTemplateSpec(
        title: "Chargers", sections: rows.isEmpty ? [] : [ListSectionSpec(items: rows)],
        emptyViewTitleVariants: ["No chargers nearby"])
    case .failed:
      let retry = ListItemSpec(id: ChargersRoute.retry.elementID, text: "Retry")
      return ListTemplateSpec(
        title: "Chargers",
        sections: [ListSectionSpec(header: "Chargers can't be loaded right now", items: [retry])])
    }
  }

  /// A charger's details: what matters most first, and Navigate.
  static func details(_ charger: Charger) -> TemplateSpec {
    .information(
      detailsID(charger.id),
      InformationTemplateSpec(
        title: charger.name,
        items: [
          InformationItemSpec(id: "power", title: "Power", detail: "\(charger.kilowatts) kW"),
          InformationItemSpec(id: "address", title: "Address", detail: charger.address),
        ],
        actions: [
          TextButtonSpec(id: ChargersRoute.navigate(charger.id).elementID, title: "Navigate")
        ]))
  }
}
