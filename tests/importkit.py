"""Hostile rulebooks for `rulecraft import`: one small document per source format, with a payload in every
field kind the importer reads (title, author, macro, heading, list item, term, table caption and cells,
dice table cells, paragraphs). What a rulebook *shows* as text must reach the site as text."""

from __future__ import annotations

import io

# Each payload is what the rulebook shows its reader: text that looks like markup. Every field gets each set.
PAYLOADS = {
    "a": ["<img src=x onerror=alert(1)>", "[x](javascript:alert(2))", "<svg onload=alert(3)>"],
    "b": ["<!-- x --><script>alert(4)</script>", "{{ config.site_name }} {% raw %}", "{term:pwn}",
          "<a href=\"javascript:alert(5)\">y</a>"],
    "c": ["*x*{: onclick=\"alert(6)\" }", "<javascript:alert(7)>", "[r]: javascript:alert(8)",
          "<details open ontoggle=alert(9)>"],
}
# a line of its own that opens a block in the site's Markdown, and a reference definition's line
LEADS = ["/// admonition | PWNBLOCK", "[r]: javascript:alert(10)"]


def _tex(text: str) -> str:
    """Text as LaTeX shows it: its special characters escaped."""
    out = text.replace("\\", "\\textbackslash{}")
    for char in "{}%&#_$":
        out = out.replace(char, "\\" + char)
    return out.replace("~", "\\textasciitilde{}").replace("^", "\\textasciicircum{}")


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _wiki(text: str) -> str:
    return "<nowiki>" + text + "</nowiki>" if any(c in text for c in "[]{}<>|'") else text


