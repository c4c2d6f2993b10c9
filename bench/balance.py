#!/usr/bin/env python3
"""balance.py — how fair and how open the game is, measured over bot games
from their event logs alone (issue 21, "What must be true" 3).

    python3 bench/balance.py --play CAVELOG [--seed 2000 --games 100 --turns 20000]
    python3 bench/balance.py FILE_OR_FOLDER...

Prints, next to each goal: the games lost before turn 150; the win rate of
games where the player held both spellbooks and of those where it did not;
for every spell, potion kind and level-up bonus, the share of the games where
it was used among those where it was available; the causes of death; and
won / lost / playing. It prints figures and never fails on a goal (exit 0;
2 on bad arguments, 77 without a python sqlite3 module). Python 3 standard
library only; every game file is opened read-only.

With --data DIR (the game's data folder), the bot also plays the same
seeds in a world without spellbooks (every type tagged book spawns 0 times),
the direct measure of "winning without both books": books are picked up as
they are found, so in the ordinary games nearly every game that lives on
holds both, and the split by books held mostly tells early deaths apart.

"Available" means: a spell, that the player held its book (a second column
adds: and its max mana reached the spell's cost); a potion kind, that the
player held a potion of that kind; a bonus, that the player gained a level.
"Used" means: cast by the player; drunk (or thrown) by the player; chosen.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import sqlite3
except ImportError:
    print("balance: python3 has no sqlite3 module", file=sys.stderr)
    sys.exit(77)

EARLY_TURNS = 150
GOALS = {"early": 5.0, "without_books": 25.0, "used": 2.0, "causes": 3}
BONUSES = ["max_hp", "max_mana", "attack", "defense", "vision", "hp_regen", "mana_regen"]


class Game:
    """What one game file tells about the player's choices and fate."""

    def __init__(self, path):
        self.path = path
        self.books = set()          # spellbook types the player held
        self.potions_held = set()   # potion kinds the player held
        self.potions_drunk = set()
        self.potions_thrown = set()
        self.cast = collections.Counter()   # spell -> casts
        self.bonuses = collections.Counter()  # bonus -> times chosen
        self.levels = 0             # levels gained
        self.max_mana = 0
        self.spells = {}            # spell -> (book, cost), as the game defined them
        self.potion_kinds = []      # every potion kind of the game
        self.books_at_depth3 = None  # book types held on first reaching depth 3, None if never
        self.read()

    def read(self):
        db = sqlite3.connect("file:%s?mode=ro" % os.path.abspath(self.path), uri=True)
        try:
            row = db.execute("SELECT outcome, cause, turns, depth FROM game").fetchone()
            self.outcome, self.cause, self.turns, self.depth = row
            events = db.execute("SELECT type, payload FROM events ORDER BY seq")
            self.fold((ty, json.loads(p)) for ty, p in events)
        finally:
            db.close()

    def fold(self, events):
        player, types, tags, summoned = None, {}, {}, set()
        for ty, p in events:
            if ty == "CreatureSpawned" and p["kind"] == "player" and player is None:
                player, self.max_mana = p["creature"], p["max_mana"]
            elif ty == "CreatureSummoned":
                summoned.add(p["creature"])
            elif ty == "ItemSpawned":
                types[p["item"]], tags[p["item"]] = p["type"], p["tags"].split(";")
            elif ty in ("ItemThrown", "ItemDropped") and p.get("split"):
                types[p["split"]], tags[p["split"]] = types.get(p["item"]), tags.get(p["item"], [])
            elif ty == "SpellDefined":
                self.spells[p["spell"]] = (p["book"], p["cost"])
            elif ty == "AppearanceAssigned":
                self.potion_kinds.append(p["kind"])
            if p.get("creature") != player:
                continue
            self.fold_player(ty, p, types, tags, summoned)

    def fold_player(self, ty, p, types, tags, summoned):
        item = p.get("item")
        if ty == "CreatureTookStairs" and p["z"] == 2 and self.books_at_depth3 is None:
            self.books_at_depth3 = set(self.books)
        elif ty == "ItemPickedUp" and "book" in tags.get(item, []):
            self.books.add(types[item])
        elif ty == "ItemPickedUp" and "potion" in tags.get(item, []):
            self.potions_held.add(types[item])
        elif ty == "ItemQuaffed":
            self.potions_drunk.add(types.get(item))
        elif ty == "ItemThrown" and "potion" in tags.get(item, []):
            self.potions_thrown.add(types.get(item))
        elif ty == "SpellCast":
            self.cast[p["spell"]] += 1
        elif ty == "LevelGained":
            self.levels += 1
        elif ty == "LevelUpChosen":
            self.bonuses[p["bonus"]] += 1
            if p["bonus"] == "max_mana":
                self.max_mana += p["amount"]

    def both_books(self, held=None):
        books = {book for book, _ in self.spells.values()}
        return bool(books) and books <= (self.books if held is None else held)

    def castable(self, spell):
        book, cost = self.spells[spell]
        return book in self.books and self.max_mana >= cost


