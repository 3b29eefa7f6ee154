"""The bad input corpus: one mistake each, made in a copy of a real seed game.

A case names its base game (copied from rules_data/), the file it breaks (inside the game's folder,
or a project path starting with ``docs/`` for prose pages), the transformation (text replacement,
raw bytes, a whole new file) and what ``rulecraft check`` and ``mkdocs build`` must say: the problem
code, the file and the line. The line is given by a *needle*, the text of the broken file the
message must point at (the line where its first occurrence starts), so the expectations stay exact
while the seed games grow; an ``int`` is a literal line, ``EOF`` the end of the file (the line after
the last newline, where a parser that ran out of text reports), and 0 means "the whole file" (the loader's convention for problems without a line: a file over the size
limit, a misnamed file).

tests/test_bad_input.py checks every case: exit 1, ``file:line[:col]: error[code]`` in the output,
no traceback, both from the real ``rulecraft check`` and from a real MkDocs build.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Edit = Callable[[bytes], bytes]

CW = "corporate-warfare"
JC = "john-company"
EOF = -1  # `at`: the end of the broken file


# --- transformations ---------------------------------------------------------------------------------


def replace(old: str, new: str, nth: int = 0) -> Edit:
    """Replace the ``nth`` occurrence of ``old`` (it must be there, or the seed game changed)."""

    def edit(raw: bytes) -> bytes:
        text = raw.decode("utf-8")
        start = -1
        for _ in range(nth + 1):
            start = text.find(old, start + 1)
            if start < 0:
                raise AssertionError(f"seed text {old!r} (occurrence {nth}) not found: update the case")
        return (text[:start] + new + text[start + len(old):]).encode("utf-8")

    return edit


def insert_after(anchor: str, new: str) -> Edit:
    return replace(anchor, anchor + new)


def delete(old: str) -> Edit:
    return replace(old, "")


def append(new: str) -> Edit:
    return lambda raw: raw + new.encode("utf-8")


def prepend(new: str) -> Edit:
    """Insert after the first line (the schema comment), so the file still starts like rule data."""

    def edit(raw: bytes) -> bytes:
        head, _, rest = raw.partition(b"\n")
        return head + b"\n" + new.encode("utf-8") + rest

    return edit


def whole(content: str | bytes) -> Edit:
    return lambda raw: content if isinstance(content, bytes) else content.encode("utf-8")


def chain(*edits: Edit) -> Edit:
    def edit(raw: bytes) -> bytes:
        for one in edits:
            raw = one(raw)
        return raw

    return edit


def billion_laughs(levels: int = 10) -> str:
    """Nine 'lol's, then nine aliases of the previous list per level: 9**10 values once expanded."""
    lines = ['lol0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def nested_use_svg_uri(levels: int = 6) -> str:
    """A 3 KB SVG picture as a data: URI whose nested <use> elements draw 10**levels rectangles."""
    import base64

    svg = ("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'><defs>"
           "<g id='l0'><rect width='1' height='1'/></g>"
           + "".join(f"<g id='l{i}'>" + f"<use xlink:href='#l{i - 1}'/>" * 10 + "</g>" for i in range(1, levels + 1))
           + f"</defs><use xlink:href='#l{levels}'/></svg>")
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def indented(lines: list[str], by: int) -> str:
    """Lines for a YAML block scalar indented ``by`` spaces."""
    return "".join(" " * by + line + "\n" for line in lines)


FULLWIDTH_EMPLOYEE = "".join(chr(ord(c) + 0xFEE0) for c in "Employee")  # 'Ｅｍｐｌｏｙｅｅ': NFKC reads 'Employee'

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"


# --- the case table ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    category: str
    game: str  # base game, copied from rules_data/
    file: str  # inside rules_data/<game>/, or a project path starting with "docs/"
    edit: Edit
    code: str
    at: str | int  # needle, literal line, EOF, or 0 for the whole file

    @property
    def path(self) -> str:
        """The file as messages show it: relative to the project, where both commands run."""
        return self.file if self.file.startswith("docs/") else f"rules_data/{self.game}/{self.file}"

    def apply(self, project: Path) -> int:
        """Break the project (holding a copy of the base game); return the line messages must name."""
        target = project / self.path
        before = target.read_bytes() if target.exists() else b""
        after = self.edit(before)
        assert after != before, f"case {self.name}: the transformation changed nothing"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(after)
        text = after.decode("utf-8", errors="replace")
        if self.at == EOF:
            return text.count("\n") + 1
        if isinstance(self.at, int):
            return self.at
        start = text.find(self.at)
        assert start >= 0, f"case {self.name}: needle {self.at!r} not in the broken file"
        return text.count("\n", 0, start) + 1


C = Case
CASES: list[Case] = [
    # --- YAML syntax and structure -----------------------------------------------------------------
    C("unclosed-flow-sequence", "yaml", CW, "phases.yaml",
      replace("    terms: [employee, department]", "    terms: [employee, department"),
      "yaml-syntax", "  - id: action"),
    C("unclosed-quote", "yaml", CW, "terms.yaml",
      replace("    short: A token that works", '    short: "A token that works'), "yaml-syntax", EOF),
    C("tab-indentation", "yaml", CW, "phases.yaml",
      replace("    name: Allocation", "\tname: Allocation"), "yaml-syntax", "\tname: Allocation"),
    C("colon-in-plain-value", "yaml", CW, "phases.yaml",
      replace("    summary: Place every employee token in one department.",
              "    summary: Placement: every employee token goes in one department."),
      "yaml-syntax", "Placement:"),
    C("duplicate-key", "yaml", CW, "game.yaml",
      insert_after("title: Corporate Warfare\n", "title: Corporate Wars\n"), "duplicate-key",
      "title: Corporate Wars"),
    C("second-document", "yaml", CW, "terms.yaml", append("---\nterms: []\n"), "yaml-syntax", "---"),
    C("python-tag", "yaml", CW, "game.yaml",
      replace("subtitle: CEOs, dice and dirty tricks", 'subtitle: !!python/object/apply:os.system ["echo pwned"]'),
      "yaml-tag", "subtitle:"),
    C("merge-key", "yaml", CW, "game.yaml",
      chain(replace("  starting-employees: {", "  starting-employees: &three {"),
            replace("  starting-hand: {value: 2,", "  starting-hand: {<<: *three, value: 2,")),
      "yaml-merge", "<<: *three"),
    C("recursive-alias", "yaml", CW, "phases.yaml",
      replace("    see: [execution]", "    see: &loop [execution, *loop]"), "yaml-alias", "see: &loop"),
    C("billion-laughs", "yaml", CW, "terms.yaml", prepend(billion_laughs()), "yaml-too-big", 1),
    C("deep-nesting", "yaml", CW, "game.yaml",
      replace("subtitle: CEOs, dice and dirty tricks", "subtitle: " + "[" * 100 + "]" * 100),
      "yaml-depth", "subtitle:"),
    C("undefined-alias", "yaml", CW, "dice.yaml",
      replace("    modifiers: *methods", "    modifiers: *method"), "yaml-syntax", "modifiers: *method\n"),
    C("nesting-bomb", "yaml", CW, "game.yaml",  # deeper than Python's recursion limit
      replace("subtitle: CEOs, dice and dirty tricks", "subtitle: " + "[" * 5000 + "]" * 5000),
      "yaml-depth", "subtitle:"),
    C("pasted-terminal-colour", "yaml", CW, "terms.yaml",
      replace("    term: Hand limit", "    term: \x1b[1mHand limit\x1b[0m"), "yaml-syntax", "term: \x1b"),
    C("bad-boolean-tag", "yaml", JC, "phases.yaml",
      replace("    optional: true", "    optional: !!bool maybe"), "yaml-value", "optional: !!bool maybe"),
    C("hex-number-bomb", "yaml", CW, "game.yaml",
      replace("starting-employees: {value: 3,", "starting-employees: {value: 0x" + "f" * 4000 + ","), "yaml-value",
      "value: 0x"),
    C("list-as-key", "yaml", CW, "game.yaml",
      replace("  sale-price: {value: 3,", "  [sale, price]: {value: 3,"), "yaml-key", "[sale, price]"),
    C("impossible-date", "yaml", CW, "game.yaml",
      append('changelog:\n  - version: "1.0"\n    date: 2024-13-45\n'), "yaml-value", "date: 2024-13-45"),
    # --- files: encoding, size, names --------------------------------------------------------------
    C("empty-file", "file", CW, "cards.yaml", whole(b""), "empty-file", 1),
    C("comments-only", "file", CW, "cards.yaml",
      whole("# yaml-language-server: $schema=../../plugins/rulecraft/schemas/cards.schema.json\n# decks: later\n"),
      "empty-file", 1),
    C("null-file", "file", CW, "cards.yaml", whole("# the decks come later\n~\n"), "empty-file", 1),
    C("byte-order-mark", "file", CW, "terms.yaml", lambda raw: codecs.BOM_UTF8 + raw, "encoding", 1),
    C("utf-16", "file", CW, "terms.yaml", lambda raw: raw.decode("utf-8").encode("utf-16"), "encoding", 1),
    C("latin-1-byte", "file", CW, "terms.yaml",
      lambda raw: raw.replace(b"term: Department", b"term: D\xe9partment", 1), "encoding", "term: D"),
    C("binary-file", "file", JC, "icons.yaml", whole(PNG), "binary-file", 3),  # the first NUL is on line 3
    C("huge-file", "file", CW, "terms.yaml", lambda raw: raw + b"# padding\n" * 200_001, "file-too-big", 0),
    C("yml-extension", "file", JC, "cards.yml",
      whole("decks:\n  - id: india\n    name: India cards\n"), "file-name", 0),
    C("unknown-file-name", "file", JC, "glossary.yaml",
      whole("terms:\n  - id: nabob\n    term: Nabob\n    short: A rich returnee.\n"), "file-name", 0),
    # --- schema: keys, types, required fields, model rules -------------------------------------------
    C("unknown-key-typo", "schema", CW, "phases.yaml",
      replace("    summary: Place every", "    sumary: Place every"), "schema-extra-forbidden", "sumary:"),
    C("text-for-number", "schema", CW, "cards.yaml",
      replace("        qty: 2", "        qty: two"), "schema-int-parsing", "qty: two"),
    C("number-for-text", "schema", CW, "game.yaml",
      insert_after("title: Corporate Warfare\n", "version: 1.0\n"), "schema-string-type", "version: 1.0"),
    C("boolean-for-text", "schema", JC, "icons.yaml",
      replace("    label: Circle", "    label: Yes"), "schema-string-type", "label: Yes"),
    C("text-for-list", "schema", CW, "phases.yaml",
      replace("    see: [execution]", "    see: execution"), "schema-list-type", "see: execution"),
    C("missing-card-name", "schema", CW, "cards.yaml",
      delete("        name: Reconversion\n"), "schema-missing", "- id: reconversion"),
    C("missing-summary", "schema", CW, "game.yaml",
      chain(delete("summary: >-\n"),
            delete("  Each player runs a corporation: assign employees to four departments, roll for results,\n"),
            delete("  play {term:special-action|Special Action cards} and spy on rivals until one company is rich.\n")),
      "schema-missing", "id: corporate-warfare"),
    C("invalid-id", "schema", CW, "terms.yaml",
      replace("  - id: hand-limit", "  - id: Hand Limit"), "schema-string-pattern-mismatch", "id: Hand Limit"),
    C("top-level-list", "schema", CW, "phases.yaml", delete("phases:\n"), "schema-top-level", "- id: allocation"),
    C("modifier-count-backwards", "schema", CW, "dice.yaml",
      replace("        count: [0, 4]", "        count: [4, 0]"), "schema-value-error", "- id: market-research"),
    C("row-with-roll-and-face", "schema", CW, "dice.yaml",
      insert_after("      - roll: 1+\n", "        face: one\n"), "schema-value-error", "- roll: 1+"),
    C("table-without-dice", "schema", CW, "dice.yaml",
      delete("    dice: 1d6\n"), "schema-value-error", "- id: market-demand"),
    C("glyph-two-kinds", "schema", JC, "icons.yaml",
      replace('    glyph: {text: "◎"}', '    glyph: {text: "◎", emoji: "⭕"}'), "schema-value-error",
      'glyph: {text: "◎", emoji'),
    C("javascript-image-glyph", "schema", JC, "icons.yaml",
      replace('    glyph: {text: "◎"}', '    glyph: {image: "javascript:window.__pwned=1"}'), "schema-value-error",
      "glyph: {image:"),
    C("optional-phase-without-condition", "schema", JC, "phases.yaml",
      delete("    condition: The {term:deregulation} law has passed.\n"), "schema-value-error", "- id: firms"),
    C("players-range-backwards", "schema", CW, "game.yaml",
      insert_after("title: Corporate Warfare\n", "players: {min: 4, max: 2}\n"), "schema-value-error", "players:"),
    C("no-decks", "schema", CW, "cards.yaml", whole("decks: []\n"), "schema-too-short", "decks: []"),
    # --- dice notation -----------------------------------------------------------------------------
    C("dice-notation-x", "dice", CW, "dice.yaml", replace("    dice: 1d6", "    dice: 1x6"),
      "schema-value-error", "dice: 1x6"),
    C("zero-dice", "dice", JC, "dice.yaml", replace("    dice: 1d6", "    dice: 0d6"),
      "schema-value-error", "dice: 0d6"),
    C("roll-backwards", "dice", JC, "dice.yaml", replace("      - roll: 3-4", "      - roll: 4-3"),
      "schema-value-error", "roll: 4-3"),
    C("roll-in-words", "dice", JC, "dice.yaml", replace("      - roll: 5+", "      - roll: five or more"),
      "schema-value-error", "roll: five or more"),
    # --- dice coverage, custom dice ------------------------------------------------------------------
    C("dice-gap", "dice", JC, "dice.yaml", replace("      - roll: 1-2", "      - roll: 1"), "dice-gap",
      "- roll: 1\n"),
    C("dice-overlap", "dice", JC, "dice.yaml", replace("      - roll: 1-2", "      - roll: 1-3"),
      "dice-overlap", "- roll: 3-4"),
    C("dice-unreachable-row", "dice", CW, "dice.yaml",
      replace("      - roll: 1-6\n", "      - roll: 7+\n        result: Nothing happens.\n      - roll: 1-6\n"),
      "dice-unreachable", "roll: 7+"),
    C("face-row-in-numeric-table", "dice", CW, "dice.yaml", replace("      - roll: 1+", "      - face: one"),
      "dice-face-row", "face: one"),
    C("numeric-row-for-custom-die", "dice", JC, "dice.yaml", replace("      - face: calm", "      - roll: 6"),
      "dice-roll-row", "roll: 6"),
    C("unknown-face", "dice", JC, "dice.yaml", replace("      - face: calm", "      - face: clam"),
      "dice-unknown-face", "face: clam"),
    C("custom-die-face-missing-from-table", "dice", JC, "dice.yaml",
      insert_after('        glyph: "4"\n', "      - id: typhoon\n        label: 5 with a typhoon\n"),
      "dice-gap", "      - face: storms-everywhere"),
    C("face-twice-in-table", "dice", JC, "dice.yaml", replace("      - face: calm", "      - face: storm-south"),
      "dice-overlap", "face: storm-south\n        result: No storm"),
    # --- dangling references, one of each kind -----------------------------------------------------
    C("dangling-term-in-text", "reference", CW, "cards.yaml", replace("see {term:bluff}", "see {term:bluf}"),
      "dangling-term", "{term:bluf}"),
    C("dangling-constant", "reference", CW, "cards.yaml",
      replace("{const:starting-hand}", "{const:starting-hands}"), "dangling-const", "{const:starting-hands}"),
    C("dangling-phase", "reference", CW, "phases.yaml", replace("    see: [execution]", "    see: [exekution]"),
      "dangling-phase", "see: [exekution]"),
    C("dangling-dice-in-list", "reference", CW, "phases.yaml",
      replace("    dice: [market-demand, production-roll,", "    dice: [market-demand, production-rolls,"),
      "dangling-dice", "production-rolls"),
    C("dangling-dice-in-text", "reference", CW, "game.yaml",
      replace("{dice:bluff-penalty}", "{dice:bluff-penalties}"), "dangling-dice", "{dice:bluff-penalties}"),
    C("dangling-icon", "reference", JC, "phases.yaml",
      replace("{icon:lined-circle}", "{icon:lined-circles}"), "dangling-icon", "{icon:lined-circles}"),
    C("dangling-card", "reference", CW, "game.yaml",
      replace("can be put down as a claimed Espionage.", "can be put down as a claimed {card:espionag}."),
      "dangling-card", "{card:espionag}"),
    C("dangling-deck", "reference", CW, "phases.yaml",
      replace("cards} from their hand as they like.", "cards} from their hand ({deck:special-action}) as they like."),
      "dangling-deck", "{deck:special-action}"),
    C("dangling-custom-die", "reference", JC, "dice.yaml",
      replace("    custom_die: events-in-india-die", "    custom_die: events-die"), "dangling-die",
      "custom_die: events-die"),
    C("dangling-component", "reference", CW, "cards.yaml",
      replace("    component: special-action-deck", "    component: action-deck"), "dangling-component",
      "component: action-deck"),
    C("dangling-see-also", "reference", CW, "terms.yaml", replace("    see_also: [storage]", "    see_also: [storag]"),
      "dangling-term", "see_also: [storag]"),
    C("dangling-cheatsheet-constant", "reference", CW, "game.yaml",
      replace("sale-price, hand-limit, win-threshold]", "sale-price, hand-limit, win-treshold]"),
      "dangling-const", "win-treshold]"),
    C("dangling-shared-glossary", "reference", CW, "game.yaml",
      insert_after("title: Corporate Warfare\n", "glossaries: [business-terms]\n"), "dangling-glossary", "glossaries:"),
    # --- ids, glossary, cards ------------------------------------------------------------------------
    C("duplicate-term-id", "consistency", CW, "terms.yaml", replace("  - id: storage", "  - id: upkeep"),
      "duplicate-id", "id: upkeep\n    term: Storage"),
    C("term-clash", "consistency", CW, "terms.yaml",
      replace("    aliases: [storage costs]", "    aliases: [Upkeep costs]"), "term-clash", "[Upkeep costs]"),
    # --- look-alike names: invisible characters and compatibility forms ---------------------------------
    C("zero-width-space-in-term", "look-alike", CW, "terms.yaml",
      replace("    term: Employee", "    term: Emplo\u200byee"), "schema-invisible-character", "term: Emplo"),
    C("right-to-left-override-in-id", "look-alike", CW, "terms.yaml",
      replace("  - id: hand-limit", "  - id: hand-\u202etimil"), "schema-invisible-character", "id: hand-"),
    C("soft-hyphen-in-alias", "look-alike", CW, "terms.yaml",
      replace("    aliases: [bluffing]", "    aliases: [bluff\u00adfing]"), "schema-invisible-character",
      "[bluff\u00adfing]"),
    C("delete-character-in-title", "look-alike", CW, "game.yaml",  # a YAML escape: the file itself is text
      replace("title: Corporate Warfare", 'title: "Corporate\\x7fWarfare"'), "schema-invisible-character",
      "title:"),
    C("fullwidth-look-alike-alias", "look-alike", CW, "terms.yaml",
      replace("    aliases: [storage costs]", f"    aliases: [storage costs, {FULLWIDTH_EMPLOYEE}]"),
      "term-clash", FULLWIDTH_EMPLOYEE),
    C("term-word-without-letters", "consistency", CW, "terms.yaml",
      replace("    aliases: [bluffing]", '    aliases: [bluffing, "…"]'), "term-word", '"…"'),
    C("term-see-also-itself", "consistency", CW, "terms.yaml",
      replace("    see_also: [bluff, sabotage]", "    see_also: [espionage, bluff, sabotage]"),
      "term-see-also-self", "see_also: [espionage, bluff"),
    # (A card count against its deck's printed size: no seed deck prints one since Corporate Warfare's stopped
    # claiming 18; tests/unit/cli/test_cli.py's broken copy writes a size first and covers it.)
    C("game-id-not-folder", "consistency", CW, "game.yaml",
      replace("id: corporate-warfare", "id: corporate-wars"), "id-mismatch", "id: corporate-wars"),
    # --- unbounded rendering: embedded pictures, Markdown nested past the budget ----------------------
    C("data-svg-picture-in-card-text", "unbounded", CW, "cards.yaml",
      replace("see {term:bluff}", f"see ![the ship]({nested_use_svg_uri()}) {{term:bluff}}"), "data-uri",
      "data:image/svg+xml"),
    C("data-img-in-definition", "unbounded", CW, "terms.yaml",
      replace("      bluff; see the Espionage", f'      bluff; <img src="{nested_use_svg_uri()}"> see the Espionage'),
      "data-uri", "<img src="),
    C("nested-emphasis-in-term", "unbounded", CW, "terms.yaml",
      replace("    short: A token that works", "    short: A " + "*" * 6000 + "x" + "*" * 6000 + " token that works"),
      "markdown-too-deep", "    short: A *"),
    C("bracket-run-in-summary", "unbounded", CW, "phases.yaml",
      replace("    summary: Place every", "    summary: Place " + "[" * 5000 + " every"), "markdown-too-deep",
      "    summary: Place [["),
    C("nested-reference-definitions", "unbounded", CW, "terms.yaml",
      replace("    definition: >-\n      Played face down", "    definition: |-\n" + indented(
          ["[" * 30 + f"r{i}" + "]" * 30 + f": https://example.org/{i}" for i in range(10)], 6) + "      Played face down"),
      "markdown-too-deep", "      [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[r0"),
    C("nested-lists-in-definition", "unbounded", CW, "terms.yaml",
      replace("    definition: >-\n      Played face down", "    definition: |-\n" + indented(
          ["    " * i + f"- level {i}" for i in range(50)], 6) + "      Played face down"),
      "markdown-too-deep", "- level 10\n"),
    C("deep-blockquote-in-definition", "unbounded", CW, "terms.yaml",
      replace("    definition: >-\n      Played face down", "    definition: |-\n      " + ">" * 300 + " quoted\n"
              "      Played face down"), "markdown-too-deep", "      >>>"),
    C("docs-data-picture", "unbounded", CW, "docs/corporate-warfare/notes.md",
      whole(f"# Designer's notes\n\nThe board:\n\n<img alt=\"board\" src=\"{nested_use_svg_uri()}\">\n"),
      "data-uri", "<img alt"),
    C("docs-deep-emphasis", "unbounded", CW, "docs/corporate-warfare/notes.md",
      whole("# Designer's notes\n\nSo: " + "*a " * 3000 + "x" + " a*" * 3000 + "\n"), "markdown-too-deep", "So: "),
    # --- prose pages ---------------------------------------------------------------------------------
    C("docs-bad-block-id", "docs", CW, "docs/corporate-warfare/notes.md",
      whole("# Designer's notes\n\nThe Execution phase in full:\n\n/// phase | exection\n///\n"),
      "dangling-phase", "/// phase | exection"),
    C("docs-unknown-game", "docs", CW, "docs/corporate-warfare/notes.md",
      whole("# Designer's notes\n\n/// dice-tables | corporate-welfare\n///\n"), "dangling-game", "/// dice-tables"),
    C("docs-block-without-id", "docs", CW, "docs/corporate-warfare/notes.md",
      whole("# Designer's notes\n\nOne card:\n\n/// card\n///\n"), "block-argument", "/// card"),
    C("docs-designer-note-bad-argument", "docs", CW, "docs/corporate-warfare/notes.md",
      whole("# Designer's notes\n\nWho goes first:\n\n/// designer-note | later\nAsk the publisher.\n///\n"),
      "block-argument", "/// designer-note"),
    C("docs-dangling-term", "docs", CW, "docs/corporate-warfare/notes.md",
      whole("# Designer's notes\n\nPay your\n{term:upkep} before anything else.\n"), "dangling-term",
      "{term:upkep}"),
    C("docs-bad-item-on-site-page", "docs", CW, "docs/about.md",
      whole("# About\n\nThe first phase:\n\n/// phase | corporate-warfare:alocation\n///\n"),
      "dangling-phase", "/// phase"),
]

BY_NAME = {case.name: case for case in CASES}
assert len(BY_NAME) == len(CASES), "case names must be unique"
