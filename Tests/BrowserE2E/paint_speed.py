#!/usr/bin/env python3
"""Paint times of the web simulator: from the input event to the next paint after its answer is
applied, measured in the page (`window.__paints`, see PreviewPage), with the answer's size.

Every interaction of the browser test, each repeated (issue 38, item 7): a tap (a row in the
charging app's places list beside its map, and the card it opens closed), a knob move (the
arrow keys on a knob car), zoom and pan of the charging map (the panel's arrows: "zoom panel",
"pan"), zoom in the map app (its own Zoom in / Zoom out buttons: "zoom map"), day/night (the
panel's style buttons), a display switch and an app switch (the panel's menus) and the live
feed switched on (the panel's switch; off again between rounds, not timed). Beside each median:
until the answer's last byte, applying it (the rest is the browser's style, layout and paint),
and until the paint that shows a new map image the answer names (loaded and decoded; the paint
time when there is none); and the previous figures where there are some.

Targets (issue 38, item 7): median ≤ 50 ms and p95 ≤ 100 ms for every interaction; answers
≤ 50 KB median for a tap and a zoom. Measure a release build:

    swift build -c release --product wayside
    python3 Tests/BrowserE2E/paint_speed.py --wayside .build/release/wayside

`run.py` calls `report(driver)` after its steps (the figures of that run's build).
"""
import argparse
import os
import sys
import tempfile
import subprocess
import time

sys.path.insert(0, os.path.dirname(__file__))

TARGET_MEDIAN_MS = 50
TARGET_P95_MS = 100
TARGET_BYTES = 50 * 1024

# The previous figures (Guides/Benchmark.md "Speed": CI's browser test, 3 rounds, the release
# build at d251eca, nothing else running): median and p95 in ms.
PREVIOUS = {"row tap": (41.4, 54.7), "knob move": (48.5, 61.9), "zoom panel": (65.0, 120.1),
            "zoom map": (51.3, 68.8), "pan": (56.3, 67.3), "day/night": (58.1, 88.9),
            "display": (64.2, 76.1), "app switch": (66.7, 81.3), "live feed on": (64.2, 77.8)}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def paints(driver):
    return driver.script("return window.__paints || []") or []


def timed(driver, what, action, timeout=20):
    """Runs `action` (a click), then waits until the page recorded the paint it caused."""
    count = len(paints(driver))
    action()
    driver.wait_until(lambda: len(paints(driver)) > count, timeout, f"the paint after {what}")
    entry = paints(driver)[-1]
    return entry["ms"], entry["bytes"], entry.get("answer"), entry.get("apply"), entry.get("image")


def click(driver, css):
    """A real click on the first element matching css (pointer events at its centre)."""
    driver.wait_for(css, 120)
    if css.startswith("#panel"):
        # The panel's controls scroll by themselves (the status below them stays): a person
        # scrolls the button into view first.
        driver.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", css)
    driver.tap_in_place(css)


def panel(driver, cmd, value):
    return f'#panel button[data-cmd="{cmd}"][data-value="{value}"]'


def choose(driver, cmd, value):
    """Chooses `value` in the panel's menu `cmd` as a person does (the menu's change event)."""
    driver.script("""const s = document.querySelector('#panel select[data-cmd="' + arguments[0] + '"]');
        s.value = arguments[1]; s.dispatchEvent(new Event('change', {bubbles: true}));""", cmd, value)


def switch_app(driver, app):
    choose(driver, "app", app)


def key(driver, name):
    """A key pressed on the keyboard (WebDriver's key actions)."""
    from run import KEYS
    driver.s("/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
        {"type": "keyDown", "value": KEYS[name]}, {"type": "keyUp", "value": KEYS[name]}]}]})
    driver.s("/actions", method="DELETE")


