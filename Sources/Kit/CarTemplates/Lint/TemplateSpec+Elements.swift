/// A piece of text the driver can read on a template, with the element it belongs to.
public struct VisibleText: Hashable, Sendable {
  /// The element showing the text; nil for the template's own title or header texts.
  public var element: ElementID?
  /// The text itself.
  public var text: String
}

extension TemplateSpec {
  /// The ids of the template's own elements (rows, buttons, points, actions, states), in
  /// order. POI detail buttons and route choices belong to their point or trip and are left out.
  public var elementIDs: [ElementID] {
    var ids = barButtons.map(\.id)
    switch content {
    case .tabBar: break
    case .list(let list):
      ids += list.headerGridButtons.map(\.id)
      ids += list.detailsHeader?.actionButtons.map(\.id) ?? []
      ids += list.allRows.map(\.id)
    case .grid(let grid): ids += grid.buttons.map(\.id)
    case .information(let info): ids += info.items.map(\.id) + info.actions.map(\.id)
    case .pointOfInterest(let poi): ids += poi.points.map(\.id)
    case .map(let map): ids += map.mapButtons.map(\.id) + map.tripPreviews.map(\.id)
    case .nowPlaying(let playing): ids += playing.buttons.map(\.id)
    case .alert(let alert): ids += alert.actions.map(\.id)
    case .actionSheet(let sheet): ids += sheet.actions.map(\.id)
    case .search(let search): ids += search.results.map(\.id)
    case .voiceControl(let voice): ids += voice.states.map(\.id)
    case .contact(let contact): ids += contact.actions.map(\.id)
    }
    return ids
  }

  /// The navigation bar, for templates that have one.
  public var navigationBar: NavigationBarSpec? {
    switch content {
    case .list(let t): t.navigationBar
    case .grid(let t): t.navigationBar
    case .information(let t): t.navigationBar
    case .pointOfInterest(let t): t.navigationBar
    case .map(let t): t.navigationBar
    case .contact(let t): t.navigationBar
    case .voiceControl(let t): t.navigationBar
    default: nil
    }
  }

  /// Leading, trailing and back bar buttons, in that order.
  public var barButtons: [BarButtonSpec] {
    guard let bar = navigationBar else { return [] }
    return bar.leading + bar.trailing + (bar.backButton.map { [$0] } ?? [])
  }

  /// Every text the driver can read on this template (all variants), for text rules.
  public var visibleTexts: [VisibleText] {
    var texts: [VisibleText] = []
    func add(_ text: String?, _ element: ElementID? = nil) {
      if let text, !text.isEmpty { texts.append(VisibleText(element: element, text: text)) }
    }
    func add(_ variants: TextVariants, _ element: ElementID? = nil) {
      for variant in variants.variants { add(variant, element) }
    }
    add(tab?.title)
    for button in barButtons { add(button.title, button.id) }
    switch content {
    case .tabBar: break
    case .list(let list):
      add(list.title)
      add(list.emptyViewTitleVariants)
      add(list.emptyViewSubtitleVariants)
      for button in list.headerGridButtons { add(button.titleVariants, button.id) }
      if let header = list.detailsHeader {
        add(header.title)
        add(header.subtitle)
        add(header.bodyVariants)
        for button in header.actionButtons { add(button.title, button.id) }
      }
      for section in list.sections {
        add(section.header)
        add(section.headerSubtitle)
        for row in section.rows {
          switch row {
          case .item(let item):
            add(item.text, item.id)
            add(item.detailText, item.id)
          case .imageRow(let imageRow):
            add(imageRow.text, imageRow.id)
            for title in imageRow.imageTitles { add(title, imageRow.id) }
          }
        }
      }
    case .grid(let grid):
      add(grid.title)
      for button in grid.buttons { add(button.titleVariants, button.id) }
    case .information(let info):
      add(info.title)
      for item in info.items {
        add(item.title, item.id)
        add(item.detail, item.id)
      }
      for action in info.actions { add(action.title, action.id) }
    case .pointOfInterest(let poi):
      add(poi.title)
      for point in poi.points {
        for text in [
          point.title, point.subtitle, point.summary, point.detailTitle, point.detailSubtitle,
          point.detailSummary, point.primaryButton?.title, point.secondaryButton?.title,
        ] {
          add(text, point.id)
        }
      }
    case .map(let map):
      for trip in map.tripPreviews {
        add(trip.destinationName, trip.id)
        for route in trip.routeChoices {
          add(route.summaryVariants, trip.id)
          add(route.additionalInformationVariants, trip.id)
        }
      }
    case .nowPlaying(let playing):
      // Media metadata (song titles) is content, not the app's own wording; only the app's
      // labels are checked.
      add(playing.upNextTitle)
    case .alert(let alert):
      add(alert.titleVariants)
      for action in alert.actions { add(action.title, action.id) }
    case .actionSheet(let sheet):
      add(sheet.title)
      add(sheet.message)
      for action in sheet.actions { add(action.title, action.id) }
    case .search(let search):
      for result in search.results {
        add(result.text, result.id)
        add(result.detailText, result.id)
      }
    case .voiceControl(let voice):
      for state in voice.states { add(state.titleVariants, state.id) }
    case .contact(let contact):
      add(contact.name)
      add(contact.subtitle)
      add(contact.informativeText)
    }
    return texts
  }
}
