#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# test-inspector-a11y.sh — the inspector through a screen reader's eyes
# (inspector-a11y.py) on a private session bus with its own accessibility
# bus, under a virtual 1366×768 screen. Skips (77) when python3-pyatspi,
# dbus-run-session or the accessibility bus is missing; never fails for it.
# Usage: test-inspector-a11y.sh INSPECTOR CAVELOG SCRIPT
set -u
inspector=$1 cavelog=$2 script=$3

skip() {
    echo "1..0 # SKIP $1"
    exit 77
}

python=
for candidate in /usr/bin/python3 python3; do
    if "$candidate" -c 'import pyatspi' >/dev/null 2>&1; then
        python=$candidate
        break
    fi
done
[ -n "$python" ] || skip "python3-pyatspi is not installed"
for tool in dbus-run-session dbus-send xvfb-run xdotool; do
    command -v "$tool" >/dev/null 2>&1 || skip "$tool is not installed"
done
dbus-run-session -- true >/dev/null 2>&1 || skip "dbus-run-session cannot start a session bus"

dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
export XDG_DATA_HOME="$dir/data" GTK_A11Y=atspi
"$cavelog" autoplay --seed 5 --turns 300 --save "$dir/game.cavelog" >/dev/null || exit 1
exec dbus-run-session -- xvfb-run -a -s '-screen 0 1366x768x24' \
    "$python" "$script" "$inspector" "$dir/game.cavelog"
