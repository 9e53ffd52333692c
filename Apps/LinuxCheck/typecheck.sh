#!/usr/bin/env bash
# Type-checks the CarPlay bridge (Sources/Kit/CarPlayBridge) and every Swift file of Apps/ on Linux
# against the package's real modules and stand-ins of Apple's frameworks (Apps/LinuxCheck/Stubs,
# never in an Xcode target). A kit change that breaks the CarPlay bridge, a spec kind the bridge
# does not map (its switches have no `default:`), an app module API the glue no longer matches,
# a call to an API deprecated at or below the deployment target (the stand-ins mark those, checked
# by check_sdk_facts.py), or a `switch` over an open SDK enum without `@unknown default` fails
# here. Xcode and the real SDK remain the final word (Apps/README.md).
#
# Usage: Apps/LinuxCheck/typecheck.sh [--skip-build]
#   Builds the package's modules (swift build) unless --skip-build; builds the stand-ins with
#   library evolution, as Apple builds its frameworks (so an NS_ENUM is open and a switch over it
#   needs `@unknown default`, an error in Swift 6 mode otherwise); type-checks the bridge against
#   them in Swift 6 mode; then, per app target, type-checks Apps/Shared plus the app's folder as
#   one module, the way Xcode compiles it.
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

# The stand-in frameworks, each its own module in dependency order. Swift 5 mode: they model
# Objective-C frameworks, whose conformances are not isolation-checked. Library evolution warns
# that Foundation is not built that way; that warning says nothing about the stand-ins and is
# dropped, every other diagnostic is kept.
stub() {
  local name="$1"
  swiftc -parse-as-library -swift-version 5 -enable-library-evolution -emit-module \
    -diagnostic-style llvm -module-name "$name" -emit-module-path "$out/$name.swiftmodule" \
    -I "$out" "Apps/LinuxCheck/Stubs/$name/$name.swift" 2>&1 \
    | awk '/: (error|warning|note|remark): / { skip = /was not compiled with library evolution support/ }
           !skip { print }' || true
  [ -f "$out/$name.swiftmodule" ] || { echo "error: stand-in $name does not compile" >&2; exit 1; }
}
for framework in UIKit CoreLocation CoreMedia MapKit CarPlay AVFoundation MediaPlayer AppIntents SwiftUI UserNotifications; do
  stub "$framework"
done

# The C modules the station store and the feeds' bounded client import.
cflags=(-Xcc "-fmodule-map-file=Sources/Core/CSQLite/module.modulemap"
  -Xcc "-fmodule-map-file=Sources/Core/CCurl/module.modulemap")

status=0
# The bridge library, as the package builds it (Swift 6, the package's upcoming features), against
# the evolution-built stand-ins; its module is what the apps import below.
mapfile -t bridge < <(find Sources/Kit/CarPlayBridge -name '*.swift' | sort)
echo "typecheck Sources/Kit/CarPlayBridge (${#bridge[@]} files)"
if ! swiftc -parse-as-library -swift-version 6 -warnings-as-errors -enable-upcoming-feature ExistentialAny \
  -emit-module -module-name CarPlayBridge -emit-module-path "$out/CarPlayBridge.swiftmodule" \
  -I "$out" -I "$modules" "${cflags[@]}" "${bridge[@]}"; then
  echo "error: Sources/Kit/CarPlayBridge does not type-check against the kit and the stand-ins" >&2
  exit 1
fi

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
