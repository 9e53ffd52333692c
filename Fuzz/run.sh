#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/build.sh) and runs each for a bounded time; exits non-zero
# when any target finds a crash, a leak, a timeout or an out-of-memory input.
#
# Usage: Fuzz/run.sh [-t SECONDS] [-j JOBS] [target ...]
#   -t SECONDS  run time per target (default 20)
#   -j JOBS     parallel libFuzzer jobs per target (default 1)
#   targets     default: every target (http-request journey journey-run network tariff csv
#               jsonl ocpi ocm live-datex2 live-ocpi live-chargecloud fetch-framing geojson
#               index-image map-image)
#
# Every target runs under resource limits that turn a blow-up into a finding: -timeout=10 (one
# input may take at most 10 s) and -rss_limit_mb=2048 (and -malloc_limit_mb, the same: one
# allocation may not exceed it).
#
# Seeds come from Fuzz/Corpus/<target> (small excerpts of the real files); inputs found on the
# way are kept in .build/fuzz/corpus/<target>, so later runs go on from there. A crashing input
# is written to .build/fuzz/artifacts/<target>/ and named in the output; replay it with
#   .build/fuzz/bin/fuzz-<target> <file>
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=20
jobs=1
while getopts "t:j:" option; do
  case $option in
    t) seconds=$OPTARG ;;
    j) jobs=$OPTARG ;;
    *) echo "usage: Fuzz/run.sh [-t SECONDS] [-j JOBS] [target ...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(http-request journey journey-run network tariff csv jsonl ocpi ocm
  live-datex2 live-ocpi live-chargecloud fetch-framing geojson index-image map-image)

mkdir -p .build/fuzz
if ! Fuzz/build.sh "${targets[@]}" >.build/fuzz/build.log 2>&1; then
  cat .build/fuzz/build.log >&2
  echo "fuzz: build failed" >&2
  exit 1
fi
grep "^fuzz:" .build/fuzz/build.log >&2 || true

failed=()
for target in "${targets[@]}"; do
  case $target in
    http-request | journey | journey-run) max_len=4096 ;;
    *) max_len=16384 ;;
  esac
  work=.build/fuzz/corpus/$target
  artifacts=.build/fuzz/artifacts/$target/
  mkdir -p "$work" "$artifacts"
  log=.build/fuzz/$target.log
  echo "fuzz: $target for ${seconds}s" >&2
  extra=()
  # The runner builds the kit demos' screens, whose templates are process-lifetime statics
  # made on first use: LeakSanitizer reports them as leaks of the input that first used them.
  # LeakSanitizer is told the same through ASAN_OPTIONS: libFuzzer's flag alone still let it
  # report the first use of such a static (seen: a "leak" of PlacesDemo.favouritesTab).
  sanitizer=()
  [ "$target" = journey-run ] && extra=(-detect_leaks=0) && sanitizer=(ASAN_OPTIONS=detect_leaks=0)
  parallel=()
  # With -jobs libFuzzer writes one fuzz-N.log per job into the current folder.
  [ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
  env "${sanitizer[@]}" .build/fuzz/bin/fuzz-"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=2048 \
    -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$artifacts" \
    "${extra[@]}" "${parallel[@]}" "$work" "Fuzz/Corpus/$target" >"$log" 2>&1
  status=$?
  runs=$(grep -E "stat::number_of_executed_units" "$log" | awk '{s += $2} END {print s + 0}')
  coverage=$(grep -oE "cov: [0-9]+" "$log" | tail -1)
  if [ $status -ne 0 ]; then
    failed+=("$target")
    echo "fuzz: $target FAILED (exit $status) after $runs runs; last lines of $log:" >&2
    grep -E "ERROR|SUMMARY|Test unit written|Fatal error|Precondition" "$log" | head -20 >&2
  else
    echo "fuzz: $target: $runs runs in ${seconds}s, $coverage, no crash" >&2
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in ${failed[*]}" >&2
  exit 1
fi
