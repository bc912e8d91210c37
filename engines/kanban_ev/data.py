"""Kanban EV (Lacerda, Eagle-Gryphon 2020) with SpeedCharger: component data.

Every entry names its source with the tags of the project's reference notes:

* ``[SEED]``  the player aid by Jarrod Moore (the rule text the engine implements);
* ``[LUA]``   the Tabletop Simulator mod's data tables (counts, kanban cards, conveyor, demand);
* ``[ART]``   values read by eye from the mod's card and board images (medium trust);
* ``[SPEC]``, ``[ENG]``  a rulebook digest and another engine's reading of the rules;
* ``ASSUMED`` where nothing was found; the value fits the rule text and is one edit away.

Where sources conflict the default is implemented and the alternative is kept next to it
(see ``DESIGN_COLUMN_BONUS`` / ``DESIGN_COLUMN_BONUS_ENG``, ``CERT_PRINTED_SPEECH``,
``SANDRA_EVALUATES_ADMIN``, ``CONVEYOR`` / ``CONVEYOR_LUA_ONLY``, ``DISCARD_WHOLE_ROOM``).
"""

from __future__ import annotations

# --- departments, parts, models ------------------------------------------------------

#: Departments top to bottom: the order of selection, work and Sandra's loop. [SEED]
DEPTS = ["rd", "assembly", "logistics", "design", "admin"]
DEPT_NAMES = {
    "rd": "R&D",
    "assembly": "Assembly",
    "logistics": "Logistics",
    "design": "Design",
    "admin": "Administration",
}

#: The six car-part types, 10 of each. [LUA] PARTS.Elements; [SPEC]
PARTS = ["autopilot", "battery", "body", "drivetrain", "electronics", "motor"]
PARTS_PER_TYPE = 10  # [LUA]

#: Car models with final-scoring value per car. [SEED] final scoring; [ART] carValues
MODELS = ["city", "suv", "truck", "sports", "concept"]
MODEL_NAMES = {"city": "City Car", "suv": "SUV", "truck": "Truck", "sports": "Sports Car", "concept": "Concept Car"}
CAR_VALUE = {"city": 2, "suv": 3, "truck": 4, "sports": 5, "concept": 6}  # [SEED]
CARS_PER_MODEL = 8  # [LUA] CARS.Elements; [ENG] startingCars

# --- workstations, shifts --------------------------------------------------------------

#: Shifts on the (upper, lower) workstation of each department. [SPEC] §7b/§9; [ENG]
#: No per-player-count difference found: ASSUMED none.
WORKSTATION_SHIFTS = {
    "rd": [2, 3],
    "assembly": [2, 3],
    "logistics": [2, 3],
    "design": [2, 3],
    "admin": [1, 2],
}
MAX_SHIFTS_PER_TURN = 4  # [SEED] "You can never spend more than 4 shifts in a turn"
#: The Administration charger's extra shift still obeys the 4-shift cap. ASSUMED (reference §19)
ADMIN_CHARGER_BREAKS_CAP = False
SHIFT_BANK_MAX = 10  # [LUA] SPOTS.Shifts (11 positions 0..10); [ART]
BOOKS_MAX = 6  # [LUA] PLAYERS.Positions.Books; gains past 6 are lost (ASSUMED)
VOUCHERS_MAX = 6  # [LUA] PLAYERS.Positions.Vouchers; ASSUMED gains past 6 lost
VOUCHERS_TOTAL = 11  # [LUA] VOUCHERS.Elements

# --- training ------------------------------------------------------------------------

TRAINING_SPACES = 6  # start + 5 [LUA] SPOTS.Trainings; [ENG]
CERTIFIED_AT = 3  # the 4th space [SEED]; [ENG] certifiedAt
EXPERT_AT = 5  # the last space, award tiles + 1 generic speech token [SEED]; [SPEC] §2
TRAINING_FINAL_PP = [5, 3, 1]  # [SEED] final scoring
AWARDS_PER_DEPT = {2: 2, 3: 2, 4: 3}  # [SEED]
AWARD_SPEECH_TOKENS = 1  # one generic token on each award stack [SPEC]; [ENG]

