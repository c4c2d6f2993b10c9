#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-copyright.sh SOURCE: the copyright holder and year ("2026 The
# cavelog developers") are in COPYING's notice (above the licence's text),
# in the README, in each man page's COPYRIGHT section and in REUSE.toml for
# every file; and the metainfo files name them by SPDX line too.
set -euo pipefail
source=$1
holder="2026 The cavelog developers"
status=0

must_hold() { # FILE TEXT WHY
    if ! grep -qF -- "$2" "$source/$1"; then
        echo "$1: no \"$2\" ($3)"
        status=1
    fi
}
notice=$(sed -n '1,/GNU GENERAL PUBLIC LICENSE/p' "$source/COPYING")
grep -qF "Copyright (C) $holder" <<<"$notice" || {
    echo "COPYING: no \"Copyright (C) $holder\" above the licence"
    status=1
}
must_hold README.md "Copyright © $holder" "the README's notice"
must_hold README.md "SPDX-FileCopyrightText: $holder" "the README's SPDX line"
for page in docs/cavelog.6.in docs/cavelog-inspector.1.in; do
    must_hold "$page" ".SH COPYRIGHT" "a COPYRIGHT section"
    must_hold "$page" "Copyright \\(co $holder" "the COPYRIGHT section"
done
must_hold REUSE.toml 'path = "**"' "every file"
must_hold REUSE.toml "SPDX-FileCopyrightText = \"$holder\"" "the holder of every file"
for metainfo in data/org.cavelog.Cavelog.metainfo.xml inspector/org.cavelog.Inspector.metainfo.xml; do
    must_hold "$metainfo" "SPDX-FileCopyrightText: $holder" "its SPDX line"
done
exit $status
