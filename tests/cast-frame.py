#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# cast-frame.py CAST --check SPEED: CAST is an asciicast v2 file as any player
# reads it (a JSON header line with version 2, width 80, height 24; then
# [time, "o", data] lines, times from 0 going up by 1/SPEED); prints the
# number of frames. cast-frame.py CAST N: writes frame N's data (0-based) to
# standard output as the recording would show it, for a terminal to draw.
import json
import sys


def frames(path):
    with open(path, encoding="utf-8") as cast:
        header = json.loads(cast.readline())
        events = [json.loads(line) for line in cast if line.strip()]
    return header, events


def check(path, speed):
    header, events = frames(path)
    for key, want in (("version", 2), ("width", 80), ("height", 24)):
        if header.get(key) != want:
            sys.exit(f"header {key} is {header.get(key)!r}, not {want}")
    if not isinstance(header.get("timestamp"), int) or not header.get("title"):
        sys.exit(f"header without a timestamp or title: {header}")
    for index, event in enumerate(events):
        if len(event) != 3 or event[1] != "o" or not isinstance(event[2], str):
            sys.exit(f"frame {index} is not [time, \"o\", data]: {event!r:.80}")
        if abs(event[0] - index / speed) > 0.0015:
            sys.exit(f"frame {index} at {event[0]} s, not {index / speed}")
    print(len(events))


def main():
    if len(sys.argv) == 4 and sys.argv[2] == "--check":
        check(sys.argv[1], float(sys.argv[3]))
    elif len(sys.argv) == 3:
        _, events = frames(sys.argv[1])
        sys.stdout.buffer.write(events[int(sys.argv[2])][2].encode("utf-8"))
        sys.stdout.buffer.flush()
    else:
        sys.exit(__doc__ or "usage: cast-frame.py CAST (--check SPEED | N)")


main()