#: Award tiles (20): benefit -> count. [ART] awards; [LUA] AWARDS.Elements
AWARD_TILES = {"pp2": 5, "shift": 3, "voucher": 5, "book": 7}

# --- certification track -------------------------------------------------------------

#: Printed benefits, section -> 4 spaces listed left to right (space 1 leftmost); the
#: rightmost space acts first. Each benefit is a dict of gains. [ART] certificationTrack
#: (hand-read, verify). Keys: pp, shift (banked), book, voucher, speech (generic token).
CERT_TRACK = [
    [{"shift": 1}, {"book": 1}, {"voucher": 1}, {}],
    [{"pp": 3}, {"shift": 1}, {"book": 1}, {"voucher": 1}],
    [{"pp": 2, "speech": 1}, {"shift": 1, "speech": 1}, {"pp": 1, "speech": 1}, {"speech": 1}],
    [{"pp": 4}, {"shift": 2}, {"book": 2}, {"voucher": 2}],
    [{"pp": 2, "speech": 1}, {"shift": 1, "speech": 1}, {"pp": 1, "speech": 1}, {"speech": 1}],
    [{"pp": 5}, {"pp": 3}, {"pp": 1}, {}],
]
#: Conflict (reference §23.2): the "+1 speech" printed in sections 2 and 4 [ART] may only
#: be the certification goal tiles [SEED]/[GR]. Default: keep them (True); False drops them.
CERT_PRINTED_SPEECH = True

# --- factory goals -------------------------------------------------------------------

#: Factory goal tiles numbered 2..5 per kind; 2 of each kind drawn. [ART]; [LUA] GOALS; [GR]
FACTORY_GOAL_VALUES = [2, 3, 4, 5]
#: generic tokens on the (lower, higher) numbered tile by player count [SEED]
FACTORY_GOAL_TOKENS = {2: [1, 1], 3: [2, 1], 4: [2, 2]}

# --- test track ----------------------------------------------------------------------

#: Test track by player count. NOT FOUND what the 2-3P side changes: ASSUMED the printed
#: 8-space loop with stripes at 0 and 4 and the pace car on space 0 at every count. [SPEC]; [ENG]
TEST_TRACK = {
    2: {"spaces": 8, "striped": [0, 4], "pace_start": 0},
    3: {"spaces": 8, "striped": [0, 4], "pace_start": 0},
    4: {"spaces": 8, "striped": [0, 4], "pace_start": 0},
}
CLAIM_COST = [1, 2, 2, 3]  # by position behind the pace car [SEED]
QUEUE_MAX = 4  # [SPEC] §4; a 5th arrival sends the car behind the pace car back (ASSUMED)
WEEK_MAX = 3  # [LUA] SPOTS.Week (0..3)
CYCLE_MAX = 3  # [ENG] cycleMax

# --- R&D upgrades ----------------------------------------------------------------------

#: Upgrade spaces per model (6 each) and their printed benefits. [ART] (verify); [SPEC] §7b
UPGRADE_SPACES = {
    "city": [{"shift": 1}, {"shift": 1}, {"shift": 1}, {"pp": 4}, {"pp": 3}, {"book": 1}],
    "suv": [{"shift": 1}, {"shift": 1}, {}, {"pp": 3}, {"pp": 2}, {"book": 1}],
    "truck": [{"shift": 1}, {"shift": 1}, {}, {"pp": 2}, {}, {"book": 1}],
    "sports": [{"shift": 1}, {}, {}, {"pp": 1}, {}, {"book": 1}],
    "concept": [{"shift": 1}, {}, {}, {}, {}, {"book": 1}],
}
PART_VALUE_START = 2  # [ENG] partValues; [SPEC] ASSUMED
PART_VALUE_MAX = 6
UPGRADE_PP = 2  # [SEED] "Earn 2 PP"

# --- Assembly --------------------------------------------------------------------------

