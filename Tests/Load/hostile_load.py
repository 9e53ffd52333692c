#!/usr/bin/env python3
"""Hostile load against a running simulator, on loopback only; prints what the server did.

Starts `wayside` on a free port, then for --seconds: 128 sockets that send nothing, 128
`/events` streams that are never read (small receive buffers, so the server's queues are what
fills), 128 slow readers that each pipeline 20 `GET /screen.svg` and never read (small receive
buffers, so the server's writes stall), a driver that changes the simulator's state as fast as
it is answered (so every stream gets events), 64 clients doing GET /state and one "browser"
doing GET /screen.svg in turn. Samples the server's resident memory and counts the status codes
the clients and the browser saw, and how long GET /state took (median, 99th percentile, most).

With --hostile-feed the simulator also polls nine hostile live feeds served by this script on
another loopback port (`--live-feed`, every 10 s, with a token in WAYSIDE_LIVE_TOKEN): an endless
answer, a gzip bomb (1 GiB of spaces after `{"data":[]}`, about 1 MiB compressed), a redirect
loop, a redirect to another origin, a next-page link to another origin, statuses dated 2099, an
answer that drips a byte a second, a big page (--big-page charge points, about 30 MB, just under
the 32 MiB page cap: parsing it takes seconds) and a feed whose --churn charge point ids are new
at every poll. It prints how many requests reached the other origin and whether any carried the
token (both must be 0), beside peak memory and the page times.

    swift build --product wayside
    python3 Tests/Load/hostile_load.py --wayside .build/debug/wayside --seconds 20
    python3 Tests/Load/hostile_load.py --wayside .build/release/wayside --seconds 60 --hostile-feed

--max-rss-mib and --max-p99-ms make it a check: it exits 1 (after printing the figures, with a
line naming each target missed) when the peak resident memory or the 99th percentile of
`GET /state` passes them, or when any answer to the clients or the browser was not 200. It
prints the load average (1 minute) at the start and the end beside the figures: on a shared
machine they are worth only as much as the load they were measured at.
"""
import argparse, gzip, http.client, http.server, json, os, socket, socketserver, subprocess, sys
import tempfile, threading, time, zlib


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def gzip_bomb(prefix, spaces):
    """`prefix` then `spaces` spaces, gzip-compressed a mebibyte at a time."""
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [c.compress(prefix)]
    block = b" " * (1 << 20)
    for _ in range(spaces >> 20):
        out.append(c.compress(block))
    out.append(c.flush())
    return b"".join(out)


