#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-desktop.sh DESKTOP MIME_XML: desktop-file-validate has nothing to say
# about DESKTOP (no error, warning or hint: so one main category), its icon
# is the application's own, each MimeType= it opens is a type MIME_XML
# defines or one of freedesktop's own, and it opens every type MIME_XML
# defines (a game, a pack, a compressed game).
set -euo pipefail
desktop=$1
xml=$2
status=0

said=$(desktop-file-validate "$desktop" 2>&1) || status=1
if [ -n "$said" ] || [ "$status" -ne 0 ]; then
    echo "desktop-file-validate $desktop:"
    echo "$said"
    exit 1
fi
if ! grep -qx 'Icon=org.cavelog.Inspector' "$desktop"; then
    echo "$desktop: Icon= is not org.cavelog.Inspector"
    status=1
fi
types=$(sed -n 's/^MimeType=//p' "$desktop" | tr ';' ' ')
if [ -z "$types" ]; then
    echo "$desktop: no MimeType="
    status=1
fi
for type in $types; do
    if ! grep -qF "<mime-type type=\"$type\">" "$xml"; then
        echo "$desktop opens $type, which $xml does not define"
        status=1
    fi
done
for type in $(sed -n 's/.*<mime-type type="\([^"]*\)">.*/\1/p' "$xml"); do
    case " $types " in
    *" $type "*) ;;
    *)
        echo "$desktop does not open $type, which $xml defines"
        status=1
        ;;
    esac
done
exit $status