#: Assembly lines top to bottom and the conveyor entry node of each. [LUA] CARS.Zones.Stocks
ASSEMBLY_LINES = ["concept", "suv", "city", "truck", "sports"]
ENTRY_NODE = {"concept": "11", "suv": "12", "city": "13", "truck": "14", "sports": "15"}
ROW2_NODE = {"concept": "21", "suv": "22", "city": "23", "truck": "24", "sports": "25"}
#: Conveyor graph: node -> where a pushed car may go. "x31"/"x32"/"x33" are exits. [LUA]
#: CARS.Zones.Assembly, plus the exits at 31 and 33 from [ENG]/[SPEC] (reference §23.4,
#: ASSUMED default: three gates). CONVEYOR_LUA_ONLY is the Lua graph with one exit.
CONVEYOR = {
    "11": ["21"],
    "12": ["22"],
    "13": ["23"],
    "14": ["24"],
    "15": ["25"],
    "21": ["22"],
    "22": ["23", "31"],
    "23": ["32"],
    "24": ["23", "33"],
    "25": ["24"],
    "31": ["32", "x31"],
    "32": ["x32"],
    "33": ["32", "x33"],
}
CONVEYOR_LUA_ONLY = {**CONVEYOR, "31": ["32"], "33": ["32"]}
EXIT_PP = {"x31": 1, "x32": 2, "x33": 1}  # [ENG] conveyorExitPP; [SPEC] "1/2/1, verify"
NODES = ["11", "12", "13", "14", "15", "21", "22", "23", "24", "25", "31", "32", "33"]

#: Demand tiles: model -> generic speech tokens placed beside it. [LUA] DEMANDS.Elements
DEMAND_TOKENS = {"city": 3, "suv": 3, "truck": 2, "sports": 1, "concept": 1}
DEMAND_TILES_OUT = 2  # [SEED]

# --- Logistics ---------------------------------------------------------------------------

#: Warehouse groups on either side of the order line. [LUA] coordinates; [ENG] TOP_ROW_PARTS
GROUP_A = ["autopilot", "battery", "motor"]
GROUP_B = ["body", "drivetrain", "electronics"]
#: Kanban order cards: icons 1-6 as the mod lists them. [LUA] PARTS.Cards.Elements
KANBAN_CARDS = {
    "k01": ["autopilot", "autopilot", "drivetrain", "motor", "battery", "body"],
    "k02": ["electronics", "electronics", "drivetrain", "motor", "battery", "body"],
    "k03": ["autopilot", "autopilot", "drivetrain", "motor", "electronics", "body"],
    "k04": ["body", "body", "drivetrain", "motor", "electronics", "battery"],
    "k05": ["electronics", "electronics", "drivetrain", "motor", "autopilot", "battery"],
    "k06": ["body", "body", "drivetrain", "motor", "battery", "autopilot"],
    "k07": ["body", "body", "drivetrain", "motor", "electronics", "autopilot"],
    "k08": ["battery", "battery", "drivetrain", "motor", "body", "electronics"],
    "k09": ["battery", "battery", "drivetrain", "motor", "body", "autopilot"],
    "k10": ["autopilot", "autopilot", "drivetrain", "motor", "battery", "electronics"],
    "k11": ["battery", "battery", "drivetrain", "motor", "electronics", "autopilot"],
    "k12": ["electronics", "electronics", "drivetrain", "motor", "autopilot", "body"],
}
#: Card placements: which icon indices (0-based) lie on the group-A side of the line; the
#: rest lie on the group-B side. ASSUMED from [ENG] ORDER_SPLITS (4|2 line, two rotations).
ORDER_SPLITS = {1: [0, 1, 2, 3], 2: [0, 1], 3: [2, 3, 4, 5], 4: [4, 5]}
KANBAN_HAND = 2  # [SEED]
RECYCLING_SPACES = 3  # [SEED] 3 random (different) resources; ASSUMED all different

# --- Design ----------------------------------------------------------------------------

