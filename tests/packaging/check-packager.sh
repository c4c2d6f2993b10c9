#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-packager.sh SOURCE CAVELOG: a packager's build of the terminal game
# alone, as Debian would make it (meson setup --prefix=/usr
# -Dgamesdir=games -Dinspector=disabled -Dtests=false, configured in a
# temporary folder, not built), installs cavelog in /usr/games and nothing
# in /usr/bin, none of the inspector's files, and neither looks for nor
# depends on GTK 4, libadwaita or epoxy; and the built CAVELOG links none of
# them.
set -euo pipefail
source=$(realpath "$1")
cavelog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

meson setup "$tmp/build" "$source" --prefix=/usr -Dgamesdir=games -Dinspector=disabled \
    -Dtests=false >"$tmp/setup.log" 2>&1 || {
    cat "$tmp/setup.log"
    exit 1
}
installed=$(meson introspect --installed "$tmp/build" | python3 -c '
import json, sys
for path in sorted(set(json.load(sys.stdin).values())):
    print(path)')
echo "installs:"
echo "$installed" | sed 's/^/  /'
grep -qx /usr/games/cavelog <<<"$installed" || {
    echo "cavelog is not installed in /usr/games"
    status=1
}
if grep -E '^/usr/bin/|inspector|Inspector' <<<"$installed"; then
    echo "installed in /usr/bin or for the inspector (above), in a build without it"
    status=1
fi
dependencies=$(meson introspect --dependencies "$tmp/build" | python3 -c '
import json, sys
for dep in json.load(sys.stdin):
    print(dep["name"])')
if grep -E 'gtk|adwaita|epoxy' <<<"$dependencies"; then
    echo "a build without the inspector depends on the above"
    status=1
fi
if grep -iE 'dependency (gtk4|libadwaita-1|epoxy) found' \
    "$tmp/build/meson-logs/meson-log.txt"; then
    echo "a build without the inspector looked for GTK (above)"
    status=1
fi
linked=$(ldd "$cavelog")
if grep -E 'gtk|adwaita|epoxy|gdk' <<<"$linked"; then
    echo "$cavelog links the above"
    status=1
fi
exit $status
