#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# inspector-a11y.py — the inspector as a screen reader meets it, through
# AT-SPI: every control has a name of its own (never its GTK class), the
# map says in words what it shows, the drop-downs tell their choice (and a
# new one), and Tab reaches every control. Run by
# test-inspector-a11y.sh on a private session and accessibility bus; exits
# 77 (skipped) when that bus cannot be reached, never failing for it.
import os
import re
import subprocess
import sys
import time

try:
    import pyatspi
except ImportError:
    print("1..0 # SKIP python3-pyatspi is not installed")
    sys.exit(77)

INSPECTOR, GAME = sys.argv[1], sys.argv[2]
CONTROL_ROLES = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_COMBO_BOX,
    pyatspi.ROLE_SLIDER, pyatspi.ROLE_PAGE_TAB, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_TEXT, pyatspi.ROLE_IMAGE, pyatspi.ROLE_TABLE_ROW,
}
# GTK's class names ("GtkMenuButton"), or an icon's ("open-menu-symbolic").
CLASS_LIKE = re.compile(r"^(Gtk|Adw|Cav)[A-Z]\w*$|-symbolic$")


def bus_up():
    """Whether the accessibility bus answers on this session."""
    try:
        subprocess.run(["dbus-send", "--session", "--dest=org.a11y.Bus", "--print-reply",
                        "/org/a11y/bus", "org.a11y.Bus.GetAddress"],
                       check=True, capture_output=True, timeout=20)
        return True
    except (OSError, subprocess.SubprocessError):
        return False


def find_app(deadline):
    """The inspector's application on the bus, once its window is there."""
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == "cavelog-inspector" and app.childCount > 0:
                return app
        time.sleep(0.5)
    return None


def walk(node, out, depth=0):
    """Every showing accessible below @node, depth first."""
    if node is None or depth > 80:
        return
    try:
        states = node.getState()
    except Exception:
        return
    if depth > 0 and not states.contains(pyatspi.STATE_VISIBLE):
        return  # (GTK 4.8 sets no "showing": a hidden page's controls are walked too)
    out.append(node)
    for i in range(node.childCount):
        walk(node.getChildAtIndex(i), out, depth + 1)


def describe(node):
    return "%s “%s”" % (node.getRoleName(), node.name)


def controls(app):
    nodes = []
    walk(app, nodes)
    return [n for n in nodes if n.getRole() in CONTROL_ROLES]


def check_names(app, failures):
    shown = controls(app)
    for node in shown:
        name = node.name or ""
        if node.getRole() == pyatspi.ROLE_TEXT and not node.getState().contains(
                pyatspi.STATE_EDITABLE):
            continue  # a text to read, not a control
        if name.strip() == "" or CLASS_LIKE.search(name):
            failures.append("named by its class or not at all: %s" % describe(node))
    maps = [n for n in shown if n.getRole() == pyatspi.ROLE_IMAGE and n.name == "Map"]
    if not maps:
        failures.append("no image named “Map”")
    elif "You at" not in (maps[0].description or ""):
        failures.append("the map's description says nothing of what it shows: “%s”"
                        % maps[0].description)
    return shown


def drop_down(app, name):
    """The combo box named @name, or None."""
    for node in controls(app):
        if node.getRole() == pyatspi.ROLE_COMBO_BOX and (node.name or "").startswith(name):
            return node
    return None


def wait_description(node, test, deadline):
    """@node's description once @test holds of it, else its last."""
    text = node.description or ""
    while not test(text) and time.time() < deadline:
        time.sleep(0.3)
        text = node.description or ""
    return text


def check_choices(app, failures):
    """The depth and speed menus tell their choice, and tell a new one."""
    depth, speed = drop_down(app, "The depth shown"), drop_down(app, "Playing speed")
    if depth is None or speed is None:
        failures.append("no depth or speed menu")
        return
    said = wait_description(depth, lambda t: "Depth" in t, time.time() + 10)
    if "Player’s Depth" not in said:
        failures.append("the depth menu does not tell its choice: “%s”" % said)
    before = wait_description(speed, lambda t: t.endswith("events/s"), time.time() + 10)
    if not before.endswith("events/s"):
        failures.append("the speed menu does not tell its choice: “%s”" % before)
    subprocess.run(["xdotool", "key", "--delay", "60",
                    "minus" if before.startswith("1000") else "plus"], check=True)
    after = wait_description(speed, lambda t: t != before, time.time() + 10)
    if after == before or not after.endswith("events/s"):
        failures.append("the speed menu's description stays “%s” after a change" % after)
    print("# depth menu: “%s”; speed menu: “%s”, then “%s”" % (said, before, after))


def focused(app):
    nodes = []
    walk(app, nodes)
    for n in nodes:
        if n.getState().contains(pyatspi.STATE_FOCUSED):
            return n
    return None


# The controls of a game's window, by the start of their names: Tab must
# reach each (GTK 4.8 tells no "showing", so the walk cannot tell a hidden
# page's controls from these).
TAB_CONTROLS = [
    "Recent games", "Truth", "Follow", "Play from Here", "Bookmarks", "Main Menu",
    "Show only events of some types", "First turn shown", "Last turn shown", "Search summaries",
    "The depth shown", "Map", "Play / Pause", "The whole history", "Markers on the scrubber",
    "Playing speed", "Timeline", "Pages",
]


def check_tab(app, failures):
    """Tab round the window, a press at a time: every control is reached."""
    reached = set()
    for _ in range(70):
        if all(any(r.startswith(c) for r in reached) for c in TAB_CONTROLS):
            break
        subprocess.run(["xdotool", "key", "--delay", "60", "Tab"], check=True)
        time.sleep(0.2)
        node = focused(app)
        if node is None:
            continue
        for n in (node, node.parent, node.parent.parent if node.parent else None):
            if n is not None and n.name:
                reached.add(n.name.replace("_", ""))
    missing = [c for c in TAB_CONTROLS if not any(r.startswith(c) for r in reached)]
    for name in missing:
        failures.append("Tab never reaches “%s”" % name)
    print("# Tab reached %d of %d controls" % (len(TAB_CONTROLS) - len(missing), len(TAB_CONTROLS)))


def main():
    if not bus_up():
        print("1..0 # SKIP no accessibility bus on this session")
        return 77
    env = dict(os.environ, GTK_A11Y="atspi", GDK_BACKEND="x11", NO_AT_BRIDGE="0")
    proc = subprocess.Popen([INSPECTOR, GAME], env=env)
    try:
        app = find_app(time.time() + 90)
        if app is None:
            print("1..0 # SKIP the inspector never appeared on the accessibility bus")
            return 77
        time.sleep(3)  # the game read, the window laid out
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "game",
                        "windowfocus", "--sync"], check=False, timeout=30)
        failures = []
        shown = check_names(app, failures)
        print("# %d controls shown" % len(shown))
        for node in shown:
            print("#   %s" % describe(node))
        check_choices(app, failures)
        check_tab(app, failures)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print("1..3")
    tabs = [f for f in failures if f.startswith("Tab")]
    menus = [f for f in failures if " menu" in f]
    names = [f for f in failures if f not in tabs and f not in menus]
    for f in failures:
        print("# " + f)
    print(("not ok" if names else "ok") + " 1 every control named, the map described")
    print(("not ok" if tabs else "ok") + " 2 Tab reaches every control")
    print(("not ok" if menus else "ok") + " 3 the depth and speed menus tell their choice")
    return 1 if failures else 0


sys.exit(main())
