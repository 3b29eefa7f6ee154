"""Errata and FAQ entries (faq.yaml): each names rules that exist, and still answers the text they have.

An entry records the fingerprint of the rules it answers (models/rule_targets.py). A rule that is gone is an
error (the answer is attached to nothing); a fingerprint that differs from the rule's text now is a warning
(the rule was reworded after the answer was written: it may no longer hold). Both are found from the files
as they are: no history is needed."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..models.index import GameIndex
from ..models.rule_targets import RULE_KINDS, candidates, entry_fingerprint, resolve
from ..problems import Problem, error, warning

_KINDS = ", ".join(f"{kind}:" for kind in RULE_KINDS)


def _rule_problem(index: GameIndex, entry, i: int, ref: str) -> Problem | None:
    game = index.game
    if resolve(index, ref) is not None:
        return None
    kind, _, rest = ref.partition(":")
    target, _, part = rest.partition("/")
    # `about: phase:x` (one, as a string) or a list
    where = game.where(entry, "about", i) if isinstance(_raw(game, entry), list) else game.where(entry, "about")
    if kind not in RULE_KINDS:
        close = difflib.get_close_matches(kind, list(RULE_KINDS), n=1)
        return error("faq-rule-kind", f"FAQ entry '{entry.id}': '{ref}' names no kind of rule", where,
                     (f"did you mean {close[0]}:{rest}? " if close else "") + f"the kinds are {_KINDS}", game.id)
    if part and kind != "dice":
        return error("faq-rule-kind", f"FAQ entry '{entry.id}': '{ref}': only a dice table names a part "
                     "(dice:table/row-id)", where, f"write {kind}:{target}", game.id)
    name = RULE_KINDS[kind]
    if part and resolve(index, f"{kind}:{target}") is not None:
        return error("faq-rule-removed", f"FAQ entry '{entry.id}' answers row '{part}' of dice table "
                     f"'{target}', which has no row with that id", where,
                     "give the row its id back, or point the entry at the table (and re-read its answer)", game.id)
    close = difflib.get_close_matches(target, candidates(index, kind), n=1, cutoff=0.6)
    return error("faq-rule-removed", f"FAQ entry '{entry.id}' answers {name} '{target}', which the rules no "
                 "longer have", where,
                 (f"renamed? did you mean '{close[0]}'? " if close else "") +
                 "point the entry at the rule that replaced it and re-read its answer, or remove the entry",
                 game.id)


def _raw(game, entry):
    doc = game.documents.get("faq")
    value = doc.data if doc is not None else None
    for key in entry.source_path + ("about",):
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def confirm_hint(entry, now: str) -> str:
    return (f"re-read {', '.join(entry.about)} and check the answer still holds; then set "
            f"'fingerprint: {now}' (or run: rulecraft faq --confirm {entry.id})")


def _version_problem(game, entry) -> Problem | None:
    """An entry's version, where the game keeps a changelog, is one of its versions (as `changed_in`)."""
    versions = [item.version for item in (game.info.changelog if game.info else [])]
    if entry.version is None or not versions or entry.version in versions:
        return None
    close = difflib.get_close_matches(entry.version, versions, n=1, cutoff=0.6)
    return warning("faq-version-unknown", f"FAQ entry '{entry.id}' appeared in version {entry.version}, which "
                   "the changelog does not have", game.where(entry, "version"),
                   (f"did you mean '{close[0]}'? " if close else "") + "versions in the changelog: " +
                   ", ".join(versions), game.id)


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    first: dict[str, object] = {}
    for entry in game.faq_entries:
        version = _version_problem(game, entry)
        if version:
            yield version
        if entry.id in first:
            yield error("duplicate-id", f"duplicate FAQ entry id '{entry.id}' (first used at "
                        f"{game.where(first[entry.id], 'id')})", game.where(entry, "id"),
                        "give each entry its own id", game.id)
        first.setdefault(entry.id, entry)
        problems = [p for i, ref in enumerate(entry.about) if (p := _rule_problem(index, entry, i, ref))]
        yield from problems
        if problems:
            continue
        now = entry_fingerprint(index, entry)
        if entry.fingerprint is None:
            yield warning("faq-fingerprint-missing", f"FAQ entry '{entry.id}' records no fingerprint of the "
                          "rules it answers: a later change to them would go unnoticed", game.where(entry, "id"),
                          f"add 'fingerprint: {now}' to the entry (the text of {', '.join(entry.about)} "
                          "as it reads now)", game.id)
        elif entry.fingerprint != now:
            yield warning("faq-stale", f"FAQ entry '{entry.id}' may no longer hold: the text of "
                          f"{', '.join(entry.about)} changed after it was written (fingerprint "
                          f"{entry.fingerprint}, now {now})", game.where(entry, "id"),
                          confirm_hint(entry, now), game.id)
