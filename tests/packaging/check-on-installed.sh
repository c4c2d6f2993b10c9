#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-on-installed.sh MIME_XML CHECK ARGS…: the packaging check CHECK
# (with ARGS) passes on a machine where cavelog is installed under /usr: run
# in a mount namespace of its own where /usr/share/mime holds cavelog's type
# (compiled with freedesktop.org's) and /usr/share/applications an
# application that claims game files, with XDG_* pointing at folders that
# say the same. Where no namespace can be made (unshare -rm), CHECK runs as
# it is, and says so.
set -euo pipefail
xml=$(realpath "$1")
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! unshare -rm true 2>/dev/null; then
    echo "no mount namespace here (unshare -rm): checked on this machine as it is"
    exec "$@"
fi
# What an installed cavelog, and another program, left in the data folders.
mkdir -p "$tmp/mime/packages" "$tmp/applications" "$tmp/home/applications" "$tmp/config"
cp /usr/share/mime/packages/*.xml "$xml" "$tmp/mime/packages/"
XDG_DATA_DIRS=$tmp update-mime-database "$tmp/mime"
for place in "$tmp/applications" "$tmp/home/applications"; do
    printf '%s\n' '[Desktop Entry]' 'Type=Application' 'Name=Other' 'Exec=true %F' \
        'MimeType=application/x-cavelog;application/vnd.sqlite3;' >"$place/other.desktop"
done
printf '[Default Applications]\napplication/x-cavelog=other.desktop\n' >"$tmp/config/mimeapps.list"
cp -r "$tmp/mime" "$tmp/home/mime"
export XDG_DATA_HOME=$tmp/home XDG_DATA_DIRS=/usr/share XDG_CONFIG_HOME=$tmp/config
exec unshare -rm bash -c '
    set -e
    tmp=$1
    shift
    mount --bind "$tmp/mime" /usr/share/mime
    [ ! -d /usr/share/applications ] || mount --bind "$tmp/applications" /usr/share/applications
    exec "$@"' bash "$tmp" "$@"
