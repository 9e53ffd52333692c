#!/usr/bin/env bash
# The kit's public API against its checked-in baseline (Documentation/Kit/API/MODULE.json),
# compared with the toolchain's swift-api-digester.
#
#   Documentation/Kit/api-baseline.sh [--skip-build]            check: fails on a breaking change
#   Documentation/Kit/api-baseline.sh [--skip-build] --update   regenerate the baseline
#
# A breaking change (a public declaration removed, renamed or changed in type) fails the check.
# When it is deliberate, regenerate the baseline with --update and say what broke and why in the
# commit message (Documentation/Kit/README.md, "API stability"). Additions do not fail the check;
# regenerate so the next check guards them too.
set -euo pipefail
cd "$(dirname "$0")/../.."

modules=(Geo Identifiers CarTemplates CarSession CarSimulator CarRender CarAppTesting CarAppXCTesting WaysideSimulator)
skip_build=0
update=0
for arg in "$@"; do
  case "$arg" in
    --skip-build) skip_build=1 ;;
    --update) update=1 ;;
    *) echo "api-baseline: unknown option '$arg' (expected --skip-build or --update)" >&2; exit 2 ;;
  esac
done
[ $skip_build = 1 ] || for m in "${modules[@]}"; do swift build --target "$m"; done

bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
flags=(-I "$bin/Modules" -I Sources/Core/CSQLite -I Sources/Core/CCurl -target "$triple")
baseline=Documentation/Kit/API
mkdir -p "$baseline"

current=$(mktemp -d)
trap 'rm -rf "$current"' EXIT
for m in "${modules[@]}"; do
  swift-api-digester -dump-sdk -module "$m" "${flags[@]}" -avoid-location -avoid-tool-args \
    -abort-on-module-fail -o "$current/$m.all.json"
  python3 Documentation/Kit/api-public-only.py "$current/$m.all.json" "$current/$m.json"
done

if [ $update = 1 ]; then
  for m in "${modules[@]}"; do
    cp "$current/$m.json" "$baseline/$m.json"
    echo "api-baseline: wrote $baseline/$m.json"
  done
  exit 0
fi

status=0
for m in "${modules[@]}"; do
  if [ ! -f "$baseline/$m.json" ]; then
    echo "api-baseline: no baseline for $m; run 'Documentation/Kit/api-baseline.sh --update'" >&2
    status=1
    continue
  fi
  # The report lists changes under /* section */ headings; anything else is a breaking change.
  report=$(swift-api-digester -diagnose-sdk -input-paths "$baseline/$m.json" \
    -input-paths "$current/$m.json" 2>&1 | grep -v '^/\*' | grep -v '^$' || true)
  if [ -n "$report" ]; then
    echo "api-baseline: $m's public API broke against $baseline/$m.json:" >&2
    echo "$report" | sed 's/^/  /' >&2
    status=1
  fi
done
if [ $status != 0 ]; then
  echo "api-baseline: if the change is deliberate, regenerate the baseline with" >&2
  echo "  Documentation/Kit/api-baseline.sh --update" >&2
  echo "and say in the commit message what broke and why (Documentation/Kit/README.md)." >&2
else
  echo "api-baseline: the kit's public API matches $baseline (${#modules[@]} modules)"
fi
exit $status
