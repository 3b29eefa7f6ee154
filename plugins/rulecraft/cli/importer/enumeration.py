"""The enumeration token an author types before an entry, whatever its shape, set apart from the entry.

Rulebooks number their entries in every way a keyboard allows: '3.', '3.1', '§ 4.1', '(a)', 'B)', 'IV.',
'Step 3:', '#3', '01' (a zero-padded number in its own span), '①', '1️⃣', or a bullet typed as a character
('•', '►', '☐'). None of them is part of the entry's name or text: the name of '§ 4.1 Spring Flood. Roll …' is
'Spring Flood', and a case '4.1 The players decide …' is the step 'The players decide …'. :func:`split_lead`
returns the token and the rest, so every reader sees the entry's lead in one shape.

A bare number ('3 Shuffle …') is a token only when the caller knows the paragraphs run in sequence: '3 cards
each' is a quantity. A number is never a token when the rest starts with a digit or a lower-case word
('3.5 mm', '2 players').
"""

from __future__ import annotations

import re

from .outline import Paragraph, Remark

_GLYPHS = "•◦▪▫■□●○◆◇►▸▹▶➤➢→⇒✓✔☐☑☒✗✘★☆◉◎❖"
# the token itself; the order matters (a dotted number before a plain one, '§ 4.1' whole)
_TOKEN = (r"(?:\d\ufe0f?\u20e3)+"  # keycaps 1️⃣
          r"|[\u2460-\u2473\u2776-\u2793\u24b6-\u24e9]"  # ① ❶ Ⓐ
          rf"|[{_GLYPHS}]"
          r"|§+\s*(?:\d{1,3}(?:\.\d{1,3})*[a-z]?\.?)?"  # § 4.1
          r"|(?:step|stage|case|rule|no\.|nr\.|#)\s*\d{1,3}(?:\.\d{1,3})*[a-z]?\s*[.:)–—-]?"  # Step 3:, #3
          r"|(?:\d{1,2}|[IVX]{1,4}|[A-H])(?:\.\d{1,2})+\.?"  # 3.1, 4.1.2, 2.0., II.3, B.2
          r"|\(\s*(?:\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})\s*\)"  # (3) (a) (iv)
          r"|(?:\d{1,2}|[a-z]|[ivx]{1,4}|[IVX]{1,4}|[A-H])[.)]"  # 3. 3) a) A. IV.
          r"|0\d(?=\s)"  # 01: a zero-padded step number
          r"|(?:\d{1,2}|[IVX]{1,4})\s*·(?=\s)")  # '1 · KINDLE': a number and a middle dot
_NUMBERISH = re.compile(r"^(?:§\s*)?\d|^[IVXA-H]+\.\d")
_LEAD = re.compile(rf"^(?P<open>\*\*|__|\*|_)?(?P<token>{_TOKEN})(?P<close>(?(open)(?:(?P=open))?|))"
                   r"(?P<space>\s*)(?P<rest>\S.*)$", re.S | re.I)
_BARE = re.compile(r"^(?P<open>\*\*|__)?(?P<token>\d{1,2})(?P<close>(?(open)(?:(?P=open))?|))\s+(?P<rest>\S.*)$", re.S)
_GLYPH_TOKEN = re.compile(rf"^(?:(?:\d\ufe0f?\u20e3)+|[\u2460-\u2473\u2776-\u2793\u24b6-\u24e9{_GLYPHS}])$")


def _fits(token: str, rest: str, space: str, open_: str | None, close: str) -> bool:
    """Whether ``token`` is set apart from ``rest`` as a token: a space after it (a glyph needs none), and a
    number followed by a name or sentence, not by a digit or a lower-case word (a quantity, a measure)."""
    if not space and not _GLYPH_TOKEN.match(token):
        return False
    if open_ and not close and not rest.lstrip():
        return False
    body = rest.lstrip("*_ ")
    if not body or body[0].isdigit():
        return False
    if _NUMBERISH.match(token) and not re.search(r"[.)]$", token.strip()):
        return body[0].isupper() or body[0] in "\"'‘“(" or not body[0].isalpha()
    return True


