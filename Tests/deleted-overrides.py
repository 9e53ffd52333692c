#!/usr/bin/env python3
"""Deletes every override in the in-car apps' tests and checks that each test that makes a car
fails naming the dependency key it needs (issue 33: "deleting an override in any app test makes
that test fail with the key's name").

The apps' test targets (ChargingCarTests, MapCarTests, MediaCarTests) run once with
WAYSIDE_DELETE_TEST_OVERRIDES=1: in that process a test container (CarAppTester,
SimulatedCar.test, CarClients.test) sets neither the test's overrides (`dependencies:`) nor the
app's own registrations (the services an app's initialiser takes); the container's own test
values (clock, location, data-source switch, phone, feeds) stay. A key touched then reports
"<Key> has no test value in test '<test>'".

A test "makes a car" when its body, or a helper function in those folders that it calls
(followed through helpers), makes a CarAppTester or a SimulatedCar.test. Each such test must
fail with an issue naming a key, or (a test that deletes an override on purpose) record that
issue as a known issue. Any other outcome (passing, or failing without naming a key) is a test
that would run on a live service, or not notice, if its override were forgotten: the script
names it and exits 1.

Usage: python3 Tests/deleted-overrides.py [--skip-build is implied: build the tests first]
       python3 Tests/deleted-overrides.py --report FILE   (read a saved xunit report instead)
Prints one line per car-making test (its key, or what went wrong) and a closing
'N passed, N failed' line; exits 0 only when every one of them failed naming a key.
"""
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDERS = ["ChargingCarTests", "MapCarTests", "MediaCarTests"]
MAKES_CAR = re.compile(r"\bCarAppTester\s*(<[^>]*>)?\s*\(|\bSimulatedCar\.test\s*\(")
KEY_NAMED = re.compile(r"\b(\w+Key) has no test value")
# Tests whose car touches no dependency key, so they set no override and pass either way:
# `file name` → why. Each must still pass in the run (so none outlives its reason).
NO_KEY_TOUCHED = {
    "MapCarTests/MapSpecificationTests.swift zoomAndPan":
        "zoom and pan move the camera only; the app is made without services",
    "MapCarTests/MapSpecificationTests.swift tapOffScreenRoute":
        "taps refused before the app runs; the app is made without services",
}
# Fewer car-making tests than this means the source reading broke, not that all is well.
MINIMUM_CAR_TESTS = 50


def body_after(text, start):
    """The text of the brace block that starts at the first '{' after `start`
    (a signature's parentheses skipped), or ''."""
    i, depth = start, 0
    while i < len(text):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "{" and depth == 0:
            break
        i += 1
    if i >= len(text):
        return ""
    begin, depth = i, 0
    while i < len(text):
        c = text[i]
        if c == '"':  # skip a string literal (one line; interpolations have no braces here)
            j = text.find('"', i + 1)
            while j != -1 and text[j - 1] == "\\":
                j = text.find('"', j + 1)
            i = j if j != -1 else i
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[begin : i + 1]
        i += 1
    return text[begin:]


def read_tests():
    """Every @Test of the three folders as (display name, body), and the helper functions."""
    functions, tests = {}, []
    for folder in FOLDERS:
        for path in sorted((ROOT / "Tests" / folder).rglob("*.swift")):
            text = path.read_text()
            for m in re.finditer(r"\bfunc\s+(\w+)\s*[(<]", text):
                functions.setdefault(m.group(1), []).append(body_after(text, m.end() - 1))
            for m in re.finditer(r"@Test\b(\s*\((?:[^()]|\([^()]*\))*\))?\s*(?:@\w+\s*)*func\s+(\w+)", text):
                args, name = m.group(1) or "", m.group(2)
                owner = re.findall(r"(?:struct|extension|final class|class)\s+(\w+)", text[: m.start()])
                name = f"{owner[-1] if owner else ''}.{name}"
                title = re.match(r'\s*\(\s*"((?:[^"\\]|\\.)*)"', args)
                shown = title.group(1).replace('\\"', '"') if title else f"{name}()"
                tests.append((f"{folder}/{path.name}", name, shown, body_after(text, m.end())))
    # Helpers (functions that are not tests) that make a car, followed through helpers that
    # call them. A call is `helper(`, `Self.helper(` or `Type.helper(`, not `.case(`.
    test_names = {name.split(".")[-1] for _, name, _, _ in tests}
    helpers = {n: b for n, b in functions.items() if n not in test_names}

    def calls(names):
        if not names:
            return None
        alternatives = "|".join(map(re.escape, sorted(names)))
        return re.compile(r"(?:(?<![\w.])|\b[A-Z]\w*\.)(?:" + alternatives + r")\s*\(")

    makers = {n for n, bodies in helpers.items() if any(MAKES_CAR.search(b) for b in bodies)}
    changed = True
    while changed:
        changed = False
        call = calls(makers)
        for n, bodies in helpers.items():
            if n not in makers and call and any(call.search(b) for b in bodies):
                makers.add(n)
                changed = True
    call = calls(makers)
    car_tests = [
        (where, name, shown)
        for where, name, shown, body in tests
        if MAKES_CAR.search(body) or (call and call.search(body))
    ]
    return tests, car_tests


