"""Unused glossary terms, icons and constants (warnings): data nobody refers to drifts.

A term counts as used where the site would link it: the same matcher (``GameIndex.matcher``)
over the same text, minus what the linker skips (code, headings, existing links, images, raw
HTML, admonition titles, ``{plain:...}``: ``textrefs.linkable_text``), and never in its own
glossary entry; or where it is referenced (``{term:id}``, see_also, a phase's or the cheat
sheet's ``terms``). Names and titles still count although the site shows them as headings:
a false "unused" warning would fail ``--strict`` builds, a missed one only keeps a term.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..models.index import GameIndex, iter_models, iter_prose
from ..models.textrefs import find_refs, linkable_text
from ..problems import Problem, warning


def condition_constants(game) -> set[str]:
    """Constants the game's conditions, formulas and formula costs read (``only_when: round >=
    const.late-turn``, ``input.defence * const.fortress-factor``)."""
    from ..expr import ExprError, parse
    from ..expr.nodes import Name, walk
    from .formulas import amounts

    texts = [getattr(obj, "only_when", None) for obj in iter_models(game)]
    texts += [formula.value for formula in game.formulas]
    texts += [amount for item in game.items for *_, amount in amounts(item) if isinstance(amount, str)]
    found: set[str] = set()
    for text in texts:
        try:
            nodes = walk(parse(text)) if text else ()
        except ExprError:
            continue  # reported by checks.conditions and checks.formulas
        found.update(n.name[len("const."):] for n in nodes if isinstance(n, Name) and n.name.startswith("const."))
    return found


def check(index: GameIndex, prose: list[str]) -> Iterator[Problem]:
    game = index.game
    used: dict[str, set[str]] = {"term": set(), "icon": set(), "const": set()}
    for _, _, text in iter_prose(game):
        for ref in find_refs(text):
            if ref.kind in used:
                used[ref.kind].add(ref.target)
    # Mentions in the data (a term's own entry aside) are counted once per game and shared.
    used["term"].update(index.term_mentions())
    for text in prose:
        for ref in find_refs(text):
            if ref.kind in used:
                used[ref.kind].add(ref.target)
        for match in index.matcher.find(linkable_text(text)):
            used["term"].add(match.term_id)
    for term in game.terms:
        used["term"].update(t for t in term.see_also if t != term.id)
    for node in index.numbered:
        used["term"].update(node.phase.terms)
    if game.info:
        used["term"].update(game.info.cheatsheet.terms)
        used["const"].update(game.info.cheatsheet.constants)
        used["icon"].update(c.icon for c in game.info.components if c.icon)
    used["icon"].update(r.icon for r in game.resources if r.icon)  # shown with every cost in that resource
    used["const"].update(condition_constants(game))
    for deck in game.decks:
        for card in deck.cards:
            used["icon"].update(card.icons)
            for value in card.fields.values():
                used["term"].update(m.term_id for m in index.matcher.find(linkable_text(value)))

    for term in game.glossary_file.terms if game.glossary_file else []:
        if term.id not in used["term"]:
            yield warning("unused-term", f"term '{term.term}' ({term.id}) is never mentioned in the rules",
                          game.where(term, "id"), "mention it, reference it with {term:" + term.id + "}, or remove it",
                          game.id, f"term:{term.id}")
    for icon in game.icons:
        if icon.id not in used["icon"]:
            yield warning("unused-icon", f"icon '{icon.id}' is not used by any component, card, resource or text",
                          game.where(icon, "id"), "use it with {icon:" + icon.id + "} or remove it", game.id,
                          f"icon:{icon.id}")
    for const_id in index.constants:
        if const_id not in used["const"]:
            yield warning("unused-constant", f"constant '{const_id}' is never referenced",
                          game.where(game.info, "constants", const_id, key=True),
                          "write {const:" + const_id + "} where the rules state this number", game.id,
                          f"const:{const_id}")
