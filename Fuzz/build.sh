#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets against the package's own modules.
#
# SwiftPM cannot link a libFuzzer binary (libFuzzer brings its own `main`), so each module a
# target needs (its module and that module's dependencies, read from Package.swift with
# `swift package dump-package`) is compiled here with swiftc, in dependency order, instrumented
# for coverage and AddressSanitizer (-sanitize=fuzzer,address on a compile-only step adds no
# `main`); each harness is then linked against those objects. Normal `swift build` is not
# affected.
#
# Usage: Fuzz/build.sh [target ...]      (default: every target; output in .build/fuzz/bin)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/modules" "$out/bin"

# target: the modules whose API it calls (space-separated); their dependencies come from
# Package.swift.
declare -A roots=(
  [http-request]=HTTPServer
  [journey]=CarSimulator
  [journey-run]="CarSimulator KitDemos"
  [network]=TripPlanner
  [tariff]=Pricing
  [csv]=StationFeeds
  [jsonl]=StationFeeds
  [ocpi]=StationFeeds
  [ocm]=StationFeeds
  [live-datex2]=StationFeeds
  [live-ocpi]=StationFeeds
  [live-chargecloud]=StationFeeds
  [fetch-framing]=StationFeeds
  [geojson]=Geo
  [index-image]=StationIndex
  [map-image]=CarRender
)
# The modules a module needs, dependencies first, one "name [resources]" line each.
swift package --scratch-path "$out/spm" dump-package >"$out/package.json"
modules_of() {
  python3 - "$out/package.json" "$1" <<'PY'
import json, sys
package = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in package["targets"]}
def deps(t):
    for d in t.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in d:
                yield d[kind][0]
order = []
def visit(name):
    if name in order:
        return
    t = targets[name]
    if name == "CCurl":
        # A system library: nothing to compile. Its module map is on the search path (-I in
        # `flags`) and libcurl is linked, so StationFeeds builds its libcurl transport, the
        # one the fetch-framing target fuzzes.
        return
    if t["type"] == "system":
        sys.exit(f"fuzz: {name} is a system library, which Fuzz/build.sh cannot build")
    for d in deps(t):
        visit(d)
    order.append(name)
for root in sys.argv[2].split():
    visit(root)
for name in order:
    print(name, "resources" if targets[name].get("resources") else "")
PY
}
all_targets=(http-request journey journey-run network tariff csv jsonl ocpi ocm live-datex2
  live-ocpi live-chargecloud fetch-framing geojson index-image map-image)
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -enable-upcoming-feature
  ExistentialAny -enable-testing -O -g -use-ld=lld -I "$out/modules" -I Sources/Core/CCurl)
# Objects built with other flags are stale.
stamp="$out/modules/flags"
if [ "$(cat "$stamp" 2>/dev/null)" != "${flags[*]}" ]; then
  rm -f "$out"/modules/*
  echo "${flags[*]}" >"$stamp"
fi

build_module() {
  local name=$1 resources=$2 object="$out/modules/$1.o"
  local sources
  mapfile -t sources < <(find "$(find Sources -mindepth 2 -maxdepth 2 -type d -name "$name")" -name '*.swift' | sort)
  local extra=()
  [ -n "$resources" ] && extra=(Fuzz/Support/ResourceBundle.swift)
  local newest
  newest=$(ls -t "${sources[@]}" "${extra[@]}" | head -1)
  if [ -f "$object" ] && [ "$object" -nt "$newest" ]; then return; fi
  echo "fuzz: compiling module $name" >&2
  # One package name for every module and harness, as SwiftPM gives them, so `package`
  # declarations are visible across them (the map-image harness reads the package-level MapImage).
  swiftc "${flags[@]}" -package-name wayside -module-name "$name" -wmo -c -o "$object" \
    -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
    "${sources[@]}" "${extra[@]}"
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
  [ -n "${roots[$target]+x}" ] || {
    echo "fuzz: unknown target '$target'; expected one of ${all_targets[*]}" >&2
    exit 2
  }
  objects=()
  modules=$(modules_of "${roots[$target]}")
  while read -r module resources; do
    build_module "$module" "$resources"
    objects+=("$out/modules/$module.o")
  done <<<"$modules"
  binary="$out/bin/fuzz-$target"
  harness="Fuzz/Targets/$target.swift"
  if [ -f "$binary" ] && [ "$binary" -nt "$harness" ] \
    && [ -z "$(find "${objects[@]}" -newer "$binary")" ]; then continue; fi
  echo "fuzz: linking $binary" >&2
  swiftc "${flags[@]}" -package-name wayside -module-name "Fuzz_${target//-/_}" "$harness" "${objects[@]}" -lcurl -o "$binary"
done
