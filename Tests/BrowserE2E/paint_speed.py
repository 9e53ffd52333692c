#!/usr/bin/env python3
"""Paint times of the web simulator: from the input event to the next paint after its answer is
applied, measured in the page (`window.__paints`, see PreviewPage), with the answer's size.

Interactions, each repeated: a row tap in the charging app's places list beside its map (and
the card it opens closed), pan and zoom of the charging map (the panel's arrows: "zoom panel"),
zoom in the map app (its own Zoom in / Zoom out buttons on its map: "zoom map"), and
day/night (the panel's style buttons). Beside each median: until the answer's last byte,
applying it (the rest is the browser's style, layout and paint), and until the paint that shows
a new map image the answer names (loaded and decoded; the paint time when there is none).

Targets (issue 24): median ≤ 100 ms and p95 ≤ 250 ms for zoom, pan, day/night and a row tap;
answers ≤ 50 KB median for a row tap and a zoom. Measure a release build:

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

TARGET_MEDIAN_MS = 100
TARGET_P95_MS = 250
TARGET_BYTES = 50 * 1024


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


def switch_app(driver, app):
    driver.script("""const s = document.querySelector('#panel select[data-cmd="app"]');
        s.value = arguments[0]; s.dispatchEvent(new Event('change', {bubbles: true}));""", app)


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
    results = {"row tap": [], "zoom panel": [], "zoom map": [], "pan": [], "day/night": []}
    # The browser test leaves the page on whichever app its last flow used: measure on the
    # charging app, whose places list beside the map appears once the station data is loaded.
    switch_app(driver, "charging")
    driver.wait_for(".car .poi-panel [data-ev=poi]", 90)
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
    switch_app(driver, "charging")
    return results


def report(driver, rounds=8):
    """Measures and prints median/p95 paint time and median answer size per interaction;
    returns whether every target was met."""
    results = measure(driver, rounds)
    met = True
    print("  paint time (input event → next paint after the answer is applied):")
    for name, samples in results.items():
        if not samples:
            print(f"    {name:10s} not measured")
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
        print(f"    {name:10s} {len(times):3d}×  median {median:6.1f} ms  p95 {p95:6.1f} ms  "
              f"received median {size / 1024:6.1f} KB  {'met' if ok else 'NOT met'}{parts}")
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
