extension CarLint {
  /// Rules about one template's own content: counted limits, required parts, identities and
  /// driver-safety text. Tabs of a tab bar are checked on their own.
  static func contentDiagnostics(
    _ template: TemplateSpec, entitlements: CarEntitlements, limits: CarLimits
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    if template.kind != .tabBar {
      found += HostTruncation.apply(to: template, limits: limits).1.map {
        diagnostic(for: $0, label: template.label, limits: limits)
      }
    }
    let label = template.label
    let id = template.id
    switch template.content {
    case .list(let list):
      if let cell = list.assistantCell, cell.visibility != .off {
        let needed: CarCategory = cell.action == .playMedia ? .audio : .communication
        if !entitlements.categories.contains(needed) {
          found.append(
            Diagnostic(
              .assistantCellCategory,
              "\(label) shows an assistant cell (\(cell.action.rawValue)) but the app is not in "
                + "the \(needed.rawValue) category; the Siri row is only for audio (playMedia) and "
                + "communication (startCall) apps.", template: id))
        }
      }
      for row in list.allRows {
        switch row {
        case .imageRow(let imageRow)
        where !imageRow.imageTitles.isEmpty && imageRow.imageTitles.count != imageRow.images.count:
          found.append(
            Diagnostic(
              .imageRowTitleCount,
              "\(label) image row '\(imageRow.id)' has \(imageRow.images.count) images but "
                + "\(imageRow.imageTitles.count) image titles; give one title per image.",
              template: id, element: imageRow.id))
        case .item(let item):
          if let progress = item.playbackProgress, !(0...1).contains(progress) {
            found.append(
              Diagnostic(
                .playbackProgressRange,
                "\(label) row '\(item.id)' has playback progress \(progress); expected 0…1.",
                template: id, element: item.id))
          }
        default: break
        }
      }
    case .information(let info):
      for item in info.items {
        found += ratingDiagnostics(item, label: label, template: id)
      }
    case .pointOfInterest(let poi):
      if let index = poi.selectedIndex {
        let shown = min(poi.points.count, FixedLimits.pointsOfInterest)
        if !(0..<shown).contains(index) {
          found.append(
            Diagnostic(
              .poiSelectedIndex,
              "\(label) selects point \(index) but shows \(shown) points (indices 0…"
                + "\(max(0, shown - 1))); no point will be selected.", template: id))
        }
      }
    case .alert(let alert) where alert.actions.isEmpty:
      found.append(
        Diagnostic(
          .alertWithoutActions,
          "\(label) has no actions; an alert needs at least one.", template: id))
    case .actionSheet(let sheet):
      if !sheet.hasText {
        found.append(
          Diagnostic(
            .actionSheetWithoutText,
            "\(label) has neither a title nor a message; an action sheet needs at least one.",
            template: id))
      }
      if sheet.actions.isEmpty {
        found.append(
          Diagnostic(
            .actionSheetWithoutActions,
            "\(label) has no actions; an action sheet needs at least one.", template: id))
      } else if sheet.actions.count == 1 {
        found.append(
          Diagnostic(
            .actionSheetSingleAction,
            "\(label) offers a single action; action sheets present two or more choices, an "
              + "alert suits one.", template: id, element: sheet.actions.first?.id))
      }
    case .search where limits.keyboardIsLimited:
      found.append(
        Diagnostic(
          .searchWhileKeyboardLimited,
          "\(label) is shown while the car limits the keyboard; the driver cannot type. Offer "
            + "recent or suggested results instead.", template: id))
    default: break
    }
    for duplicate in duplicates(template.elementIDs) {
      found.append(
        Diagnostic(
          .duplicateElementID,
          "\(label) uses element id '\(duplicate)' more than once; rows, buttons, points and "
            + "actions each need their own id.", template: id, element: duplicate))
    }
    for button in template.barButtons where button.title != nil && button.image != nil {
      found.append(
        Diagnostic(
          .barButtonTitleAndImage,
          "\(label) bar button '\(button.id)' has both a title and an image; CarPlay shows the "
            + "title only.", template: id, element: button.id))
    }
    for text in template.visibleTexts {
      if let phrase = PhoneInstruction.match(in: text.text) {
        let owner = text.element.map { " '\($0)'" } ?? ""
        found.append(
          Diagnostic(
            .phoneInstruction,
            "\(label)\(owner) tells the driver to use the phone (\"\(phrase)\" in \"\(text.text)\"); "
              + "state the problem in CarPlay instead.", template: id, element: text.element))
      }
    }
    return found
  }

  static func ratingDiagnostics(_ item: InformationItemSpec, label: String, template: TemplateID)
    -> [Diagnostic]
  {
    guard item.rating != nil || item.maximumRating != nil else { return [] }
    let maximum = item.maximumRating ?? FixedLimits.maximumRatingUpperBound
    let rating = item.rating ?? 0
    let maximumOK = (1...FixedLimits.maximumRatingUpperBound).contains(maximum)
    let ratingOK = rating >= 0 && rating <= Double(maximum) && (rating * 2).rounded() == rating * 2
    if maximumOK && ratingOK { return [] }
    return [
      Diagnostic(
        .ratingOutOfRange,
        "\(label) rating item '\(item.id)' has rating \(rating) of \(maximum); expected a "
          + "maximum of 1…\(FixedLimits.maximumRatingUpperBound) and a rating in 0.5 steps from "
          + "0 to the maximum.", template: template, element: item.id)
    ]
  }

  /// A diagnostic for one host trim.
  static func diagnostic(for truncation: Truncation, label: String, limits: CarLimits)
    -> Diagnostic
  {
    let limit = truncation.limit
    let where_ = truncation.element.map { " '\($0)'" } ?? ""
    let dropped =
      truncation.removed.isEmpty
      ? "" : " and drops " + truncation.removed.map { "'\($0)'" }.joined(separator: ", ")
    let message: String
    switch limit {
    case .undisplayableGridButtons:
      let ids = truncation.removed.map { "'\($0)'" }.joined(separator: ", ")
      message =
        "\(label) grid button \(ids) lacks an image or a non-empty title; CarPlay does not "
        + "display it."
    case .sectionIndexTitle:
      message =
        "\(label) has a section index title of \(truncation.given) characters; CarPlay keeps "
        + "\(truncation.kept)."
    case .alertActions:
      message =
        "\(label) has \(truncation.given) alert actions; the car allows \(truncation.kept) "
        + "(maximumActionCount) and keeps the LAST \(truncation.kept)\(dropped)."
    case .limitedListItems:
      message =
        "\(label) has \(truncation.given) list items; while the car limits lists it shows only "
        + "the first \(truncation.kept)\(dropped)."
    default:
      let action =
        limit.isConfirmed
        ? "the car shows at most \(truncation.kept)\(dropped)"
        : "the limit is \(truncation.kept) and what the car does beyond it is UNCONFIRMED "
          + "(the emulator keeps the first \(truncation.kept)\(dropped))"
      message = "\(label)\(where_) has \(truncation.given) \(limit.noun); \(action)."
    }
    return Diagnostic(
      limit.rule, message, template: truncation.templateID,
      element: truncation.element ?? truncation.removed.first)
  }
}