def run_tests():
    env = dict(os.environ, WAYSIDE_DELETE_TEST_OVERRIDES="1")
    report = ROOT / ".build" / "deleted-overrides.xml"
    for old in report.parent.glob("deleted-overrides*.xml"):
        old.unlink()
    command = [
        "swift", "test", "--skip-build", "--filter",
        "^(" + "|".join(FOLDERS) + r")\.", "--xunit-output", str(report),
    ]
    print("running:", "WAYSIDE_DELETE_TEST_OVERRIDES=1", " ".join(command), flush=True)
    done = subprocess.run(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, timeout=1800)
    saved = ROOT / ".build" / "deleted-overrides.log"
    saved.write_text(done.stdout)
    print(f"the run's output: {saved}; its report: {report.with_name(report.stem + '-swift-testing.xml')}")
    return report.with_name(report.stem + "-swift-testing.xml").read_text()


def outcomes(report):
    """Per test, keyed `Module.Type.function`: its result ('passed'/'failed') and the text of
    its failures, from Swift Testing's xunit report (the console can leave out issue lines
    of tests that run in parallel; the report has every one)."""
    import xml.etree.ElementTree as ET

    result, issues = {}, {}
    for case in ET.fromstring(report).iter("testcase"):
        key = case.get("classname", "") + "." + case.get("name", "").split("(")[0]
        failures = [f.get("message", "") for f in case.iter("failure")]
        issues.setdefault(key, []).extend(failures)
        if result.get(key) != "failed":
            result[key] = "failed" if failures else "passed"
    return result, issues


def main():
    args = sys.argv[1:]
    log = pathlib.Path(args[args.index("--report") + 1]).read_text() if "--report" in args else run_tests()
    _, car_tests = read_tests()
    result, issues = outcomes(log)
    if len(car_tests) < MINIMUM_CAR_TESTS:
        print(f"only {len(car_tests)} car-making tests found (expected at least {MINIMUM_CAR_TESTS})")
        return 1
    good, bad = 0, []
    bodies = {(where, name): body for where, name, _, body in read_tests()[0]}
    for where, name, shown in car_tests:
        key = where.split("/")[0] + "." + name
        text = "\n".join(issues.get(key, []))
        keys = sorted(set(KEY_NAMED.findall(text)))
        state = result.get(key)
        # A test that deletes an override itself expects the key's issue (withKnownIssue
        # matching the key's name): it passes, having seen the key named.
        body = bodies[(where, name)]
        known = state == "passed" and "withKnownIssue" in body and bool(re.search(r"\w+Key\b", body))
        if known:
            keys = sorted(set(re.findall(r"\b(\w+Key)\b", body))) or ["(the key it names)"]
        reason = NO_KEY_TOUCHED.get(f"{where} {name.split('.')[-1]}")
        if reason and state == "passed" and not keys:
            good += 1
            print(f"ok    {where} {name}: passes, no key touched ({reason})")
        elif keys and (state == "failed" or known):
            good += 1
            how = "fails" if state == "failed" else "expects the issue itself"
            print(f"ok    {where} {name}: {how} naming {', '.join(keys)}")
        else:
            why = {
                None: "did not run",
                "passed": "passed with its overrides deleted",
                "failed": "failed without naming a key",
            }[state]
            bad.append(f"{where} {name} ({shown}): {why}")
            print(f"FAIL  {where} {name}: {why}")
    print(f"{len(car_tests)} app tests make a car; with every override deleted "
          f"{good - len(NO_KEY_TOUCHED)} fail naming a key and {len(NO_KEY_TOUCHED)} touch "
          "no key")
    print(f"{good} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
