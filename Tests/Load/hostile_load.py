#!/usr/bin/env python3
"""Hostile load against a running simulator, on loopback only; prints what the server did.

Starts `wayside` on a free port, then for --seconds: 128 sockets that send nothing, 128
`/events` streams that are never read (small receive buffers, so the server's queues are what
fills), 128 slow readers that each pipeline 20 `GET /screen.svg` and never read (small receive
buffers, so the server's writes stall), a driver that changes the simulator's state as fast as
it is answered (so every stream gets events), 64 clients doing GET /state and one "browser"
doing GET /screen.svg in turn. Samples the server's resident memory and counts the status codes
the clients and the browser saw.

    swift build --product wayside
    python3 Tests/Load/hostile_load.py --wayside .build/debug/wayside --seconds 20
"""
import argparse, http.client, json, os, socket, subprocess, sys, threading, time


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wayside", default=".build/debug/wayside")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--slow-readers", type=int, default=128)
    ap.add_argument("--pipeline", type=int, default=20)
    args = ap.parse_args()
    port = free_port()
    server = subprocess.Popen([args.wayside, "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
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
    statuses, browser, lock, peak = {}, {}, threading.Lock(), [base]

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
                c.request("GET", "/state")
                r = c.getresponse()
                r.read()
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
    threads += [threading.Thread(target=client) for _ in range(64)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = rss_kib(server.pid)
    for s in hostile:
        s.close()
    server.terminate()
    server.wait(timeout=30)
    print(json.dumps({"seconds": args.seconds, "statuses": statuses, "browser": browser,
                      "slow_readers": args.slow_readers, "pipeline": args.pipeline,
                      "rss_start_mib": round(base / 1024, 1), "rss_peak_mib": round(peak[0] / 1024, 1),
                      "rss_end_mib": round(final / 1024, 1)}))


if __name__ == "__main__":
    main()
