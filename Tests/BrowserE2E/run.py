#!/usr/bin/env python3
"""End-to-end test of the web simulator in a real browser (Chromium through chromedriver).

Starts `wayside` on a free loopback port, opens the page, drives it like a person would, and
saves screenshots. Uses only the Python standard library to speak the W3C WebDriver protocol.

Usage: python3 Tests/BrowserE2E/run.py [--wayside PATH] [--out DIR]
Exit status 0 when every step passed; otherwise 1 with the failed step named.
"""
import argparse
import base64
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url, timeout):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                return r.read()
        except Exception as error:  # noqa: BLE001 - retry until the deadline
            last = error
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout}s: {last}")


class WebDriver:
    def __init__(self, base):
        self.base = base
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1500,900", "--hide-scrollbars"]}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as r:
                return json.loads(r.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"WebDriver {method} {path}: {error.read().decode()[:400]}") from None

    def s(self, path, body=None, method="POST"):
        return self.call(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self.s("/url", {"url": url})

    def script(self, source, *args):
        return self.s("/execute/sync", {"script": source, "args": list(args)})

    def find(self, css):
        found = self.s("/elements", {"using": "css selector", "value": css})
        return [next(iter(e.values())) for e in found]

    def click(self, css, timeout=10):
        """Clicks the first element matching css, like a person would; the page may re-render
        between finding and clicking (an update pushed by the server), so a stale element is
        looked up again."""
        revision = self.revision()
        deadline = time.time() + timeout
        while True:
            element = self.wait_for(css, timeout)
            try:
                self.s(f"/element/{element}/click", {})
                break
            except RuntimeError as error:
                if "stale element" not in str(error) or time.time() > deadline:
                    raise
        self.wait_until(lambda: self.revision() > revision, timeout, f"page to update after clicking {css}")

    def revision(self):
        return int(self.script("return Number(document.body.dataset.revision || -1)"))

    def wait_for(self, css, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = self.find(css)
            if found:
                return found[0]
            time.sleep(0.1)
        raise AssertionError(f"no element matches {css!r} after {timeout}s")

    def wait_until(self, predicate, timeout, what):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if predicate():
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}")

    def text(self, css):
        return self.script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", css)

    def screenshot(self, path):
        png = base64.b64decode(self.s("/screenshot", method="GET"))
        with open(path, "wb") as f:
            f.write(png)

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        except Exception:  # noqa: BLE001 - best effort on shutdown
            pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wayside", default=".build/debug/wayside")
    parser.add_argument("--out", default=".build/e2e-screenshots")
    parser.add_argument("--steps", default=os.path.join(os.path.dirname(__file__), "steps.json"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    port = free_port()
    driver_port = free_port()
    # A store of its own, so the run never reads or writes the user's tariffs and favourites.
    store = tempfile.mkdtemp(prefix="wayside-e2e-store-")
    app = subprocess.Popen([args.wayside, "serve", "--port", str(port), "--store", store],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    chromedriver = subprocess.Popen(["chromedriver", f"--port={driver_port}"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = None
    passed = failed = 0
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_http(base + "/state", 60)
        wait_for_http(f"http://127.0.0.1:{driver_port}/status", 30)
        driver = WebDriver(f"http://127.0.0.1:{driver_port}")
        driver.go(base + "/")
        driver.wait_for(".car", 20)
        with open(args.steps) as f:
            steps = json.load(f)
        for index, step in enumerate(steps, 1):
            name = step["name"]
            try:
                run_step(driver, step, args.out)
                passed += 1
                print(f"  ✓ {index:02d} {name}")
            except Exception as error:  # noqa: BLE001 - report and stop at the first failure
                failed += 1
                driver.screenshot(os.path.join(args.out, f"failed-{index:02d}.png"))
                print(f"  ✗ {index:02d} {name}: {error}")
                break
        latencies = driver.script("return window.__latencies || []") or []
        if latencies:
            ordered = sorted(latencies)
            median = ordered[len(ordered) // 2]
            print(f"  tap → updated page: {len(ordered)} taps, median {median:.1f} ms, max {ordered[-1]:.1f} ms")
    finally:
        if driver:
            driver.quit()
        chromedriver.terminate()
        app.terminate()
        try:
            output, _ = app.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
            output, _ = app.communicate()
        if app.returncode not in (0, -15, 143):
            print("wayside exited with", app.returncode, "output:\n" + output[-2000:])
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


def run_step(driver, step, out):
    action = step["do"]
    if action == "click":
        driver.click(step["css"])
    elif action == "control":
        revision = driver.revision()
        driver.script("""
          return fetch('/control', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify(arguments[0])}).then(r => r.json()).then(s => { apply(s); return s.revision; });
        """, step["command"])
        driver.wait_until(lambda: driver.revision() > revision, 10, "the page to apply the command")
    elif action == "expect":
        driver.wait_for(step["css"], step.get("timeout", 10))
        if "text" in step:
            driver.wait_until(lambda: step["text"] in driver.text(step.get("in", "body")), 10,
                              f"text {step['text']!r} in {step.get('in', 'body')}")
    elif action == "expectNot":
        driver.wait_until(lambda: not driver.find(step["css"]), 10, f"{step['css']} to disappear")
    else:
        raise ValueError(f"unknown step action {action!r}")
    if "screenshot" in step:
        driver.screenshot(os.path.join(out, step["screenshot"]))


if __name__ == "__main__":
    sys.exit(main())
