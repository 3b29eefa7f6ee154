"""Small text helpers shared by the importer's readers and recognisers."""

from __future__ import annotations

import re
import unicodedata

# Underscores mark emphasis only at word edges, as in Python-Markdown ("window.__x=1 … y.__z" is text).
# A marker escaped with a backslash ('window.\_\_x') is the character, no emphasis.
_EMPH_RE = re.compile(r"(?<!\\)\*\*(?P<a>.+?)(?<!\\)\*\*|(?<![\w\\])__(?!\s)(?P<b>.+?)(?<![\s\\])__(?!\w)"
                      r"|(?<![\w*\\])(?P<m>[*_])(?!\s)(?P<c>.+?)(?<![\s\\])(?P=m)(?![\w*])")
# '{term:', and any brace shaped like a reference ('{sec:end}' from a LaTeX '\\ref'): the check reads every
# '{kind:' as a reference and fails an unknown kind, so copied text escapes them all
_REF_START_RE = re.compile(r"(?<!\\)\{([A-Za-z][\w-]*):")


def plain(text: str) -> str:
    """Inline Markdown without emphasis, code marks or link syntax, whitespace collapsed."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "")
    for _ in range(3):
        new = _EMPH_RE.sub(lambda m: next(g for g in (m["a"], m["b"], m["c"]) if g is not None), text)
        if new == text:
            break
        text = new
    text = re.sub(r"(?<!\w)(?<!\\)\*+|(?<!\\)\*+(?!\w)", "", text)  # stray markers ("China**")
    text = unescaped(text)
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip()


# '\-', '\+', '2\.': Markdown's backslash escapes (Google Docs' Markdown download escapes every such sign); a
# braced '\{' stays escaped: it keeps text that looks like a reference from being one
_MD_ESCAPE_RE = re.compile(r"\\([-!\"#$%&'()*+,./:;<=>?@\[\]^_`|~])")


def unescaped(text: str) -> str:
    """A name without Markdown's backslash escapes ('Phase 1 \\- Lookout' -> 'Phase 1 - Lookout')."""
    return _MD_ESCAPE_RE.sub(r"\1", text)


def _decor(char: str) -> bool:
    # emoji and pictographs (So), their variation selectors and joiners (Mn, Cf), modifier symbols (Sk)
    return char.isspace() or unicodedata.category(char) in ("So", "Sk", "Mn", "Cf")


def undecorated(text: str) -> str:
    """Text without the emoji or pictographs decorating its start and end ('🌅 Morning', 'Inn 🍲')."""
    start, end = 0, len(text)
    while start < end and _decor(text[start]):
        start += 1
    while end > start and _decor(text[end - 1]):
        end -= 1
    return text[start:end]


# what a link back to another page of a site says: '‹ Back to the game', 'Return to the index', 'Home'
BACK_WORDS = re.compile(r"^\W*(?:back|return|go back|home)\b.{0,40}$|^\s*[‹«←⬅].{0,40}$", re.I)


def slug(text: str, fallback: str = "item") -> str:
    """An id: lower case ascii letters, digits and '-'."""
    text = unicodedata.normalize("NFKD", plain(text)).encode("ascii", "ignore").decode()
    text = re.sub(r"&", " and ", text.lower())
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    if len(text) > 60:
        text = text[:60].rsplit("-", 1)[0]
    return text or fallback


class IdMaker:
    """Unique ids within one kind: 'storm', 'storm-2', ..."""

    def __init__(self):
        self.used: set[str] = set()

    def __call__(self, text: str, fallback: str = "item") -> str:
        base = slug(text, fallback)
        candidate, n = base, 2
        while candidate in self.used:
            candidate = f"{base}-{n}"
            n += 1
        self.used.add(candidate)
        return candidate


def first_sentence(text: str, limit: int = 200) -> str:
    # a living rule's case number ('5.2.1 Each Beast …') stays in the copied rules, not in a summary of them
    text = re.sub(r"^\d{1,3}(?:\.\d{1,3})+\.?\s+(?=\S)", "", text.strip())
    match = re.search(r"(?<=[.!?])\s+(?=[A-Z(*_])", text)
    sentence = text[:match.start()] if match else text
    if len(sentence) > limit:
        sentence = sentence[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"
    return sentence


def excerpt(text: str, limit: int = 80) -> str:
    """Text as the import report quotes it: white space folded, cut at ``limit`` characters with an ellipsis."""
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[:limit - 1] + "…"


def escape_refs(text: str) -> str:
    """Keep '{term:', '{sec:' and whatever else is shaped like a reference in copied text from being read as
    one."""
    return _REF_START_RE.sub(lambda m: "\\" + m.group(0), text)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", plain(text).lower())


_RANGE_DASH = re.compile(r"(?<=\d)--(?=\d)")


def range_dashes(text: str) -> str:
    """'11--36' typed for a range (pandoc's and TeX's way) as the en dash a typesetter prints: '11–36'."""
    return _RANGE_DASH.sub("\u2013", text)
