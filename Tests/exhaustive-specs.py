#!/usr/bin/env python3
"""Counts the app tests (Swift Testing @Test functions in Tests/{ChargingCar,MapCar,MediaCar}Tests)
and how many of them are exhaustive CarAppTester specifications: the test builds a CarAppTester
(directly, or through a helper in those folders declared to return one) and does not leave
`exhaustive = false` switched on (a `false` must be followed by a `true` in the same test)."""
import re, sys, pathlib
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
dirs = ["ChargingCarTests", "MapCarTests", "MediaCarTests"]
files = [f for d in dirs for f in sorted((root / "Tests" / d).glob("*.swift"))]
text = {f: f.read_text() for f in files}
helpers = set()
for t in text.values():
    for m in re.finditer(r"func\s+(\w+)\s*\([^{]*?->\s*\(?[^{]*CarAppTester<", t, re.S):
        helpers.add(m.group(1))
makes = re.compile(r"CarAppTester\s*\(|CarAppTester<[^>]*>\s*\(" + "".join(f"|\\b{h}\\s*\\(" for h in helpers))
total = exhaustive = 0
per = {}
for f, t in text.items():
    parts = re.split(r"\n\s*@Test\b", t)
    for body in parts[1:]:
        # the test's own text: up to the next @Test or @Suite or end
        body = re.split(r"\n\s*@Suite\b", body)[0]
        total += 1
        uses = bool(makes.search(body))
        flags = re.findall(r"exhaustive\s*=\s*(true|false)", body)
        left_off = bool(flags) and flags[-1] == "false"
        ok = uses and not left_off
        exhaustive += ok
        per.setdefault(f.parent.name, [0, 0])
        per[f.parent.name][0] += 1
        per[f.parent.name][1] += ok
for k, (a, e) in sorted(per.items()):
    print(f"{k}: {e} exhaustive of {a}")
print(f"app tests: {total}, exhaustive CarAppTester: {exhaustive}")
