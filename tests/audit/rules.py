#!/usr/bin/env python3
"""rules.py — audit cavelog game files against the rules of GAME.md from the
event log alone, as an outside reader with the stock sqlite3 shell would:
no C code is used, only the tables (game, turns, events, content) and the
numbers GAME.md states. Written from GAME.md; the C code was read only for
the events' field names.

    python3 tests/audit/rules.py FILE_OR_FOLDER...        audit saved games
    python3 tests/audit/rules.py --play CAVELOG [--seeds N --turns T]
                                                        let the bot play first
    --as-build VERSION     read every file as one that build wrote (to try
                           the rules of a build whose version is not yet bumped)

Prints each finding as `FILE: [rule] seq N: what`, then one line per file
and the rules checked. Exit status 0 when no rule was broken, 1 otherwise,
2 on bad arguments, 77 (skip) without a python sqlite3 module.
Python 3 standard library only. Each file is opened read-only and never changed.

Where GAME.md leaves a choice, the audit accepts what the game does and
counts it as a note (--notes lists them): a missile's "attack / 2 (base)"
counting active effects; a thrown potion that hits also wounding, and one
that hits no one breaking; the score of a file cavelog 0.2.0 wrote counting
only the turns in which time passed (later builds count every recorded
turn, as the game row's `turns` and the end screen do); a drinker whose potion showed nothing (mana at full) not learning it; two
caves' regions overlapping only on stairs up, where no pair fits. Nothing
follows the game's last event (the player's pack stays with the body).

The rules GAME.md marks "changed" for cavelog 0.4.0 (the start region, goblin
gear by depth, one item a cell, goblins firing and throwing before they
strike) are checked in files of build 0.4.0 and later only: earlier builds
played by the rules of their time.

The rules marked "changed" in GAME.md hold for files cavelog 0.4.0 (or
later) wrote; earlier files are held to the rules of their release: the
player regenerates 100 per mille and the bonus is +50; blood to mana turns 7
hp into each mana (ManaDrawn says both); a blink lands 3 to 5 cells away and
is never cast where it cannot land; a summoned creature gives no xp and
leaves no corpse; a missile's attack / 2 counts the thrower's effects and
not its weapon. Slow heal lasts 40 turns in 0.4.0's data, not GAME.md's 50
(at 50 it healed more for a mana than blood to mana costs).
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
    print("rules: python3 has no sqlite3 module", file=sys.stderr)
    sys.exit(77)

# --- GAME.md, as numbers ---------------------------------------------------
LEVELS, WIDTH, HEIGHT = 5, 90, 32
# creature: (hp, attack, defense)
CREATURES = {"player": (100, 20, 5), "fungus": (10, 0, 0), "bat": (15, 5, 0),
             "zombie": (50, 10, 10), "goblin": (66, 15, 5)}
COLOURS = {"player": "bright white", "fungus": "green", "bat": "bright yellow",
           "zombie": "white", "goblin": "bright green"}
GLYPHS = {"player": "@", "fungus": "f", "bat": "b", "zombie": "z", "goblin": "g"}
ALL_CREATURES = {"max_food": 1000, "food": 666, "level": 1, "max_mana": 5,
                 "hp_regen": 10, "mana_regen": 20, "vision": 9}
# item: (glyph, atk, def, thrown, ranged, food)
ITEMS = {"rock": (",", 0, 0, 5, 0, 0), "apple": ("%", 0, 0, 1, 0, 100),
         "bread": ("%", 0, 0, 1, 0, 400), "baguette": (")", 3, 0, 1, 0, 100),
         "dagger": (")", 5, 0, 5, 0, 0), "sword": (")", 10, 0, 3, 0, 0),
         "staff": (")", 5, 3, 3, 0, 0), "bow": (")", 1, 0, 1, 5, 0),
         "tunic": ("[", 0, 2, 1, 0, 0), "chainmail": ("[", 0, 4, 1, 0, 0),
         "platemail": ("[", 0, 6, 1, 0, 0)}
WEAPONS = {"dagger", "sword", "staff", "bow"}
ARMOURS = {"tunic", "chainmail", "platemail"}
APPEARANCES = {"red", "yellow", "green", "cyan", "blue", "magenta", "dark", "grey", "light"}
ZERO = {"hp": 0, "mana": 0, "xp_per_level": 0, "turn_hp": 0, "attack": 0, "defense": 0,
        "vision": 0, "hp_regen": 0, "mana_regen": 0, "detect": 0}


def spec(duration, **kw):
    s = dict(ZERO, duration=duration, turn_chance=100)
    s.update(kw)
    return s


# potion kinds by what each does (matched to AppearanceAssigned by numbers)
POTION_WEIGHTS = {"health": 2, "mana": 2, "slow health": 1, "poison": 1, "warrior's": 1,
                  "archer's": 1, "experience": 1}
POTIONS = {"health": spec(1, hp=15), "mana": spec(1, mana=10),
           "slow health": spec(100, turn_hp=1), "poison": spec(20, turn_hp=-1),
           "warrior's": spec(20, attack=5, defense=5), "archer's": spec(20, vision=3),
           "experience": spec(20, xp_per_level=5)}
# spell: (book, cost, effect spec or None)
WHITE, BLUE = "white mage's spellbook", "blue mage's spellbook"
SPELLS = {"minor heal": (WHITE, 4, spec(1, hp=20)), "major heal": (WHITE, 8, spec(1, hp=50)),
          "slow heal": (WHITE, 12, spec(50, turn_hp=2)),
          "inner strength": (WHITE, 16, spec(50, attack=2, defense=2, vision=1, hp_regen=10,
                                             mana_regen=-10, turn_hp=1, turn_chance=25)),
          "blood to mana": (BLUE, 1, None), "blink": (BLUE, 6, None),
          "summon bats": (BLUE, 11, None),
          "detect creatures": (BLUE, 16, spec(75, detect=1))}
BONUSES = {"max_hp": 10, "max_mana": 5, "attack": 2, "defense": 1, "vision": 1,
           "hp_regen": 10, "mana_regen": 10}
# cavelog 0.4.0 on (GAME.md "changed"): what differs from the numbers above
RULES_0_4 = (0, 4, 0)
PLAYER_HP_REGEN_0_4 = 100
BONUSES_0_4 = dict(BONUSES, hp_regen=50)
SLOW_HEAL_0_4 = spec(40, turn_hp=2)
BLOOD_HP_PER_MANA_0_4 = 7
BLINK_RANGE_0_4 = (3, 5)
HUNGER = [(10, "starving"), (25, "hungry")]  # below
FULLNESS = [(90, "stuffed"), (75, "full")]  # above
FOOD_COST = {"move": 1, "attack": 2, "dig": 10, "turn": 1}
FRESH_TURNS = 200
COLONY_MAX = 20
OPEN = ".<>"
# GAME.md's rules marked "changed", audited in files of this build and later
NEW_RULES_BUILD = (0, 4, 0)
GEAR_FROM_DEPTH = {"sword": 2, "chainmail": 3, "platemail": 4}  # goblins' starting gear
COMMANDS = {"move": {"CreatureMoved", "CreatureAttacked", "TileDug"}, "cast": {"SpellCast"},
            "eat": {"ItemEaten"}, "quaff": {"ItemQuaffed"}, "throw": {"ItemThrown"},
            "fire": {"ShotFired"}, "pickup": {"ItemPickedUp"}, "drop": {"ItemDropped"},
            "equip": {"ItemEquipped", "ItemUnequipped"}, "choose": {"LevelUpChosen"},
            "name": {"ItemNamed"}, "wait": {"CreatureWaited"},
            "ascend": {"CreatureTookStairs"}, "descend": {"CreatureTookStairs"}}
RULES = collections.OrderedDict()  # rule -> what GAME.md says (listed in the summary)


def version(text):
    """"0.4.0" -> (0, 4, 0); anything unreadable sorts before every release."""
    try:
        return tuple(int(part) for part in str(text).split("-")[0].split("."))
    except ValueError:
        return (0,)


def rule(name, text):
    RULES[name] = text
    return name


R_SEQ = rule("seq", "events: seq 1,2,3… without gaps; turn never goes back; turns rows match")
R_CAUSE = rule("cause", "every cause names an earlier event of the same turn")
R_WORLD = rule("world", "5 levels of 90 x 32, cells floor/wall/stairs; stairs pairs share (x,y)")
R_SPAWN = rule("spawn", "creature stats as listed; per level 4 fungi, 10 bats, 2z+1 zombies and goblins")
R_ITEMS = rule("items", "item stats as listed; per level 57 rocks, apple, bread, baguette, 2 weapons, "
               "1 armour, z+1 potions, z+1 books, the bear on level 5; goblins carry a weapon and armour")
R_MOVE = rule("move", "a step goes to a neighbouring open cell; fungi never move; bats 2 steps, others 1")
R_LEVEL = rule("level", "creatures on other levels than the player's wait")
R_DEAD = rule("dead", "a dead creature does nothing; hp <= 0 means death in that turn")
R_HP = rule("hp", "hp never above max; heals as stated")
R_MELEE = rule("melee", "melee damage in 1 … max(1, attack - defense) with weapon, armour and effects")
R_MISSILE = rule("missile", "thrown: attack/2 + thrown; fired: attack/2 + ranged; lands on an open cell")
R_FOOD = rule("food", "food: 1 a turn, move 1, attack 2, dig 10, regenerated point 1; never below 0")
R_OVEREAT = rule("overeat", "over max food: max=(max+food)/2, food capped, 1 damage")
R_HUNGER = rule("hunger", "hunger words: <10% starving, <25% hungry, >75% full, >90% stuffed")
R_STARVE = rule("starve", "the player starves at 0 food; monsters never starve")
R_REGEN = rule("regen", "hp regen 10 (the player's 100 from 0.4.0) and mana regen 20 per mille")
R_CORPSE = rule("corpse", "death leaves a corpse of max hp x 5 food in the victim's colour; "
                "fresh 200 turns, then rotten (negative food)")
R_XP = rule("xp", "kill xp = victim max hp + attack + defense - killer level (if > 0); "
            "none for a summoned creature from 0.4.0")
R_LEVELUP = rule("levelup", "level up while xp > level^1.75 x 25; heal level x 2; one bonus each")
R_BONUS = rule("bonus", "bonus amounts +10 hp, +5 mana, +2 atk, +1 def, +1 vision, +10 regen "
               "(+50 hp regen from 0.4.0)")
R_FUNGUS = rule("fungus", "a fungus spreads within 2 cells; a colony stops at 20")
R_POTION = rule("potion", "potion kinds, looks and effects as the table says")
R_EFFECT = rule("effect", "every effect ends once, after exactly its duration or its holder's death")
R_SPELL = rule("spell", "spell costs and effects; mana enough; blink within 5 (3 to 5 from 0.4.0, "
               "never cast in vain); blood to mana 7 hp a mana from 0.4.0; bats in free neighbours")
R_IDENT = rule("ident", "a drink identifies for the drinker and watchers; told once")
R_EQUIP = rule("equip", "atk + ranged >= def is wielded as weapon, else worn as armour")
R_END = rule("end", "win only with the bear on the level 1 exit; the game table tells the outcome")
R_SCORE = rule("score", "score = deepest depth x 100 + kills x 10 + turns / 10 (+1000 win)")
R_TEXT = rule("text", "texts number levels 1 to 5")
R_ORDER = rule("order", "the player acts, then every creature of its level once, in spawn order "
               "(a bat's two steps are its one action); a turn without time holds only a choice or a name")
R_COMMAND = rule("command", "each turn is one player action, the one its command names; "
                 "a refused command is no turn")
R_STACK = rule("stack", "identical unchanging items form one hard stack, split when one is dropped or thrown")
R_REGION = rule("region", "(0.4.0) the player starts in level 1's largest open region, the exit in it too")
R_GEAR = rule("gear", "(0.4.0) goblins start with a sword only from depth 2, chainmail from 3, platemail from 4")
R_CELL = rule("cell", "(0.4.0) one item a cell: one that lands, drops or is left by a death on a taken "
              "cell lies on a nearest free open cell")
R_GOBLIN = rule("goblin", "(0.4.0) a goblin that sees the player fires its bow, else throws its best "
                "throwable, before it strikes; it never throws food, armour or potions")
R_CAVE = rule("cave", "open regions of at least 25 cells; stairs down on z and up on z+1 share (x,y), "
              "one stair pair per overlapping pair of regions and one more per 250 cells; one exit on level 1")


def release(build):
    """(major, minor, patch) of a build string, (0, 0, 0) when it is not one."""
    m = re.match(r"(\d+)\.(\d+)\.(\d+)", build or "")
    return tuple(int(g) for g in m.groups()) if m else (0, 0, 0)


class Creature:
    def __init__(self, p, turn):
        self.id = p["creature"]
        self.kind = p["kind"]
        self.z, self.x, self.y = p["z"], p["x"], p["y"]
        self.hp = self.max_hp = p["max_hp"]
        self.attack, self.defense, self.vision = p["attack"], p["defense"], p["vision"]
        self.level, self.xp = p["level"], 0
        self.food, self.max_food = p["food"], p["max_food"]
        self.mana = self.max_mana = p["max_mana"]
        self.hp_regen, self.mana_regen = p["hp_regen"], p["mana_regen"]
        self.hp_acc = self.mana_acc = 0
        self.colony = p["colony"]
        self.colour = p["colour"]
        self.alive = True
        self.weapon = self.armour = 0
        self.effects = set()
        self.word = ""
        self.known = set()
        self.steps = 0
        self.levels_pending = 0
        self.born = turn
        self.born_z = p["z"]
        self.summoned = False


class Audit:
    def __init__(self, path):
        self.path = path
        self.findings = []
        self.counts = collections.Counter()
        self.tally = collections.Counter()  # summed over every file (see check_tally)
        self.order = ()
        self.as_build = None
        self.new_rules = False

    def fail(self, name, seq, text):
        self.counts[name] += 1
        if self.counts[name] <= 5:
            self.findings.append("%s: [%s] seq %s: %s" % (self.path, name, seq, text))

    # --- reading ---------------------------------------------------------
    def run(self):
        uri = "file:%s?mode=ro" % os.path.abspath(self.path)
        db = sqlite3.connect(uri, uri=True)
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            for t in ("game", "turns", "events"):
                if t not in tables:
                    self.fail(R_SEQ, "-", "no %s table" % t)
                    return
            self.game = db.execute("SELECT outcome, cause, turns, depth, kills, score FROM game").fetchone()
            self.build = db.execute("SELECT build FROM game").fetchone()[0]
            self.new_rules = version(self.as_build or self.build) >= NEW_RULES_BUILD
            self.v4 = release(self.build) >= RULES_0_4
            self.turn_rows = db.execute("SELECT turn, first_seq, last_seq FROM turns ORDER BY turn").fetchall()
            self.commands = {t: json.loads(c) for t, c in db.execute("SELECT turn, command FROM turns")}
            self.events = [(s, t, ty, c, a, json.loads(p)) for s, t, ty, c, a, p in db.execute(
                "SELECT seq, turn, type, cause, actor, payload FROM events ORDER BY seq")]
        finally:
            db.close()
        self.fold()

    # --- the fold ----------------------------------------------------------
    def fold(self):
        self.tiles = {}
        self.cr = {}
        self.items = {}
        self.effects = {}
        self.looks = {}  # appearance -> (kind, spec)
        self.kind_look = {}
        self.spells = {}
        self.player = None
        self.deepest = 0
        self.kills = 0
        self.upkeeps = 0
        self.by_seq = {}
        self.colonies = collections.Counter()
        self.won = self.lost = None
        self.check_sequence()
        turn = None
        for ev in self.events:
            seq, t, ty, cause, actor, p = ev
            self.by_seq[seq] = ev
            if t != turn:
                if turn is not None:
                    self.end_turn(turn)
                turn = t
                self.begin_turn(t)
            if t > 0:
                self.check_order(seq, ty, cause, actor)
            handler = getattr(self, "on_" + ty, None)
            if handler is not None:
                handler(seq, t, cause, actor, p)
            self.after_event(seq, ty, p)
        if turn is not None:
            self.end_turn(turn)
        self.check_setup()
        self.check_end()

    def check_sequence(self):
        last_turn = 0
        for i, (seq, t, ty, cause, actor, p) in enumerate(self.events):
            if seq != i + 1:
                self.fail(R_SEQ, seq, "seq %d where %d was due" % (seq, i + 1))
            if t < last_turn:
                self.fail(R_SEQ, seq, "turn %d after turn %d" % (t, last_turn))
            last_turn = max(last_turn, t)
            if cause is not None:
                c = self.events[cause - 1] if 0 < cause <= len(self.events) else None
                if cause >= seq or c is None:
                    self.fail(R_CAUSE, seq, "cause %d is not an earlier event" % cause)
                elif c[1] != t:
                    self.fail(R_CAUSE, seq, "cause %d is of turn %d, not %d" % (cause, c[1], t))
            for k, v in p.items():
                if isinstance(v, str) and ("level" in v or "depth" in v):
                    self.check_text(seq, v)
        seen = {}
        for s, t, ty, c, a, p in self.events:
            seen.setdefault(t, [s, s])[1] = s
        rows = {t: (f, l) for t, f, l in self.turn_rows}
        for t, (f, l) in seen.items():
            if rows.get(t) != (f, l):
                self.fail(R_SEQ, f, "turn %d holds seq %d..%d but its row says %s" % (t, f, l, rows.get(t)))
        for t in rows:
            if t not in seen:
                self.fail(R_SEQ, "-", "turn row %d has no events" % t)

    def check_text(self, seq, text):
        import re
        for m in re.finditer(r"(?:level|depth) (-?\d+)", text):
            if not 1 <= int(m.group(1)) <= LEVELS:
                self.fail(R_TEXT, seq, "text numbers a level %s: %r" % (m.group(1), text))

    def check_order(self, seq, ty, cause, actor):
        self.no_time_kinds.add(ty)
        if cause is not None or actor is None:
            return
        c = self.cr.get(actor)
        if c is None:
            return
        self.actions[actor] += 1
        if actor == self.player:
            self.player_kinds.add(ty)
        most = 2 if c.kind == "bat" else 1
        if self.actions[actor] > most:
            self.fail(R_ORDER, seq, "a %s (%d) acts %d times in a turn" % (c.kind, actor, self.actions[actor]))
        if actor == self.player:
            if self.last_actor not in (0, actor):
                self.fail(R_ORDER, seq, "the player acts after creature %d" % self.last_actor)
        elif self.last_actor != self.player and actor < self.last_actor:
            self.fail(R_ORDER, seq, "creature %d acts after creature %d (spawn order)" % (actor, self.last_actor))
        self.last_actor = actor

    def check_command(self, t):
        cmd = self.commands.get(t, {})
        name = cmd.get("command")
        want = COMMANDS.get(name)
        if t == 0 or self.lost or self.won:
            return
        if want is None:
            self.fail(R_COMMAND, "turn %d" % t, "an unknown command %r" % name)
        elif len(self.player_kinds) != 1 or not self.player_kinds <= want:
            self.fail(R_COMMAND, "turn %d" % t, "command %r, the player did %s" % (name, sorted(self.player_kinds)))
        elif name == "cast" and getattr(self, "cast", (0, {}))[1].get("spell") != cmd.get("spell"):
            self.fail(R_COMMAND, "turn %d" % t, "command cast %s, the player cast %s"
                      % (cmd.get("spell"), getattr(self, "cast", (0, {}))[1].get("spell")))

    def begin_turn(self, t):
        self.turn = t
        self.moved = collections.Counter()  # creature -> steps this turn
        self.acted = set()
        self.upkept = False
        self.quaffs = []
        self.pending_death = set()
        self.actions = collections.Counter()
        self.last_actor = 0
        self.no_time_kinds = set()
        self.player_kinds = set()

    def end_turn(self, t):
        if t == 0:
            self.check_caves()
        for c in self.cr.values():
            if c.alive and c.hp <= 0:
                self.fail(R_DEAD, "turn %d" % t, "creature %d (%s) ends the turn alive at %d hp"
                          % (c.id, c.kind, c.hp))
            if c.alive and c.hp_acc >= 1000 and c.hp < c.max_hp and self.upkept and c.z == self.pz():
                self.fail(R_REGEN, "turn %d" % t, "creature %d gathered %d per mille hp and got none"
                          % (c.id, c.hp_acc))
            if c.alive and c.id == self.player:
                want = self.hunger_word(c)
                if want != c.word:
                    self.fail(R_HUNGER, "turn %d" % t, "creature %d (%s) at %d/%d food is %r, told %r"
                              % (c.id, c.kind, c.food, c.max_food, want, c.word))
        for seq, (killer, owed, _) in getattr(self, "owed", {}).items():
            k = self.cr[killer]
            if owed > 0 and k.alive:
                self.fail(R_XP, seq, "a kill owed creature %d %d xp, none came" % (killer, owed))
        self.owed = {}
        for seq in list(getattr(self, "blinks_due", {})):
            self.fail(R_SPELL, seq, "a blink cast with nowhere to land took its mana and a turn")
            del self.blinks_due[seq]
        if self.won is not None or self.lost is not None:
            return  # the game is over: nothing follows its last event
        if t > 0 and not self.upkept and not self.no_time_kinds <= {"LevelUpChosen", "ItemNamed"}:
            self.fail(R_ORDER, "turn %d" % t, "a turn without time holds %s" % sorted(self.no_time_kinds))
        self.check_command(t)
        for c in self.cr.values():
            if c.alive and c.kind == "zombie" and self.upkept and c.z == self.pz() and c.born < t:
                self.tally["zombie turns"] += 1
                self.tally["zombie idle"] += self.actions[c.id] == 0
        if self.upkept and self.player_kinds & {"LevelUpChosen", "ItemNamed"}:
            self.fail(R_ORDER, "turn %d" % t, "choosing a bonus or naming took time")
        for c in self.cr.values():
            if c.alive and c.food > c.max_food:
                self.fail(R_OVEREAT, "turn %d" % t, "creature %d ends the turn at %d of %d food"
                          % (c.id, c.food, c.max_food))
                c.food = c.max_food
        for c in self.cr.values():
            if c.alive and self.level_due(c) != c.level:
                self.fail(R_LEVELUP, "turn %d" % t, "creature %d at %d xp stays level %d (due %d)"
                          % (c.id, c.xp, c.level, self.level_due(c)))
                c.level = self.level_due(c)
            if c.alive and c.mana_acc >= 1000 and c.mana < c.max_mana and self.upkept and c.z == self.pz():
                self.fail(R_REGEN, "turn %d" % t, "creature %d gathered %d per mille mana and got none"
                          % (c.id, c.mana_acc))
        for it in self.items.values():
            h = self.cr.get(it["holder"])
            if h is not None and not h.alive and it["count"] > 0:
                self.fail(R_CORPSE, "turn %d" % t, "dead creature %d still holds item %d (%s)"
                          % (h.id, it["id"], it["name"]))
                it["holder"] = 0
        for seq, who, look, knew in self.quaffs:
            if not knew and (seq, who) not in getattr(self, "taught", set()):
                self.note("a drinker not told what it drank (%s)" % self.looks[look][0])
        for e in self.effects.values():
            s = e["spec"]
            if e["start_turn"] == t and not e["applied_start"] and e["start_due"]:
                self.fail(R_EFFECT, e["start"], "effect %d (%s) gave none of its %d hp/%d mana at its start"
                          % (e["id"], e["name"], s["hp"], s["mana"]))
                e["start_due"] = False
            if e["start_turn"] == t and s["xp_per_level"] and not e.get("xp_paid"):
                self.fail(R_POTION, e["start"], "experience started with no xp gained")
                e["xp_paid"] = True
        p = self.cr.get(self.player)
        if p is not None and p.alive and p.food <= 0 and self.won is None and self.lost is None:
            self.fail(R_STARVE, "turn %d" % t, "the player has %d food and lives" % p.food)
        for e in self.effects.values():
            h = self.cr.get(e["creature"])
            if e["active"] and e["remaining"] <= 0 and h is not None and h.alive:
                self.fail(R_EFFECT, "turn %d" % t, "effect %d ran its %d turns and goes on"
                          % (e["id"], e["duration"]))

    def pz(self):
        p = self.cr.get(self.player)
        return p.z if p is not None else 0

    def after_event(self, seq, ty, p):
        for c in (self.cr.get(p.get("creature")), self.cr.get(p.get("target"))):
            if c is not None and c.hp > c.max_hp:
                self.fail(R_HP, seq, "creature %d has %d of %d hp after %s" % (c.id, c.hp, c.max_hp, ty))
                c.hp = c.max_hp

    # --- helpers -----------------------------------------------------------
    def tile(self, z, x, y):
        row = self.tiles.get((z, y))
        return row[x] if row is not None and 0 <= x < len(row) else " "

    def eff(self, c, stat):
        v = getattr(c, stat)
        for slot in (c.weapon, c.armour):
            it = self.items.get(slot)
            if it is not None and stat in ("attack", "defense"):
                v += it[stat]
        for e in c.effects:
            v += self.effects[e]["spec"][stat]
        return v

    def hunger_word(self, c):
        pct = 100.0 * c.food / c.max_food if c.max_food > 0 else 0
        for lim, word in HUNGER:
            if pct < lim:
                return word
        for lim, word in FULLNESS:
            if pct > lim:
                return word
        return ""

    def spend(self, c, food, seq, want, what):
        if food != want:
            self.fail(R_FOOD, seq, "%s cost creature %d %d food, not %d" % (what, c.id, food, want))
        c.food = max(0, c.food - food)

    def act(self, seq, c, what):
        if c is None:
            self.fail(R_DEAD, seq, "%s by a creature never spawned" % what)
            return False
        if not c.alive:
            self.fail(R_DEAD, seq, "%s by dead creature %d (%s)" % (what, c.id, c.kind))
            return False
        if c.id != self.player and c.z != self.pz():
            self.fail(R_LEVEL, seq, "creature %d acts on level %d, the player on %d" % (c.id, c.z + 1, self.pz() + 1))
        return True

    def hurt(self, seq, c, damage):
        c.hp -= damage

    # --- world -------------------------------------------------------------
    def on_GameStarted(self, seq, t, cause, actor, p):
        if (p["levels"], p["width"], p["height"]) != (LEVELS, WIDTH, HEIGHT):
            self.fail(R_WORLD, seq, "world of %d levels of %dx%d" % (p["levels"], p["width"], p["height"]))

    def on_LevelRowGenerated(self, seq, t, cause, actor, p):
        cells = p["cells"]
        if len(cells) != WIDTH or any(ch not in ".#<>" for ch in cells) or not 0 <= p["z"] < LEVELS:
            self.fail(R_WORLD, seq, "row %d of level %d is %r" % (p["y"], p["z"], cells))
        self.tiles[(p["z"], p["y"])] = list(cells)

    def on_TileDug(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if not self.act(seq, c, "a dig"):
            return
        if c.id != self.player:
            self.fail(R_MOVE, seq, "monster %d dug (monsters bump)" % c.id)
        if self.tile(p["z"], p["x"], p["y"]) != "#":
            self.fail(R_MOVE, seq, "dug a cell that is no wall")
        if max(abs(p["x"] - c.x), abs(p["y"] - c.y)) != 1:
            self.fail(R_MOVE, seq, "dug a cell not next to the digger")
        self.tiles[(p["z"], p["y"])][p["x"]] = "."
        self.spend(c, p["food"], seq, FOOD_COST["dig"], "a dig")

    # --- creatures ---------------------------------------------------------
    def on_CreatureSpawned(self, seq, t, cause, actor, p):
        kind = p["kind"]
        if kind not in CREATURES:
            self.fail(R_SPAWN, seq, "unknown creature kind %r" % kind)
        else:
            got = (p["max_hp"], p["attack"], p["defense"])
            if got != CREATURES[kind]:
                self.fail(R_SPAWN, seq, "a %s of hp/atk/def %s, not %s" % (kind, got, CREATURES[kind]))
            if (p["glyph"], p["colour"]) != (GLYPHS[kind], COLOURS[kind]):
                self.fail(R_SPAWN, seq, "a %s drawn %r in %r" % (kind, p["glyph"], p["colour"]))
        for k, v in ALL_CREATURES.items():
            if k == "hp_regen" and kind == "player" and self.v4:
                v = PLAYER_HP_REGEN_0_4
            if p[k] != v:
                self.fail(R_SPAWN, seq, "a %s with %s %d, not %d" % (kind, k, p[k], v))
        if self.tile(p["z"], p["x"], p["y"]) not in OPEN:
            self.fail(R_SPAWN, seq, "a %s spawned in rock" % kind)
        c = Creature(p, t)
        self.cr[c.id] = c
        if kind == "player" and self.player is None:
            self.player = c.id
            self.player_start = (c.z, c.x, c.y)
            self.deepest = c.z
        if kind == "fungus" and cause is None:
            if p["colony"] != c.id:
                self.fail(R_FUNGUS, seq, "an original fungus founds colony %d, not its own" % p["colony"])
            self.colonies[c.id] = 1

    def on_CreatureSummoned(self, seq, t, cause, actor, p):
        self.on_CreatureSpawned(seq, t, cause, actor, p)
        self.cr[p["creature"]].summoned = True
        cast = self.by_seq.get(cause)
        if cast is None or cast[2] != "SpellCast" or cast[5]["spell"] != "summon bats":
            self.fail(R_SPELL, seq, "a creature summoned without a summon bats cast")
            return
        if p["kind"] != "bat":
            self.fail(R_SPELL, seq, "summon bats called a %s" % p["kind"])
        tgt = self.cr.get(cast[5]["target"])
        if tgt is not None and max(abs(tgt.x - p["x"]), abs(tgt.y - p["y"])) != 1:
            self.fail(R_SPELL, seq, "a summoned bat not next to the target")
        if self.occupied(p["z"], p["x"], p["y"], c_except=p["creature"]):
            self.fail(R_SPELL, seq, "a bat summoned into an occupied cell")

    def occupied(self, z, x, y, c_except=0):
        return any(c.alive and c.id != c_except and (c.z, c.x, c.y) == (z, x, y) for c in self.cr.values())

    def on_CreatureMoved(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if not self.act(seq, c, "a step"):
            return
        if (p["from_x"], p["from_y"], p["z"]) != (c.x, c.y, c.z):
            self.fail(R_MOVE, seq, "creature %d steps from (%d,%d), but stood at (%d,%d)"
                      % (c.id, p["from_x"], p["from_y"], c.x, c.y))
        if max(abs(p["x"] - c.x), abs(p["y"] - c.y)) != 1:
            self.fail(R_MOVE, seq, "creature %d steps (%d,%d) -> (%d,%d)" % (c.id, c.x, c.y, p["x"], p["y"]))
        if self.tile(c.z, p["x"], p["y"]) not in OPEN:
            self.fail(R_MOVE, seq, "creature %d steps into %r" % (c.id, self.tile(c.z, p["x"], p["y"])))
        if self.occupied(c.z, p["x"], p["y"], c.id):
            self.fail(R_MOVE, seq, "creature %d steps onto another" % c.id)
        self.step(seq, c)
        c.x, c.y = p["x"], p["y"]
        self.spend(c, p["food"], seq, FOOD_COST["move"], "a step")

    def step(self, seq, c):
        self.moved[c.id] += 1
        limit = {"fungus": 0, "bat": 2}.get(c.kind, 1)
        if c.id != self.player and self.moved[c.id] > limit:
            self.fail(R_MOVE, seq, "a %s (%d) takes %d steps in a turn" % (c.kind, c.id, self.moved[c.id]))

    def on_CreatureTookStairs(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if not self.act(seq, c, "a climb"):
            return
        here = self.tile(c.z, c.x, c.y)
        want = ">" if p["z"] == c.z + 1 else "<" if p["z"] == c.z - 1 else None
        if want is None or here != want or (c.x, c.y) != (p["x"], p["y"]):
            self.fail(R_WORLD, seq, "stairs from %r at level %d to level %d" % (here, c.z + 1, p["z"] + 1))
        elif self.tile(p["z"], p["x"], p["y"]) != ("<" if want == ">" else ">"):
            self.fail(R_WORLD, seq, "stairs land on %r" % self.tile(p["z"], p["x"], p["y"]))
        c.z = p["z"]
        if c.id == self.player:
            self.deepest = max(self.deepest, c.z)

    def on_CreatureWaited(self, seq, t, cause, actor, p):
        self.act(seq, self.cr.get(p["creature"]), "a wait")

    def on_FungusSpread(self, seq, t, cause, actor, p):
        parent = self.cr.get(p["parent"])
        if not self.act(seq, parent, "a spread"):
            return
        if parent.kind != "fungus":
            self.fail(R_FUNGUS, seq, "a %s spread" % parent.kind)
        if max(abs(parent.x - p["x"]), abs(parent.y - p["y"])) > 2 or parent.z != p["z"]:
            self.fail(R_FUNGUS, seq, "spread from (%d,%d) to (%d,%d)" % (parent.x, parent.y, p["x"], p["y"]))
        if self.tile(p["z"], p["x"], p["y"]) != "." or self.occupied(p["z"], p["x"], p["y"]):
            self.fail(R_FUNGUS, seq, "spread into a cell not free floor")
        if p["colony"] != parent.colony:
            self.fail(R_FUNGUS, seq, "child of colony %d joins colony %d" % (parent.colony, p["colony"]))
        self.colonies[p["colony"]] += 1
        self.tally["fungus spreads"] += 1
        if self.colonies[p["colony"]] > COLONY_MAX:
            self.fail(R_FUNGUS, seq, "colony %d grew to %d" % (p["colony"], self.colonies[p["colony"]]))
        child = dict(creature=p["child"], kind="fungus", z=p["z"], x=p["x"], y=p["y"],
                     max_hp=parent.max_hp, attack=parent.attack, defense=parent.defense,
                     vision=parent.vision, level=1, food=parent.food, max_food=parent.max_food,
                     max_mana=parent.max_mana, hp_regen=parent.hp_regen,
                     mana_regen=parent.mana_regen, colony=p["colony"], colour=parent.colour)
        self.cr[p["child"]] = Creature(child, t)
        if parent.max_hp != CREATURES["fungus"][0] and parent.level == 1:
            self.fail(R_FUNGUS, seq, "a fungus of %d hp spread" % parent.max_hp)
        self.moved[parent.id] += 1

    # --- combat ------------------------------------------------------------
    def damage_bound(self, attack, target):
        return max(1, attack - self.eff(target, "defense"))

    def on_CreatureAttacked(self, seq, t, cause, actor, p):
        a, d = self.cr.get(p["creature"]), self.cr.get(p["target"])
        if not self.act(seq, a, "a blow"):
            return
        if d is None or not d.alive:
            self.fail(R_DEAD, seq, "a blow at a dead or unknown creature %d" % p["target"])
            return
        if d.z != a.z or max(abs(a.x - d.x), abs(a.y - d.y)) != 1:
            self.fail(R_MELEE, seq, "a blow at a creature not next to the attacker")
        if a.kind == d.kind and a.id != self.player and d.id != self.player:
            self.fail(R_MELEE, seq, "two %ss fought (creatures of one kind do not)" % a.kind)
        self.check_goblin_strike(seq, a, d, cause)
        hi = self.damage_bound(self.eff(a, "attack"), d)
        if not 1 <= p["damage"] <= hi:
            self.fail(R_MELEE, seq, "a %s (atk %d) hit a %s (def %d) for %d, not 1..%d"
                      % (a.kind, self.eff(a, "attack"), d.kind, self.eff(d, "defense"), p["damage"], hi))
        self.spread(R_MELEE, hi, p["damage"])
        self.step(seq, a)
        self.spend(a, p["food"], seq, FOOD_COST["attack"], "a blow")
        self.hurt(seq, d, p["damage"])

    def missile(self, seq, p, a, value, what):
        pl = self.cr.get(self.player)
        if a.kind == "goblin" and pl is not None and (p["aim_x"], p["aim_y"]) != (pl.x, pl.y):
            self.fail(R_MISSILE, seq, "a goblin aimed %s at (%d,%d), the player at (%d,%d)"
                      % (what, p["aim_x"], p["aim_y"], pl.x, pl.y))
        if (p["from_x"], p["from_y"], p["z"]) != (a.x, a.y, a.z):
            self.fail(R_MISSILE, seq, "%s flew from (%d,%d), the thrower at (%d,%d)"
                      % (what, p["from_x"], p["from_y"], a.x, a.y))
        aim = max(abs(p["aim_x"] - a.x), abs(p["aim_y"] - a.y))
        flew = max(abs(p["to_x"] - a.x), abs(p["to_y"] - a.y))
        if aim > self.eff(a, "vision") or flew > aim:
            self.fail(R_MISSILE, seq, "%s aimed %d cells off (sight %d), stopped %d off"
                      % (what, aim, self.eff(a, "vision"), flew))
        if p["target"] == 0:
            if p["damage"] != 0:
                self.fail(R_MISSILE, seq, "%s hit no one for %d" % (what, p["damage"]))
            return
        d = self.cr.get(p["target"])
        if d is None or not d.alive:
            self.fail(R_DEAD, seq, "%s at a dead or unknown creature" % what)
            return
        if (d.z, d.x, d.y) != (p["z"], p["to_x"], p["to_y"]):
            self.fail(R_MISSILE, seq, "%s hit creature %d away from where it stopped" % (what, d.id))
        # "attack / 2 (base)": the thrower's own attack, no weapon; GAME.md's
        # "base" also leaves out effects, which a reader may count in. From
        # 0.4.0 GAME.md says it: with its effects (and armour), without its weapon.
        boosted = a.attack + sum(self.effects[e]["spec"]["attack"] for e in a.effects)
        if self.v4:
            armour = self.items.get(a.armour)
            boosted += armour["attack"] if armour is not None else 0
        hi = self.damage_bound(max(0, boosted) // 2 + value, d)
        base_hi = hi if self.v4 else self.damage_bound(a.attack // 2 + value, d)
        if not 1 <= p["damage"] <= hi:
            self.fail(R_MISSILE, seq, "%s by a %s (atk %d, +%d) at def %d did %d, not 1..%d"
                      % (what, a.kind, boosted, value, self.eff(d, "defense"), p["damage"], hi))
        else:
            self.spread(R_MISSILE, hi, p["damage"])
        if p["damage"] > base_hi:
            self.note("missile attack/2 counted with effects (base alone gives 1..%d)" % base_hi)
        self.hurt(seq, d, p["damage"])

    def spread(self, name, hi, damage):
        """Tally @damage among blows that may do 1 … @hi (see check_spread)."""
        self.damages = getattr(self, "damages", collections.defaultdict(collections.Counter))
        self.damages[(name, hi)][damage] += 1

    def note(self, text):
        self.counts["note: " + text] += 1

    def check_landing(self, seq, it, origin, what):
        """(0.4.0) @it, just laid on the floor, lies alone: on @origin when that
        was free, else on a cell no farther (in rings) than any free open one."""
        if not self.new_rules or it["count"] <= 0 or it["holder"] != 0:
            return
        z, x, y = it["where"]
        taken = {o["where"] for o in self.items.values()
                 if o["holder"] == 0 and o["count"] > 0 and o is not it}
        if (z, x, y) in taken:
            self.fail(R_CELL, seq, "%s lies on (%d,%d), where another item lies" % (what, x, y))
            return
        oz, ox, oy = origin
        far = max(abs(x - ox), abs(y - oy))
        for r in range(far):
            for cx in range(ox - r, ox + r + 1):
                for cy in range(oy - r, oy + r + 1):
                    if max(abs(cx - ox), abs(cy - oy)) == r and self.tile(z, cx, cy) in OPEN \
                            and (z, cx, cy) not in taken:
                        self.fail(R_CELL, seq, "%s lies %d cells from (%d,%d), but (%d,%d) was free %d away"
                                  % (what, far, ox, oy, cx, cy, r))
                        return

    def throwable(self, it):
        """GAME.md: a missile, or a weapon thrown above 1; never food, armour or potions."""
        tags = set(re.split(r"[^a-z]+", it["tags"]))
        if tags & {"food", "armour", "potion"} or "throw" not in it["features"]:
            return False
        return "missile" in tags or ("weapon" in tags and it["thrown"] > 1)

    def spare_throwables(self, c):
        return [o for o in self.items.values() if o["holder"] == c.id and o["count"] > 0
                and o["id"] not in (c.weapon, c.armour) and self.throwable(o)]

    def check_goblin_strike(self, seq, a, d, cause):
        """(0.4.0) Next to the player (so seeing them), a goblin fires or throws first."""
        if not self.new_rules or a.kind != "goblin" or d.id != self.player or cause is not None:
            return
        w = self.items.get(a.weapon)
        if w is not None and w["ranged"] > 0:
            self.fail(R_GOBLIN, seq, "goblin %d struck the player with a %s it could fire" % (a.id, w["name"]))
        elif self.spare_throwables(a):
            self.fail(R_GOBLIN, seq, "goblin %d struck the player carrying a %s to throw"
                      % (a.id, self.spare_throwables(a)[0]["name"]))

    def check_goblin_throw(self, seq, a, it):
        """(0.4.0) A goblin throws its best throwable, never food, armour or potions."""
        if not self.new_rules or a.kind != "goblin":
            return
        if not self.throwable(it):
            self.fail(R_GOBLIN, seq, "goblin %d threw a %s, which is no throwable" % (a.id, it["name"]))
            return
        best = max(o["thrown"] for o in self.spare_throwables(a) + [it])
        if it["thrown"] < best:
            self.fail(R_GOBLIN, seq, "goblin %d threw a %s (thrown %d), not its best (%d)"
                      % (a.id, it["name"], it["thrown"], best))

    def on_ItemThrown(self, seq, t, cause, actor, p):
        a = self.cr.get(p["creature"])
        if not self.act(seq, a, "a throw"):
            return
        it = self.items.get(p["item"])
        if it is None or it["holder"] != a.id:
            self.fail(R_MISSILE, seq, "creature %d threw item %d it does not carry" % (a.id, p["item"]))
            return
        if self.tile(p["z"], p["x"], p["y"]) not in OPEN:
            self.fail(R_MISSILE, seq, "a thrown %s lands in rock" % it["name"])
        self.check_goblin_throw(seq, a, it)
        self.spend(a, p["food"], seq, FOOD_COST["attack"], "a throw")
        potion = "potion" in it["tags"]
        if potion and p["target"] != 0 and p["damage"] != 0:
            self.note("a thrown potion that hits also wounds")
        if potion and p["target"] == 0:
            self.note("a thrown potion that hit no one broke (GAME.md: 'anything else lands')")
        self.missile(seq, p, a, it["thrown"], "a thrown %s" % it["name"])
        if (it["count"] > 1) != bool(p["split"]):
            self.fail(R_STACK, seq, "one of %d %s thrown, split %d" % (it["count"], it["name"], p["split"]))
        if p["split"]:
            new = dict(it, id=p["split"], count=1)
            it["count"] -= 1
            self.items[p["split"]] = new
            it = new
        it["holder"] = 0
        it["where"] = (p["z"], p["x"], p["y"])
        if potion:
            it["count"] = 0
        self.check_landing(seq, it, (p["z"], p["to_x"], p["to_y"]), "a thrown %s" % it["name"])
        self.unequip_gone(a)

    def unequip_gone(self, c):
        for slot in ("weapon", "armour"):
            it = self.items.get(getattr(c, slot))
            if it is not None and (it["holder"] != c.id or it["count"] <= 0):
                setattr(c, slot, 0)

    def on_ShotFired(self, seq, t, cause, actor, p):
        a = self.cr.get(p["creature"])
        if not self.act(seq, a, "a shot"):
            return
        w = self.items.get(a.weapon)
        if w is None or w["id"] != p["item"] or w["ranged"] <= 0:
            self.fail(R_MISSILE, seq, "creature %d fired without wielding a ranged weapon" % a.id)
            return
        self.spend(a, p["food"], seq, FOOD_COST["attack"], "a shot")
        self.missile(seq, p, a, w["ranged"], "a shot")

    def on_CreatureHurt(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None or not c.alive:
            self.fail(R_DEAD, seq, "a dead or unknown creature hurt")
            return
        why = p["cause"]
        if why == "overeating" and p["damage"] != 1:
            self.fail(R_OVEREAT, seq, "overeating did %d damage" % p["damage"])
        self.hurt(seq, c, p["damage"])

    def on_CreatureDied(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None or not c.alive:
            self.fail(R_DEAD, seq, "creature %d died again or never lived" % p["creature"])
            return
        why = p["cause"]
        if why == "starved":
            if c.id != self.player:
                self.fail(R_STARVE, seq, "a %s starved" % c.kind)
            elif c.food > 0:
                self.fail(R_STARVE, seq, "the player starved with %d food" % c.food)
        elif why.startswith("fled"):
            pass
        elif c.hp > 0:
            self.fail(R_DEAD, seq, "creature %d died (%s) at %d hp" % (c.id, why, c.hp))
        k = self.cr.get(p["killer"])
        if k is not None and why.startswith("killed by"):
            name = "the player" if k.id == self.player else "a " + k.kind
            if not why.startswith("killed by " + name):
                self.fail(R_DEAD, seq, "killed by %s, but the cause says %r" % (name, why))
            if k.id == self.player and c.id != self.player:
                self.kills += 1
        c.alive = False
        c.died = seq
        self.dead_pending = getattr(self, "dead_pending", {})
        self.dead_pending[c.id] = (seq, k.id if k is not None and k is not c else 0)
        for e in c.effects:
            self.effects[e]["holder_died"] = True
        # the xp the killer is owed (GAME.md, Experience); none for the summoned
        if k is not None and k is not c and k.alive and not (self.v4 and c.summoned):
            owed = c.max_hp + c.attack + c.defense - k.level
            owed_eff = c.max_hp + self.eff(c, "attack") + self.eff(c, "defense") - k.level
            self.owed = getattr(self, "owed", {})
            self.owed[seq] = (k.id, owed, owed_eff)

    def on_XpGained(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None:
            return
        src = self.by_seq.get(cause)
        owed = getattr(self, "owed", {}).pop(cause, None)
        dead = self.cr.get(src[5]["creature"]) if src is not None and src[2] == "CreatureDied" else None
        if self.v4 and dead is not None and dead.summoned:
            self.fail(R_XP, seq, "a summoned %s paid %d xp" % (dead.kind, p["amount"]))
        elif src is not None and src[2] == "CreatureDied":
            if owed is None or owed[0] != c.id:
                self.fail(R_XP, seq, "xp for a kill to someone not the killer")
            elif p["amount"] != owed[1]:
                if p["amount"] == owed[2]:
                    self.note("kill xp counted the victim's effective attack/defense")
                else:
                    self.fail(R_XP, seq, "a kill gave %d xp, not %d" % (p["amount"], owed[1]))
        elif src is not None and src[2] == "EffectStarted":
            want = src[5]["xp_per_level"] * c.level
            self.effects[src[5]["effect"]]["xp_paid"] = True
            if p["amount"] != want:
                self.fail(R_POTION, seq, "experience gave %d xp at level %d, not %d" % (p["amount"], c.level, want))
        else:
            self.fail(R_XP, seq, "xp gained from %s" % (src[2] if src else "nothing"))
        c.xp += p["amount"]
        self.xp_check = getattr(self, "xp_check", set())
        self.xp_check.add(c.id)

    def level_due(self, c):
        lv = c.level
        while c.xp > lv ** 1.75 * 25:
            lv += 1
        return lv

    def on_LevelGained(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None:
            return
        if p["level"] != c.level + 1:
            self.fail(R_LEVELUP, seq, "level %d after level %d" % (p["level"], c.level))
        if not c.xp > c.level ** 1.75 * 25:
            self.fail(R_LEVELUP, seq, "level %d gained at %d xp (needs > %.1f)"
                      % (p["level"], c.xp, c.level ** 1.75 * 25))
        if p["heal"] != p["level"] * 2:
            self.fail(R_LEVELUP, seq, "level %d healed %d, not %d" % (p["level"], p["heal"], p["level"] * 2))
        c.level = p["level"]
        c.hp = min(c.max_hp, c.hp + p["heal"])
        c.levels_pending += 1

    def on_LevelUpChosen(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None:
            return
        if c.levels_pending <= 0:
            self.fail(R_LEVELUP, seq, "a bonus chosen with no level gained")
        c.levels_pending -= 1
        b, a = p["bonus"], p["amount"]
        bonuses = BONUSES_0_4 if self.v4 else BONUSES
        if bonuses.get(b) != a:
            self.fail(R_BONUS, seq, "bonus %s +%d (GAME.md: %s)" % (b, a, bonuses.get(b)))
        if b == "max_hp":
            c.max_hp += a
            c.hp += a
        elif b == "max_mana":
            c.max_mana += a
            c.mana += a
        elif b in ("attack", "defense", "vision", "hp_regen", "mana_regen"):
            setattr(c, b, getattr(c, b) + a)

    # --- food and the body -------------------------------------------------
    def on_UpkeepApplied(self, seq, t, cause, actor, p):
        if self.upkept:
            self.fail(R_FOOD, seq, "two upkeeps in one turn")
        self.upkept = True
        self.upkeeps += 1
        if p["z"] != self.pz():
            self.fail(R_LEVEL, seq, "upkeep on level %d, the player on %d" % (p["z"] + 1, self.pz() + 1))
        if p["food"] != FOOD_COST["turn"]:
            self.fail(R_FOOD, seq, "a turn cost %d food" % p["food"])
        for c in self.cr.values():
            if not c.alive or c.z != p["z"]:
                continue
            if c.kind == "fungus" and self.colonies[c.colony] < COLONY_MAX:
                self.tally["fungus turns"] += 1
            c.food = max(0, c.food - p["food"])
            if c.hp < c.max_hp:
                c.hp_acc += self.eff(c, "hp_regen")
            if c.mana < c.max_mana:
                c.mana_acc += self.eff(c, "mana_regen")

    def on_CreatureRegenerated(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None or not c.alive:
            self.fail(R_DEAD, seq, "a dead creature regenerated")
            return
        if p["hp"] * 1000 > c.hp_acc or p["mana"] * 1000 > c.mana_acc:
            self.fail(R_REGEN, seq, "creature %d regenerated %d hp/%d mana, earned %d/%d per mille"
                      % (c.id, p["hp"], p["mana"], c.hp_acc, c.mana_acc))
        if c.hp + p["hp"] > c.max_hp or c.mana + p["mana"] > c.max_mana:
            self.fail(R_HP, seq, "regenerated past the maximum")
        if p["food"] != p["hp"] + p["mana"]:
            self.fail(R_FOOD, seq, "regenerating %d points cost %d food" % (p["hp"] + p["mana"], p["food"]))
        c.hp = min(c.max_hp, c.hp + p["hp"])
        c.mana = min(c.max_mana, c.mana + p["mana"])
        c.hp_acc = 0 if c.hp >= c.max_hp else c.hp_acc - 1000 * p["hp"]
        c.mana_acc = 0 if c.mana >= c.max_mana else c.mana_acc - 1000 * p["mana"]
        c.food = max(0, c.food - p["food"])

    def on_HungerChanged(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None:
            return
        if p["word"] == c.word:
            self.fail(R_HUNGER, seq, "told %r again" % p["word"])
        c.word = p["word"]

    def on_ItemEaten(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if not self.act(seq, c, "a meal"):
            return
        it = self.items.get(p["item"])
        if it is None or it["holder"] != c.id or it["count"] <= 0:
            self.fail(R_FOOD, seq, "ate item %d not carried" % p["item"])
            return
        if "eat" not in it["features"]:
            self.fail(R_FOOD, seq, "ate a %s" % it["name"])
        want = it["food"]
        if "corpse" in it["tags"]:
            age = t - it["born"]
            if age > FRESH_TURNS and p["food"] >= 0:
                self.fail(R_CORPSE, seq, "a corpse %d turns old fed %d" % (age, p["food"]))
            if age <= FRESH_TURNS and p["food"] != want:
                self.fail(R_CORPSE, seq, "a fresh corpse fed %d, not %d" % (p["food"], want))
        elif p["food"] != want:
            self.fail(R_FOOD, seq, "a %s fed %d, not %d" % (it["name"], p["food"], want))
        c.food += p["food"]
        c.food = max(0, c.food)
        it["count"] -= 1
        self.eaten = (seq, c.id, c.food, c.max_food)
        self.unequip_gone(c)

    def on_CreatureOverate(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        ate = getattr(self, "eaten", None)
        if c is None or ate is None or ate[0] != cause:
            self.fail(R_OVEREAT, seq, "overate without a meal as cause")
            return
        want = (ate[3] + ate[2]) // 2
        if p["max_food"] != want:
            self.fail(R_OVEREAT, seq, "max food became %d, not (%d + %d) / 2 = %d"
                      % (p["max_food"], ate[3], ate[2], want))
        c.max_food = p["max_food"]
        c.food = min(c.food, c.max_food)
        self.eaten = None

    # --- items -------------------------------------------------------------
    def on_ItemSpawned(self, seq, t, cause, actor, p):
        ty = p["type"]
        it = dict(p, id=p["item"], born=t, where=(p["z"], p["x"], p["y"]))
        self.items[p["item"]] = it
        if ty in ITEMS:
            want = ITEMS[ty]
            got = (p["glyph"], p["attack"], p["defense"], p["thrown"], p["ranged"], p["food"])
            if got != want:
                self.fail(R_ITEMS, seq, "a %s of glyph/atk/def/thrown/ranged/food %s, not %s" % (ty, got, want))
        elif ty == "corpse":
            dead = self.by_seq.get(cause)
            v = self.cr.get(dead[5]["creature"]) if dead and dead[2] == "CreatureDied" else None
            if v is None:
                self.fail(R_CORPSE, seq, "a corpse with no death as cause")
            elif self.v4 and v.summoned:
                self.fail(R_CORPSE, seq, "a summoned %s left a corpse" % v.kind)
            else:
                if p["food"] != v.max_hp * 5 or p["colour"] != v.colour:
                    self.fail(R_CORPSE, seq, "a %s corpse of %d food in %s (max hp %d, %s)"
                              % (v.kind, p["food"], p["colour"], v.max_hp, v.colour))
                if p["rot_turns"] != FRESH_TURNS:
                    self.fail(R_CORPSE, seq, "a corpse fresh for %d turns" % p["rot_turns"])
        elif "potion" in p["tags"]:
            if ty not in self.kind_look:
                self.fail(R_POTION, seq, "a potion of unknown kind %r" % ty)
            if p["glyph"] != "!" or p["thrown"] != 1:
                self.fail(R_ITEMS, seq, "a potion drawn %r thrown %d" % (p["glyph"], p["thrown"]))
        elif "book" in p["tags"]:
            if ty not in (WHITE, BLUE) or p["glyph"] != "+":
                self.fail(R_ITEMS, seq, "a book %r drawn %r" % (ty, p["glyph"]))
        elif ty == "teddy bear":
            if p["glyph"] != "*":
                self.fail(R_ITEMS, seq, "a bear drawn %r" % p["glyph"])
        else:
            self.fail(R_ITEMS, seq, "an item of unknown type %r" % ty)
        if p["holder"] == 0 and t == 0 and self.tile(p["z"], p["x"], p["y"]) not in OPEN:
            self.fail(R_ITEMS, seq, "a %s spawned in rock" % ty)
        if p["holder"] == 0:
            dead = self.by_seq.get(cause)
            v = self.cr.get(dead[5]["creature"]) if dead and dead[2] == "CreatureDied" else None
            origin = (v.z, v.x, v.y) if v is not None else it["where"]
            self.check_landing(seq, it, origin, "a new %s" % p["name"])

    def on_ItemPickedUp(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if not self.act(seq, c, "a pick-up"):
            return
        it = self.items.get(p["item"])
        if it is None or it["holder"] != 0 or it["where"] != (c.z, c.x, c.y):
            self.fail(R_ITEMS, seq, "picked up item %d not lying underfoot" % p["item"])
            return
        same = [o for o in self.items.values() if o["holder"] == c.id and o["count"] > 0
                and o["type"] == it["type"] and o["stack"] == "hard" and o["id"] != it["id"]]
        if it["stack"] == "hard" and same and not p["into"]:
            self.fail(R_STACK, seq, "a %s picked up beside a stack of them" % it["name"])
        if p["into"]:
            into = self.items.get(p["into"])
            if into is None or into["holder"] != c.id or into["type"] != it["type"] or it["stack"] != "hard":
                self.fail(R_STACK, seq, "a %s stacked into item %d" % (it["name"], p["into"]))
                return
            into["count"] += it["count"]
            it["count"] = 0
        else:
            it["holder"] = c.id

    def on_ItemDropped(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        it = self.items.get(p["item"])
        if c is None or it is None or it["holder"] != c.id:
            self.fail(R_ITEMS, seq, "dropped item %d not carried" % p["item"])
            return
        if cause is None and (it["count"] > 1) != bool(p["into"] or p["split"]):
            self.fail(R_STACK, seq, "one of %d %s dropped, split %d into %d"
                      % (it["count"], it["name"], p["split"], p["into"]))
        if p["into"] or p["split"]:
            it["count"] -= 1
            if p["into"]:
                self.items[p["into"]]["count"] += 1
            else:
                self.items[p["split"]] = dict(it, id=p["split"], count=1, holder=0,
                                              where=(p["z"], p["x"], p["y"]))
        else:
            it["holder"] = 0
            it["where"] = (p["z"], p["x"], p["y"])
        if self.tile(p["z"], p["x"], p["y"]) not in OPEN:
            self.fail(R_ITEMS, seq, "dropped into rock")
        if not p["into"]:
            laid = self.items[p["split"]] if p["split"] else it
            self.check_landing(seq, laid, (c.z, c.x, c.y), "a dropped %s" % it["name"])
        self.unequip_gone(c)

    def on_ItemEquipped(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        it = self.items.get(p["item"])
        if c is None or it is None or it["holder"] != c.id:
            self.fail(R_EQUIP, seq, "equipped item %d not carried" % p["item"])
            return
        want = "weapon" if it["attack"] + it["ranged"] >= it["defense"] else "armour"
        if p["slot"] != want:
            self.fail(R_EQUIP, seq, "a %s (atk %d, ranged %d, def %d) as %s, not %s"
                      % (it["name"], it["attack"], it["ranged"], it["defense"], p["slot"], want))
        setattr(c, "weapon" if p["slot"] == "weapon" else "armour", it["id"])

    def on_ItemUnequipped(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None:
            return
        slot = "weapon" if p["slot"] == "weapon" else "armour"
        if getattr(c, slot) != p["item"]:
            self.fail(R_EQUIP, seq, "took off item %d not in the %s slot" % (p["item"], slot))
        setattr(c, slot, 0)

    # --- potions, effects, spells ------------------------------------------
    def on_AppearanceAssigned(self, seq, t, cause, actor, p):
        a = p["appearance"]
        if a not in APPEARANCES:
            self.fail(R_POTION, seq, "a look %r not in GAME.md's list" % a)
        if a in self.looks:
            self.fail(R_POTION, seq, "look %r given twice" % a)
        s = {k: p[k] for k in spec(0)}
        match = [name for name, want in POTIONS.items() if want == s]
        if not match:
            self.fail(R_POTION, seq, "%s does %s, none of the table's" % (p["kind"], s))
        self.looks[a] = (p["kind"], s, match[0] if match else None)
        self.order += ((p["kind"], a),)
        self.kind_look[p["kind"]] = a
        if len(self.looks) == len(POTIONS):
            got = sorted(m for _, _, m in self.looks.values() if m)
            if got != sorted(POTIONS):
                self.fail(R_POTION, seq, "the potions are %s" % got)

    def on_SpellDefined(self, seq, t, cause, actor, p):
        name = p["spell"]
        if name not in SPELLS:
            self.fail(R_SPELL, seq, "a spell %r not in GAME.md" % name)
            return
        book, cost, want = SPELLS[name]
        if name == "slow heal" and self.v4:
            want = SLOW_HEAL_0_4
        if (p["book"], p["cost"]) != (book, cost):
            self.fail(R_SPELL, seq, "%s in %s for %d (GAME.md: %s, %d)" % (name, p["book"], p["cost"], book, cost))
        s = {k: p[k] for k in spec(0)}
        if want is not None and s != want:
            self.fail(R_SPELL, seq, "%s does %s, not %s" % (name, s, want))
        if name == "blink" and p["range"] != 5:
            self.fail(R_SPELL, seq, "blink reaches %d" % p["range"])
        if self.v4 and name == "blink" and (p.get("min_range"), p["range"]) != BLINK_RANGE_0_4:
            self.fail(R_SPELL, seq, "blink lands %s to %d cells away" % (p.get("min_range"), p["range"]))
        if self.v4 and name == "blood to mana" and p.get("hp_per_mana") != BLOOD_HP_PER_MANA_0_4:
            self.fail(R_SPELL, seq, "blood to mana at %s hp a mana" % p.get("hp_per_mana"))
        self.spells[name] = dict(p)

    def on_ItemQuaffed(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if not self.act(seq, c, "a drink"):
            return
        it = self.items.get(p["item"])
        if it is None or it["holder"] != c.id or "potion" not in it["tags"] or it["count"] <= 0:
            self.fail(R_POTION, seq, "drank item %d, no potion carried" % p["item"])
            return
        it["count"] -= 1
        self.quaffs.append((seq, c.id, self.kind_look.get(it["type"]), self.kind_look.get(it["type"]) in c.known))
        if c.kind == "goblin" and not c.hp * 2 < c.max_hp:
            self.fail(R_POTION, seq, "a goblin drank at %d of %d hp (only below half)" % (c.hp, c.max_hp))

    def on_EffectStarted(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if c is None or not c.alive:
            self.fail(R_EFFECT, seq, "an effect on a dead or unknown creature")
            return
        s = {k: p[k] for k in spec(0)}
        src = self.by_seq.get(cause)
        want = None
        if src is not None and src[2] in ("ItemQuaffed", "ItemThrown"):
            if c.id != src[5].get("target", src[5]["creature"]):
                self.fail(R_POTION, seq, "a potion worked on creature %d, not the one that drank it or was hit" % c.id)
            kind = self.items.get(src[5]["item"], {}).get("type")
            look = self.looks.get(self.kind_look.get(kind))
            want = look[1] if look else None
        elif src is not None and src[2] == "SpellCast":
            sp = SPELLS.get(src[5]["spell"])
            want = sp[2] if sp else None
            if self.v4 and src[5]["spell"] == "slow heal":
                want = SLOW_HEAL_0_4
            if src[5]["target"] != c.id:
                self.fail(R_SPELL, seq, "a spell's effect on another than its target")
        if want is None or s != want:
            self.fail(R_EFFECT, seq, "effect %s with %s, from %s (want %s)"
                      % (p["name"], s, src[2] if src else None, want))
        if p["effect"] in self.effects:
            self.fail(R_EFFECT, seq, "effect id %d reused" % p["effect"])
        due = (s["hp"] > 0 and c.hp < c.max_hp) or (s["mana"] > 0 and c.mana < c.max_mana) or s["hp"] < 0
        self.effects[p["effect"]] = dict(id=p["effect"], creature=c.id, spec=s, duration=p["duration"],
                                         name=p["name"], start_turn=t, start_due=due,
                                         remaining=p["duration"], ticks=0, active=True,
                                         holder_died=False, start=seq, applied_start=False)
        c.effects.add(p["effect"])

    def on_EffectApplied(self, seq, t, cause, actor, p):
        e = self.effects.get(p["effect"])
        c = self.cr.get(p["creature"])
        if e is None or c is None or e["creature"] != c.id or not e["active"]:
            self.fail(R_EFFECT, seq, "applied effect %d not active on creature %d" % (p["effect"], p["creature"]))
            return
        s = e["spec"]
        if cause == e["start"]:  # once, at its start
            room_hp = c.max_hp - c.hp
            want_hp = min(s["hp"], room_hp) if s["hp"] > 0 else s["hp"]
            want_mana = min(s["mana"], c.max_mana - c.mana) if s["mana"] > 0 else s["mana"]
            if (p["hp"], p["mana"]) != (want_hp, want_mana):
                self.fail(R_EFFECT, seq, "effect %d gave %d hp/%d mana at its start, not %d/%d"
                          % (e["id"], p["hp"], p["mana"], want_hp, want_mana))
            e["applied_start"] = True
        else:  # a chance turn
            self.tally["chance hits"] += 1
            if s["turn_chance"] >= 100 or p["hp"] > s["turn_hp"] or p["mana"] != 0:
                self.fail(R_EFFECT, seq, "effect %d gave %d hp/%d mana in a turn (turn_hp %d, %d%%)"
                          % (e["id"], p["hp"], p["mana"], s["turn_hp"], s["turn_chance"]))
        c.hp = min(c.max_hp, c.hp + p["hp"]) if p["hp"] > 0 else c.hp + p["hp"]
        c.mana = max(0, min(c.max_mana, c.mana + p["mana"]))

    def on_EffectsTicked(self, seq, t, cause, actor, p):
        n = 0
        for e in self.effects.values():
            h = self.cr.get(e["creature"])
            if not e["active"] or h is None or not h.alive or h.z != p["z"]:
                continue
            n += 1
            s = e["spec"]
            self.tally["chance ticks"] += s["turn_chance"] < 100 and h.hp < h.max_hp
            if s["turn_chance"] >= 100 and s["turn_hp"]:
                h.hp = min(h.max_hp, h.hp + s["turn_hp"]) if s["turn_hp"] > 0 else h.hp + s["turn_hp"]
            e["remaining"] = max(0, e["remaining"] - 1)
            e["ticks"] += 1
        if n != p["effects"]:
            self.fail(R_EFFECT, seq, "ticked %d effects, %d active there" % (p["effects"], n))

    def on_EffectEnded(self, seq, t, cause, actor, p):
        e = self.effects.get(p["effect"])
        if e is None or not e["active"]:
            self.fail(R_EFFECT, seq, "effect %d ended twice or never began" % p["effect"])
            return
        if p["reason"] == "wore off":
            if e["ticks"] != e["duration"]:
                self.fail(R_EFFECT, seq, "effect %d of %d turns wore off after %d"
                          % (e["id"], e["duration"], e["ticks"]))
        elif not e["holder_died"]:
            self.fail(R_EFFECT, seq, "effect %d ended (%s) with its holder alive" % (e["id"], p["reason"]))
        s = e["spec"]
        e["active"] = False
        c = self.cr.get(e["creature"])
        if c is not None:
            c.effects.discard(e["id"])

    def on_ItemIdentified(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        look = self.looks.get(p["appearance"])
        if c is None or look is None or look[0] != p["kind"]:
            self.fail(R_IDENT, seq, "%s learned %s is %s" % (p["creature"], p["appearance"], p["kind"]))
            return
        if p["appearance"] in c.known:
            self.fail(R_IDENT, seq, "creature %d told %s again" % (c.id, p["appearance"]))
        c.known.add(p["appearance"])
        src = self.by_seq.get(cause)
        if src is None or src[2] not in ("ItemQuaffed", "ItemThrown"):
            self.fail(R_IDENT, seq, "identified with no drink as cause")
            return
        kind = self.items.get(src[5]["item"], {}).get("type")
        if kind != p["kind"]:
            self.fail(R_IDENT, seq, "drinking a %s taught %s" % (kind, p["kind"]))
        drinker = src[5]["creature"] if src[2] == "ItemQuaffed" else src[5]["target"]
        if (p["how"] in ("drank one", "was hit by one")) != (drinker == c.id):
            self.fail(R_IDENT, seq, "how %r for creature %d, the drinker %d" % (p["how"], c.id, drinker))
        d = self.cr.get(drinker)
        if d is not None and d.id != c.id:
            far = max(abs(d.x - c.x), abs(d.y - c.y))
            if not c.alive or c.z != d.z or far > self.eff(c, "vision"):
                self.fail(R_IDENT, seq, "creature %d learned by watching from %d cells (sees %d)"
                          % (c.id, far, self.eff(c, "vision")))
        self.taught = getattr(self, "taught", set())
        self.taught.add((cause, c.id))

    def on_SpellCast(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        if not self.act(seq, c, "a cast"):
            return
        sp = SPELLS.get(p["spell"])
        it = self.items.get(p["item"])
        if sp is None or it is None or it["holder"] != c.id or it["type"] != sp[0]:
            self.fail(R_SPELL, seq, "%s cast from item %d, not its book carried" % (p["spell"], p["item"]))
            return
        if p["cost"] != sp[1]:
            self.fail(R_SPELL, seq, "%s cost %d, not %d" % (p["spell"], p["cost"], sp[1]))
        if c.mana < p["cost"]:
            self.fail(R_SPELL, seq, "%s cast with %d mana (costs %d)" % (p["spell"], c.mana, p["cost"]))
        tgt = self.cr.get(p["target"])
        if tgt is None or not tgt.alive or tgt.z != c.z:
            self.fail(R_SPELL, seq, "%s cast on no living creature of the level" % p["spell"])
        elif max(abs(tgt.x - c.x), abs(tgt.y - c.y)) > self.eff(c, "vision"):
            self.fail(R_SPELL, seq, "%s cast on a creature beyond sight" % p["spell"])
        c.mana = max(0, c.mana - p["cost"])
        self.cast = (seq, p)
        if self.v4 and p["spell"] == "blink":
            self.blinks_due = getattr(self, "blinks_due", {})
            self.blinks_due[seq] = t
        if p["spell"] == "summon bats" and tgt is not None:
            free = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy)
                       and self.tile(tgt.z, tgt.x + dx, tgt.y + dy) in OPEN
                       and not self.occupied(tgt.z, tgt.x + dx, tgt.y + dy))
            got = sum(1 for e in self.events[seq:seq + 9] if e[2] == "CreatureSummoned" and e[3] == seq)
            if got != free:
                self.fail(R_SPELL, seq, "summon bats called %d bats into %d free neighbouring cells" % (got, free))

    def spell_of(self, seq, cause, p, spell):
        """Whether @p's creature is the target of a cast of @spell that caused it."""
        src = self.by_seq.get(cause)
        if src is None or src[2] != "SpellCast" or src[5]["spell"] != spell:
            self.fail(R_SPELL, seq, "%s without a cast of it as cause" % spell)
        elif src[5]["target"] != p["creature"]:
            self.fail(R_SPELL, seq, "%s worked on creature %d, cast on %d" % (spell, p["creature"], src[5]["target"]))

    def on_ManaDrawn(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        self.spell_of(seq, cause, p, "blood to mana")
        if c is None:
            return
        # the game's own ratio, as its SpellDefined set it down (checked there)
        ratio = self.spells.get("blood to mana", {}).get("hp_per_mana", 1)
        if "amount" in p:  # before 0.4.0: one for one, one number
            hp = mana = p["amount"]
        else:
            hp, mana = p["hp"], p["mana"]
        want = min((c.hp - 1) // ratio, c.max_mana - c.mana)
        if (hp, mana) != (want * ratio, want) or want <= 0:
            self.fail(R_SPELL, seq, "blood to mana turned %d hp into %d mana (hp %d, mana %d/%d: "
                      "want %d into %d)" % (hp, mana, c.hp, c.mana, c.max_mana, want * ratio, want))
        c.hp -= hp
        c.mana = min(c.max_mana, c.mana + mana)

    def on_CreatureBlinked(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        self.spell_of(seq, cause, p, "blink")
        if c is None:
            return
        d = max(abs(p["x"] - c.x), abs(p["y"] - c.y))
        near = self.spells.get("blink", {}).get("min_range", 1)
        if (p["from_x"], p["from_y"]) != (c.x, c.y) or not near <= d <= 5:
            self.fail(R_SPELL, seq, "blinked %d cells" % d)
        getattr(self, "blinks_due", {}).pop(cause, None)
        if self.tile(c.z, p["x"], p["y"]) not in OPEN or self.occupied(c.z, p["x"], p["y"], c.id):
            self.fail(R_SPELL, seq, "blinked onto a cell not open and free")
        c.x, c.y = p["x"], p["y"]

    def on_GameWon(self, seq, t, cause, actor, p):
        c = self.cr.get(p["creature"])
        bear = [i for i in self.items.values() if i["type"] == "teddy bear" and i["holder"] == c.id]
        if c is None or c.z != 0 or self.tile(0, c.x, c.y) != "<" or not bear:
            self.fail(R_END, seq, "won without the bear on the level 1 exit")
        self.won = seq

    def on_GameLost(self, seq, t, cause, actor, p):
        self.lost = (seq, p["cause"])

    # --- at the start and the end --------------------------------------------
    def regions(self, z):
        """Each open cell of level @z -> its 8-connected region's number; and the sizes."""
        label, sizes = {}, []
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if self.tile(z, x, y) not in OPEN or (x, y) in label:
                    continue
                n, todo = len(sizes), [(x, y)]
                label[(x, y)] = n
                size = 0
                while todo:
                    cx, cy = todo.pop()
                    size += 1
                    for dx in (-1, 0, 1):
                        for dy in (-1, 0, 1):
                            q = (cx + dx, cy + dy)
                            if 0 <= q[1] < HEIGHT and q not in label and self.tile(z, q[0], q[1]) in OPEN:
                                label[q] = n
                                todo.append(q)
                sizes.append(size)
        return label, sizes

    def check_caves(self):
        if len(self.tiles) != LEVELS * HEIGHT:
            self.fail(R_WORLD, "turn 0", "%d rows generated, not %d" % (len(self.tiles), LEVELS * HEIGHT))
            return
        cells = lambda z, ch: {(x, y) for y in range(HEIGHT) for x in range(WIDTH) if self.tile(z, x, y) == ch}
        regions = [self.regions(z) for z in range(LEVELS)]
        for z, (label, sizes) in enumerate(regions):
            small = [n for n in sizes if n < 25]
            if small:
                self.fail(R_CAVE, "turn 0", "level %d has open regions of %s cells" % (z + 1, small))
        if len(cells(0, "<")) != 1:
            self.fail(R_CAVE, "turn 0", "level 1 has %d stairs up (one exit)" % len(cells(0, "<")))
        if cells(LEVELS - 1, ">"):
            self.fail(R_CAVE, "turn 0", "the deepest level has stairs down")
        for z in range(LEVELS - 1):
            down, up = cells(z, ">"), cells(z + 1, "<")
            if down != up:
                self.fail(R_CAVE, "turn 0", "stairs down on level %d and up on level %d differ at %s"
                          % (z + 1, z + 2, sorted(down ^ up)[:4]))
            (la, _), (lb, _) = regions[z], regions[z + 1]
            overlap = collections.Counter()
            stairs = collections.Counter()
            room = collections.Counter()  # cells not taken by stairs up from the level above
            for cell, ra in la.items():
                rb = lb.get(cell)
                if rb is not None:
                    overlap[(ra, rb)] += 1
                    stairs[(ra, rb)] += cell in down and cell in up
                    room[(ra, rb)] += self.tile(z, cell[0], cell[1]) != "<"
            for pair, n in overlap.items():
                if room[pair] == 0:
                    self.note("regions overlap only on stairs up from the level above: no stair pair fits")
                if stairs[pair] < min(1 + n // 250, room[pair]):
                    self.fail(R_CAVE, "turn 0", "regions overlapping in %d cells between levels %d and %d "
                              "share %d stairs, not %d" % (n, z + 1, z + 2, stairs[pair], 1 + n // 250))
        if self.new_rules:
            self.check_start_region(regions[0], cells(0, "<"))

    def check_start_region(self, regions, exits):
        """(0.4.0) The player's first cell and the exit in level 1's largest region."""
        label, sizes = regions
        z, x, y = getattr(self, "player_start", (None, 0, 0))
        mine = label.get((x, y)) if z == 0 else None
        if mine is None:
            self.fail(R_REGION, "turn 0", "the player starts outside level 1's open regions")
            return
        if sizes[mine] < max(sizes):
            self.fail(R_REGION, "turn 0", "the player starts in a region of %d cells; the largest has %d"
                      % (sizes[mine], max(sizes)))
        for ex, ey in sorted(exits):
            if label.get((ex, ey)) != mine:
                self.fail(R_REGION, "turn 0", "the exit at (%d,%d) lies outside the player's region"
                          % (ex, ey))

    def check_setup(self):
        spawned = collections.Counter()
        floor = collections.Counter()
        held = collections.defaultdict(list)
        for seq, t, ty, cause, actor, p in self.events:
            if t != 0:
                break
            if ty == "CreatureSpawned":
                spawned[(p["z"], p["kind"])] += 1
                continue
            if ty == "ItemSpawned" and "potion" in p["tags"]:
                look = self.looks.get(self.kind_look.get(p["type"]))
                self.tally["potion " + ((look[2] if look else None) or "?")] += 1
            if ty == "ItemSpawned" and p["type"] in WEAPONS | ARMOURS:
                self.tally["gear " + p["type"]] += 1
            if ty == "ItemSpawned" and p["holder"] == 0:
                kind = p["type"]
                kind = "weapon" if kind in WEAPONS else "armour" if kind in ARMOURS else \
                    "potion" if "potion" in p["tags"] else "book" if "book" in p["tags"] else kind
                floor[(p["z"], kind)] += 1
            elif ty == "ItemSpawned":
                held[p["holder"]].append(p["type"])
        for z in range(LEVELS):
            want = {"fungus": 4, "bat": 10, "zombie": 2 * z + 1, "goblin": 2 * z + 1}
            for kind, n in want.items():
                if spawned[(z, kind)] != n:
                    self.fail(R_SPAWN, "turn 0", "level %d has %d %s, not %d" % (z + 1, spawned[(z, kind)], kind, n))
            want = {"rock": 57, "apple": 1, "bread": 1, "baguette": 1, "weapon": 2, "armour": 1,
                    "potion": z + 1, "book": z + 1, "teddy bear": 1 if z == LEVELS - 1 else 0}
            for kind, n in want.items():
                if floor[(z, kind)] != n:
                    self.fail(R_ITEMS, "turn 0", "level %d has %d %s, not %d" % (z + 1, floor[(z, kind)], kind, n))
        for c in self.cr.values():
            if c.kind == "goblin" and c.born == 0:
                got = held.get(c.id, [])
                if sum(k in WEAPONS for k in got) != 1 or sum(k in ARMOURS for k in got) != 1:
                    self.fail(R_ITEMS, "turn 0", "goblin %d starts with %s" % (c.id, got))
                for k in got:
                    if self.new_rules and c.born_z + 1 < GEAR_FROM_DEPTH.get(k, 1):
                        self.fail(R_GEAR, "turn 0", "a goblin of depth %d starts with a %s (from depth %d)"
                                  % (c.born_z + 1, k, GEAR_FROM_DEPTH[k]))

    def check_end(self):
        outcome, cause, turns, depth, kills, score = self.game
        last = self.events[-1][1] if self.events else 0
        if turns != last:
            self.fail(R_SCORE, "-", "game row says %d turns, the last is %d" % (turns, last))
        if depth != self.deepest + 1:
            self.fail(R_SCORE, "-", "game row says depth %d, deepest reached %d" % (depth, self.deepest + 1))
        if kills != self.kills:
            self.fail(R_SCORE, "-", "game row says %d kills, the player killed %d" % (kills, self.kills))
        won = 1000 if self.won else 0
        want = (self.deepest + 1) * 100 + self.kills * 10 + turns // 10 + won
        want_time = (self.deepest + 1) * 100 + self.kills * 10 + self.upkeeps // 10 + won
        if score != want:
            if score == want_time and self.build == "0.2.0":
                self.note("cavelog 0.2.0 scored the turns that passed time (%d), not the %d "
                          "recorded turns" % (self.upkeeps, turns))
            else:
                self.fail(R_SCORE, "-", "score %d, not %d" % (score, want))
        want_outcome = "won" if self.won else "lost" if self.lost else "playing"
        if outcome != want_outcome:
            self.fail(R_END, "-", "game row says %s, events say %s" % (outcome, want_outcome))
        if self.lost and cause != self.lost[1]:
            self.fail(R_END, "-", "game row's cause %r, the event's %r" % (cause, self.lost[1]))
        if cause:
            self.check_text("game.cause", cause)
        p = self.cr.get(self.player)
        if self.lost and p is not None and p.alive and not self.lost[1].startswith("fled"):
            self.fail(R_END, "-", "lost (%s) with the player alive" % self.lost[1])


# A bat the player killed for xp and a corpse, passed off as summoned by it.
SUMMONED_KILL = (
    "UPDATE events SET type = 'CreatureSummoned', payload = json_set(payload, '$.summoner', 1) "
    "WHERE seq = (SELECT min(s.seq) FROM events s JOIN events d ON d.type = 'CreatureDied' AND "
    "json_extract(d.payload, '$.creature') = json_extract(s.payload, '$.creature') AND "
    "json_extract(d.payload, '$.killer') = 1 WHERE s.type = 'CreatureSpawned' AND "
    "json_extract(s.payload, '$.kind') = 'bat' AND EXISTS (SELECT 1 FROM events x WHERE "
    "x.type = 'XpGained' AND x.cause = d.seq) AND EXISTS (SELECT 1 FROM events c WHERE "
    "c.type = 'ItemSpawned' AND c.cause = d.seq))")

# Lies told to a copy of a clean game, each with the rule that must catch it:
# (rule, event type, SQL setting the payload of the first such event, or None
# for an UPDATE of the whole statement given).
LIES = [
    (R_MELEE, "CreatureAttacked", "json_set(payload, '$.damage', 999)"),
    (R_FOOD, "CreatureMoved", "json_set(payload, '$.food', 2)"),
    (R_SPAWN, "CreatureSpawned", "json_set(payload, '$.max_hp', 101)"),
    (R_ITEMS, "ItemSpawned", "json_set(payload, '$.thrown', 9)"),
    (R_XP, "XpGained", "json_set(payload, '$.amount', json_extract(payload, '$.amount') + 1)"),
    (R_LEVELUP, "LevelGained", "json_set(payload, '$.heal', json_extract(payload, '$.heal') + 1)"),
    (R_BONUS, "LevelUpChosen", "json_set(payload, '$.amount', 3)"),
    (R_REGEN, "CreatureRegenerated", "json_set(payload, '$.hp', json_extract(payload, '$.hp') + 1,"
     " '$.food', json_extract(payload, '$.food') + 1)"),
    (R_OVEREAT, "CreatureOverate", "json_set(payload, '$.max_food', json_extract(payload, '$.max_food') + 7)"),
    (R_HUNGER, "HungerChanged", "json_set(payload, '$.word', 'starving')"),
    (R_POTION, "AppearanceAssigned", "json_set(payload, '$.duration', 21)"),
    (R_SPELL, "SpellDefined", "json_set(payload, '$.cost', 3)"),
    (R_SPELL, "SpellCast", "json_set(payload, '$.cost', json_extract(payload, '$.cost') - 1)"),
    (R_EFFECT, "EffectEnded", "json_set(payload, '$.reason', 'its holder died')"),
    (R_MISSILE, "ShotFired", "json_set(payload, '$.damage', 99)"),
    (R_FUNGUS, "FungusSpread", "json_set(payload, '$.x', json_extract(payload, '$.x') + 5)"),
    (R_CORPSE, "ItemSpawned' AND payload LIKE '%corpse%", "json_set(payload, '$.food', 1)"),
    (R_CAUSE, "XpGained", "UPDATE events SET cause = seq + 1 WHERE seq = (SELECT min(seq) FROM events WHERE type = 'XpGained')"),
    (R_SEQ, "UpkeepApplied", "UPDATE events SET turn = turn - 2 WHERE seq = (SELECT max(seq) FROM events WHERE type = 'UpkeepApplied')"),
    (R_SCORE, "GameStarted", "UPDATE game SET score = score + 10"),
    (R_MOVE, "CreatureMoved", "json_set(payload, '$.x', json_extract(payload, '$.x') + 2)"),
    (R_COMMAND, "CreatureMoved", "UPDATE turns SET command = '{\"command\":\"wait\"}' WHERE turn = "
     "(SELECT min(turn) FROM events WHERE type = 'CreatureMoved' AND actor = 1 AND turn > 0)"),
    (R_STACK, "ItemPickedUp", "UPDATE events SET payload = json_set(payload, '$.into', 0) WHERE seq = "
     "(SELECT min(seq) FROM events WHERE type = 'ItemPickedUp' AND json_extract(payload, '$.into') > 0)"),
    (R_CAVE, "LevelRowGenerated", "UPDATE events SET payload = json_set(payload, '$.cells', "
     "replace(json_extract(payload, '$.cells'), '>', '.')) WHERE seq = (SELECT min(seq) FROM events "
     "WHERE type = 'LevelRowGenerated' AND payload LIKE '%>%')"),
    # cavelog 0.4.0's rules (the clean files the self-test plays are this build's)
    (R_SPAWN, "CreatureSpawned", "UPDATE events SET payload = json_set(payload, '$.hp_regen', 10) "
     "WHERE seq = (SELECT min(seq) FROM events WHERE type = 'CreatureSpawned' AND "
     "json_extract(payload, '$.kind') = 'player')"),
    (R_BONUS, "LevelUpChosen", "UPDATE events SET payload = json_set(payload, '$.bonus', 'hp_regen', "
     "'$.amount', 10) WHERE seq = (SELECT min(seq) FROM events WHERE type = 'LevelUpChosen')"),
    (R_SPELL, "SpellDefined", "UPDATE events SET payload = json_set(payload, '$.hp_per_mana', 1) "
     "WHERE seq = (SELECT min(seq) FROM events WHERE type = 'SpellDefined' AND "
     "json_extract(payload, '$.spell') = 'blood to mana')"),
    (R_SPELL, "SpellDefined", "UPDATE events SET payload = json_set(payload, '$.min_range', 1) "
     "WHERE seq = (SELECT min(seq) FROM events WHERE type = 'SpellDefined' AND "
     "json_extract(payload, '$.spell') = 'blink')"),
    (R_XP, "CreatureSpawned", SUMMONED_KILL),
    (R_CORPSE, "CreatureSpawned", SUMMONED_KILL),
    (R_ORDER, "CreatureMoved", "UPDATE events SET actor = 1 WHERE seq = (SELECT max(seq) FROM events "
     "WHERE type = 'CreatureMoved' AND cause IS NULL AND actor > 1 AND turn < "
     "(SELECT max(turn) FROM events) - 1)"),
]

# The lies about the rules of 0.4.0, told only to files of that build or later.
GOBLINS = ("(SELECT json_extract(payload, '$.creature') FROM events WHERE type = 'CreatureSpawned' "
           "AND json_extract(payload, '$.kind') = 'goblin')")
# The first goblin to strike the player, as a condition on events
STRIKER = ("(SELECT json_extract(payload, '$.creature') FROM events WHERE type = 'CreatureAttacked' "
           "AND cause IS NULL AND json_extract(payload, '$.target') = 1 AND "
           "json_extract(payload, '$.creature') IN " + GOBLINS + " ORDER BY seq LIMIT 1)")
FIRST_FLOOR = ("(SELECT %s FROM events WHERE type = 'ItemSpawned' AND turn = 0 AND "
               "json_extract(payload, '$.holder') = 0 AND json_extract(payload, '$.z') = 0 "
               "ORDER BY seq LIMIT 1)")
NEW_LIES = [
    # a goblin of depth 1 in platemail
    (R_GEAR, "ItemSpawned", "UPDATE events SET payload = json_set(payload, '$.type', 'platemail', "
     "'$.name', 'platemail', '$.defense', 6) WHERE seq = (SELECT min(seq) FROM events WHERE "
     "type = 'ItemSpawned' AND json_extract(payload, '$.z') = 0 AND json_extract(payload, '$.holder') > 0 "
     "AND json_extract(payload, '$.tags') LIKE '%armour%')"),
    # a second item generated on the first one's cell
    (R_CELL, "ItemSpawned", "UPDATE events SET payload = json_set(payload, '$.x', "
     + FIRST_FLOOR % "json_extract(payload, '$.x')" + ", '$.y', " + FIRST_FLOOR % "json_extract(payload, '$.y')"
     + ") WHERE seq = (SELECT seq FROM events WHERE type = 'ItemSpawned' AND turn = 0 AND "
     "json_extract(payload, '$.holder') = 0 AND json_extract(payload, '$.z') = 0 ORDER BY seq LIMIT 1 OFFSET 1)"),
    # the first goblin to strike the player made to wield a bow it does not fire
    (R_GOBLIN, "CreatureAttacked' AND cause IS NULL AND json_extract(payload, '$.target') = 1 AND "
     "json_extract(payload, '$.creature') IN " + GOBLINS + " AND type = 'CreatureAttacked",
     "UPDATE events SET payload = json_set(payload, '$.type', 'bow', '$.name', 'bow', '$.attack', 1, "
     "'$.defense', 0, '$.thrown', 1, '$.ranged', 5, '$.tags', 'weapon') WHERE seq = (SELECT min(seq) "
     "FROM events WHERE type = 'ItemSpawned' AND json_extract(payload, '$.holder') = " + STRIKER +
     " AND json_extract(payload, '$.tags') LIKE '%weapon%')"),
    # the exit moved into a pocket of rock of its own
    (R_REGION, "LevelRowGenerated", "exit-in-a-pocket"),
]


def exit_in_a_pocket(db):
    """Move level 1's exit into a walled 3 x 3 block, away from the player's region."""
    rows = {json.loads(p)["y"]: (seq, json.loads(p)["cells"]) for seq, p in db.execute(
        "SELECT seq, payload FROM events WHERE type = 'LevelRowGenerated' AND "
        "json_extract(payload, '$.z') = 0")}
    grid = {y: list(cells) for y, (_, cells) in rows.items()}
    for y, row in grid.items():
        if "<" in row:
            row[row.index("<")] = "."
    for y in range(1, HEIGHT - 1):
        for x in range(1, WIDTH - 1):
            if all(grid[y + dy][x + dx] == "#" for dy in (-1, 0, 1) for dx in (-1, 0, 1)):
                grid[y][x] = "<"
                for gy, row in grid.items():
                    db.execute("UPDATE events SET payload = json_set(payload, '$.cells', ?) WHERE seq = ?",
                               ("".join(row), rows[gy][0]))
                return 1
    return 0


def self_test(clean, as_build=None):
    """Tell each lie to a copy of @clean; every one must be caught by its rule
    (the lies about 0.4.0's rules only when @clean is of that build or later)."""
    missed = 0
    lies = LIES + (NEW_LIES if new_rules_file(clean, as_build) else [])
    if len(lies) == len(LIES):
        print("self-test: %d lies about the rules of %s left out: the file is of an earlier build"
              % (len(NEW_LIES), ".".join(map(str, NEW_RULES_BUILD))))
    with tempfile.TemporaryDirectory(prefix="cavelog-lies-") as tmp:
        for i, (name, ty, change) in enumerate(lies):
            copy = os.path.join(tmp, "lie-%d.cavelog" % i)
            with open(clean, "rb") as src, open(copy, "wb") as dst:
                dst.write(src.read())
            db = sqlite3.connect(copy)
            if change == "exit-in-a-pocket":
                n = exit_in_a_pocket(db)
            else:
                if change.startswith("UPDATE"):
                    sql = change
                else:
                    sql = ("UPDATE events SET payload = %s WHERE seq = (SELECT min(seq) FROM events"
                           " WHERE type = '%s')" % (change, ty))
                n = db.execute(sql).rowcount
            db.commit()
            db.close()
            a = Audit(copy)
            a.as_build = as_build
            a.run()
            caught = a.counts.get(name, 0) > 0
            if n != 1 or not caught:
                missed += 1
                print("self-test: lie %d (%s on %s) %s" % (i, name, ty, "not told" if n != 1 else "not caught"))
    print("self-test: %d lies, %d caught" % (len(lies), len(lies) - missed))
    return missed


def new_rules_file(path, as_build=None):
    db = sqlite3.connect("file:%s?mode=ro" % os.path.abspath(path), uri=True)
    try:
        return version(as_build or db.execute("SELECT build FROM game").fetchone()[0]) >= NEW_RULES_BUILD
    finally:
        db.close()


def check_tally(tally, orders):
    """What only many games show: chances and weights near GAME.md's."""
    bad = 0
    turns, spreads = tally["fungus turns"], tally["fungus spreads"]
    if turns >= 5000 and not 0.01 <= spreads / turns <= 0.03:
        print("rules: [fungus] %d spreads in %d fungus turns (%.2f %%, GAME.md 2 %%)" % (spreads, turns, 100.0 * spreads / turns))
        bad += 1
    turns, idle = tally["zombie turns"], tally["zombie idle"]
    if turns >= 5000 and idle / turns < 0.17:
        print("rules: [move] zombies idle in %.1f %% of %d turns (GAME.md 20 %%)" % (100.0 * idle / turns, turns))
        bad += 1
    ticks, hits = tally["chance ticks"], tally["chance hits"]
    if ticks >= 200 and not 0.1 <= hits / ticks <= 0.4:
        print("rules: [effect] inner strength's 25 %% came %d times in %d turns" % (hits, ticks))
        bad += 1
    potions = sum(v for k, v in tally.items() if k.startswith("potion "))
    weights = sum(POTION_WEIGHTS.values())
    if potions >= 200:
        for kind, w in POTION_WEIGHTS.items():
            share = tally["potion " + kind] / potions
            if not 0.5 * w / weights <= share <= 1.6 * w / weights:
                print("rules: [potion] %s is %.1f %% of %d potions (weight %d of %d)"
                      % (kind, 100 * share, potions, w, weights))
                bad += 1
    for kind in WEAPONS | ARMOURS:
        if sum(v for k, v in tally.items() if k.startswith("gear ")) >= 100 and tally["gear " + kind] == 0:
            print("rules: [items] no %s in %d games" % (kind, len(orders)))
            bad += 1
    if len(orders) >= 3 and len(set(orders)) == 1:
        print("rules: [potion] the looks are shuffled the same way in all %d games" % len(orders))
        bad += 1
    print("rules: fungi spread in %.2f %% of %d fungus turns; zombies idle in %.1f %% of %d; "
          "%d potions; %d games' looks, %d orders"
          % (100.0 * spreads / max(1, tally["fungus turns"]), tally["fungus turns"],
             100.0 * idle / max(1, turns), turns, potions, len(orders), len(set(orders))))
    return bad


def check_spread(damages):
    """Random 1 … hi: over many blows of one bound, both ends come up."""
    bad = 0
    for (name, hi), seen in sorted(damages.items()):
        n = sum(seen.values())
        if hi >= 2 and n >= 25 * hi and (seen[1] == 0 or seen[hi] == 0 or
                                         min(seen[d] for d in range(1, hi + 1)) < n / hi / 4):
            print("rules: [%s] %d blows of 1..%d did %s" % (name, n, hi, dict(sorted(seen.items()))))
            bad += 1
    return bad


def holds_every_lie(path, as_build=None):
    lies = LIES + (NEW_LIES if new_rules_file(path, as_build) else [])
    db = sqlite3.connect("file:%s?mode=ro" % os.path.abspath(path), uri=True)
    try:
        return all(db.execute("SELECT 1 FROM events WHERE type = '%s' LIMIT 1" % ty).fetchone()
                   for _, ty, _ in lies)
    finally:
        db.close()


def play(cavelog, seeds, turns, first, folder):
    subprocess.run([cavelog, "autoplay", "--seed", str(first), "--turns", str(turns),
                    "--games", str(seeds), "--save", folder, "--quiet"], check=True)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".cavelog"))


def files_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".cavelog"))
        else:
            out.append(p)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="game files or folders of them")
    ap.add_argument("--play", metavar="CAVELOG", help="let this cavelog's bot play games first")
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--turns", type=int, default=1500)
    ap.add_argument("--self-test", action="store_true",
                    help="also tell lies to a copy of the first clean file and require each caught")
    ap.add_argument("--notes", action="store_true", help="also list the readings taken where GAME.md is open")
    ap.add_argument("--as-build", metavar="VERSION",
                    help="read every file as one this build wrote (to try the rules of a build "
                         "whose version is not yet bumped)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cavelog-rules-") as tmp:
        files = files_of(args.files)
        if args.play:
            files += play(args.play, args.seeds, args.turns, args.first, tmp)
        if not files:
            ap.error("no game files")
        bad = 0
        bad_files = set()
        notes = collections.Counter()
        damages = collections.defaultdict(collections.Counter)
        tally = collections.Counter()
        orders = []
        for f in files:
            a = Audit(f)
            a.as_build = args.as_build
            try:
                a.run()
            except Exception as e:  # a file too broken to fold: a finding, not a crash
                a.findings.append("%s: cannot be read: %s" % (f, e))
            broken = {k: v for k, v in a.counts.items() if not k.startswith("note: ")}
            tally.update(a.tally)
            orders.append(a.order)
            for k, v in getattr(a, "damages", {}).items():
                damages[k].update(v)
            for k, v in a.counts.items():
                if k.startswith("note: "):
                    notes[re.sub(r"\d+", "N", k[6:])] += v
            for line in a.findings:
                print(line)
            for k, v in broken.items():
                if v > 5:
                    print("%s: [%s] … %d findings in all" % (f, k, v))
            print("%s: %d events, %s" % (f, len(getattr(a, "events", [])),
                                         "ok" if not a.findings else "%d rules broken" % len(broken)
                                         if broken else "unreadable"))
            bad += bool(a.findings)
            if a.findings:
                bad_files.add(f)
        bad += check_spread(damages)
        bad += check_tally(tally, orders)
        if args.notes:
            for k, v in notes.items():
                print("note (%d times): %s" % (v, k))
        print("rules: %d files, %d with findings; rules checked: %s" % (len(files), bad, ", ".join(RULES)))
        if args.self_test:
            clean = [f for f in files if f not in bad_files and holds_every_lie(f, args.as_build)]
            if not clean:
                print("self-test: no clean file holds an event of every type the lies change")
                return 1
            if self_test(min(clean, key=os.path.getsize), args.as_build):
                return 1
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
