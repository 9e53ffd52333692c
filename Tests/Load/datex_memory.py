#!/usr/bin/env python3
"""How much memory reading a big DATEX II status publication takes; local files only.

Writes a status publication of --sites sites (two stations of two charge points each, about
830 bytes a site: 40,000 sites are about 33 MB) into a temporary folder, then runs
`wayside status FILE` on it and on the bundled EnBW status publication (4.6 KB, the
reference), each in a process of its own, and prints the peak resident memory of both (the
kernel's `ru_maxrss`) and how far the big file rose above the reference, beside the file's
size. The program loads the same register either way, so the rise is what reading the
publication costs.

With --max-rise-ratio R it is a check: it exits 1 when the rise passes R times the file's
size. A publication read into one tree rises several times its size (the tree of a 33 MB
publication took about 190 MiB); read one site at a time, it holds the bytes, one site's tree
and the statuses read.

    swift build -c release --product wayside
    python3 Tests/Load/datex_memory.py --wayside .build/release/wayside --max-rise-ratio 2
"""
import argparse, json, os, subprocess, sys, tempfile

LIVE = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "Core", "WaysideData",
                    "Resources", "live", "enbw_datex2_afir_realtime_2026-03-12.json")


def publication(sites):
    parts = ['{"messageContainer":{"payload":[{"aegiEnergyInfrastructureStatusPublication":{'
             '"publicationTime":"2026-03-12T10:00:00Z","energyInfrastructureSiteStatus":[']
    for site in range(sites):
        stations = []
        for station in range(2):
            points = ",".join(
                '{"aegiRefillPointStatus":{"reference":{"idG":"DE*TST*E%dS%dP%d","versionG":"1"},'
                '"status":{"value":"%s"},"lastUpdated":"2026-03-12T09:58:00Z"}}'
                % (site, station, point, "available" if point == 0 else "charging")
                for point in range(2))
            stations.append('{"reference":{"idG":"ST-%d-%d"},"refillPointStatus":[%s]}'
                            % (site, station, points))
        parts.append(("," if site else "")
                     + '{"reference":{"idG":"SITE-%d","versionG":"1"},"lastUpdated":'
                     '"2026-03-12T09:59:00Z","energyInfrastructureStationStatus":[%s]}'
                     % (site, ",".join(stations)))
    parts.append(']}}],"exchangeInformation":{"exchangeContext":{"codedExchangeProtocol":'
                 '{"value":"snapshotPull"}}}}}')
    return "".join(parts).encode()


def peak_kib(command):
    """Runs `command`; its exit status and peak resident memory in KiB."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wayside", default=".build/debug/wayside")
    ap.add_argument("--sites", type=int, default=40000)
    ap.add_argument("--max-rise-ratio", type=float,
                    help="fail when the rise passes this many times the file's size")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="wayside-datex-") as folder:
        path = os.path.join(folder, "status.json")
        data = publication(args.sites)
        with open(path, "wb") as f:
            f.write(data)
        reference_status, reference = peak_kib([args.wayside, "status", LIVE])
        big_status, big = peak_kib([args.wayside, "status", path])
    rise = big - reference
    result = {"sites": args.sites, "file_mib": round(len(data) / 1048576, 1),
              "reference_peak_mib": round(reference / 1024, 1), "peak_mib": round(big / 1024, 1),
              "rise_mib": round(rise / 1024, 1),
              "rise_per_file_byte": round(rise * 1024 / len(data), 2),
              "exit": {"reference": reference_status, "big": big_status},
              "load_average": round(os.getloadavg()[0], 2)}
    print(json.dumps(result))
    if args.max_rise_ratio is not None and rise * 1024 > args.max_rise_ratio * len(data):
        print(f"target missed: reading the publication rose {result['rise_mib']} MiB, more than "
              f"{args.max_rise_ratio} × its {result['file_mib']} MiB", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
