"""Copied text as Markdown that can only ever show text: the one escape every imported string goes through.

A rulebook's text may look like markup (``<img onerror=…>``, ``[x](javascript:…)``, ``{: onclick=… }``,
``/// details``); whichever reader found it, and whatever a recogniser did to it since (``plain`` drops
backslash escapes), the outline seals it with :func:`sealed` and the writers pass every string they write
through :func:`inert` again. What stays live is what the readers make on purpose: emphasis, code, and links to
``http(s):`` or ``mailto:`` addresses; the references the recognisers write (``{const:…}``, ``{phase:…}``).

Escapes are character references (``&lt;``, ``&#40;``), not backslashes: they read the same on the page, and no
later step that removes Markdown's backslash escapes can bring the markup back. Each rule leaves text it
already escaped unchanged, so escaping twice is escaping once.
"""

from __future__ import annotations

import re

from .text import escape_refs

# '<' opening a tag, a comment, a declaration or an autolink ('<img', '</p', '<!--', '<?', '<javascript:…>')
_TAG_OPEN = re.compile(r"<(?=[A-Za-z/!?])")
# '{' opening an attribute list ('{: onclick=… }', '{ .x }') or a template ('{{ … }}', '{% … %}'); a reference
# ('{term:…}') is left to escape_refs, so the recognisers' own references stay
_BRACE = re.compile(r"(?<!\\)\{(?![A-Za-z][\w-]*:)")
# a link's or an image's target right after ']' ('[x](javascript:…)'): kept only for web and mail addresses
_TARGET = re.compile(r"\]\((?!\s*<?\s*(?:https?://|mailto:))", re.I)
# '[r]: javascript:…': a reference definition, which makes any '[r]' in the page a link to it
_DEFINITION = re.compile(r"\]:")
# a line that opens a block (Rulecraft's and pymdownx's '///', admonitions '!!!', details '???')
_BLOCK_LINE = re.compile(r"^([ \t]*)([/!?])(?=\2\2)", re.M)


def inert(text: str) -> str:
    """``text`` (inline Markdown) with everything that would be markup on the page made text."""
    text = _TAG_OPEN.sub("&lt;", text)
    text = _BRACE.sub(r"\\{", text)
    text = _TARGET.sub("]&#40;", text)
    text = _DEFINITION.sub("]&#58;", text)
    return _BLOCK_LINE.sub(lambda m: f"{m.group(1)}&#{ord(m.group(2))};", text)


def sealed(text: str) -> str:
    """Text read from a rulebook: :func:`inert`, and no Rulecraft reference either (``{term:x}`` in a rulebook
    is its text, never a link the importer made)."""
    return escape_refs(inert(text))
