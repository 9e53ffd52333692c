#!/usr/bin/env bash
# Type-checks every Swift file of Apps/ on Linux against the package's real modules and the
# declaration-only stand-ins of Apple's frameworks in Apps/LinuxCheck/Stubs (which never ship:
# they are in no Xcode target). A kit change that breaks the CarPlay bridge, a spec kind the
# bridge does not map (its switches have no `default:`), or an app module API the glue no longer
# matches fails here. Xcode and the real SDK remain the final word (Apps/README.md).
#
# Usage: Apps/LinuxCheck/typecheck.sh [--skip-build]
#   Builds the package's modules (swift build) unless --skip-build, then, per app target,
#   type-checks Apps/Shared plus the app's folder as one module, the way Xcode compiles it.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "${1:-}" != "--skip-build" ]; then
  swift build -Xswiftc -warnings-as-errors
fi
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
out=".build/apps-check/stubs"
rm -rf "$out"
mkdir -p "$out"

# The stand-in frameworks, each its own module in dependency order (Swift 5 mode: they are
# declarations whose bodies only satisfy the compiler; the apps are checked in Swift 6 mode).
stub() {
  local name="$1"
  swiftc -parse-as-library -swift-version 5 -emit-module -module-name "$name" \
    -emit-module-path "$out/$name.swiftmodule" -I "$out" "Apps/LinuxCheck/Stubs/$name.swift"
}
for framework in UIKit CoreLocation MapKit CarPlay AVFoundation MediaPlayer AppIntents SwiftUI; do
  stub "$framework"
done

# The C module the station store imports.
cflags=(-Xcc "-fmodule-map-file=Sources/CSQLite/module.modulemap")

status=0
for app in Charging Media Map; do
  mapfile -t files < <(find Apps/Shared "Apps/$app" -name '*.swift' | sort)
  echo "typecheck Apps/$app (${#files[@]} files)"
  if ! swiftc -typecheck -parse-as-library -swift-version 6 -warnings-as-errors \
    -module-name "Wayside$app" -I "$out" -I "$modules" "${cflags[@]}" "${files[@]}"; then
    echo "error: Apps/$app does not type-check against the kit and the stand-ins" >&2
    status=1
  fi
done
exit $status
