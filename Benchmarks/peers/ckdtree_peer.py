#!/usr/bin/env python3
"""The scipy cKDTree peer of wayside-bench's 12-nearest figure.

Usage: ckdtree_peer.py STATIONS.f64 QUERIES.f64 K

Both files hold little-endian float64 (latitude, longitude) pairs in degrees, written by
wayside-bench in the same run. The points become unit vectors on the sphere (as in the Swift
index), cKDTree is built once (leafsize 16) and queried for the K nearest of every query point
in one batched call with one worker — cKDTree's fastest single-core mode, so the per-query figure
carries no Python call overhead. Prints `build_ms=… query_us=…` (medians of 5 runs).
Exit status 3 when numpy or scipy is missing (`pip install scipy`).
"""
import sys
import time

try:
    import numpy as np
    from scipy.spatial import cKDTree
except ImportError as error:  # the bench reports the peer as skipped
    print(f"scipy unavailable: {error}; pip install scipy")
    sys.exit(3)


def unit_vectors(path):
    pairs = np.fromfile(path, dtype="<f8").reshape(-1, 2)
    lat = np.radians(pairs[:, 0])
    lon = np.radians(pairs[:, 1])
    return np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)))


def main():
    stations = unit_vectors(sys.argv[1])
    queries = unit_vectors(sys.argv[2])
    k = int(sys.argv[3])
    builds, runs = [], []
    tree = None
    for _ in range(5):
        start = time.perf_counter()
        tree = cKDTree(stations, leafsize=16)
        builds.append(time.perf_counter() - start)
    for _ in range(5):
        start = time.perf_counter()
        tree.query(queries, k=k, workers=1)
        runs.append((time.perf_counter() - start) / len(queries))
    print(f"build_ms={sorted(builds)[2] * 1e3:.3f} query_us={sorted(runs)[2] * 1e6:.4f}")


if __name__ == "__main__":
    main()
