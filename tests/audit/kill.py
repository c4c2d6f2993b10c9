#!/usr/bin/env python3
"""kill.py — SIGKILL `cavelog autoplay` at random moments, many times, and
check after each kill that nothing finished was lost (issue 11): the file
passes `cavelog verify`, ends at a completed turn, holds every turn that a
reader saw committed just before the kill, and plays on (autoplay on the
same file goes one turn further or the game is over). Then kill it while it
creates a game: no half-made game is left, and after the next run no
PATH.PID.part either.

Full run (about 8 minutes on two shared cores):
    python3 tests/audit/kill.py build/cli/cavelog --kills 500 --creations 100
Quick run (what meson's `audit` suite runs): --kills 20 --creations 10.
Options: --seconds S (stop the play phase after S seconds), --seed N (the
random moments). Exit status 0 when every check held, 1 otherwise, 77 (skip)
without the binary. Python 3 standard library only.
"""
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

try:
    import sqlite3
except ImportError:  # a python3 without its sqlite3 module: skip
    print("kill: python3 has no sqlite3 module", file=sys.stderr)
    sys.exit(77)


def q(path, sql):
    """One value, read through a read-only connection."""
    if path.endswith("check.cavelog"):  # a settled copy: recovering its -wal is fine
        con = sqlite3.connect(path, timeout=10)
    else:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return con.execute(sql).fetchone()[0]
    finally:
        con.close()


def settled_copy(path, scratch):
    """A copy of @path with its -wal and -shm, to read with a plain
    connection: a read-only one cannot recover the -wal a killed writer
    left, and a read-write one would change the file under test."""
    for s in ("-wal", "-shm", ""):
        if os.path.exists(scratch + s):
            os.unlink(scratch + s)
        if os.path.exists(path + s):
            shutil.copy(path + s, scratch + s)
    return scratch


def committed_turn(path):
    try:
        return q(path, "SELECT max(turn) FROM turns")
    except sqlite3.Error:
        return None


