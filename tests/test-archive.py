#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The community archive against a real PostgreSQL (issue 27).

Starts a throwaway cluster (pg-cluster.py), plays a few games, and checks:
`cavelog archive` stores finished games and skips the ones already there;
scores, stats and achievements --db print the figures of the file-based
commands over the same games (and an achievement the archive never saw is
answered the same); the README's queries run unchanged across games; an
unfinished, tampered or foreign file is refused, named and skipped, with a
non-zero exit, while the others go in; names holding quotes and SQL arrive
as data; finished games of earlier releases give the files' figures too.
Without PostgreSQL (or a cavelog built without it) it says so and
exits 77: skipped, never failed.
Usage: test-archive.py CAVELOG MAKE_GAME README
"""
import glob
import gzip
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
cluster_module = __import__('pg-cluster')

# Quotes, SQL, a backslash (COPY's escape) and a JSON-escaped quote.
HOSTILE_NAME = "Robert'); DROP TABLE cavelog.events; -- \\ \"q\""
failures = []


def check(ok, what):
    print(('ok     ' if ok else 'FAILED ') + what, flush=True)
    if not ok:
        failures.append(what)


def run(argv, env=None):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=env)


def figures(command, text):
    """The figures of @command's output: stats without how they were computed."""
    return text.split('\nHow this was computed')[0] if command == 'stats' else text


def make_games(cavelog, maker, folder):
    """Three bot games to their end, and one lost by waiting: finished games."""
    os.makedirs(folder)
    subprocess.run([cavelog, 'autoplay', '--seed', '7100', '--turns', '20000', '--games', '3',
                    '--save', folder, '--quiet'], check=True)
    subprocess.run([maker, os.path.join(folder, 'waiter.cavelog'), '7200', 'waiter', '20000',
                    '--wait'], check=True)
    for name in os.listdir(folder):
        if not name.endswith('.cavelog'):
            os.unlink(os.path.join(folder, name))  # morgues


def compare(cavelog, folder, uri, env=None):
    for command in ('scores', 'stats', 'achievements'):
        files = run([cavelog, command, folder], env)
        db = run([cavelog, command, '--db', uri], env)
        check(files.returncode == 0 and db.returncode == 0,
              f'{command} from files and --db both succeed ({db.stderr.strip()})')
        same = figures(command, files.stdout) == figures(command, db.stdout)
        check(same, f'{command} --db prints the same figures as {command} FOLDER')
        if not same:
            print(files.stdout, '\n----\n', db.stdout)
    return files.stdout


def psql(cluster, sql, search_path='cavelog'):
    return run([os.path.join(cluster.bindir, 'psql'), cluster.uri, '-X', '-q', '-A', '-t', '-v',
                'ON_ERROR_STOP=1', '-c', f'SET search_path = {search_path}', '-c', sql])


def readme_queries(readme):
    text = open(readme, encoding='utf-8').read()
    return re.findall(r'^sqlite3 \S+ "(.*)"$', text, re.M)


def check_readme_queries(cluster, readme):
    """Every query of the README's sqlite3 examples, across games, unchanged
    (bookmarks and lineage are a file's own and not archived)."""
    queries = [q for q in readme_queries(readme) if 'bookmarks' not in q and 'lineage' not in q]
    check(len(queries) >= 8, f'the README has its queries ({len(queries)})')
    for q in queries:
        r = psql(cluster, q)
        check(r.returncode == 0 and r.stdout.strip() != '', f'README query across games: {q[:60]}'
              + (f' — {r.stderr.strip()}' if r.returncode else ''))


def hostile_files(good, folder):
    """Files every reader refuses, each made from a good game."""
    os.makedirs(folder)
    paths = {}
    paths['tampered'] = os.path.join(folder, 'tampered.cavelog')
    shutil.copy(good, paths['tampered'])
    with sqlite3.connect(paths['tampered']) as db:
        db.execute("UPDATE events SET payload = replace(payload, '\"x\":', '\"x\":1') "
                   "WHERE seq = (SELECT min(seq) FROM events WHERE type = 'CreatureMoved')")
    paths['renamed'] = os.path.join(folder, 'renamed.cavelog')
    shutil.copy(good, paths['renamed'])
    with sqlite3.connect(paths['renamed']) as db:
        db.execute("UPDATE game SET player_name = ?", (HOSTILE_NAME,))
    paths['garbage'] = os.path.join(folder, 'garbage.cavelog')
    with open(paths['garbage'], 'wb') as f:
        f.write(b'SQLite format 3\0' + os.urandom(4096))
    return paths