def split_lead(text: str, bare: bool = False) -> tuple[str, str]:
    """(token, rest) of ``text``: the typed enumeration before the entry (see the module's docstring) and the
    entry with any emphasis that opened before the token kept ('**3.1 Point:** …' -> '**Point:** …'); ('',
    text) when there is none. ``bare``: a plain number ('3 Shuffle …') counts too."""
    for pattern in (_LEAD, _BARE) if bare else (_LEAD,):
        match = pattern.match(text.lstrip())
        if not match:
            continue
        open_, close = match.group("open"), match.group("close")
        raw, rest = match.group("token"), match.group("rest")
        token = raw.strip()
        space = match.groupdict().get("space", " ") or raw[len(token):] or raw[-1:].strip() == ""
        if token.lower().startswith("step") and pattern is _LEAD and not re.search(r"\d", token):
            continue
        if not _fits(token, rest, space, open_, close):
            continue
        if open_ and not close:  # '**3.1 Point:** …': the emphasis opened before the token stays
            rest = open_ + rest
        return token, rest
    return "", text


def strip_lead(text: str, bare: bool = False) -> str:
    return split_lead(text, bare)[1]


# '— 3 —', '- 12 -', '[p. 2]', 'Page 4', 'p. 7 of 16', '3 / 16': a page number standing alone
FOLIO = re.compile(r"^\s*(?:[\[(]?\s*(?:page|pg\.?|p\.)\s*\d{1,3}(?:\s*(?:/|of)\s*\d{1,3})?\s*[\])]?"
                   r"|[-–—~·•|=]+\s*\d{1,3}\s*[-–—~·•|=]+|\d{1,3}\s*(?:/|of)\s*\d{1,3})\s*$", re.I)


def _folio(text: str) -> bool:
    """A folio: a page number with the dashes, brackets or 'page' word around it (a bare '3' may be a step
    number set apart by styling, joined to its step by :func:`join_number_spans`)."""
    return bool(FOLIO.match(text))


DIE_FACES = re.compile(r"[\u2680-\u2685]")  # '⚂' set apart from its result is a roll, never decoration


def _pictographs(text: str) -> bool:
    """Only emoji or pictographs ('🌱' an icon above a card's title): decoration, no rule text."""
    from .text import undecorated

    return bool(text.strip()) and not undecorated(text).strip() and not DIE_FACES.search(text)


def drop_page_marks(stream: list, remarks: list[Remark]) -> list:
    """The stream without folios and icon-only paragraphs, each listed in ``remarks`` (never lost silently)."""
    out = []
    for block in stream:
        if isinstance(block, Paragraph) and _folio(block.text):
            remarks.append(Remark("furniture", f"page number dropped: '{block.text.strip()[:40]}'", block.line))
        elif isinstance(block, Paragraph) and _pictographs(block.text):
            remarks.append(Remark("furniture", f"icon without text dropped: '{block.text.strip()[:20]}'",
                                  block.line))
        else:
            out.append(block)
    return out


ONLY_TOKEN = re.compile(rf"^\s*(?:\*\*|__)?(?:{_TOKEN}|\d{{1,2}}|[\u2680-\u2685]{{1,3}})(?:\*\*|__)?\s*$", re.I)


def join_number_spans(stream: list) -> list:
    """A paragraph that is only a step number ('01', '3.', 'Step 2', '①': a number set in its own element
    beside its step) joins the paragraph right after it, so the step reads '01 Give each player …'."""
    out: list = []
    for block in stream:
        before = out[-1] if out else None
        if isinstance(block, Paragraph) and isinstance(before, Paragraph) and ONLY_TOKEN.match(before.text) \
                and not ONLY_TOKEN.match(block.text) and not _folio(before.text):
            out[-1] = Paragraph(f"{before.text.strip()} {block.text.lstrip()}", before.line)
            continue
        out.append(block)
    return out
