#!/usr/bin/env python3
"""A soak of the simulator with three live feeds and taps, on loopback only; prints its memory.

Starts `wayside` (the charging app, at Ludwigsburg, with a store of its own in a temporary
folder) polling three feeds this script serves on 127.0.0.1 every --interval seconds (at least
10): the bundled Ludwigsburg OCPI page, the Stuttgart chargecloud POI answer and the EnBW DATEX
II status publication with its table. At every poll a few charge points change status (and the
DATEX records are dated now), so the simulator keeps, matches, stores and shows new statuses
all along. Meanwhile a driver works the knob (next, next, select, back, in turn) at --taps per
second, a page reads `/events`, and a client reads `GET /state` once a second.

Resident memory is sampled every 5 s. At the end it prints the start, the peak, the mean of
each tenth of the run, and over the last half of the run (the last 30 minutes of an hour) its
lowest, highest and the slope of a least-squares line in MiB per hour; with the count of taps,
polls and answers that were not 200. The run is bounded: --seconds (default 3600).

    swift build -c release --product wayside
    python3 Tests/Load/soak.py --wayside .build/release/wayside --seconds 3600
"""
import argparse, http.client, http.server, json, os, random, socket, socketserver, subprocess
import sys, tempfile, threading, time

LIVE = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "Core", "WaysideData",
                    "Resources", "live")