def test_refusals(cavelog, maker, cluster, tmp):
    good = os.path.join(tmp, 'unarchived.cavelog')  # a game the archive has not seen
    subprocess.run([maker, good, '7500', 'base', '20000', '--wait'], check=True)
    paths = hostile_files(good, os.path.join(tmp, 'hostile'))
    playing = os.path.join(tmp, 'playing.cavelog')
    subprocess.run([maker, playing, '7300', 'still', '30'], check=True)
    quoted = os.path.join(tmp, "o'brien; DROP TABLE cavelog.games.cavelog")
    subprocess.run([maker, quoted, '7400', HOSTILE_NAME, '20000', '--wait'], check=True)
    before = psql(cluster, 'SELECT count(*) FROM games').stdout.strip()
    r = run([cavelog, 'archive', '--to', cluster.uri, quoted] + list(paths.values()) + [playing])
    check(r.returncode == 1, f'archive exits 1 when a file was refused (got {r.returncode})')
    for name, path in list(paths.items()) + [('still playing', playing)]:
        check(path in r.stderr, f'the {name} file is refused and named')
    check('still being played' in r.stderr, 'an unfinished game is refused as one')
    check(f'{quoted}: archived' in r.stdout, 'the good file beside the refused ones is archived')
    after = psql(cluster, 'SELECT count(*) FROM games').stdout.strip()
    check(int(after) == int(before) + 1, f'exactly one game more ({before} → {after})')
    names = psql(cluster, 'SELECT player_name, file FROM games WHERE seed = 7400').stdout
    check(names.strip() == f'{HOSTILE_NAME}|{os.path.basename(quoted)}',
          'a name and a file name holding quotes and SQL are stored as they are')
    started = psql(cluster, 'SELECT s.player_name FROM GameStarted s JOIN games g USING (game_id) '
                            'WHERE g.seed = 7400').stdout.strip()
    check(started == HOSTILE_NAME, 'the name inside an event payload arrives whole by COPY '
          f'({started!r})')
    events = psql(cluster, 'SELECT count(*) FROM events').stdout.strip()
    check(events.isdigit() and int(events) > 0, 'the events table is still there')
    scores = run([cavelog, 'scores', '--db', cluster.uri])
    check(HOSTILE_NAME[:12] in scores.stdout, 'scores --db shows the name as data')


def test_new_achievement(cavelog, folder, cluster, tmp):
    """An achievement added after the games were archived: its query runs on
    the archive's views of each game, unchanged, with the files' answers."""
    data = os.path.join(tmp, 'data')
    os.makedirs(data)
    with open(os.path.join(data, 'achievements.ini'), 'w') as f:
        f.write('[mover]\nname=Mover\ndescription=Moved 500 times.\n'
                'query=SELECT count(*) >= 500 FROM CreatureMoved WHERE creature = 1\n'
                '[joiner]\nname=Joiner\ndescription=Killed something that had attacked.\n'
                "query=SELECT EXISTS (SELECT 1 FROM CreatureDied d JOIN events e ON "
                "e.seq = d.cause_seq WHERE e.type = 'CreatureAttacked')\n"
                '[broken]\nname=Broken\ndescription=A query that does not run.\n'
                'query=SELECT nonsense FROM nowhere\n')
    env = dict(os.environ, CAVELOG_DATA_DIR=data)
    files = run([cavelog, 'achievements', folder], env)
    strip = lambda text: re.sub(r'\(its query failed: .*\)', '(failed)', text)
    # A role that may only read (a web page's): answered, nothing kept.
    psql(cluster, 'CREATE ROLE spectator LOGIN; GRANT USAGE ON SCHEMA cavelog, cavelog_game '
                  'TO spectator; GRANT SELECT ON ALL TABLES IN SCHEMA cavelog, cavelog_game '
                  'TO spectator')
    kept = psql(cluster, 'SELECT count(*) FROM answers').stdout
    reader = run([cavelog, 'achievements', '--db', cluster.uri.replace('cavelog@', 'spectator@')],
                 env)
    check(reader.returncode == 0 and strip(files.stdout) == strip(reader.stdout),
          f'a role that may only read is answered the same ({reader.stderr.strip()})')
    check(psql(cluster, 'SELECT count(*) FROM answers').stdout == kept,
          'and nothing is kept for it')
    db = run([cavelog, 'achievements', '--db', cluster.uri], env)
    check(strip(files.stdout) == strip(db.stdout),
          'an achievement the archive never saw is answered as from the files')
    check('earned by' in db.stdout and '(its query failed' in db.stdout,
          'the new achievements are earned, and a broken query says so')
    print(db.stdout)