def book(fmt: str, key: str) -> tuple[str, bytes]:
    """(file name, bytes) of a rulebook in ``fmt`` whose every field holds the payloads of set ``key``."""
    p = PAYLOADS[key]
    a = b = c = " ".join(p)  # every payload of the set in each field
    d = p[-1]  # a term's name stays short enough to be read as one
    if fmt == "markdown":  # in Markdown, markup is markup: the payloads as the author typed them, then escaped
        e = _html(a)
        text = f"""---
title: Game {key} {a}
---

# Game {key} {a} {e}

By Ada {b} {_html(b)}

## Setting up {c} {_html(c)}

1. Take three coins {a} {e}
2. {LEADS[0]}
3. {LEADS[1]}

{LEADS[0]}

{LEADS[1]} and [r] too.

## Glossary

- **Coin {d}** -- A token {b} {_html(b)}.
- **Gem** -- A stone {c} {_html(c)}.

## Weather

Roll a d6 on the weather table:

| Roll | Weather |
|---|---|
| 1-3 | Rain {a} {e} |
| 4-6 | Sun {b} {_html(b)} |

Table: Weather {c} {_html(c)}

Notes {d} {_html(d)}.
"""
        return f"hostile-{key}.md", text.encode()
    if fmt == "html":  # the text escaped, as a page shows it; the same markup raw, as a page would run it
        text = f"""<html><head><title>x</title></head><body>
<h1>Game {key} {_html(a)} {a}</h1>
<p class="author">By Ada {_html(b)} {b}</p>
<h2>Setting up {_html(c)}</h2>
<ol><li>Take three coins {_html(a)}</li><li>{_html(LEADS[0])}</li><li>{_html(LEADS[1])}</li></ol>
<p>{_html(LEADS[0])}</p>
<p>{_html(LEADS[1])} and [r] too.</p>
<p><img src="x" alt="{_html(a)}"> <img src="{_html(b)}" alt=""></p>
<h2>Glossary</h2>
<dl><dt>Coin {_html(d)}</dt><dd>A token {_html(b)}.</dd><dt>Gem</dt><dd>A stone {_html(c)}.</dd></dl>
<h2>Weather</h2>
<p>Roll a d6 on the weather table:</p>
<table><caption>Weather {_html(c)}</caption><tr><th>Roll</th><th>Weather</th></tr>
<tr><td>1-3</td><td>Rain {_html(a)}</td></tr><tr><td>4-6</td><td>Sun {_html(b)}</td></tr></table>
<p>Notes {_html(d)} <a href="javascript:alert(11)">{_html(a)}</a>.</p>
</body></html>
"""
        return f"hostile-{key}.html", text.encode()
    if fmt == "latex":
        text = f"""\\documentclass{{article}}
\\newcommand{{\\pa}}{{{a}}}
\\newcommand{{\\pb}}{{{_tex(b)}}}
\\title{{Game {key} {a} \\pa}}
\\author{{Ada {_tex(b)} \\pb}}
\\begin{{document}}
\\maketitle
\\section{{Setting up {_tex(c)} \\pa}}
\\begin{{enumerate}}
  \\item Take three coins {a} \\pb
  \\item {_tex(LEADS[0])}
  \\item {_tex(LEADS[1])}
\\end{{enumerate}}

{_tex(LEADS[0])}

{_tex(LEADS[1])} and [r] too.

\\section{{Glossary}}
\\begin{{description}}
  \\item[Coin {_tex(d)}] A token {_tex(b)}.
  \\item[Gem \\pa] A stone {_tex(c)}.
\\end{{description}}

\\section{{Weather}}
Roll a d6 on the weather table.
\\begin{{table}}
\\begin{{tabular}}{{cl}}
  Roll & Weather \\\\
  1--3 & Rain {a} \\pa \\\\
  4--6 & Sun {_tex(b)} \\\\
\\end{{tabular}}
\\caption{{Weather {_tex(c)} \\pb}}
\\end{{table}}

Notes {_tex(d)} \\pa.
\\end{{document}}
"""
        return f"hostile-{key}.tex", text.encode()
    if fmt == "rst":
        title = f"Game {key} {a}"
        text = f"""{'=' * len(title)}
{title}
{'=' * len(title)}

:Designer: Ada {b}

Setting up {c}
{'=' * (len(c) + 11)}

#. Take three coins {a}
#. {LEADS[0]}
#. {LEADS[1]}

{LEADS[0]}

{LEADS[1]} and [r] too.

Weather
=======

Roll a d6 on the weather table.

.. list-table:: Weather {c}
   :header-rows: 1

   * - Roll
     - Weather
   * - 1-3
     - Rain {a}
   * - 4-6
     - Sun {b}

Notes {d}.

Glossary
========

.. glossary::

   Coin {d}
      A token {b}.

   Gem
      A stone {c}.
"""
        return f"hostile-{key}.rst", text.encode()
    if fmt == "org":
        text = f"""#+TITLE: Game {key} {a}
#+AUTHOR: Ada {b}

* Setting up {c}
1. Take three coins {a}
2. {LEADS[0]}
3. {LEADS[1]}

{LEADS[0]}

{LEADS[1]} and [r] too.

* Weather
Roll a d6 on the weather table.

#+CAPTION: Weather {c}
| Roll | Weather |
|------+---------|
| 1-3  | Rain {a} |
| 4-6  | Sun {b} |

Notes {d}.

* Glossary
- Coin {d} :: A token {b}.
- Gem :: A stone {c}.
"""
        return f"hostile-{key}.org", text.encode()
    if fmt == "wiki":
        text = f"""{{{{Infobox board game
| title = Game {key}
}}}}
'''Game {key} {_wiki(a)}''' is a [[board game]] by Ada {_wiki(b)}.

== Setting up {_wiki(c)} ==
# Take three coins {_wiki(a)}
# {_wiki(LEADS[0])}
# {_wiki(LEADS[1])}

{_wiki(LEADS[0])}

== Weather ==
Roll a d6 on the weather table.
{{| class="wikitable"
|+ Weather {_wiki(c)}
! Roll !! Weather
|-
| 1-3 || Rain {_wiki(a)}
|-
| 4-6 || Sun {_wiki(b)}
|}}

Notes {_wiki(d)}.

== Glossary ==
; Coin {_wiki(d)}
: A token {_wiki(b)}.
; Gem
: A stone {_wiki(c)}.

[[Category:Board games]]
"""
        return f"hostile-{key}.wiki.txt", text.encode()
    if fmt == "text":
        title = f"GAME {key} {a}"
        text = f"""{title}

By Ada {b}


SETTING UP {c}

1. Take three coins {a}
2. {LEADS[0]}
3. {LEADS[1]}

{LEADS[0]}

{LEADS[1]} and [r] too.


WEATHER

Roll a d6 on the weather table:

  1-3   Rain {a}
  4-6   Sun {b}


GLOSSARY

Coin {d} - A token {b}.
Gem - A stone {c}.

Notes {d}.
"""
        return f"hostile-{key}.txt", text.encode()
    if fmt == "docx":
        import docx

        document = docx.Document()
        document.add_paragraph(f"Game {key} {a}", style="Title")
        document.add_paragraph(f"By Ada {b}")
        document.add_heading(f"Setting up {c}", level=1)
        for item in (f"Take three coins {a}", LEADS[0], LEADS[1]):
            document.add_paragraph(item, style="List Number")
        document.add_paragraph(LEADS[0])
        document.add_paragraph(f"{LEADS[1]} and [r] too.")
        document.add_heading("Weather", level=1)
        document.add_paragraph("Roll a d6 on the weather table:")
        document.add_paragraph(f"Weather {c}", style="Caption")
        table = document.add_table(rows=3, cols=2)
        for row, cells in zip(table.rows, [("Roll", "Weather"), ("1-3", f"Rain {a}"), ("4-6", f"Sun {b}")]):
            for cell, value in zip(row.cells, cells):
                cell.text = value
        document.add_paragraph(f"Notes {d}.")
        document.add_heading("Glossary", level=1)
        document.add_paragraph(f"Coin {d} – A token {b}.", style="List Bullet")
        document.add_paragraph(f"Gem – A stone {c}.", style="List Bullet")
        out = io.BytesIO()
        document.save(out)
        return f"hostile-{key}.docx", out.getvalue()
    raise ValueError(fmt)


FORMATS = ["markdown", "html", "latex", "rst", "org", "wiki", "text", "docx"]