class HostileFeeds:
    """Hostile live feeds on 127.0.0.1; `elsewhere` (127.0.0.2, another origin) counts what reaches it."""

    def __init__(self, until, big_page, churn_size):
        self.until = until
        self.bomb = gzip_bomb(b'{"data":[]}', 1 << 30)
        self.elsewhere_requests = 0
        self.elsewhere_tokens = 0
        feeds = self
        self.polls = {}
        self.big = json.dumps({"status_code": 1000, "data": [
            {"id": f"B{i}", "coordinates": {"latitude": f"{48 + i % 1000 / 1000:.4f}",
                                             "longitude": f"{9 + i // 1000 / 1000:.4f}"},
             "evses": [{"uid": "1", "evse_id": f"DE*BIG*E{i}", "status": "AVAILABLE"}]}
            for i in range(big_page)]}).encode()

        def churn(poll):
            return json.dumps({"status_code": 1000, "data": [
                {"id": f"C{poll}-{i}", "coordinates": {"latitude": "48.8961", "longitude": "9.1917"},
                 "evses": [{"uid": "1", "evse_id": f"DE*CHN*P{poll}E{i}", "status": "CHARGING"}]}
                for i in range(churn_size)]}).encode()
        ocpi_future = json.dumps({
            "status_code": 1000, "timestamp": "2099-01-01T00:00:00Z",
            "data": [{"id": "H1", "coordinates": {"latitude": "48.8961", "longitude": "9.1917"},
                      "evses": [{"uid": "1", "evse_id": "DE*HST*E1", "status": "OUTOFORDER",
                                 "last_updated": "2099-01-01T00:00:00Z"}]}]}).encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def send(self, status, body=b"", headers=()):
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                path = self.path.split("?")[0]
                if self.server is feeds.other:
                    feeds.elsewhere_requests += 1
                    if self.headers.get("Authorization"):
                        feeds.elsewhere_tokens += 1
                    return self.send(200, b'{"data":[]}', [("Content-Type", "application/json")])
                elsewhere = f"http://127.0.0.2:{feeds.other.server_address[1]}"
                try:
                    if path == "/endless":
                        self.send_response(200)
                        self.send_header("Content-Type", "application/json")
                        self.end_headers()
                        chunk = b"[" + b" " * 65535
                        while time.time() < feeds.until:
                            self.wfile.write(chunk)
                    elif path == "/bomb":
                        self.send(200, feeds.bomb, [("Content-Type", "application/json"),
                                                    ("Content-Encoding", "gzip")])
                    elif path in ("/loop-a", "/loop-b"):
                        self.send(302, b"", [("Location", "/loop-b" if path == "/loop-a" else "/loop-a")])
                    elif path == "/redirect-elsewhere":
                        self.send(302, b"", [("Location", elsewhere + "/stolen")])
                    elif path == "/link-elsewhere":
                        self.send(200, ocpi_future.replace(b"2099-01-01", b"2020-01-01"),
                                  [("Content-Type", "application/json"),
                                   ("Link", f'<{elsewhere}/page2>; rel="next"')])
                    elif path == "/future":
                        self.send(200, ocpi_future, [("Content-Type", "application/json")])
                    elif path == "/big":
                        self.send(200, feeds.big, [("Content-Type", "application/json")])
                    elif path == "/churn":
                        feeds.polls[path] = feeds.polls.get(path, 0) + 1
                        self.send(200, churn(feeds.polls[path]), [("Content-Type", "application/json")])
                    elif path == "/drip":
                        self.send_response(200)
                        self.send_header("Content-Type", "application/json")
                        self.send_header("Content-Length", "100000")
                        self.end_headers()
                        while time.time() < feeds.until:
                            self.wfile.write(b" ")
                            self.wfile.flush()
                            time.sleep(1)
                    else:
                        self.send(404, b"no such feed")
                except OSError:
                    pass

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass  # a client that hangs up (the simulator at a cap) is what is tested

        self.main = Server(("127.0.0.1", 0), Handler)
        self.other = Server(("127.0.0.2", 0), Handler)
        for server in (self.main, self.other):
            threading.Thread(target=server.serve_forever, daemon=True).start()

    NAMES = ("endless", "bomb", "loop-a", "redirect-elsewhere", "link-elsewhere", "future", "drip",
             "big", "churn")

    def urls(self, names=NAMES):
        base = f"http://127.0.0.1:{self.main.server_address[1]}"
        return [f"{base}/{name}" for name in names]

    def stop(self):
        for server in (self.main, self.other):
            server.shutdown()


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wayside", default=".build/debug/wayside")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--slow-readers", type=int, default=128)
    ap.add_argument("--pipeline", type=int, default=20)
    ap.add_argument("--clients", type=int, default=64)
    ap.add_argument("--hostile-feed", action="store_true")
    ap.add_argument("--big-page", type=int, default=200000)
    ap.add_argument("--churn", type=int, default=20000)
    ap.add_argument("--feeds", default=",".join(HostileFeeds.NAMES),
                    help="which hostile feeds, comma-separated (default: all)")
    ap.add_argument("--max-rss-mib", type=float,
                    help="fail when the peak resident memory passes this many MiB")
    ap.add_argument("--max-p99-ms", type=float,
                    help="fail when GET /state's 99th percentile passes this many milliseconds")
    args = ap.parse_args()
    port = free_port()
    command = [args.wayside, "--port", str(port)]
    environment = dict(os.environ)
    feeds = None
    store = None
    if args.hostile_feed:
        feeds = HostileFeeds(time.time() + args.seconds + 600, args.big_page, args.churn)
        store = tempfile.mkdtemp(prefix="wayside-hostile-")
        command += ["--store", store, "--live-interval", "10"]
        for url in feeds.urls(args.feeds.split(",")):
            command += ["--live-feed", url]
        environment["WAYSIDE_LIVE_TOKEN"] = "hostile-token"
    log = tempfile.TemporaryFile(mode="w+")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True, env=environment)
    host = f"127.0.0.1:{port}"
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit("the simulator did not start")
    base = rss_kib(server.pid)
    load_start = os.getloadavg()[0]
    hostile = []
    for _ in range(128):
        hostile.append(socket.create_connection(("127.0.0.1", port)))
    for _ in range(128):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        hostile.append(s)
    for _ in range(args.slow_readers):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /screen.svg HTTP/1.1\r\nHost: {host}\r\n\r\n".encode() * args.pipeline)
        hostile.append(s)
    end = time.time() + args.seconds
    statuses, browser, lock, peak, times = {}, {}, threading.Lock(), [base], []

    def count(code):
        with lock:
            statuses[code] = statuses.get(code, 0) + 1

    def driver():
        value = "night"
        while time.time() < end:
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                body = json.dumps({"cmd": "style", "value": value})
                c.request("POST", "/control", body, {"Content-Type": "application/json"})
                c.getresponse().read()
                c.close()
            except OSError:
                pass
            value = "day" if value == "night" else "night"

    def client():
        while time.time() < end:
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                started = time.time()
                c.request("GET", "/state")
                r = c.getresponse()
                r.read()
                with lock:
                    times.append(time.time() - started)
                count(r.status)
                c.close()
            except OSError as e:
                count(type(e).__name__)

    def browser_client():
        while time.time() < end:
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                c.request("GET", "/screen.svg")
                r = c.getresponse()
                r.read()
                code = r.status
                c.close()
            except OSError as e:
                code = type(e).__name__
            with lock:
                browser[code] = browser.get(code, 0) + 1

    def sampler():
        while time.time() < end:
            peak[0] = max(peak[0], rss_kib(server.pid))
            time.sleep(0.2)

    threads = [threading.Thread(target=driver), threading.Thread(target=sampler),
               threading.Thread(target=browser_client)]
    threads += [threading.Thread(target=client) for _ in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = rss_kib(server.pid)
    load_end = os.getloadavg()[0]
    for s in hostile:
        s.close()
    server.terminate()
    server.wait(timeout=30)
    result = {"seconds": args.seconds, "statuses": statuses, "browser": browser,
              "slow_readers": args.slow_readers, "pipeline": args.pipeline,
              "rss_start_mib": round(base / 1024, 1), "rss_peak_mib": round(peak[0] / 1024, 1),
              "rss_end_mib": round(final / 1024, 1),
              "load_average": {"start": round(load_start, 2), "end": round(load_end, 2)},
              "state_ms": {"median": percentile(times, 0.5), "p99": percentile(times, 0.99),
                           "max": percentile(times, 1.0), "count": len(times)}}
    if feeds:
        feeds.stop()
        log.seek(0)
        lines = [l.rstrip() for l in log if "warning" in l or "Live status" in l]
        result["elsewhere_requests"] = feeds.elsewhere_requests
        result["elsewhere_tokens"] = feeds.elsewhere_tokens
        result["big_page_bytes"] = len(feeds.big)
        result["churn_polls"] = feeds.polls.get("/churn", 0)
        result["feed_lines"] = sorted({l[:200] for l in lines})[:20]
    print(json.dumps(result, indent=1 if feeds else None))
    missed = []
    if args.max_rss_mib is not None and result["rss_peak_mib"] > args.max_rss_mib:
        missed.append(f"peak resident memory {result['rss_peak_mib']} MiB > {args.max_rss_mib} MiB")
    p99 = result["state_ms"]["p99"]
    if args.max_p99_ms is not None and (p99 is None or p99 > args.max_p99_ms):
        missed.append(f"GET /state p99 {p99} ms > {args.max_p99_ms} ms")
    if args.max_rss_mib is not None or args.max_p99_ms is not None:
        for name, codes in (("clients", statuses), ("browser", browser)):
            others = {code: n for code, n in codes.items() if code != 200}
            if others:
                missed.append(f"answers to the {name} that were not 200: {others}")
    for line in missed:
        print("target missed: " + line, file=sys.stderr)
    if missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
