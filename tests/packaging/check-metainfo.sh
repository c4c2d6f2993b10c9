#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-metainfo.sh METAINFO DESKTOP [VERSION DOCS]: appstreamcli validates
# METAINFO without the network (errors and warnings fail), and it launches
# DESKTOP by name. Given VERSION and DOCS: it names a homepage and a bug
# tracker, lists release VERSION, and each screenshot it shows is a picture
# in the folder DOCS.
set -euo pipefail
metainfo=$1
desktop=$2
version=${3:-}
docs=${4:-}

appstreamcli validate --no-net "$metainfo"
launchable="<launchable type=\"desktop-id\">$(basename "$desktop")</launchable>"
if ! grep -qF "$launchable" "$metainfo"; then
    echo "$metainfo does not launch $(basename "$desktop")"
    exit 1
fi
[ -n "$version" ] || exit 0
status=0
for wanted in '<url type="homepage">' '<url type="bugtracker">' "<release version=\"$version\""; do
    if ! grep -qF "$wanted" "$metainfo"; then
        echo "$metainfo has no $wanted"
        status=1
    fi
done
for image in $(sed -n 's|.*<image[^>]*>\([^<]*\)</image>.*|\1|p' "$metainfo"); do
    if [ ! -s "$docs/$(basename "$image")" ]; then
        echo "$metainfo shows $image, which is not a picture in $docs"
        status=1
    fi
done
exit $status