def pct(part, whole):
    return 100.0 * part / whole if whole else 0.0


def share(used, avail):
    return "%3d / %3d  %5.1f %%" % (used, avail, pct(used, avail))


def mark(ok):
    return "ok " if ok else "NOT"


def report_early(games):
    early = sum(1 for g in games if g.outcome == "lost" and g.turns < EARLY_TURNS)
    p = pct(early, len(games))
    print("[%s] lost before turn %d: %d of %d games, %.1f %% (goal <= %.0f %%)"
          % (mark(p <= GOALS["early"]), EARLY_TURNS, early, len(games), p, GOALS["early"]))


def report_books(games):
    both = [g for g in games if g.both_books()]
    other = [g for g in games if not g.both_books()]
    won_both = sum(1 for g in both if g.outcome == "won")
    won_other = sum(1 for g in other if g.outcome == "won")
    p = pct(won_other, len(other))
    print("      won holding both spellbooks: %s" % share(won_both, len(both)))
    print("[%s] won without both spellbooks: %s (goal >= %.0f %%)"
          % (mark(p >= GOALS["without_books"]), share(won_other, len(other)),
             GOALS["without_books"]))
    # Books are picked up as they are found, so a game that lives on ends up
    # holding both: the same split, among the games that reached depth 3, by
    # what the player held on arrival there.
    deep = [g for g in games if g.books_at_depth3 is not None]
    for label, part in (("with", [g for g in deep if g.both_books(g.books_at_depth3)]),
                        ("without", [g for g in deep if not g.both_books(g.books_at_depth3)])):
        print("      reached depth 3 %-7s both books: won %s"
              % (label, share(sum(1 for g in part if g.outcome == "won"), len(part))))


def report_use(title, rows):
    """@rows: (name, used, available[, extra column text])."""
    print("%s (used / available, goal >= %.0f %% each):" % (title, GOALS["used"]))
    for name, used, avail, *extra in rows:
        ok = avail == 0 or pct(used, avail) >= GOALS["used"]
        print("  [%s] %-26s %s%s" % (mark(ok), name, share(used, avail),
                                     ("   " + extra[0]) if extra else ""))


def spell_rows(games):
    spells = sorted({s for g in games for s in g.spells},
                    key=lambda s: next(g.spells[s] for g in games if s in g.spells))
    rows = []
    for s in spells:
        held = [g for g in games if s in g.spells and g.spells[s][0] in g.books]
        castable = [g for g in held if g.castable(s)]
        used = sum(1 for g in held if g.cast[s])
        casts = sum(g.cast[s] for g in games)
        rows.append((s, used, len(held), "castable: %s, %d casts"
                     % (share(sum(1 for g in castable if g.cast[s]), len(castable)), casts)))
    return rows


def potion_rows(games):
    kinds = sorted({k for g in games for k in g.potion_kinds})
    rows = []
    for k in kinds:
        held = [g for g in games if k in g.potions_held]
        drunk = sum(1 for g in held if k in g.potions_drunk)
        used = sum(1 for g in held if k in g.potions_drunk or k in g.potions_thrown)
        rows.append((k, used, len(held), "drunk in %d, thrown in %d"
                     % (drunk, sum(1 for g in held if k in g.potions_thrown))))
    return rows


def bonus_rows(games):
    levelled = [g for g in games if g.levels > 0]
    total = collections.Counter()
    for g in games:
        total.update(g.bonuses)
    choices = sum(total.values())
    return [(b, sum(1 for g in levelled if g.bonuses[b]), len(levelled),
             "%4d of %d choices" % (total[b], choices)) for b in BONUSES]


