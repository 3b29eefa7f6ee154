"""The import report: what was recognised, and what needs a human. Markdown, printed and saved."""

from __future__ import annotations

from collections import Counter

from .state import State


def _count_phases(phases: list[dict]) -> int:
    return sum(1 + _count_phases(p.get("subphases", [])) + _count_phases(p.get("alternatives", [])) for p in phases)


def counts(state: State, sections: int) -> dict[str, int]:
    return {
        "phases": len(state.phases),
        "phases_nested": _count_phases(state.phases),
        "dice_tables": len(state.tables),
        "reference_tables": len(state.ref_tables),
        "legends": len(state.legends),
        "terms": len(state.terms),
        "cards": sum(len(d["cards"]) for d in state.decks),
        "decks": len(state.decks),
        "sections": sections,
        "changelog": len(state.game.get("changelog", [])),
        "components": len(state.game.get("components", [])),
        "items": len(state.catalog.get("items", [])),
        "resources": len(state.catalog.get("resources", [])),
    }


def render(state: State, source: str, files: list[str], numbers: dict[str, int], check_line: str,
           problems: list[str]) -> str:
    outline = state.outline
    remarks = Counter(r.kind for r in outline.remarks)
    lines = [f"# Import report: {state.game.get('title', state.game_id)} ({state.game_id})", "",
             f"Source: `{source}` ({outline.format}, {outline.extent or f'{outline.lines} lines'}).", "",
             "## Found", "",
             "| what | count |", "|---|---|",
             f"| top-level phases | {numbers['phases']} ({numbers['phases_nested']} with sub-phases and "
             f"alternatives) |",
             f"| dice tables | {numbers['dice_tables']} |",
             f"| reference tables | {numbers['reference_tables']} |",
             f"| legends (keys of codes) | {numbers['legends']} |",
             f"| glossary terms | {numbers['terms']} |",
             f"| cards | {numbers['cards']} in {numbers['decks']} deck(s) |",
             f"| components | {numbers['components']} |",
             f"| catalog items | {numbers['items']} priced in {numbers['resources']} resource(s) |",
             f"| changelog versions | {numbers['changelog']} |",
             f"| prose sections (headings) | {numbers['sections']} |", ""]
    for finding in state.found:
        where = f" ({outline.at(finding.line)})" if finding.line else ""
        lines.append(f"- {finding.kind}: {finding.text}{where}")
    lines += ["", "## Needs a human", ""]
    asks = list(state.human)
    for finding in asks:
        where = f" ({outline.at(finding.line)})" if finding.line else ""
        lines.append(f"- [ ] {finding.kind}: {finding.text}{where}")
    if remarks.get("image"):
        lines.append(f"- [ ] {remarks['image']} image(s) are not included; the page says where they were "
                     "(use icons and text instead):")
        lines += [f"    - {r.text}" + (f" ({outline.at(r.line)})" if r.line else "")
                  for r in outline.remarks if r.kind == "image"]
    for kind, label in (("link", "link(s) to pages that were not imported, kept as text"),
                        ("comment", "commented-out passage(s) dropped"),
                        ("review", "reviewer comment(s) in the Word file's margin, left out of the rules text "
                                   "(settle each, then change the rules by hand if it asks to)"),
                        ("reply", "post(s) replying below a forum thread's first post (the rules), left out of "
                                  "the rules text (read each: an answer may settle a rule)"),
                        ("task", "task note(s) (TODO, DONE …) left out of the rules text"),
                        ("markup", "markup element(s) left out of the text (wiki templates, references and "
                                   "categories, template tags, Org keywords and drawers, outliner properties, "
                                   "tags and queries)"),
                        ("pandoc", "warning(s) from the document converter (pandoc) about the source; read each "
                                   "where it points, the text there may read differently"),
                        ("contents", "table(s) of contents dropped (short, mostly links; the headings they list are "
                                     "read where they stand)"),
                        ("continued", "title(s) marked as a topic carried over ('(cont.)', '(2/2)') joined to the "
                                      "section they continue"),
                        ("furniture", "page furniture line(s) dropped (running headers or footers, page numbers, "
                                      "icons)")):
        if remarks.get(kind):
            lines.append(f"- [ ] {remarks[kind]} {label}:")
            lines += [f"    - {r.text}" + (f" ({outline.at(r.line)})" if r.line else "")
                      for r in outline.remarks if r.kind == kind]
    lines += ["- [ ] Every phase copied from the source has `todo: restate in your own words`; the prose page "
              "is a copy too. Restate, then delete the todo lines.",
              "- [ ] Numbers used in several rules are still typed in the text: make them constants in game.yaml "
              "and write `{const:id}`.", ""]
    lines += ["## Files", ""] + [f"- `{f}`" for f in files] + [""]
    lines += ["## Check", "", check_line]
    lines += [f"    {p}" for p in problems]
    lines += ["", "Run `rulecraft check` on the game folder to see every todo with its file:line."]
    return "\n".join(lines).rstrip() + "\n"
