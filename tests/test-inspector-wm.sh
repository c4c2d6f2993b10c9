#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# test-inspector-wm.sh — the inspector's window under a window manager
# (openbox) on a virtual 1366×768 screen: a window closed maximized opens
# maximized. Skips (77) without openbox or xprop.
# Usage: test-inspector-wm.sh TEST-INSPECTOR-INPUT
set -u
[ "${1:-}" != "--inside" ] || {
    shift
    openbox >/dev/null 2>&1 &
    wm=$!
    # Ready once it says it manages the screen.
    tries=0
    until xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; do
        tries=$((tries + 1))
        [ "$tries" -lt 300 ] || { kill "$wm"; echo "openbox never started"; exit 1; }
        sleep 0.1
    done
    "$1" -p /inspector/input/maximized -p /inspector/input/roomy
    status=$?
    kill "$wm"
    exit "$status"
}
for tool in openbox xprop xvfb-run; do
    command -v "$tool" >/dev/null 2>&1 || { echo "1..0 # SKIP $tool is not installed"; exit 77; }
done
exec xvfb-run -a -s '-screen 0 1366x768x24' "$0" --inside "$1"
