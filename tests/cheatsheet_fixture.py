"""A deliberately overfull game for the cheat-sheet tests: its data asks for about a page and a half.

Used by test_cheatsheet.py (the checker warns) and test_cheatsheet_print.py (it really prints on
more than one page, so the warning is not a false alarm). Valid data: only warnings, no errors.
"""

from __future__ import annotations

GAME_ID = "overfull"
TITLE = "Overfull Empire"

_WORDS = ("each player moves one caravan along a trade road, pays the toll in grain to the owner of the "
          "road and may then sell spices at the market of the city where the caravan stops this turn")


def _sentence(i: int, length: int) -> str:
    words = _WORDS.split()
    out: list[str] = []
    k = i
    while len(" ".join(out)) < length:
        out.append(words[k % len(words)])
        k += 3
    text = " ".join(out)
    return text[0].upper() + text[1:] + "."


def _phases() -> str:
    lines = ["phases:"]
    for i in range(1, 31):
        lines += [f"  - id: phase-{i}", f"    name: Phase of the {['Spring', 'Summer', 'Autumn', 'Winter'][i % 4]} "
                  f"Market {i}", f"    summary: {_sentence(i, 150)}", f"    rules: {_sentence(i + 1, 60)}"]
        if i % 10 == 0:
            lines += ["    optional: true", "    condition: The caravan expansion is in play."]
    return "\n".join(lines) + "\n"


def _dice() -> str:
    lines = ["tables:"]
    for t in range(1, 7):
        lines += [f"  - id: table-{t}", f"    title: Caravan event {t}", "    dice: 1d6", "    rows:"]
        for roll in range(1, 7):
            lines += [f"      - roll: '{roll}'", f"        result: {_sentence(roll + t, 90)}"]
    return "\n".join(lines) + "\n"


def _terms() -> str:
    lines = ["terms:"]
    for i in range(1, 25):
        lines += [f"  - id: word-{i}", f"    term: Trade word {i}", f"    short: {_sentence(i, 120)}",
                  "    cheatsheet: true"]
    return "\n".join(lines) + "\n"


def _game() -> str:
    consts = "\n".join(f"  c{i}: {{value: {i}, label: A number of grain tokens the rules need in place {i}}}"
                       for i in range(1, 16))
    return (f"id: {GAME_ID}\ntitle: {TITLE}\nversion: \"1.0\"\nsummary: Caravans trade spices.\n"
            f"end_of_game:\n  - {_sentence(2, 160)}\n  - {_sentence(5, 160)}\nscoring:\n  - {_sentence(7, 160)}\n"
            f"constants:\n{consts}\n")


FILES = {"game.yaml": _game(), "phases.yaml": _phases(), "dice.yaml": _dice(), "terms.yaml": _terms()}


def project_files(prefix: str = "rules_data") -> dict[str, str]:
    """The fixture as files for ``sitekit.make_project``."""
    return {f"{prefix}/{GAME_ID}/{name}": text for name, text in FILES.items()}
