#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-help.py CAVELOG [INSPECTOR]: every --help fits an 80-column terminal
# (each line at most 80 columns wide, a wide character counting two): the
# top-level one, each command's (the commands as the top-level one lists
# them), and the inspector's when given; and each of them meets an unknown
# option with status 2 (a usage error) and a message naming the program
# and the option, then a hint to --help. Python's standard library only.
import subprocess
import sys
import unicodedata

WIDTH = 80


def columns(line):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else
               0 if unicodedata.combining(c) else 1 for c in line)


def run(argv):
    return subprocess.run(argv, capture_output=True, text=True, encoding="utf-8",
                          env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"})


def unknown_option_problem(argv):
    done = run(argv + ["--no-such-option"])
    name = argv[0].rsplit("/", 1)[-1]
    lines = done.stderr.splitlines()
    if done.returncode != 2:
        return f"exit status {done.returncode}, not 2"
    if len(lines) != 2 or not lines[0].startswith(f"{name}: ") or \
            "--no-such-option" not in lines[0] or "--help" not in lines[1]:
        return f"said {done.stderr!r}"
    return None


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
    unknown = 0
    for argv in runs:
        problem = unknown_option_problem(argv)
        if problem is not None:
            print(f"{' '.join(argv)} --no-such-option: {problem}")
            unknown += 1
    sys.exit(1 if too_wide or unknown else 0)


main()
