import CarAppTesting
import CarSession
import CarSimulator
import Foundation
import Testing

@Suite("Journeys from a package's own tests")
struct ExpectJourneyTests {
  @Test("a journey file next to the tests runs against the package's own app and passes")
  func passingFile() async {
    let report = await expectJourney(file: "Journeys/details.journey", apps: [KitApps.cities])
    #expect(report.passed)
    #expect(report.finalScreen?.top.label == "CPInformationTemplate 'detail-kassel-hbf'")
  }

  @Test("a failing journey file is one issue at the journey's file and line")
  func failingFileIsAnIssueAtItsLine() async {
    await withKnownIssue {
      await expectJourney(file: "Journeys/wrong-title.journey", apps: [KitApps.cities])
    } matching: { issue in
      issue.sourceLocation?.filePath == KitApps.folder + "Journeys/wrong-title.journey"
        && issue.sourceLocation?.line == 5
        && issue.description.contains("Hamburg")
    }
  }

  @Test("a journey file that does not exist is an issue at the call naming the path")
  func missingFileIsAnIssueAtTheCall() async {
    let line = #line + 2
    await withKnownIssue {
      await expectJourney(file: "Journeys/none.journey", apps: [KitApps.cities])
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.description.contains("none.journey")
        && issue.description.contains("cannot read")
    }
  }

  @Test("a failing journey script is an issue at the call naming the script's line")
  func failingScriptIsAnIssueAtTheCall() async {
    let line = #line + 2
    await withKnownIssue {
      await expectJourney(
        script: "connect\ntap row hamburg", name: "script", apps: [KitApps.cities])
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.description.contains("script:2:")
    }
  }

  @Test("a journey script with several apps names the one it runs by its id")
  func scriptNamesItsApp() async {
    let report = await expectJourney(
      script: """
        app cities-too
        connect
        tap row kassel-hbf
        expect top information "Kassel Hbf"
        """, apps: [KitApps.cities, KitApps.second])
    #expect(report.passed)
  }
}

@Suite("JourneyRunner over a list of apps")
@MainActor
struct JourneyRunnerAppsTests {
  @Test("a journey without an app line runs the only app of the list")
  func onlyAppIsTheDefault() async {
    let report = await JourneyRunner.run(
      script: "connect\nexpect top list \"Chargers\"", apps: [KitApps.cities])
    #expect(report.passed, "\(String(describing: report.failure))")
  }

  @Test("a journey without an app line fails when the list has several and none is named")
  func severalAppsNeedAName() async {
    let report = await JourneyRunner.run(
      script: "connect", apps: [KitApps.cities, KitApps.second])
    #expect(!report.passed)
  }

  @Test("an id the list does not hold fails at the app line naming the ids there are")
  func unknownIDNamesTheList() async {
    let report = await JourneyRunner.run(
      script: "# a comment\napp charging\nconnect", name: "mine", apps: [KitApps.cities])
    #expect(report.failure?.line == 2)
    #expect(report.failure?.message == "unknown app 'charging'; the apps are cities")
  }

  @Test("a malformed line is a failed report at that line, not a thrown error")
  func malformedLine() async {
    let report = await JourneyRunner.run(
      script: "connect\nfly away", name: "bad", apps: [KitApps.cities])
    #expect(report.failure?.name == "bad")
    #expect(report.failure?.line == 2)
  }
}
