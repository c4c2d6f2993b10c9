#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-install.sh BUILD PREFIX BINDIR GAMESDIR DATADIR MANDIR COMPLETIONSDIR
# INSPECTOR: installing the build folder BUILD into a temporary DESTDIR puts
# every file a package needs where it belongs (the game in GAMESDIR, the
# inspector's files only when INSPECTOR is "true"), the installed desktop
# files, metainfo and MIME type still pass their checks, and a desktop that
# knows only what was installed opens game files in the inspector. BUILD is
# left as it was: its install log (build/meson-logs/install-log.txt, which
# `ninja uninstall` reads) is not rewritten. Nothing of the machine's own
# data folders (a cavelog installed in /usr) is looked at.
set -euo pipefail
build=$(realpath "$1")
prefix=$2
bindir=$3
gamesdir=$4
datadir=$5
mandir=$6
completionsdir=$7
inspector=$8
here=$(dirname "$(realpath "$0")")
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# An option given relative to the prefix is under it.
under_prefix() {
    case $1 in
    /*) echo "$1" ;;
    *) echo "$prefix/$1" ;;
    esac
}
root=$tmp/root
bin=$root$(under_prefix "$bindir")
games=$root$(under_prefix "$gamesdir")
share=$root$(under_prefix "$datadir")
man=$root$(under_prefix "$mandir")
completions=$root$(under_prefix "$completionsdir")

# `meson install` writes its log beside the build's own. It needs no more
# than the build's install plan (meson-private/install.dat) and the built
# files it names: a folder with a copy of the plan, its own meson-logs, and
# the build's other entries linked in installs exactly what the build would,
# and takes the log.
log="$build/meson-logs/install-log.txt"
digest() { if [ -e "$1" ]; then sha256sum <"$1"; else echo none; fi; }
log_before=$(digest "$log")
mkdir -p "$tmp/plan/meson-private" "$tmp/plan/meson-logs"
cp "$build/meson-private/install.dat" "$tmp/plan/meson-private/"
for entry in "$build"/*; do
    case $(basename "$entry") in
    meson-private | meson-logs) ;;
    *) ln -s "$entry" "$tmp/plan/" ;;
    esac
done
meson install -C "$tmp/plan" --no-rebuild --quiet --destdir "$root" >"$tmp/log" 2>&1 || {
    cat "$tmp/log"
    exit 1
}
if [ "$(digest "$log")" != "$log_before" ]; then
    echo "the install test changed $log"
    exit 1
fi
expected=(
    "$games/cavelog"
    "$share/cavelog/creatures.ini"
    "$share/cavelog/items.ini"
    "$share/cavelog/spells.ini"
    "$share/mime/packages/cavelog.xml"
    "$man/man6/cavelog.6"
    "$share/applications/org.cavelog.Cavelog.desktop"
    "$share/metainfo/org.cavelog.Cavelog.metainfo.xml"
    "$completions/cavelog"
)
inspector_files=(
    "$bin/cavelog-inspector"
    "$share/applications/org.cavelog.Inspector.desktop"
    "$share/metainfo/org.cavelog.Inspector.metainfo.xml"
    "$share/icons/hicolor/scalable/apps/org.cavelog.Inspector.svg"
    "$share/icons/hicolor/symbolic/apps/org.cavelog.Inspector-symbolic.svg"
    "$share/glib-2.0/schemas/org.cavelog.Inspector.gschema.xml"
    "$man/man1/cavelog-inspector.1"
)
if [ "$inspector" = true ]; then
    expected+=("${inspector_files[@]}")
else
    for file in "${inspector_files[@]}"; do
        if [ -e "$file" ]; then
            echo "installed without the inspector: ${file#"$root"}"
            status=1
        fi
    done
fi
for file in "${expected[@]}"; do
    if [ ! -s "$file" ]; then
        echo "not installed: ${file#"$root"}"
        status=1
    fi
done
echo "installed:"
(cd "$root" && find . -type f | sort)
[ "$status" -eq 0 ] || exit 1

"$here/check-mime.sh" "$share/mime/packages/cavelog.xml"
"$here/check-man.sh" "$man/man6/cavelog.6"
"$here/check-game-desktop.sh" "$share/applications/org.cavelog.Cavelog.desktop"
"$here/check-metainfo.sh" "$share/metainfo/org.cavelog.Cavelog.metainfo.xml" \
    "$share/applications/org.cavelog.Cavelog.desktop"
if [ "$games" != "$bin" ] && [ -e "$bin/cavelog" ]; then
    echo "cavelog is installed in $bindir too, not only in $gamesdir"
    status=1
fi
if [ "$inspector" = true ]; then
    "$here/check-desktop.sh" "$share/applications/org.cavelog.Inspector.desktop" \
        "$share/mime/packages/cavelog.xml"
    "$here/check-metainfo.sh" "$share/metainfo/org.cavelog.Inspector.metainfo.xml" \
        "$share/applications/org.cavelog.Inspector.desktop"
    "$here/check-man.sh" "$man/man1/cavelog-inspector.1"
    # The installed schema compiles, and is the one the program asks for.
    glib-compile-schemas --strict --targetdir="$tmp" "$share/glib-2.0/schemas"
    GSETTINGS_SCHEMA_DIR=$tmp gsettings list-keys org.cavelog.Inspector | grep -qx window-width || {
        echo "the installed schema lacks org.cavelog.Inspector's window-width"
        exit 1
    }
fi

# What a double-click asks GIO: the default application for the type, from
# the installed files alone (GIO skips an application whose Exec= is not on
# the PATH).
if [ "$inspector" = true ]; then
    mkdir -p "$tmp/home"
    export XDG_DATA_HOME=$tmp/home XDG_DATA_DIRS=$share
    export XDG_CONFIG_HOME=$tmp/home XDG_CONFIG_DIRS=$tmp/home
    update-mime-database "$share/mime"
    update-desktop-database "$share/applications"
    opener=$(PATH=$bin:$PATH LC_ALL=C.UTF-8 LANGUAGE='' gio mime application/x-cavelog | sed -n 1p)
    if [[ $opener != "Default application for "*": org.cavelog.Inspector.desktop" ]]; then
        echo "a game file would not open in the inspector: $opener"
        exit 1
    fi
fi
exit $status
