#!/usr/bin/env python3
"""Proves each check of check_sdk_facts.py by planting its error in a scratch copy.

For every class of error the checker exists for, a test copies the checked part of the
repository (Package.swift, Apps/, the Swift sources under Sources/) into a temporary folder,
changes one thing there, runs the checker on the copy with --root and asserts that it fails
and names what was planted; the unchanged copy must pass. Run by .ci/run after the checker.

Usage: python3 Apps/LinuxCheck/test_check_sdk_facts.py [-v]   (Python 3 standard library only)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "Apps/LinuxCheck/check_sdk_facts.py"

CARPLAY = "Apps/LinuxCheck/Stubs/CarPlay/CarPlay.swift"
AVFOUNDATION = "Apps/LinuxCheck/Stubs/AVFoundation/AVFoundation.swift"
MEDIAPLAYER = "Apps/LinuxCheck/Stubs/MediaPlayer/MediaPlayer.swift"
CORELOCATION = "Apps/LinuxCheck/Stubs/CoreLocation/CoreLocation.swift"
TEMPLATES = "Sources/Kit/CarPlayBridge/CarPlayBridge+Templates.swift"
DELEGATES = "Sources/Kit/CarPlayBridge/CarPlayBridge+Delegates.swift"
MAP_SCENE = "Apps/Map/MapCarPlaySceneDelegate.swift"


def copy_checkout(destination: Path) -> None:
    """What the checker reads: Package.swift, Apps/ and every Swift file under Sources/."""
    shutil.copy2(ROOT / "Package.swift", destination / "Package.swift")
    shutil.copytree(ROOT / "Apps", destination / "Apps",
                    ignore=shutil.ignore_patterns("*.xcassets", "Icons"))

    def not_swift(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if not n.endswith(".swift") and not (Path(folder) / n).is_dir()]

    shutil.copytree(ROOT / "Sources", destination / "Sources", ignore=not_swift)


class PlantedErrors(unittest.TestCase):
    scratch: Path

    def setUp(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="sdk-facts-")
        self.scratch = Path(self._folder.name)
        copy_checkout(self.scratch)

    def tearDown(self) -> None:
        self._folder.cleanup()

    def plant(self, path: str, old: str, new: str) -> None:
        file = self.scratch / path
        text = file.read_text()
        self.assertIn(old, text, f"{path}: the text to replace is gone; update the test")
        file.write_text(text.replace(old, new, 1))

    def run_checker(self) -> tuple[int, str]:
        done = subprocess.run([sys.executable, str(CHECKER), "--root", str(self.scratch)],
                              capture_output=True, text=True, timeout=300)
        return done.returncode, done.stdout + done.stderr

    def assert_fails_naming(self, *expected: str) -> str:
        status, output = self.run_checker()
        self.assertEqual(status, 1, f"the checker passed a planted error:\n{output}")
        for text in expected:
            self.assertIn(text, output, f"the checker failed without naming {text!r}:\n{output}")
        return output

    # The baseline: without a planted error the copy passes, so every failure below is the plant's.

    def test_unchanged_copy_passes(self) -> None:
        status, output = self.run_checker()
        self.assertEqual(status, 0, output)
        self.assertIn("SDK facts check ok", output)

    # 1. API above a module's deployment target, outside `if #available` / `@available`.

    def test_package_floor_below_the_api_the_bridge_uses(self) -> None:
        self.plant("Package.swift", '.iOS("26.4")', ".iOS(.v18)")
        self.assert_fails_naming(
            "CPSessionConfiguration.supportsVideoPlayback is iOS 26.4",
            "MKMapItem.init(location:address:) is iOS 26.0",
            "CPListTemplate.showsSpinnerWhileEmpty is iOS 18.4",
            "CPListTemplate.init(title:listHeader:sections:assistantCellConfiguration:) is iOS 26.4",
            "of CarPlayBridge (Package.swift)")

    def test_a_guarded_use_passes_and_the_same_use_unguarded_fails(self) -> None:
        guarded = (
            "\n  #if canImport(CarPlay)\n  func plantedGuarded(_ image: UIImage) {\n"
            "    if #available(iOS 26.4, *) {\n      _ = CPThumbnailImage(image: image)\n    }\n  }\n"
            "  @available(iOS 26.4, *)\n  func plantedMarked(_ image: UIImage) {\n"
            "    _ = CPThumbnailImage(image: image)\n  }\n  #endif\n")
        path = self.scratch / "Sources/Kit/CarPlayBridge/Planted.swift"
        path.write_text("import CarPlay\nimport UIKit\n" + guarded)
        self.plant("Package.swift", '.iOS("26.4")', '.iOS("26.0")')
        _, output = self.run_checker()
        self.assertNotIn("Planted.swift", output, output)
        path.write_text(path.read_text().replace("if #available(iOS 26.4, *) {", "do {"))
        output = self.assert_fails_naming("Planted.swift:7: error: CPThumbnailImage is iOS 26.4")
        self.assertNotIn("Planted.swift:11:", output)  # the @available(iOS 26.4, *) function

    def test_app_target_below_the_api_an_app_uses(self) -> None:
        self.plant("Apps/project.yml", 'iOS: "26.4"', 'iOS: "17.0"')
        (self.scratch / "Apps/Map/Planted.swift").write_text(
            "import CarPlay\n\nfunc plantedWaypoint(_ item: MKMapItem) -> CPNavigationWaypoint {\n"
            "  CPNavigationWaypoint(mapItem: item, locationThreshold: nil, entryPoints: [])\n}\n")
        self.assert_fails_naming("Apps/Map/Planted.swift:3: error: CPNavigationWaypoint is iOS 26.4",
                                 "of Apps (Apps/project.yml)")

    # 2. A conformance the SDK header declares only from a deployment target on.

    def test_target_conditional_conformance(self) -> None:
        self.plant("Package.swift", '.iOS("26.4")', '.iOS("26.2")')
        self.assert_fails_naming(
            "CPVoiceControlTemplate conforms to CPBarButtonProviding only when the deployment "
            "target is iOS 26.4")

    def test_voice_template_bar_button_members_below_their_target(self) -> None:
        # The voice-control template's bar-button members are iOS 26.4 by the facts' notes only
        # (the member facts carry no version); their names are shared with older templates, so
        # only a receiver declared as CPVoiceControlTemplate is Apple's voice template.
        (self.scratch / "Sources/Kit/CarPlayBridge/PlantedVoice.swift").write_text(
            "import CarPlay\n\n#if canImport(CarPlay)\n"
            "func plantedVoice(_ voice: CPVoiceControlTemplate, _ list: CPListTemplate) {\n"
            "  voice.leadingNavigationBarButtons = []\n"
            "  list.leadingNavigationBarButtons = []\n"
            "  if #available(iOS 26.4, *) {\n    voice.backButton = nil\n  }\n"
            "  let other = CPVoiceControlTemplate(voiceControlStates: [])\n"
            "  other.trailingNavigationBarButtons = []\n"
            "}\n#endif\n")
        self.plant("Package.swift", '.iOS("26.4")', '.iOS("26.2")')
        output = self.assert_fails_naming(
            "PlantedVoice.swift:5: error: CPVoiceControlTemplate.leadingNavigationBarButtons is "
            "iOS 26.4 (dated by the facts' notes)",
            "PlantedVoice.swift:11: error: CPVoiceControlTemplate.trailingNavigationBarButtons is "
            "iOS 26.4")
        self.assertNotIn("PlantedVoice.swift:6:", output)  # a list template's member is older
        self.assertNotIn("PlantedVoice.swift:8:", output)  # guarded by #available

    # 3. Names that exist only in derived facts: every Swift name newer than the observed ones
    #    carries `// verified:`; a nested Swift name spelt as its Objective-C name is caught.

    def test_derived_name_without_verified_marker(self) -> None:
        self.plant(CARPLAY, "  // verified: developer.apple.com/documentation/carplay/cplisttemplate/"
                   "init(title:listheader:sections:assistantcellconfiguration:)\n", "")
        self.assert_fails_naming(
            "CPListTemplate.init(title:listHeader:sections:assistantCellConfiguration:): the Swift "
            "name init(title:listHeader:sections:assistantCellConfiguration:) is derived")

    def test_objective_c_name_for_a_nested_swift_type(self) -> None:
        # The stand-in the review found: CPPlaybackPresentation declared at the top level as the
        # facts derive it, where Swift has CPPlaybackConfiguration.Presentation.
        self.plant(CARPLAY, "  // sel: CPPlaybackPresentation\n", "")
        self.plant(CARPLAY, "  // verified: developer.apple.com/documentation/carplay/"
                   "cpplaybackconfiguration/presentation (CPPlaybackConfiguration.Presentation)\n", "")
        self.plant(CARPLAY, "  public enum Presentation: Int, Sendable { case none, audio, video }\n", "")
        self.plant(CARPLAY, "// verified: developer.apple.com/documentation/carplay/cpplaybackconfiguration "
                   "(class page: @MainActor)\n",
                   "public enum CPPlaybackPresentation: Int, Sendable { case none, audio, video }\n"
                   "// verified: developer.apple.com/documentation/carplay/cpplaybackconfiguration "
                   "(class page: @MainActor)\n")
        self.assert_fails_naming("CPPlaybackPresentation: the Swift name CPPlaybackPresentation is derived")

    def test_refined_for_swift_pointer_initializer(self) -> None:
        # The stand-in as it was: the header's NS_REFINED_FOR_SWIFT pointer-and-count form, which
        # Swift never shows, under its derived name.
        self.plant(CARPLAY, "  // overlay: NS_REFINED_FOR_SWIFT (initWithMapItem:locationThreshold:"
                   "entryPoints:entryPointsCount:)\n",
                   "  public init(mapItem: MKMapItem, locationThreshold: Measurement<UnitLength>?, "
                   "entryPoints: UnsafePointer<CPLocationCoordinate3D>, entryPointsCount: Int) { "
                   "self.init(standInMapItem: mapItem, locationThreshold: locationThreshold, "
                   "entryPoints: []) }\n"
                   "  // overlay: NS_REFINED_FOR_SWIFT (initWithMapItem:locationThreshold:"
                   "entryPoints:entryPointsCount:)\n")
        self.assert_fails_naming(
            "CPNavigationWaypoint.init(mapItem:locationThreshold:entryPoints:entryPointsCount:): the "
            "Swift name init(mapItem:locationThreshold:entryPoints:entryPointsCount:) is derived")

    # 4. throws / async.

    def test_throws_dropped(self) -> None:
        self.plant(AVFOUNDATION, "options: SetActiveOptions = []) throws {}",
                   "options: SetActiveOptions = []) {}")
        self.assert_fails_naming("AVAudioSession.setActive(_:options:): the SDK's member throws")

    def test_async_added(self) -> None:
        self.plant(CARPLAY, "  open func setText(_ text: String) {", "  open func setText(_ text: String) async {")
        self.assert_fails_naming("CPListItem.setText(_:): the SDK's member is not async")

    # 5. Default arguments.

    def test_default_argument_the_sdk_lacks(self) -> None:
        self.plant(CARPLAY, "  open func setText(_ text: String) {", '  open func setText(_ text: String = "") {')
        self.assert_fails_naming("CPListItem.setText(_:): parameter _ has no default in the SDK facts")

    def test_default_argument_the_sdk_has_is_missing(self) -> None:
        self.plant(CARPLAY, "public init(title: String, handler: ((CPBarButton) -> Void)? = nil)",
                   "public init(title: String, handler: ((CPBarButton) -> Void)?)")
        self.assert_fails_naming("CPBarButton.init(title:handler:): parameter handler has the default = nil")

    # 6. Closure attributes.

    def test_escaping_dropped(self) -> None:
        self.plant(MEDIAPLAYER, "open func addTarget(handler: @escaping (MPRemoteCommandEvent)",
                   "open func addTarget(handler: (MPRemoteCommandEvent)")
        self.assert_fails_naming("MPRemoteCommand.addTarget(handler:): closure parameter handler has none, "
                                 "the SDK's @escaping")

    def test_main_actor_and_sendable_added(self) -> None:
        self.plant(MEDIAPLAYER, "open func addTarget(handler: @escaping (MPRemoteCommandEvent)",
                   "open func addTarget(handler: @escaping @MainActor @Sendable (MPRemoteCommandEvent)")
        self.assert_fails_naming("MPRemoteCommand.addTarget(handler:): closure parameter handler has "
                                 "@MainActor @Sendable @escaping")

    # 7. Member-level nonisolated.

    def test_unconfirmed_member_level_nonisolated(self) -> None:
        self.plant(AVFOUNDATION, "  // verified: developer.apple.com/documentation/avfoundation/avplayer/"
                   "pause() (nonisolated)\n", "")
        self.assert_fails_naming("AVPlayer.pause(): member-level `nonisolated` (NS_SWIFT_NONISOLATED) "
                                 "is not in the facts")

    def test_nonisolated_on_a_class_that_is_not_main_actor(self) -> None:
        self.plant(CARPLAY, "  public let locationThreshold: Measurement<UnitLength>?",
                   "  nonisolated public let locationThreshold: Measurement<UnitLength>?")
        self.assert_fails_naming("CPNavigationWaypoint.locationThreshold: `nonisolated` on a member of a "
                                 "type that is not main-actor isolated")

    # 8. weak / copy.

    def test_weak_dropped(self) -> None:
        self.plant(CORELOCATION, "  weak open var delegate: (any CLLocationManagerDelegate)?",
                   "  open var delegate: (any CLLocationManagerDelegate)?")
        self.assert_fails_naming("CLLocationManager.delegate: the SDK's property is weak")

    def test_copy_dropped(self) -> None:
        self.plant(CARPLAY, "  @NSCopying open var playbackConfiguration: CPPlaybackConfiguration?\n"
                   "  // https://developer.apple.com/documentation/carplay/cplistitem/maximumimagesize",
                   "  open var playbackConfiguration: CPPlaybackConfiguration?\n"
                   "  // https://developer.apple.com/documentation/carplay/cplistitem/maximumimagesize")
        self.assert_fails_naming("CPListItem.playbackConfiguration: the SDK's property is copy")

    # 9. Delegate-method spellings, in extensions and on the type.

    def test_misspelt_delegate_method_in_an_extension(self) -> None:
        self.plant(DELEGATES, "  extension CarPlayBridge: CPMapTemplateDelegate {",
                   "  extension CarPlayBridge: CPMapTemplateDelegate {\n"
                   "    public func mapTemplateDidCancelNavigaton(_ mapTemplate: CPMapTemplate) {}")
        self.assert_fails_naming("mapTemplateDidCancelNavigaton(_:) is in an extension adopting")

    def test_misspelt_delegate_method_on_the_type(self) -> None:
        self.plant(MAP_SCENE, "  private var windowController: MapWindowController?",
                   "  private var windowController: MapWindowController?\n\n"
                   "  func templateApplicationScene(\n    _ templateApplicationScene: CPTemplateApplicationScene,\n"
                   "    didConect interfaceController: CPInterfaceController, to window: CPWindow\n  ) {}")
        self.assert_fails_naming("templateApplicationScene(_:didConect:to:) nearly spells "
                                 "templateApplicationScene(_:didConnect:to:)")

    # 10. Declarations the checker cannot parse are counted and fail, not skipped.

    def test_unparseable_declaration(self) -> None:
        self.plant(CARPLAY, "  open func setText(_ text: String) {",
                   "  public subscript(index: Int) -> String { \"\" }\n  open func setText(_ text: String) {")
        output = self.assert_fails_naming("CPListItem: cannot parse this declaration (`public subscript")
        self.assertIn("1 declarations that could not be parsed", output)


if __name__ == "__main__":
    unittest.main()