DESIGN_ROWS = 2
DESIGN_COLS = 4  # 8 face-up designs [SEED]
DESIGN_STACK_SIZE = 9  # 3 stacks of 9 [SEED]
#: Design tiles: per model one per part + one blank. [LUA] DESIGNS.Elements
DESIGNS = [f"{m}-{p}" for m in MODELS for p in PARTS + ["blank"]]
#: Column bonus by column counted from the right (0 = rightmost). [SEED]: rightmost book,
#: second banked shift (reference §23.1 default). [ENG] has them the other way round:
#: use DESIGN_COLUMN_BONUS_ENG instead to switch.
DESIGN_COLUMN_BONUS = {0: "book", 1: "shift"}
DESIGN_COLUMN_BONUS_ENG = {0: "shift", 1: "book"}
#: Sandra's Design task: how many rightmost designs go under the central stack [SEED]
SANDRA_DESIGN_RETURN = {2: 8, 3: 4, 4: 4}

# --- player board ------------------------------------------------------------------------

#: Base capacity and the +1 its department's certification unlocks. [SEED] certification
#: benefits: "Unlocks 5th car garage", "6th car part space", "6th design space", "5th speech
#: token space".
GARAGES = 4  # +1 (Assembly)
#: Conflict: [SEED] Design "Unlocks 6th design space" -> 5 + 1; the reference §7/§14 reads
#: 4 + 1 ([LUA] draws 5 design positions). Default: the aid; DESIGN_SPACES_REF is the other.
DESIGN_SPACES = 5  # +1 (Design)
DESIGN_SPACES_REF = 4
PART_SPACES = 5  # +1 (Logistics)
SPEECH_SPACES = 4  # +1 (Administration)
OWN_SPEECH_TOKENS = 5  # [LUA] PLAYERS.<colour>.Speechs
GENERIC_SPEECH_TOKENS = 23  # [LUA] SPEECHS.Elements

#: Garage tiles: the 4 a player arranges on garages 1-4 in any order (a setup action) and
#: the padlocked tile always on garage 5. [ART] (verify); [SEED]
GARAGE_TILES = {
    "basic": [
        {"speech": 1},
        {"voucher": 2},
        {"book": 2},
        {"shift": 2},
        {"voucher": 1, "speech": 1, "book": 1, "shift": 1},
    ],
    "expert": [{}, {"voucher": 1}, {"book": 1}, {"shift": 1}, {"speech": 1}],
}

#: Names of the tiles above (for the setup arrangement ``arrange <t1> <t2> <t3> <t4>``)
GARAGE_TILE_IDS = {
    "basic": ["speech", "vouchers", "books", "shifts", "padlocked"],
    "expert": ["nothing", "voucher", "book", "shift", "padlocked"],
}

#: What each certification unlocks on the player board (for event texts). [SEED]
CERT_UNLOCKS = {
    "rd": "the double-upgrade tile",
    "assembly": "the 5th garage",
    "logistics": "the 6th car part space and the parts voucher action",
    "design": "the 6th design space and the advanced design action",
    "admin": "the 5th speech token space",
}

START_PP = {"mean": 15, "nice": 0}  # [SEED]
START_GOALS = 3  # [SEED]

# --- Sandra ----------------------------------------------------------------------------

#: Mean: least-trained players with "2 or fewer" lose 1 + (5 - banked). Nice: most-trained
#: with "2 or more" gain (banked - 5). [SEED]
SANDRA_THRESHOLD = 2
SANDRA_BANK_PIVOT = 5
#: Reference §23.3: [SEED] lists an Administration criterion, [ENG] skips it. Default: evaluate.
SANDRA_EVALUATES_ADMIN = True

# --- SpeedCharger ------------------------------------------------------------------------

CHARGER_TOKENS = {2: 8, 3: 11, 4: 14}  # [SEED]
#: What a charged space does, in the aid's words (for event texts). [SEED] Charger Token Benefits
CHARGER_ABILITY = {
    "rd": "each R&D turn one design may be upgraded with a part from the supply",
    "assembly": "in Assembly upgraded parts need not be provided first",
    "logistics": "a Kanban order banks 2 shifts instead of 1",
    "design": "an advanced design also gives 1 book",
    "admin": "1 extra shift when working in Administration",
}
#: Charging board: NOT FOUND; ASSUMED 5 spaces, one per department, a token switches on
#: that department's ability. (reference §19)
CHARGING_SPACES = DEPTS

# --- performance goals (32 base) ----------------------------------------------------------