class Run:
    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        self.failures = []
        self.stats = dict(kills=0, before_file=0, intact=0, grew=0, lost_turns=0, ended=0, files=0,
                          went_on=0, creation_kills=0, creation_files=0, creation_none=0,
                          parts_seen=0, parts_left=0)

    def fail(self, what):
        self.failures.append(what)
        print("FAIL:", what, file=sys.stderr)

    def spawn(self, path, seed, turns="100000000"):
        err = open(os.path.join(self.work, "stderr.txt"), "wb")
        return subprocess.Popen([self.binary, "autoplay", "--seed", str(seed), "--turns", turns,
                                 "--save", path, "--quiet"], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err)

    def run(self, argv, timeout=120):
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
        return p.returncode, p.stderr.decode("utf-8", "replace").strip()

    def check_file(self, path, label):
        """verify passes and the file ends at a completed turn; its last turn."""
        rc, err = self.run([self.binary, "verify", path])
        if rc != 0:
            self.fail(f"{label}: verify refused the killed file: {err}")
            return None
        path = settled_copy(path, os.path.join(self.work, "check.cavelog"))
        last_turn = q(path, "SELECT max(turn) FROM turns")
        last_seq = q(path, "SELECT last_seq FROM turns ORDER BY turn DESC LIMIT 1")
        checks = {
            "max(seq) = last turn's last_seq": q(path, "SELECT max(seq) FROM events") == last_seq,
            "count(events) = last_seq": q(path, "SELECT count(*) FROM events") == last_seq,
            "no event after the last turn":
                q(path, "SELECT count(*) FROM events WHERE turn > (SELECT max(turn) FROM turns)") == 0,
            "game.turns = last turn": q(path, "SELECT turns FROM game") == last_turn,
        }
        for what, ok in checks.items():
            if not ok:
                self.fail(f"{label}: {what} does not hold")
                return None
        return last_turn

    def play_phase(self, kills, seconds, rng):
        seed, path, previous = 1000, None, -1
        t0 = time.time()
        while self.stats["kills"] < kills and time.time() - t0 < seconds:
            if path is None:
                seed += 1
                self.stats["files"] += 1
                path = os.path.join(self.work, f"play-{seed}.cavelog")
                previous = -1
            p = self.spawn(path, seed)
            deadline = time.time() + rng.uniform(0.03, 0.4)
            seen = None
            while time.time() < deadline and p.poll() is None:
                time.sleep(0.01)
            if os.path.exists(path) and p.poll() is None:
                seen = committed_turn(path)  # committed before the kill, so kept
            p.send_signal(signal.SIGKILL)
            rc = p.wait()
            if rc == 0:  # the bot's game ended by itself
                self.stats["ended"] += 1
                path = None
                continue
            if rc != -signal.SIGKILL:
                self.fail(f"autoplay on {path} ended with status {rc}")
                path = None
                continue
            self.stats["kills"] += 1
            if not os.path.exists(path):
                if previous >= 0:
                    self.fail(f"{path} vanished after a kill")
                self.stats["before_file"] += 1
                continue
            turn = self.check_file(path, f"kill {self.stats['kills']} ({path})")
            if turn is None:
                path = None
                continue
            self.stats["intact"] += 1
            if seen is not None and turn < seen:
                self.stats["lost_turns"] += seen - turn
                self.fail(f"{path}: turn {seen} was committed before the kill, the file ends at {turn}")
            if turn < previous:
                self.stats["lost_turns"] += previous - turn
                self.fail(f"{path}: ended at {previous} before, at {turn} after the kill")
            self.stats["grew"] += previous >= 0 and turn > previous
            # It goes on: one more turn on the same file (or the game is over).
            rc, err = self.run([self.binary, "autoplay", "--seed", str(seed), "--turns", "1",
                                "--save", path, "--quiet"])
            after = committed_turn(path)
            over = q(path, "SELECT outcome FROM game") != "playing"  # a clean exit: readable
            if rc != 0 or (after != turn + 1 and not over):
                self.fail(f"{path}: did not play on after the kill (status {rc}, turn {turn} -> {after}): {err}")
            else:
                self.stats["went_on"] += 1
            previous = after if after is not None else turn
            if over:
                self.stats["ended"] += 1
                path = None
        self.stats["play_seconds"] = round(time.time() - t0)

    def creation_phase(self, n, rng):
        folder = os.path.join(self.work, "new")
        os.makedirs(folder)
        for i in range(n):
            path = os.path.join(folder, f"new-{i}.cavelog")
            p = self.spawn(path, 7)
            time.sleep(rng.uniform(0, 0.06))
            p.send_signal(signal.SIGKILL)
            rc = p.wait()
            if rc == 0:
                self.fail(f"autoplay at creation ended by itself before the kill ({path})")
                continue
            self.stats["creation_kills"] += 1
            self.stats["parts_seen"] += sum(".part" in f for f in os.listdir(folder))
            if os.path.exists(path):
                self.stats["creation_files"] += 1
                if self.check_file(path, f"creation kill {i}") is None:
                    continue
            else:
                self.stats["creation_none"] += 1
            rc, err = self.run([self.binary, "autoplay", "--seed", "7", "--turns", "2",
                                "--save", path, "--quiet"])
            if rc != 0:
                self.fail(f"the next run at {path} failed: {err}")
            left = [f for f in os.listdir(folder) if ".part" in f]
            if left:
                self.stats["parts_left"] += len(left)
                self.fail(f"after the next run at {path}, left: {left}")
            if os.path.exists(path) and self.check_file(path, f"after creation kill {i}") is None:
                continue


def main():
    args = sys.argv[1:]
    kills, creations, seconds, seed, binary = 500, 100, 540, None, None
    while args:
        a = args.pop(0)
        if a == "--kills":
            kills = int(args.pop(0))
        elif a == "--creations":
            creations = int(args.pop(0))
        elif a == "--seconds":
            seconds = float(args.pop(0))
        elif a == "--seed":
            seed = int(args.pop(0))
        else:
            binary = os.path.abspath(a)
    if binary is None or not os.access(binary, os.X_OK):
        print("kill: usage: kill.py CAVELOG_BINARY [--kills N] [--creations N]", file=sys.stderr)
        return 77
    seed = seed if seed is not None else int(time.time())
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="cavelog-kill-")
    os.environ["XDG_DATA_HOME"] = work
    # A copy, so that a rebuild during the run cannot pull the binary away.
    binary = shutil.copy(binary, os.path.join(work, "cavelog"))
    r = Run(binary, work)
    try:
        r.play_phase(kills, seconds, rng)
        r.creation_phase(creations, rng)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    s = r.stats
    print(f"random seed {seed}")
    print(f"play: {s['kills']} kills in {s['play_seconds']} s over {s['files']} files; "
          f"{s['before_file']} came before a new game's file was made (none left); "
          f"{s['intact']} files intact after their kill (verify passed, ended at a completed turn); "
          f"{s['went_on']} played on; {s['grew']} kills found the game grown since the last; "
          f"{s['ended']} games ended by themselves; turns lost: {s['lost_turns']}")
    print(f"creation: {s['creation_kills']} kills; {s['creation_files']} left a whole game, "
          f"{s['creation_none']} left no game; .part files seen right after a kill: {s['parts_seen']}, "
          f"left after the next run: {s['parts_left']}")
    print(f"failures: {len(r.failures)}")
    for f in r.failures[:20]:
        print("  ", f)
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