def test_old_releases(cavelog, cluster, source, tmp):
    """Finished games written by 0.2.0, 0.3.0 and this build's golden games
    (old payload versions, upcast) go in, in a database of their own, and
    give the files' figures."""
    folder = os.path.join(tmp, 'old')
    os.makedirs(folder)
    for path in sorted(glob.glob(os.path.join(source, 'tests', 'data', 'release-*.cavelog.gz')) +
                       glob.glob(os.path.join(source, 'tests', 'golden', '*.cavelog.gz'))):
        target = os.path.join(folder, os.path.basename(path)[:-3])
        with gzip.open(path) as f, open(target, 'wb') as out:
            out.write(f.read())
        with sqlite3.connect(target) as db:
            finished = db.execute('SELECT outcome FROM game').fetchone()[0] != 'playing'
        if not finished:
            os.unlink(target)
    psql(cluster, 'CREATE DATABASE old')
    uri = cluster.uri.replace('/postgres?', '/old?')
    names = sorted(os.listdir(folder))
    r = run([cavelog, 'archive', '--to', uri] + [os.path.join(folder, n) for n in names])
    check(r.returncode == 0 and r.stdout.count(': archived') == len(names) >= 4,
          f'finished games of earlier releases are archived ({len(names)}: {r.stderr.strip()})')
    compare(cavelog, folder, uri)


def test_race(cavelog, cluster, files):
    """Two archivers at once over the same files (a cron job and a game's
    end): each game is stored once, and neither fails."""
    psql(cluster, 'CREATE DATABASE race')
    uri = cluster.uri.replace('/postgres?', '/race?')
    argv = [cavelog, 'archive', '--to', uri] + files
    first = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    second = subprocess.Popen(argv[:4] + files[::-1], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    outs = [p.communicate() for p in (first, second)]
    check(first.returncode == 0 and second.returncode == 0,
          f'two archivers at once both succeed ({outs[0][1].strip()} {outs[1][1].strip()})')
    archived = sum(out.count(': archived') for out, _ in outs)
    count = run([os.path.join(cluster.bindir, 'psql'), uri, '-X', '-q', '-A', '-t', '-c',
                 'SELECT count(*), count(DISTINCT (seed, created)) FROM cavelog.games'])
    check(archived == len(files) and count.stdout.strip() == f'{len(files)}|{len(files)}',
          f'each game stored once ({archived} archived, {count.stdout.strip()})')


def main():
    cavelog, maker, readme = sys.argv[1:4]
    if cluster_module.find_bindir() is None:
        print('SKIP: no PostgreSQL server here (initdb, pg_ctl): apt-get install postgresql')
        return cluster_module.SKIP
    probe = run([cavelog, 'scores', '--db', 'postgresql://'])
    if 'built without PostgreSQL' in probe.stderr:
        print('SKIP: ' + probe.stderr.strip())
        return cluster_module.SKIP
    tmp = tempfile.mkdtemp(prefix='cavelog-archive-test-')
    try:
        with cluster_module.Cluster() as cluster:
            folder = os.path.join(tmp, 'games')
            make_games(cavelog, maker, folder)
            files = sorted(os.path.join(folder, n) for n in os.listdir(folder))
            r = run([cavelog, 'archive', '--to', cluster.uri] + files)
            check(r.returncode == 0 and r.stdout.count(': archived') == len(files),
                  f'archive stores every finished game ({r.stdout.strip()} {r.stderr.strip()})')
            r = run([cavelog, 'archive', '--to', cluster.uri] + files)
            check(r.returncode == 0 and r.stdout.count('already in the archive') == len(files),
                  'archiving them again skips each, by its identity')
            count = psql(cluster, 'SELECT count(*) FROM games').stdout.strip()
            check(count == str(len(files)), f'each game is there once ({count})')
            achievements = compare(cavelog, folder, uri=cluster.uri)
            check('Forgot to eat' in achievements and 'earned by 1 of' in achievements,
                  'the games earn achievements (the waiter starved)')
            psql(cluster, 'DELETE FROM answers')
            compare(cavelog, folder, uri=cluster.uri)  # every answer computed anew
            check_readme_queries(cluster, readme)
            test_new_achievement(cavelog, folder, cluster, tmp)
            test_refusals(cavelog, maker, cluster, tmp)
            test_race(cavelog, cluster, files)
            test_old_releases(cavelog, cluster, os.path.dirname(os.path.abspath(readme)), tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f'{len(failures)} check(s) failed' if failures else 'every check passed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