def to_map_zoom(driver):
    """Brings the map app to its map, where its Zoom in / Zoom out buttons are (bounded: each
    pass closes a notice or pops a pushed list)."""
    driver.wait_for(".car .map-template", 60)

    def press(css):
        revision = driver.revision()
        click(driver, css)
        driver.wait_until(lambda: driver.revision() > revision, 10, f"the page to answer {css}")

    for _ in range(8):
        if driver.find(MAP_ZOOM.format("zoom-in")) and driver.find(MAP_ZOOM.format("zoom-out")):
            return
        if driver.find(".car .modal [data-ev=alertAction]"):
            press(".car .modal [data-ev=alertAction]")
        elif driver.find(".car .template .back"):
            press(".car .template .back")
        else:
            break
    driver.wait_for(MAP_ZOOM.format("zoom-out"), 10)


# The map app's own zoom buttons: Zoom in and Zoom out on its map's bar (its map buttons offer
# only Zoom in while panning: two map buttons at most, carplay-facts.md §1.6).
MAP_ZOOM = '.car .map-bar [data-ev=bar][data-e="{}"]'


def measure(driver, rounds=8):
    """Runs the interactions `rounds` times each; returns {name: [(ms, bytes)]}."""
    results = {"row tap": [], "knob move": [], "zoom panel": [], "zoom map": [], "pan": [],
               "day/night": [], "display": [], "app switch": [], "live feed on": []}
    # The browser test leaves the page on whichever app its last flow used: measure on the
    # charging app, whose places list beside the map appears once the station data is loaded.
    switch_app(driver, "charging")
    choose(driver, "display", "standard")
    driver.wait_for(".car[data-profile=standard] .poi-panel [data-ev=poi]", 90)
    # A knob car: the arrow keys move the focus down the places and back.
    choose(driver, "input", "knob")
    driver.wait_for(".car[data-input=knob]", 10)
    for _ in range(rounds):
        for name in ("ArrowDown", "ArrowUp"):
            results["knob move"].append(timed(driver, name, lambda n=name: key(driver, n)))
    choose(driver, "input", "touch")
    driver.wait_for(".car[data-input=touch]", 10)
    for _ in range(rounds):
        for profile in ("minimum", "standard"):
            results["display"].append(timed(driver, profile, lambda p=profile: choose(driver, "display", p)))
    driver.wait_for(".car[data-profile=standard] .poi-panel [data-ev=poi]", 30)
    for _ in range(rounds):
        results["row tap"].append(timed(driver, "a place tap", lambda: click(driver, ".car .poi-panel [data-ev=poi]")))
        timed(driver, "closing the card", lambda: click(driver, ".car [data-ev=poiDeselect]"))
        for value in ("east", "west"):
            results["pan"].append(timed(driver, f"pan {value}", lambda v=value: click(driver, panel(driver, "region", v))))
        for value in ("zoomIn", "zoomOut"):
            results["zoom panel"].append(timed(driver, value, lambda v=value: click(driver, panel(driver, "region", v))))
        for value in ("night", "day"):
            results["day/night"].append(timed(driver, value, lambda v=value: click(driver, panel(driver, "style", v))))
    # The map app's own zoom buttons, from whatever the flows left on the map app.
    switch_app(driver, "map")
    to_map_zoom(driver)
    for _ in range(rounds):
        for which in ("zoom-in", "zoom-out"):
            results["zoom map"].append(timed(driver, which, lambda w=which: click(driver, MAP_ZOOM.format(w))))
    # App switches, as the panel's menu makes them (each app keeps its screen).
    for _ in range(rounds):
        for app in ("charging", "map"):
            results["app switch"].append(timed(driver, app, lambda a=app: switch_app(driver, a)))
    switch_app(driver, "charging")
    driver.wait_for(".car .poi-panel [data-ev=poi]", 30)
    # The live feed switched on (the car moves to the feed's town and its statuses show), then
    # off again and back to Kassel between rounds.
    feed = '#panel input[data-cmd="liveFeed"]'
    if driver.find(feed):
        for _ in range(rounds):
            results["live feed on"].append(timed(driver, "live feed on", lambda: click(driver, feed), timeout=60))
            click(driver, feed)
            try:
                driver.wait_until(lambda: not driver.script(
                    "return document.querySelector(arguments[0]).checked", feed), 30, "the live feed to go off")
            except AssertionError as error:
                said = driver.script("""return [document.querySelector('#panel .message')?.textContent,
                    [...document.querySelectorAll('#panel .transcript li')].slice(-3).map(l => l.textContent)]""")
                raise AssertionError(f"{error}; the panel says {said}") from None
            revision = driver.revision()
            driver.script("""return fetch('/control', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({cmd: 'move', value: 'Kassel'})}).then(r => r.json()).then(s => apply(s))""")
            driver.wait_until(lambda: driver.revision() > revision, 10, "the car back in Kassel")
    return results