#: goal id -> (what it counts, argument, PP each, multiplier icons). [ART] goals.json
#: (verify). Speaking puts a token on the highest free icon and scores
#: value x min(icon, count). [SEED]; [ENG]
PERFORMANCE_GOALS = {
    "g01": ("cars", "", 2, 3),
    "g02": ("models", "", 3, 3),
    "g03": ("model", "truck", 4, 2),
    "g04": ("model", "city", 4, 2),
    "g05": ("model", "concept", 4, 2),
    "g06": ("model", "sports", 4, 2),
    "g07": ("model", "suv", 4, 2),
    "g08": ("upgraded_part", "battery", 4, 2),
    "g09": ("upgraded_part", "electronics", 4, 2),
    "g10": ("upgraded_part", "body", 4, 2),
    "g11": ("upgraded_part", "autopilot", 4, 2),
    "g12": ("upgraded_part", "drivetrain", 4, 2),
    "g13": ("upgraded_part", "motor", 4, 2),
    "g14": ("upgraded", "", 2, 3),
    "g15": ("tested", "", 4, 2),
    "g16": ("stored", "battery+electronics", 2, 3),
    "g17": ("stored", "body+autopilot", 2, 3),
    "g18": ("stored", "motor+drivetrain", 2, 3),
    "g19": ("garages", "1+2", 4, 2),
    "g20": ("garages", "2+3", 4, 2),
    "g21": ("garages", "4+5", 4, 2),
    "g22": ("certified", "rd", 4, 1),
    "g23": ("certified", "assembly", 4, 1),
    "g24": ("certified", "logistics", 4, 1),
    "g25": ("certified", "design", 4, 1),
    "g26": ("certified", "admin", 4, 1),
    "g27": ("designs", "", 2, 3),
    "g28": ("books", "", 2, 3),
    "g29": ("certs", "", 3, 3),
    "g30": ("parts", "", 2, 3),
    "g31": ("banked", "", 2, 3),
    "g32": ("speech", "", 3, 3),
}
MEETING_ROOM = 4  # [LUA] GOALS.Cards.Positions
#: After a meeting, every goal in the room is discarded, not only the played ones. ASSUMED
#: per [ENG] (reference §21); False keeps the room's unplayed goals.
DISCARD_WHOLE_ROOM = True
#: SpeedCharger performance goals / final goals: text NOT FOUND, kept out (reference §19).

# --- final goals (11 base) ----------------------------------------------------------------

#: tile -> three achievements (test, argument, threshold, PP). [ART] goals.json (verify)
FINAL_GOALS = {
    "f01": [("cars_one_model", "", 3, 7), ("upgraded_distinct_parts", "", 3, 6), ("certs", "", 5, 8)],
    "f02": [("cars", "", 5, 8), ("upgraded", "", 4, 6), ("certs", "", 4, 7)],
    "f03": [("models", "", 4, 8), ("upgraded_same_part", "", 3, 7), ("certified_both", "logistics+assembly", 1, 6)],
    "f04": [("model", "sports", 2, 7), ("upgraded", "", 5, 8), ("certified_both", "admin", 1, 6)],
    "f05": [("model", "concept", 2, 8), ("upgraded_part", "body", 2, 7), ("certified_both", "rd+design", 1, 6)],
    "f06": [("banked", "", 7, 6), ("books", "", 3, 8), ("experts", "", 2, 7)],
    "f07": [("model", "city", 2, 8), ("upgraded_part", "battery", 2, 7), ("certified_both", "rd+assembly", 1, 6)],
    "f08": [
        ("model", "suv", 2, 8),
        ("upgraded_part", "drivetrain", 2, 7),
        ("certified_both", "logistics+design", 1, 6),
    ],
    "f09": [
        ("model", "truck", 2, 8),
        ("upgraded_part", "electronics", 2, 7),
        ("certified_both", "assembly+design", 1, 6),
    ],
    "f10": [("cars_one_model", "", 3, 7), ("tested", "", 5, 7), ("certs_at_most", "", 3, 7)],
    "f11": [("models", "", 5, 8), ("tested_distinct_parts", "", 5, 8), ("experts_at_most", "", 1, 8)],
}
