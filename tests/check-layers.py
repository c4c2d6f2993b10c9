#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The floor plan (DESIGN.md, "Layers"), checked from the includes.

Each folder may include headers of its own folder and of the folders below
it only: events <- core <- store | archive <- history <- tui | inspector | text <- cli.
Only store/ includes <sqlite3.h>, and only archive/ (the PostgreSQL archive,
at the level of store/) includes <libpq-fe.h>. Prints every include that points up (or
sideways), every circle of includes between files of different folders, and
the numbers; exits 1 when there is any. Usage: check-layers.py [SOURCE_ROOT]
"""
import os
import re
import sys

LAYERS = {'events': 0, 'core': 1, 'store': 2, 'archive': 2, 'history': 3, 'tui': 4, 'inspector': 4,
          'text': 4, 'cli': 5}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def sources(root):
    for folder in LAYERS:
        for dirpath, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith(('.c', '.h')):
                    yield folder, os.path.join(dirpath, name)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    files = list(sources(root))
    home = {}  # header name -> (folder, path)
    for folder, path in files:
        if path.endswith('.h'):
            home.setdefault(os.path.basename(path), (folder, path))
    edges, problems = {}, []
    for folder, path in files:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for kind, name in INCLUDE.findall(text):
            if kind == '<' and name == 'sqlite3.h' and folder != 'store':
                problems.append(f'{path}: includes <sqlite3.h> outside store/')
            if kind == '<' and name == 'libpq-fe.h' and folder != 'archive':
                problems.append(f'{path}: includes <libpq-fe.h> outside archive/')
            if kind != '"' or name not in home:
                continue
            to_folder, to_path = home[name]
            edges.setdefault(path, set()).add(to_path)
            if to_folder != folder and LAYERS[to_folder] >= LAYERS[folder]:
                problems.append(f'{path}: includes {name} of {to_folder}/, not below {folder}/')
    # A file's header and source are one unit: x.c + x.h.
    def unit(path):
        return os.path.splitext(path)[0]
    graph = {}
    for a, tos in edges.items():
        for b in tos:
            if unit(a) != unit(b):
                graph.setdefault(unit(a), set()).add(unit(b))
    folder_of = {unit(p): f for f, p in files}
    circles = set()
    for a, tos in graph.items():
        for b in tos:
            if folder_of[a] != folder_of[b] and a in graph.get(b, ()):
                circles.add(tuple(sorted((a, b))))
    for a, b in sorted(circles):
        problems.append(f'circle between folders: {a} <-> {b}')
    per_folder = {}
    for folder, path in files:
        per_folder[folder] = per_folder.get(folder, 0) + 1
    print('files per folder: ' + ', '.join(f'{k} {v}' for k, v in per_folder.items()))
    for p in problems:
        print(p)
    print(f'{len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
