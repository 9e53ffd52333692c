#!/usr/bin/env bash
# Builds the DocC documentation of the kit's modules with the toolchain's own
# swift-symbolgraph-extract and docc (no plugin), one archive per module, and fails on any DocC
# warning (a broken symbol link, a missing page).
#
#   Documentation/Kit/build-docs.sh [--skip-build]
#
# Archives land in .build/docs/MODULE.doccarchive; `docc preview` serves one while you write.
set -euo pipefail
cd "$(dirname "$0")/../.."

modules=(CarTemplates CarSession CarSimulator CarRender CarAppTesting CarAppXCTesting WaysideSimulator)
[ "${1:-}" = "--skip-build" ] || for m in "${modules[@]}"; do swift build --target "$m"; done

bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
status=0
mkdir -p .build/docs
for m in "${modules[@]}"; do
  graphs=.build/symbolgraphs/$m
  rm -rf "$graphs" && mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$m" -I "$bin/Modules" -I Sources/Core/CSQLite -I Sources/Core/CCurl \
    -target "$triple" -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
    -output-dir "$graphs"
  if ! docc convert "$(find Sources -mindepth 2 -maxdepth 2 -type d -name "$m")/$m.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$m" --fallback-bundle-identifier "org.wayside.$m" \
    --output-path ".build/docs/$m.doccarchive" --warnings-as-errors >".build/docs-$m.log" 2>&1; then
    echo "docs: $m has DocC warnings (broken links or missing pages):" >&2
    grep -E "^(error|warning):" -A1 ".build/docs-$m.log" >&2 || cat ".build/docs-$m.log" >&2
    status=1
  else
    echo "docs: $m → .build/docs/$m.doccarchive"
  fi
done
exit $status