def report_deaths(games):
    causes = collections.Counter(g.cause or "?" for g in games if g.outcome == "lost")
    print("[%s] causes of death: %d kinds (goal >= %d)"
          % (mark(len(causes) >= GOALS["causes"]), len(causes), GOALS["causes"]))
    for cause, n in causes.most_common():
        depths = collections.Counter(g.depth for g in games if g.outcome == "lost" and g.cause == cause)
        print("        %3d  %-32s depths %s" % (n, cause, " ".join(
            "%d:%d" % (d, depths[d]) for d in sorted(depths))))


def report(games):
    print("balance: %d games" % len(games))
    report_early(games)
    report_books(games)
    report_use("spells", spell_rows(games))
    report_use("potions", potion_rows(games))
    report_use("level-up bonuses", bonus_rows(games))
    report_deaths(games)
    out = collections.Counter(g.outcome for g in games)
    print("      games: %d won, %d lost, %d playing" % (out["won"], out["lost"], out["playing"]))


def without_books(data, folder):
    """Copy the data folder @data into @folder with no spellbook spawning."""
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(data):
        if name.endswith(".ini"):
            with open(os.path.join(data, name)) as f:
                text = f.read()
            if name == "items.ini":
                text = no_books(text)
            with open(os.path.join(folder, name), "w") as f:
                f.write(text)
    return folder


def no_books(text):
    """items.ini's @text with every type tagged book spawning 0 times."""
    sections = re.split(r"(?m)^(?=\[)", text)
    for i, sec in enumerate(sections):
        if re.search(r"(?m)^tags=.*\bbook\b", sec):
            sec = re.sub(r"(?m)^spawn=.*$", "spawn=0", sec)
            sec = re.sub(r"(?m)^spawn_per_level=.*$", "spawn_per_level=0", sec)
            sections[i] = sec
    return "".join(sections)


def report_no_books(games):
    won = sum(1 for g in games if g.outcome == "won")
    p = pct(won, len(games))
    print("[%s] won in a world without spellbooks: %s (goal >= %.0f %%)"
          % (mark(p >= GOALS["without_books"]), share(won, len(games)), GOALS["without_books"]))
    report_early(games)
    report_deaths(games)


def files_in(paths):
    found = []
    for path in paths:
        if os.path.isdir(path):
            found += sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".cavelog"))
        else:
            found.append(path)
    return found


def play(cavelog, seed, games, turns, folder, data=None):
    env = dict(os.environ)
    if data is not None:
        env["CAVELOG_DATA_DIR"] = data
    subprocess.run([cavelog, "autoplay", "--seed", str(seed), "--turns", str(turns),
                    "--games", str(games), "--save", folder, "--quiet"], check=True, env=env)
    return files_in([folder])


def main():
    ap = argparse.ArgumentParser(description="balance figures over bot games")
    ap.add_argument("paths", nargs="*", help="game files or folders of them")
    ap.add_argument("--play", metavar="CAVELOG", help="let the bot play the games first")
    ap.add_argument("--seed", type=int, default=2000)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--turns", type=int, default=20000)
    ap.add_argument("--keep", metavar="DIR", help="with --play: save the games there")
    ap.add_argument("--data", metavar="DIR",
                    help="with --play: the data folder, to play a world without books too")
    args = ap.parse_args()
    if not args.play and not args.paths:
        ap.error("give game files or --play CAVELOG")
    if args.play:
        with tempfile.TemporaryDirectory() as tmp:
            folder = args.keep or tmp
            os.makedirs(folder, exist_ok=True)
            print("balance: bot over seeds %d-%d, %d turns at most"
                  % (args.seed, args.seed + args.games - 1, args.turns))
            report([Game(f) for f in play(args.play, args.seed, args.games, args.turns, folder)])
            if args.data:
                data = without_books(args.data, os.path.join(tmp, "data-without-books"))
                games = os.path.join(tmp, "without-books")
                os.makedirs(games)
                print("balance: the same seeds, no spellbook in the world")
                report_no_books([Game(f) for f in play(args.play, args.seed, args.games,
                                                       args.turns, games, data)])
    else:
        report([Game(f) for f in files_in(args.paths)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
