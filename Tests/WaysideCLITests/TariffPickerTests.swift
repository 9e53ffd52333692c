import CarRender
import ChargingData
import Foundation
import PreviewServer
import Testing

@testable import WaysideCLI

/// The simulator panel's tariff picker over the bundled catalogue (issue 23, item 2): grouped
/// by provider, searchable, chosen tariffs shown apart.
@Suite("The panel's tariff picker")
struct TariffPickerTests {
  /// The panel's phone section for the charging app with `driver`'s store.
  static func panelHTML(_ phone: PhoneSetup) -> String {
    var state = PanelState(
      apps: ["charging"], currentApp: "charging", isConnected: true, displayID: "standard",
      isNight: false, isDriving: false, isVideoAllowed: false, isPhoneLocked: false,
      location: "Kassel")
    state.tariffs = phone.tariffs()
    state.vehicles = phone.vehicles()
    return PanelRenderer.render(state)
  }

  /// The `(label, option values)` of each `<optgroup>` in the picker's `<select>`.
  static func groups(_ html: String) throws -> [(label: String, ids: [String])] {
    let select = try #require(
      html.firstMatch(of: #/<select data-cmd="tariff">(.*?)</select>/#)?.1)
    return select.matches(of: #/<optgroup label="([^"]*)">(.*?)</optgroup>/#).map { group in
      (String(group.1), group.2.matches(of: #/<option value="([^"]*)">/#).map { String($0.1) })
    }
  }

  @Test(
    "the picker files every unchosen bundled tariff under its provider, once, and the search field offers each"
  )
  func groupedAndSearchable() async throws {
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    let driver = try DriverStore.open(folder.url, .capturing())
    try driver.clearTariffs()
    let catalog = try await BundledTariffs.catalog()
    let phone = ServeCommand.phoneSetup(driver, catalog: catalog)
    let html = Self.panelHTML(phone)

    let groups = try Self.groups(html)
    let providers = Set(catalog.entries.map(\.provider))
    #expect(groups.count == providers.count, "one group per provider")
    #expect(Set(groups.map(\.label)).count == groups.count, "no provider is split in two groups")
    for group in groups {
      #expect(group.label.hasSuffix(" (\(group.ids.count))"), "\(group.label)")
      for id in group.ids {
        let entry = try #require(catalog.entry(id: id), "\(id)")
        #expect(group.label == "\(Markup.escape(entry.provider)) (\(group.ids.count))")
      }
    }
    let offered = groups.flatMap(\.ids)
    #expect(offered.count == catalog.entries.count)
    #expect(Set(offered) == Set(catalog.entries.map(\.id)))
    // The near-identical labels of one provider (Giro-e's) sit together in their own group.
    let largest = try #require(groups.max { $0.ids.count < $1.ids.count })
    #expect(largest.ids.count >= 10, "\(largest.label)")

    // Searchable: a text field bound to a list of every unchosen tariff, labelled with its
    // provider so typing the provider's name finds its tariffs.
    #expect(html.contains(#"<input data-cmd="tariff" list="tariff-list""#))
    let listed = try #require(
      html.firstMatch(of: #/<datalist id="tariff-list">(.*?)</datalist>/#)?.1)
    let options = listed.matches(of: #/<option value="([^"]*)">([^<]*)</option>/#)
    #expect(Set(options.map { String($0.1) }) == Set(catalog.entries.map(\.id)))
    for option in options {
      let entry = try #require(catalog.entry(id: String(option.1)))
      #expect(option.2.contains(Markup.escape(entry.provider)), "\(option.2)")
    }

    // A chosen tariff leaves the picker and the search list and shows as a button.
    let chosen = try #require(largest.ids.first)
    _ = try phone.toggleTariff(chosen)
    let after = Self.panelHTML(phone)
    #expect(!(try Self.groups(after).flatMap(\.ids).contains(chosen)))
    #expect(after.contains(#"<button data-cmd="tariff" data-value="\#(chosen)" class="on""#))
    #expect(!after.contains(#"<option value="\#(chosen)">"#))
  }
}
