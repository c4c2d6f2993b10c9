#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A throwaway PostgreSQL cluster for the archive's tests and benchmark.

Made in a temporary folder by Debian's initdb and pg_ctl, run as an
unprivileged user (nobody, when started as root: PostgreSQL refuses root),
listening on a Unix socket in that folder only (no TCP), on a free port
number, trusting local connections. Used as a module (Cluster) or by hand:

  pg-cluster.py start DIR   # prints the URI to give cavelog's --to / --db
  pg-cluster.py stop DIR
"""
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile

SKIP = 77  # meson's exit status for a skipped test


def find_bindir():
    """The folder of initdb and pg_ctl, or None when PostgreSQL is missing
    ($CAVELOG_PG_BINDIR names it, or, empty, pretends there is none)."""
    if 'CAVELOG_PG_BINDIR' in os.environ:
        given = os.environ['CAVELOG_PG_BINDIR']
        return given if given and os.access(os.path.join(given, 'initdb'), os.X_OK) else None
    for candidate in sorted(glob.glob('/usr/lib/postgresql/*/bin'), reverse=True,
                            key=lambda d: int(d.split('/')[-2]) if d.split('/')[-2].isdigit() else 0):
        if os.access(os.path.join(candidate, 'initdb'), os.X_OK):
            return candidate
    initdb = shutil.which('initdb')
    return os.path.dirname(initdb) if initdb else None


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class Cluster:
    """start() makes and starts the cluster; uri is then what libpq takes."""

    def __init__(self, root=None):
        self.bindir = find_bindir()
        self.root = root or tempfile.mkdtemp(prefix='cavelog-pg-')
        self.data = os.path.join(self.root, 'data')
        self.port = None
        self.user = 'nobody' if os.geteuid() == 0 else None

    def _run(self, argv, **kw):
        if self.user is not None:
            argv = ['runuser', '-u', self.user, '--'] + argv
        return subprocess.run(argv, check=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, **kw)

    def start(self):
        if self.bindir is None:
            raise FileNotFoundError('PostgreSQL (initdb, pg_ctl) is not installed')
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
            os.chmod(self.root, 0o700)
        self.port = free_port()
        self._run([os.path.join(self.bindir, 'initdb'), '-D', self.data, '-U', 'cavelog',
                   '--auth=trust', '-E', 'UTF8', '--no-locale'])
        options = (f"-c listen_addresses='' -c unix_socket_directories={self.root}"
                   f" -p {self.port} -c fsync=off -c max_wal_size=1GB")
        self._run([os.path.join(self.bindir, 'pg_ctl'), '-D', self.data, '-l',
                   os.path.join(self.root, 'log'), '-o', options, '-w', 'start'])
        with open(os.path.join(self.root, 'port'), 'w') as f:
            f.write(str(self.port))
        return self

    @property
    def uri(self):
        return f'postgresql://cavelog@/postgres?host={self.root}&port={self.port}'

    def stop(self):
        if os.path.exists(os.path.join(self.data, 'postmaster.pid')):
            self._run([os.path.join(self.bindir, 'pg_ctl'), '-D', self.data, '-m', 'fast', 'stop'])
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('start', 'stop'):
        print(__doc__)
        return 2
    root = os.path.abspath(sys.argv[2])
    if sys.argv[1] == 'start':
        os.makedirs(root, exist_ok=True)
        print(Cluster(root).start().uri)
    else:
        Cluster(root).stop()
    return 0


if __name__ == '__main__':
    sys.exit(main())
