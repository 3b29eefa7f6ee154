"""Inline references inside rule text: {term:id}, {icon:id}, {const:id}, ...

One syntax for prose pages and for text fields in YAML. ``{kind:id|shown text}``
overrides the shown text; ``{plain:word}`` keeps a word from being auto-linked.
A backslash before the brace (``\\{term:x}``) keeps it literal.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

REF_KINDS = ("term", "icon", "const", "phase", "dice", "card", "deck", "section", "item", "table", "formula",
             "plain")
# Both open with the brace, the look-behind for a backslash before it one character further on: a regex opening
# with a look-behind is tried at every position of the text, one opening with a literal only where the engine
# finds that character, in C (200 pages, every reference found: 8.2 -> 0.5 ms).
REF_RE = re.compile(r"\{(?<!\\\{)(" + "|".join(REF_KINDS) + r"):([^{}|\n]+?)(?:\|([^{}\n]*))?\}")
# Anything shaped like a reference, whatever its kind: `{phsae:hiring}` is a typo to report, not text.
ANY_REF_RE = re.compile(r"\{(?<!\\\{)([A-Za-z][\w-]*):([^{}|\n]+?)(?:\|([^{}\n]*))?\}")

# Words that mark unfinished text, in any case ("-- todo" is as unfinished as "TODO").
# (Not XXX: it is also a Roman numeral.)
PLACEHOLDER_RE = re.compile(r"\b(TODO|TBD|FIXME)\b|\?\?\?|lorem ipsum", re.IGNORECASE)


@dataclass(frozen=True)
class Ref:
    kind: str
    target: str
    text: str | None
    start: int
    end: int


def find_refs(text: str) -> list[Ref]:
    return [Ref(m.group(1), m.group(2).strip(), m.group(3), m.start(), m.end()) for m in REF_RE.finditer(text)]


def find_unknown_kinds(text: str) -> list[Ref]:
    """References whose kind is not one of REF_KINDS (``{phsae:x}``, ``{Term:x}``)."""
    if "{" not in text:
        return []
    return [Ref(m.group(1), m.group(2).strip(), m.group(3), m.start(), m.end()) for m in ANY_REF_RE.finditer(text)
            if m.group(1) not in REF_KINDS]


def unknown_kind_message(kind: str) -> tuple[str, str]:
    """(message, hint with a did-you-mean) for a reference of an unknown kind."""
    close = difflib.get_close_matches(kind.lower(), REF_KINDS, n=1, cutoff=0.5)
    kinds = ", ".join(REF_KINDS)
    hint = (f"did you mean {{{close[0]}:...}}? " if close else "") + f"reference kinds are: {kinds}"
    return f"unknown reference kind '{kind}'", hint


def qualify(text: str, game_id: str) -> str:
    """Pin unqualified references to a game: {term:x} -> {term:game:x} (for blocks showing another game)."""

    def pin(match: re.Match) -> str:
        if match.group(1) == "plain" or ":" in match.group(2):
            return match.group(0)
        rest = f"|{match.group(3)}" if match.group(3) is not None else ""
        return f"{{{match.group(1)}:{game_id}:{match.group(2).strip()}{rest}}}"

    return REF_RE.sub(pin, text)


def plain_text(text: str, name_of) -> str:
    """Replace references by the words they show (``name_of(kind, id)`` gives an item's name)."""

    def shown(match: re.Match) -> str:
        if match.group(3) and match.group(3).strip():
            return match.group(3).strip()
        return name_of(match.group(1), match.group(2).strip()) or match.group(2).strip()

    return REF_RE.sub(shown, text)


def plain_words(text: str | None, name_of) -> str:
    """A Markdown text as the words it shows, for a line of plain text (references named, marks gone)."""
    if not text:
        return ""
    return re.sub(r"[*_`]|\[|\]\([^)]*\)", "", plain_text(text, name_of)).strip()


def find_placeholders(text: str) -> list[re.Match]:
    return list(PLACEHOLDER_RE.finditer(text))


# Blocks (pymdownx Blocks syntax): `/// name | argument`. Blocks that show one item take its id
# (optionally `game-id:item-id`); blocks that show a whole game take an optional game id.
ITEM_BLOCKS = {"phase": "phase", "dice": "dice", "deck": "deck", "card": "card", "section": "section",
               "table": "table", "formula": "formula", "cheatsheet-variant": "variant", "catalog-kind": "kind"}
GAME_BLOCKS = ("overview", "turn", "phase-list", "dice-tables", "components", "setup", "end-of-game", "scoring",
               "constants", "icons", "cards", "glossary", "changelog", "status", "cheatsheet", "open-questions",
               "catalog", "reference-tables", "formulas", "play", "faq")
SITE_BLOCKS = ("games", "title", "designer-note")
NOTE_KINDS = ("note", "todo")  # `/// designer-note` (a remark) or `/// designer-note | todo` (something missing)
BLOCK_RE = re.compile(r"^[ ]{0,3}(/{3,})[ ]*([\w-]+)[ ]*(?:\|[ ]*(.*?))?[ ]*$", re.MULTILINE)


def split_target(argument: str) -> tuple[str | None, str]:
    """'john-company:retirement' -> ('john-company', 'retirement'); 'retirement' -> (None, 'retirement')."""
    if ":" in argument:
        game, _, item = argument.partition(":")
        return game.strip() or None, item.strip()
    return None, argument.strip()


# What the term linker never links, in Markdown source: the checker's "is this term used?" skips it too.
# The code spans' and links' patterns open with a literal ("``*" for "`+", "!\[|\[" for "!?\[": the same
# matches), so the engine skips in C to each backtick or bracket instead of trying every position
# (200 pages: code spans 6.0 -> 0.6 ms, links 5.7 -> 2.1 ms, per pass).
_UNLINKED_RES = [
    re.compile(r"^[ ]{0,3}(`{3,}|~{3,})[^\n]*\n.*?(?:^[ ]{0,3}\1[ \t]*$|\Z)", re.MULTILINE | re.DOTALL),  # fences
    re.compile(r"<!--.*?-->", re.DOTALL),                                                         # comments
    re.compile(r"(``*)(?!`).+?(?<!`)\1(?!`)", re.DOTALL),                                         # code spans
    re.compile(r"^[ ]{0,3}#{1,6}(?:[ \t][^\n]*)?$", re.MULTILINE),                                # ATX headings
    re.compile(r"^[^\n]+\n[ ]{0,3}(?:=+|-+)[ \t]*$", re.MULTILINE),                               # setext headings
    re.compile(r"^[ ]{0,3}(?:!!!|\?\?\?\+?|/{3,})[^\n]*$", re.MULTILINE),                          # admonitions, blocks
    re.compile(r"(?:!\[|\[)(?:[^\[\]]|\[[^\[\]]*\])*\](?:\([^)\n]*\)|\[[^\]\n]*\])"),             # links, images
    re.compile(r"<(a|code|pre|kbd|samp|h[1-6])\b[^>]*>.*?</\1\s*>", re.DOTALL | re.IGNORECASE),    # raw HTML
    re.compile(r"<[^>\n]+>"),                                                                     # other tags
    REF_RE,                                                                                       # {kind:...}
]


def code_blanked(markdown: str, always: bool = False) -> str:
    """Markdown with fenced code, code spans and HTML comments blanked out, offsets kept: where a
    ``{kind:...}`` is shown as code, not meant. Without ``always`` a text with no '{' is returned
    as it is (nothing in it is a reference)."""
    if "{" not in markdown and not always:
        return markdown
    for pattern in _UNLINKED_RES[:3]:  # fences, comments, code spans
        markdown = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), markdown)
    return markdown


def linkable_text(markdown: str) -> str:
    """Markdown with what is never auto-linked blanked out: code, headings, links, images, raw HTML,
    admonition titles and every {kind:...} reference ({plain:...} included)."""
    for pattern in _UNLINKED_RES:
        if pattern is REF_RE and "{" not in markdown:
            continue
        markdown = pattern.sub(" ", markdown)
    return markdown
