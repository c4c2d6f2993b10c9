#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The community archive's speed (issue 27), on a throwaway PostgreSQL.

Plays GAMES bot games to their end, archives them (events/s copied, and end
to end with every check), then times scores, stats and achievements --db
beside the same commands over the folder of files; then from the events
alone (every kept answer dropped); then over 10,000 games: the played
games' rows and kept answers cloned (not their events, which these
questions no longer read once answered), beside the file-based time
extrapolated from GAMES files (it grows with the files, one by one).
Disk: the archive's bytes per game beside the file's.
Usage: bench-archive.py CAVELOG [--games N] [--target 10000]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests'))
cluster_module = __import__('pg-cluster')

QUESTIONS = ('scores', 'stats', 'achievements')


def timed(argv):
    start = time.monotonic()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise SystemExit(f'{" ".join(argv[:3])} failed: {r.stderr}')
    return time.monotonic() - start


def psql(cluster, sql):
    return subprocess.run([os.path.join(cluster.bindir, 'psql'), cluster.uri, '-X', '-q', '-A',
                           '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql], check=True,
                          stdout=subprocess.PIPE, text=True).stdout.strip()


def clone_to(cluster, target):
    """Clone the archived games' rows and answers until there are @target."""
    n = int(psql(cluster, 'SELECT count(*) FROM cavelog.games'))
    rounds = -(-(target - n) // n)
    psql(cluster, f"""
        INSERT INTO cavelog.games (game_id, file, seed, build, created, updated, player_name,
            outcome, cause, turns, depth, kills, score, standard, last_digest, events)
        SELECT g.game_id + k * 1000000, 'clone' || k || '-' || g.file, g.seed + k * 1000000,
            build, created, updated, player_name, outcome, cause, turns, depth, kills, score,
            standard, last_digest, events
        FROM cavelog.games g, generate_series(1, {rounds}) k
        ORDER BY k, g.game_id LIMIT {target - n};
        INSERT INTO cavelog.answers (query_sha, game_id, problem, width, cells)
        SELECT a.query_sha, c.game_id, a.problem, a.width, a.cells
        FROM cavelog.games c JOIN cavelog.answers a ON a.game_id = c.game_id % 1000000
        WHERE c.game_id >= 1000000;
        ANALYZE cavelog.games, cavelog.answers;""")
    return int(psql(cluster, 'SELECT count(*) FROM cavelog.games'))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('cavelog')
    parser.add_argument('--games', type=int, default=40)
    parser.add_argument('--target', type=int, default=10000)
    parser.add_argument('--seed', type=int, default=9000)
    args = parser.parse_args()
    if cluster_module.find_bindir() is None:
        print('archive: skipped, no PostgreSQL server here (apt-get install postgresql)')
        return cluster_module.SKIP
    tmp = tempfile.mkdtemp(prefix='cavelog-bench-archive-')
    try:
        with cluster_module.Cluster() as cluster:
            run(args, cluster, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def run(args, cluster, tmp):
    cavelog, folder = args.cavelog, os.path.join(tmp, 'games')
    start = time.monotonic()
    subprocess.run([cavelog, 'autoplay', '--seed', str(args.seed), '--turns', '20000', '--games',
                    str(args.games), '--save', folder, '--quiet'], check=True)
    files = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith('.cavelog'))
    print(f'archive: {len(files)} bot games played in {time.monotonic() - start:.0f} s')
    start = time.monotonic()
    out = subprocess.run([cavelog, 'archive', '--quiet', '--to', cluster.uri] + files,
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    wall = time.monotonic() - start
    events = int(re.search(r'\((\d+) events', out).group(1))
    copy_rate = re.search(r'\((\d+) events/s\)', out).group(1)
    print(f'archive: {out.strip()}')
    print(f'archive: ingest {events} events: COPY {int(copy_rate):,} events/s; end to end '
          f'(open, verify, copy, answer, commit) {events / wall:,.0f} events/s, '
          f'{wall / len(files) * 1000:.0f} ms a game')
    disk = int(psql(cluster, "SELECT pg_total_relation_size('cavelog.events') + "
                             "pg_total_relation_size('cavelog.games') + "
                             "pg_total_relation_size('cavelog.answers')"))
    file_bytes = sum(os.path.getsize(f) for f in files)
    print(f'archive: disk {disk / len(files) / 1e6:.2f} MB a game in PostgreSQL '
          f'({disk / events:.0f} bytes an event, indexes included), '
          f'{file_bytes / len(files) / 1e6:.2f} MB a game file')
    per_file = {}
    for q in QUESTIONS:
        files_s = timed([cavelog, q, folder])
        db_s = timed([cavelog, q, '--db', cluster.uri])
        per_file[q] = files_s / len(files)
        print(f'archive: {q:12} {len(files)} games: files {files_s:6.2f} s, --db {db_s:6.3f} s')
    psql(cluster, 'DELETE FROM cavelog.answers')
    for q in QUESTIONS[1:]:
        db_s = timed([cavelog, q, '--db', cluster.uri])
        print(f'archive: {q:12} {len(files)} games, no answer kept (run on the events, '
              f'kept): --db {db_s:6.3f} s, {db_s / len(files) * 1000:.1f} ms a game')
    n = clone_to(cluster, args.target)
    for q in QUESTIONS:
        db_s = timed([cavelog, q, '--db', cluster.uri])
        print(f'archive: {q:12} {n} games (rows and answers cloned from {len(files)}): --db '
              f'{db_s:6.3f} s; files ~{per_file[q] * n:,.0f} s (extrapolated from '
              f'{per_file[q] * 1000:.0f} ms a file)')


if __name__ == '__main__':
    sys.exit(main())
