import CarTemplates
import Diagnostics
import Pricing
import StationFeeds
import Testing

@Suite("One shape of diagnostic for the lint, the importers and the tariff loader")
struct DiagnosticRecordTests {
  @Test("a lint finding names its rule source, template and element")
  func lint() {
    let finding = CarTemplates.Diagnostic(
      ruleID: "CP030-poi-count", severity: .warning, message: "13 points; 12 are shown",
      templateID: "map", elementID: "p13", source: "carplay-facts.md §1.5")
    #expect(
      finding.record.description
        == "warning: carplay-facts.md §1.5: template 'map', element 'p13': "
        + "CP030-poi-count: 13 points; 12 are shown")
  }

  @Test("an importer diagnostic names file, line, field, the value found and what was expected")
  func importer() {
    let problem = ImportDiagnostic(
      severity: .error, file: "stations.csv", line: 12, field: "lat", reason: "not a number",
      expected: "a latitude between -90 and 90", value: "0x1p5")
    #expect(
      problem.record.description
        == "error: stations.csv: line 12, field lat: not a number "
        + "(found \"0x1p5\"; expected a latitude between -90 and 90)")
  }

  @Test("a tariff diagnostic names the feed and the item")
  func tariff() {
    let problem = TariffDiagnostic(
      .warning, source: "tariffs_afir_adhoc_de_2026.json", item: "rate 1852",
      message: "no price; skipped")
    #expect(
      problem.record.description
        == "warning: tariffs_afir_adhoc_de_2026.json: rate 1852: no price; skipped")
  }

  @Test("severities share one order everywhere: note < warning < error")
  func order() {
    #expect(DiagnosticSeverity.allCases.sorted() == [.note, .warning, .error])
    let lint: CarTemplates.Diagnostic.Severity = .error
    let row: ImportDiagnostic.Severity = .error
    #expect(lint == row)
  }
}
