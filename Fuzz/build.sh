#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets against the package's own modules.
#
# SwiftPM cannot link a libFuzzer binary (libFuzzer brings its own `main`), so each module a
# target needs is compiled here with swiftc, in dependency order, instrumented for coverage
# and AddressSanitizer (-sanitize=fuzzer,address on a compile-only step adds no `main`); each
# harness is then linked against those objects. Normal `swift build` is not affected.
#
# Usage: Fuzz/build.sh [target ...]      (default: every target; output in .build/fuzz/bin)
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/modules" "$out/bin"

# module: dependencies (in build order)
declare -A deps=(
  [Geo]=""
  [Charging]="Geo"
  [WaysideData]=""
  [StationFeeds]="Geo Charging WaysideData"
  [Pricing]="Geo Charging"
  [HTTPServer]=""
  [CarTemplates]="Geo"
  [CarSession]="CarTemplates Geo"
  [CarRender]="CarTemplates Geo WaysideData"
  [CarSimulator]="CarTemplates CarSession CarRender Geo"
)
# target: the modules it links (with their dependencies listed first)
declare -A needs=(
  [http-request]="HTTPServer"
  [journey]="Geo WaysideData CarTemplates CarSession CarRender CarSimulator"
  [tariff]="Geo Charging Pricing"
  [csv]="Geo Charging WaysideData StationFeeds"
  [jsonl]="Geo Charging WaysideData StationFeeds"
  [ocpi]="Geo Charging WaysideData StationFeeds"
  [ocm]="Geo Charging WaysideData StationFeeds"
  [geojson]="Geo"
)
all_targets=(http-request journey tariff csv jsonl ocpi ocm geojson)
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -enable-upcoming-feature
  ExistentialAny -enable-testing -O -g -use-ld=lld -I "$out/modules")

build_module() {
  local name=$1 object="$out/modules/$1.o"
  local sources
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  local extra=()
  if [ "$name" = WaysideData ]; then
    # SwiftPM generates Bundle.module; the parsers under test never load bundled data.
    extra=(Fuzz/Support/WaysideDataBundle.swift)
  fi
  local newest
  newest=$(ls -t "${sources[@]}" "${extra[@]}" "$script" | head -1)
  if [ -f "$object" ] && [ "$object" -nt "$newest" ]; then return; fi
  echo "fuzz: compiling module $name" >&2
  swiftc "${flags[@]}" -module-name "$name" -wmo -c -o "$object" \
    -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
    "${sources[@]}" "${extra[@]}"
}

built=()
build_with_deps() {
  local name=$1
  for b in "${built[@]:-}"; do [ "$b" = "$name" ] && return; done
  for d in ${deps[$name]}; do build_with_deps "$d"; done
  build_module "$name"
  built+=("$name")
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
  [ -n "${needs[$target]+x}" ] || { echo "fuzz: unknown target '$target'; expected one of ${all_targets[*]}" >&2; exit 2; }
  objects=()
  for module in ${needs[$target]}; do
    build_with_deps "$module"
    objects+=("$out/modules/$module.o")
  done
  binary="$out/bin/fuzz-$target"
  harness="Fuzz/Targets/$target.swift"
  if [ -f "$binary" ] && [ "$binary" -nt "$harness" ] \
    && [ -z "$(find "${objects[@]}" -newer "$binary")" ]; then continue; fi
  echo "fuzz: linking $binary" >&2
  swiftc "${flags[@]}" -module-name "Fuzz_${target//-/_}" "$harness" "${objects[@]}" -o "$binary"
done
