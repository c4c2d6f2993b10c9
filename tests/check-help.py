#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-help.py CAVELOG [INSPECTOR]: every --help fits an 80-column terminal
# (each line at most 80 columns wide, a wide character counting two): the
# top-level one, each command's (the commands as the top-level one lists
# them), and the inspector's when given. Python's standard library only.
import subprocess
import sys
import unicodedata

WIDTH = 80


def columns(line):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else
               0 if unicodedata.combining(c) else 1 for c in line)


def help_text(*argv):
    done = subprocess.run(list(argv) + ["--help"], capture_output=True, text=True,
                          encoding="utf-8", env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"})
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} --help: exit status {done.returncode}: {done.stderr}")
    return done.stdout


def commands(text):
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("Commands"))
    names = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        names.append(line.split()[0])
    return names


def main():
    cavelog = sys.argv[1]
    top = help_text(cavelog)
    runs = [[cavelog]] + [[cavelog, name] for name in commands(top)]
    if len(sys.argv) > 2:
        runs.append([sys.argv[2]])
    too_wide = 0
    for argv in runs:
        for line in help_text(*argv).split("\n"):
            if columns(line) > WIDTH:
                print(f"{' '.join(argv[1:]) or argv[0]} --help, {columns(line)} columns: {line}")
                too_wide += 1
    print(f"{len(runs)} --help texts, {too_wide} lines wider than {WIDTH} columns")
    sys.exit(1 if too_wide else 0)


main()
