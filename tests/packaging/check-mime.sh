#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-mime.sh MIME_XML [CAVELOG]: compiled by update-mime-database into a
# private data folder, the type in MIME_XML makes GIO call a SQLite file whose
# application id is "CAVL" application/x-cavelog by its content alone (no
# .cavelog in its name), leaves other SQLite files and look-alikes alone, and
# calls *.cavelog so by name; a file that starts "CAVEPACK" (or is named
# *.cavepack) application/x-cavelog-pack, and *.cavelog.gz
# application/x-cavelog+gzip (any other *.gz stays gzip). Given CAVELOG, a
# game it records and a pack of it are checked too.
# GIO sees only private folders: freedesktop.org's own types compiled apart,
# with and without MIME_XML, so that a cavelog installed on the machine
# (its type in /usr/share/mime) changes nothing here.
set -euo pipefail
xml=$1
cavelog=${2:-}
[ -z "$cavelog" ] || cavelog=$(realpath "$cavelog")
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

freedesktop=/usr/share/mime/packages/freedesktop.org.xml
mkdir -p "$tmp/base/mime/packages" "$tmp/with/mime/packages" "$tmp/home" "$tmp/files"
cp "$freedesktop" "$tmp/base/mime/packages/"
cp "$freedesktop" "$xml" "$tmp/with/mime/packages/"
export XDG_DATA_HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home" XDG_CONFIG_DIRS="$tmp/home"
export GIO_USE_VFS=local
XDG_DATA_DIRS="$tmp/base" update-mime-database "$tmp/base/mime"
XDG_DATA_DIRS="$tmp/with" update-mime-database "$tmp/with/mime"

# type_of DATA_DIRS FILE: the content type GIO gives FILE.
type_of() {
    XDG_DATA_DIRS=$1 gio info -a standard::content-type "$2" |
        sed -n 's/^ *standard::content-type: //p'
}

# expect FILE TYPE: with the type installed, GIO calls FILE TYPE.
expect() {
    local got
    got=$(type_of "$tmp/with" "$1")
    if [ "$got" != "$2" ]; then
        echo "$(basename "$1"): $got, expected $2"
        status=1
    fi
}

cd "$tmp/files"
sqlite3 tagged "PRAGMA application_id = 1128355404; CREATE TABLE t(x);"
sqlite3 plain "CREATE TABLE t(x);"
sqlite3 other-id "PRAGMA application_id = 1128355405; CREATE TABLE t(x);"
{ head -c 68 /dev/zero | tr '\0' 'x'; printf 'CAVL\n'; } >look-alike # "CAVL" at 68, no SQLite
printf 'not a game\n' >named.cavelog
printf 'CAVEPACK\001\000\000\000x' >packed                  # a pack by its first bytes
printf 'not a pack\n' >named.cavepack
printf 'xCAVEPACK\n' >late-magic                             # "CAVEPACK" not at byte 0
printf 'not a game\n' | gzip >game.cavelog.gz
printf 'not a game\n' | gzip >other.gz

# The control: without the type, even the tagged file is plain SQLite, so
# what follows is this type's doing.
control=$(type_of "$tmp/base" "$tmp/files/tagged")
if [ "$control" != application/vnd.sqlite3 ]; then
    echo "without $xml, GIO calls a tagged SQLite file $control, not application/vnd.sqlite3"
    exit 1
fi
expect tagged application/x-cavelog
expect plain application/vnd.sqlite3
expect other-id application/vnd.sqlite3
expect named.cavelog application/x-cavelog
expect packed application/x-cavelog-pack
expect named.cavepack application/x-cavelog-pack
expect game.cavelog.gz application/x-cavelog+gzip
expect other.gz application/gzip
got=$(type_of "$tmp/with" late-magic)
if [ "$got" = application/x-cavelog-pack ]; then
    echo "late-magic (CAVEPACK at byte 1) is called application/x-cavelog-pack"
    status=1
fi
got=$(type_of "$tmp/with" look-alike)
if [ "$got" = application/x-cavelog ]; then
    echo "look-alike (CAVL at byte 68 of a text file) is called application/x-cavelog"
    status=1
fi

if [ -n "$cavelog" ]; then
    "$cavelog" autoplay --seed 1 --turns 2 --quiet --save "$tmp/game.cavelog"
    cp "$tmp/game.cavelog" game
    id=$(sqlite3 game "PRAGMA application_id;")
    if [ "$id" = 1128355404 ]; then
        expect game application/x-cavelog
    else
        echo "note: cavelog's game files carry application id $id, not 1128355404 (CAVL):"
        echo "      only their name makes them application/x-cavelog"
    fi
    "$cavelog" pack "$tmp/game.cavelog" -o "$tmp/game.cavepack" >/dev/null
    cp "$tmp/game.cavepack" pack-of-game
    expect pack-of-game application/x-cavelog-pack
fi
exit $status