OCPI_STATUSES = ["AVAILABLE", "CHARGING", "OUTOFORDER", "AVAILABLE"]
DATEX_STATUSES = ["available", "charging", "faulted", "available"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Feeds:
    """The three bundled feeds, each changing a few charge points at every request."""

    def __init__(self, seed):
        self.random = random.Random(seed)
        self.lock = threading.Lock()
        self.requests = {}
        load = lambda name: json.load(open(os.path.join(LIVE, name), encoding="utf-8"))
        self.ocpi = load("swlb_ludwigsburg_ocpi_locations_2026-04.json")
        self.poi = load("sw_stuttgart_chargecloud_poi_2024-10-23.json")
        self.datex = load("enbw_datex2_afir_realtime_2026-03-12.json")
        self.table = open(os.path.join(LIVE, "enbw_datex2_afir_static_2026-03-19.json"), "rb").read()
        self.ocpi.pop("next", None)
        feeds = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.split("?")[0]
                body = feeds.answer(path)
                if body is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        self.server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def change(self, evses, key, words):
        for evse in self.random.sample(evses, min(5, len(evses))):
            evse[key] = self.random.choice(words)

    def answer(self, path):
        with self.lock:
            self.requests[path] = self.requests.get(path, 0) + 1
            if path == "/ocpi":
                self.change([e for l in self.ocpi["items"] for e in l.get("evses", [])], "status",
                            OCPI_STATUSES)
                return json.dumps(self.ocpi).encode()
            if path == "/poi":
                self.change([e for l in self.poi["data"] for e in l.get("evses", [])], "status",
                            OCPI_STATUSES)
                return json.dumps(self.poi).encode()
            if path == "/datex":
                # Two seconds before the request: the simulator dates its poll as it starts it.
                now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 2))
                container = self.datex["messageContainer"]
                records = []
                for payload in container["payload"]:
                    publication = payload.get("aegiEnergyInfrastructureStatusPublication", {})
                    publication["publicationTime"] = now
                    for site in publication.get("energyInfrastructureSiteStatus", []):
                        site.pop("lastUpdated", None)
                        for station in site.get("energyInfrastructureStationStatus", []):
                            station.pop("lastUpdated", None)
                            for wrapper in station.get("refillPointStatus", []):
                                for record in wrapper.values():
                                    if isinstance(record, dict) and "status" in record:
                                        record["lastUpdated"] = now
                                        records.append(record)
                for record in self.random.sample(records, min(3, len(records))):
                    record["status"] = {"value": self.random.choice(DATEX_STATUSES)}
                return json.dumps(self.datex).encode()
            if path == "/table":
                return self.table
            return None

    def urls(self):
        return [f"{self.base}/ocpi", f"{self.base}/poi", f"{self.base}/datex,{self.base}/table"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wayside", default=".build/release/wayside")
    ap.add_argument("--seconds", type=float, default=3600)
    ap.add_argument("--interval", type=int, default=10, help="seconds between polls (at least 10)")
    ap.add_argument("--taps", type=float, default=2, help="knob moves per second")
    ap.add_argument("--seed", type=int, default=40)
    args = ap.parse_args()
    feeds = Feeds(args.seed)
    port = free_port()
    store = tempfile.mkdtemp(prefix="wayside-soak-")
    command = [args.wayside, "--app", "charging", "--port", str(port), "--store", store,
               "--location", "Ludwigsburg", "--live-interval", str(args.interval)]
    for url in feeds.urls():
        command += ["--live-feed", url]
    log = tempfile.TemporaryFile(mode="w+")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True)
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit("the simulator did not start")
    started = time.time()
    end = started + args.seconds
    counts = {"taps": 0, "state": 0, "not_200": 0, "errors": 0, "events_bytes": 0}
    lock = threading.Lock()
    samples = []

    def request(method, path, body=None):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Content-Type": "application/json"} if body else {}
        c.request(method, path, body, headers)
        r = c.getresponse()
        r.read()
        c.close()
        return r.status

    def driver():
        moves = ["next", "next", "select", "back"]
        i = 0
        while time.time() < end:
            try:
                status = request("POST", "/event", json.dumps({"ev": "knob", "which": moves[i % 4]}))
                with lock:
                    counts["taps"] += 1
                    counts["not_200"] += status != 200
            except OSError:
                with lock:
                    counts["errors"] += 1
            i += 1
            time.sleep(1 / args.taps)

    def reader():
        while time.time() < end:
            try:
                status = request("GET", "/state")
                with lock:
                    counts["state"] += 1
                    counts["not_200"] += status != 200
            except OSError:
                with lock:
                    counts["errors"] += 1
            time.sleep(1)

    def events():
        while time.time() < end:
            try:
                s = socket.create_connection(("127.0.0.1", port))
                s.settimeout(5)
                s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                while time.time() < end:
                    try:
                        chunk = s.recv(65536)
                    except socket.timeout:
                        continue
                    if not chunk:
                        break
                    with lock:
                        counts["events_bytes"] += len(chunk)
                s.close()
            except OSError:
                time.sleep(1)

    def sampler():
        while time.time() < end:
            samples.append((time.time() - started, rss_kib(server.pid) / 1024))
            time.sleep(5)

    threads = [threading.Thread(target=f) for f in (driver, reader, events, sampler)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alive = server.poll() is None
    server.terminate()
    server.wait(timeout=60)
    feeds.server.shutdown()
    log.seek(0)
    lines = [l.rstrip() for l in log]
    half = [m for (t, m) in samples if t >= args.seconds / 2]
    halftimes = [t for (t, m) in samples if t >= args.seconds / 2]
    slope = None
    if len(half) > 2:
        mt, mm = sum(halftimes) / len(half), sum(half) / len(half)
        var = sum((t - mt) ** 2 for t in halftimes)
        slope = sum((t - mt) * (m - mm) for t, m in zip(halftimes, half)) / var * 3600 if var else None
    tenths = []
    for k in range(10):
        part = [m for (t, m) in samples if k * args.seconds / 10 <= t < (k + 1) * args.seconds / 10]
        tenths.append(round(sum(part) / len(part), 1) if part else None)
    result = {
        "seconds": args.seconds, "interval": args.interval, "simulator_alive_at_end": alive,
        "polls": feeds.requests, "counts": counts,
        "rss_start_mib": round(samples[0][1], 1) if samples else None,
        "rss_peak_mib": round(max(m for _, m in samples), 1) if samples else None,
        "rss_end_mib": round(samples[-1][1], 1) if samples else None,
        "rss_mean_per_tenth_mib": tenths,
        "last_half": {"min_mib": round(min(half), 1) if half else None,
                      "max_mib": round(max(half), 1) if half else None,
                      "slope_mib_per_hour": round(slope, 2) if slope is not None else None},
        "warnings": sorted({l[:200] for l in lines if "warning" in l})[:10],
        "live_lines": [l[:200] for l in lines if l.startswith("Live status")][:5],
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
