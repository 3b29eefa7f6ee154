"""Template block tags alone on a line ('{% hint style="info" %}', '{% stepper %}', '{% tab title="…" %}'):
GitBook's Git-sync source and Jekyll pages wrap Markdown in them. They are markup, not rules text.

* a hint ('{% hint style="warning" %}' … '{% endhint %}') is a note of that style (a <div> the Markdown
  reader already reads as a note);
* a tab's title stays as a line of its own ('Short version:'), so no source text is lost;
* every other tag line ('{% step %}', '{% endstepper %}', '{% content-ref url=… %}') is a paragraph break.

One line out per line in, so every block keeps its source line.
"""

from __future__ import annotations

import re

from .outline import Remark

TAG_LINE = re.compile(r"^\s*\{%-?\s*(?P<name>[a-z][\w-]*)(?P<args>.*?)-?%\}\s*$", re.I)
ARG = re.compile(r"""(?P<key>[\w-]+)\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>\S+))""")
# tags whose output is inline text a writer put on the page, not a block wrapper
INLINE_ONLY = {"include", "link", "raw", "endraw", "assign", "capture", "endcapture"}


def has_block_tags(text: str) -> bool:
    """Two or more block tag lines, one of them a closing 'end…' tag: a template's blocks, not a stray brace."""
    names = [m.group("name").lower() for m in map(TAG_LINE.match, text.split("\n")) if m]
    return sum(n not in INLINE_ONLY for n in names) >= 2 and any(n.startswith("end") for n in names)


def _args(text: str) -> dict[str, str]:
    return {m.group("key").lower(): next(g for g in (m.group("dq"), m.group("sq"), m.group("bare")) if g is not None)
            for m in ARG.finditer(text)}


def to_markdown(lines: list[tuple[int, str]], remarks: list[Remark]) -> list[tuple[int, str]]:
    out = []
    for ln, raw in lines:
        match = TAG_LINE.match(raw)
        name = match.group("name").lower() if match else ""
        if not match or name in INLINE_ONLY:
            out.append((ln, raw))
            continue
        args = _args(match.group("args"))
        if name == "hint":
            out.append((ln, f'<div class="hint {args.get("style", "info")}">'))
        elif name == "endhint":
            out.append((ln, "</div>"))
        elif name == "tab" and args.get("title"):
            out.append((ln, f"{args['title'].rstrip(':')}:"))
        elif name == "embed" and args.get("url"):
            out.append((ln, f"<{args['url']}>"))
        else:
            out.append((ln, ""))
            if not name.startswith("end"):
                remarks.append(Remark("markup", f"template tag '{{% {name} %}}' read as a paragraph break", ln))
    return out