def report(driver, rounds=8):
    """Measures and prints median/p95 paint time and median answer size per interaction;
    returns whether every target was met."""
    results = measure(driver, rounds)
    met = True
    print(f"  paint time (input event → next paint after the answer is applied; targets median "
          f"≤ {TARGET_MEDIAN_MS} ms, p95 ≤ {TARGET_P95_MS} ms):")
    for name, samples in results.items():
        if not samples:
            print(f"    {name:12s} not measured")
            met = False
            continue
        times = [s[0] for s in samples]
        sizes = [s[1] for s in samples]
        median, p95 = percentile(times, 0.5), percentile(times, 0.95)
        size = percentile(sizes, 0.5)
        ok = median <= TARGET_MEDIAN_MS and p95 <= TARGET_P95_MS
        if name == "row tap" or name.startswith("zoom"):
            ok = ok and size <= TARGET_BYTES
        met = met and ok
        parts = ""
        if all(s[2] is not None for s in samples):
            # Where the median goes: until the answer's last byte, then applying it; the rest
            # is style, layout and paint.
            answer = percentile([s[2] for s in samples], 0.5)
            applying = percentile([s[3] for s in samples], 0.5)
            image = percentile([s[4] for s in samples], 0.5)
            parts = f"  (answer {answer:5.1f} ms, apply {applying:5.1f} ms; map image painted {image:6.1f} ms)"
        before = PREVIOUS.get(name)
        previous = f"  previously {before[0]:6.1f} / {before[1]:6.1f} ms" if before else "  no previous figure"
        print(f"    {name:12s} {len(times):3d}×  median {median:6.1f} ms  p95 {p95:6.1f} ms  "
              f"received median {size / 1024:6.1f} KB  {'met' if ok else 'NOT met'}{previous}{parts}")
    return met


def main():
    from run import WebDriver, free_port, wait_for_http  # noqa: E402 - the browser test's driver

    parser = argparse.ArgumentParser()
    parser.add_argument("--wayside", default=".build/release/wayside")
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    port, driver_port = free_port(), free_port()
    store = tempfile.mkdtemp(prefix="wayside-paint-store-")
    app = subprocess.Popen([args.wayside, "serve", "--port", str(port), "--store", store],
                           stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    chromedriver = subprocess.Popen(["chromedriver", f"--port={driver_port}"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = None
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_http(base + "/state", 120)
        wait_for_http(f"http://127.0.0.1:{driver_port}/status", 30)
        driver = WebDriver(f"http://127.0.0.1:{driver_port}")
        driver.go(base + "/")
        driver.wait_for(".car", 30)
        load = open("/proc/loadavg").read().split()[:3]
        print(f"paint_speed: {args.wayside}, load average {' '.join(load)}")
        return 0 if report(driver, args.rounds) else 1
    finally:
        if driver:
            driver.quit()
        chromedriver.terminate()
        app.terminate()
        time.sleep(0.2)


if __name__ == "__main__":
    sys.exit(main())
