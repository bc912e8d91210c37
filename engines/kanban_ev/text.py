"""Kanban EV in words: the rules summary per topic (a host's rules command), overview first.

Summaries of the rule text [SEED]; goal, benefit and shift sentences are built by
:func:`engines.kanban_ev.rules.goal_text`, :func:`~engines.kanban_ev.rules.benefit_text` and
:func:`~engines.kanban_ev.rules.shifts_note` beside the rules they describe.
"""

RULES_SUMMARY: dict[str, str] = {
    "overview": (
        "Kanban EV: you work in an electric-car factory. Each day every player moves their worker "
        "to a workstation in a new department (R&D, Assembly, Logistics, Design, Administration), "
        "then works there in board order top to bottom, spending at most 4 shifts (the workstation's "
        "plus banked ones). Sandra the manager moves too and evaluates the department she is in. "
        "Weeks end when Sandra reaches her desk; meetings happen when the pace car passes a striped "
        "space. The game ends at week 2 + cycle 3 or week 3 + cycle 2; most PP wins."
    ),
    "setup": (
        "Each player takes basic or expert garage tiles (`garages basic`) and orders the 4 unlocked ones "
        "on garages 1-4 (`arrange ...`). In start order, place your certification marker (`cert <1-4>`) and "
        "take its benefit; then in certification order `pick` a part and a design."
    ),
    "turn": (
        "Select: `place <dept> <1|2>` (1 = upper workstation, acts first). Work: spend shifts on your "
        "department's actions, `train <dept> book|shift` to train, `done` to end. In Administration, "
        "`also <dept>` adds one other department for the rest of your turn. Any time on your turn, "
        "`recycle <yours> <theirs>` swaps a stored part with one in recycling. Banked shifts, books and "
        "vouchers gained during your turn are usable from the end of that turn."
    ),
    "training": (
        "1 book or 1 shift per space. The 4th space certifies you: the padlock comes off, you move "
        "your certification marker to the next section (`cert <space>`) and take its benefit. The last "
        "space gives a speech token and an award tile (`award <kind>`)."
    ),
    "rd": (
        "Claim a car (`claim <pos> <design> <garage>`): 1/2/2/3 shifts by position behind the pace car, "
        "return a matching design, take the garage tile's benefit. Upgrade (`upgrade <design> <space> "
        "<part|voucher|charger> [double]`): 1 shift, +2 PP, the part's value rises."
    ),
    "assembly": (
        "Full lines are cleared when you arrive. Provide a part (`provide <model> <part> <part|voucher>`): "
        "1 shift, upgraded parts first; the car moves on the conveyor (`route <node>` at forks); leaving "
        "the belt scores the exit's PP and a demand token."
    ),
    "logistics": (
        "Issue an order once per turn (`order <card> <1-4>`): bank 1 shift and stock warehouses. Take "
        "parts from one warehouse (`take <part> <n>`, 1 shift each time). Once certified, `voucher`."
    ),
    "design": (
        "`design <id>`: 1 shift, rightmost column gives a book, second column a banked shift. Once "
        "certified, `advanced <id>` takes a stack top. The department refills at the end of your turn."
    ),
    "admin": (
        "Split your shifts with one other department (`also <dept>`). `charge <dept>` (once per turn) "
        "places a SpeedCharger token that switches that department's ability on."
    ),
    "sandra": (
        "Mean: the least-trained players with 2 or fewer of the department's thing lose 1 + (5 - banked "
        "shifts) PP. Nice: the most-trained with 2 or more gain 1 PP per banked shift over 5. Then her "
        "task: pace car, clear assembly, cut warehouses, return designs, or end-of-week scoring."
    ),
    "meeting": (
        "In certification order: `play <goal>` (exactly once per meeting), `speak <goal>` (token on the "
        "highest free icon, score value x min(icon, your count)), `pass`. Then each player "
        "`nominate <goal>` one of their two remaining goals for the meeting room."
    ),
    "scoring": (
        "Final: final goal (1 speech token per achievement), 1 PP per banked shift, speech token, book and "
        "voucher; cars 2/3/4/5/6 (city/suv/truck/sports/concept); training 5/3/1 per department; tested "
        "designs at part value; each charger token x cars. Ties: cars, tested designs, banked shifts."
    ),
}
