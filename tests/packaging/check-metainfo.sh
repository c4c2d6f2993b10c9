#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-metainfo.sh METAINFO DESKTOP: appstreamcli validates METAINFO without
# the network (errors and warnings fail), and it launches DESKTOP by name.
set -euo pipefail
metainfo=$1
desktop=$2

appstreamcli validate --no-net "$metainfo"
launchable="<launchable type=\"desktop-id\">$(basename "$desktop")</launchable>"
if ! grep -qF "$launchable" "$metainfo"; then
    echo "$metainfo does not launch $(basename "$desktop")"
    exit 1
fi
