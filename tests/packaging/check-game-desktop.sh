#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-game-desktop.sh DESKTOP: desktop-file-validate has nothing to say
# about the terminal game's entry DESKTOP, which runs `cavelog` in a
# terminal, as a game (Game;RolePlaying;), and opens no file type (game
# files open in the inspector).
set -euo pipefail
desktop=$1
status=0

said=$(desktop-file-validate "$desktop" 2>&1) || status=1
if [ -n "$said" ] || [ "$status" -ne 0 ]; then
    echo "desktop-file-validate $desktop:"
    echo "$said"
    exit 1
fi
for line in 'Exec=cavelog' 'Terminal=true' 'Categories=Game;RolePlaying;'; do
    if ! grep -qxF "$line" "$desktop"; then
        echo "$desktop: no $line"
        status=1
    fi
done
if grep -q '^MimeType=' "$desktop"; then
    echo "$desktop opens files: game files open in the inspector"
    status=1
fi
exit $status
