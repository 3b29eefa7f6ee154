"""Phases named or numbered by hand: "in phase 7", "step 3b", "Phase 4 (Income)", "the Casting phase".

Phase numbers are derived (models/numbering.py): a number typed in prose is right only until the turn is
renumbered, and a name typed by hand only until the phase is renamed. ``{phase:id}`` shows both and follows.

* ``drift-phase``: the words do not match the data: a number no phase has, a number whose name in brackets is
  another phase's, "the X phase" where no phase is named X, a misspelt phase name ("during Hireing"). The
  message names the phase the text probably means.
* ``drift-phase-typed``: a number typed by hand that is right today (a warning all the same: it is the drift
  of tomorrow, and ``{phase:id}`` costs nothing).

Games without phases are skipped (there is no numbering to disagree with).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator

from ...models.index import GameIndex
from ...models.numbering import NumberedPhase
from ...models.textrefs import REF_RE
from ...problems import Problem, warning
from .scope import Owners, refs_blanked
from .texts import Text

CODE = "drift-phase"
TYPED_CODE = "drift-phase-typed"

# phase 7, Phase 10b, step 3b, phase 10b.1, each with a name in brackets maybe: Phase 4 (Income)
# (across a line break too, unless the next line starts a numbered list: "Agenda Phase\n2. Execution Phase")
_NUMBER_RE = re.compile(r"\b(phase|Phase|PHASE|step|Step)(?:[ \t]+|[ \t]*\n[ \t]*(?!\d{1,2}[a-z]?[.)]\s))"
                        r"(\d{1,2}[a-z]?(?:\.\d{1,2})?)\b"
                        r"(?:\s*\(([^()\n]{1,60})\))?")
# ... the Casting phase: the capitalised words right before "phase"
_BEFORE_PHASE_RE = re.compile(r"\b[Pp]hases?\b")
_NAME_RUN_RE = re.compile(r"((?:[A-Z][\w'’-]*)(?:[ \t]+(?:of|and|&|or|the|[A-Z][\w'’-]*))*)[ \t]+$")
# during Hiring, after Income: a name the text gives a phase without the word
# It opens with the words' first letters (in every case the case-blind words match), "\b" a look-behind one
# character further on: the engine skips to those letters in C rather than trying "\b" at every position.
_DURING_RE = re.compile(r"[dDiIaAbBuUtT\u0130\u0131](?<!\w.)(?i:(?<=d)uring|(?<=i)n|(?<=a)fter|(?<=b)efore|(?<=u)ntil|"
                        r"(?<=t)hroughout|(?<=i)nto)\s+(?:the\s+)?"
                        r"([A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)*)")
# Words that start a run before "phase" without being part of a name ("The", "This", "Each"...)
_LEADING = frozenset({"the", "this", "that", "each", "every", "next", "first", "last", "its", "their", "a",
                      "an", "in", "during", "after", "before", "at", "of", "until", "from", "to", "on", "and",
                      "or", "whole", "entire", "current", "previous", "following", "same", "one", "any", "all",
                      "whose", "which", "new", "final", "second", "third", "fourth", "fifth", "then", "see",
                      "with", "by", "for"})
_MISSPELT_RATIO = 0.8  # "Hireing" ~ "Hiring"; "Income" is no misspelling of "Incoming"


class _Phases:
    """The game's phase numbers and names, looked up once per game."""

    def __init__(self, index: GameIndex) -> None:
        self.by_number: dict[str, NumberedPhase] = {}
        for turn in [index.numbered, *index.turns.values()]:
            for node in turn:
                self.by_number.setdefault(node.number, node)
        self.by_name: dict[str, NumberedPhase] = {}
        for node in index.numbered:
            self.by_name.setdefault(_fold(node.phase.name), node)
        self.other_names = {_fold(g.name) for g in index.game.phase_groups}
        tops = [n.number for n in index.numbered if n.parent is None]
        self.span = f"{tops[0]}–{tops[-1]}" if len(tops) > 1 else (tops[0] if tops else "")
        self.names = list(self.by_name)

    def named(self, words: str) -> NumberedPhase | None:
        return self.by_name.get(_fold(words))

    def matches_a_name(self, words: str) -> bool:
        """Whether ``words`` name a phase or stage (whole, or a whole-word part of a longer name)."""
        folded = _fold(words)
        if folded in self.by_name or folded in self.other_names or folded.rstrip("s") in self.by_name:
            return True
        pattern = re.compile(rf"\b{re.escape(folded)}\b")
        return any(pattern.search(name) for name in [*self.by_name, *self.other_names])

    def closest(self, words: str, cutoff: float = 0.6) -> NumberedPhase | None:
        close = difflib.get_close_matches(_fold(words), self.names, n=1, cutoff=cutoff)
        return self.by_name[close[0]] if close else None


def _fold(words: str) -> str:
    words = " ".join(words.casefold().split())
    return words[4:] if words.startswith("the ") else words


def _shown(node: NumberedPhase) -> str:
    return f"phase {node.number} ({node.phase.name})"


def check(index: GameIndex, texts: Iterable[Text], known_names: Iterable[str] = ()) -> Iterator[Problem]:
    """``known_names``: names of other things (terms, cards...) a capitalised word after "during" may be."""
    if not index.numbered:
        return
    phases = _Phases(index)
    others = {_fold(n) for n in known_names}
    owners: Owners | None = None  # built at the first finding: most texts have none
    game_id = index.game.id
    for text in texts:
        body = refs_blanked(text.text)
        named = "hase" in body or "HASE" in body
        found_here = [*(_numbered(body, phases) if named or "tep" in body else ()),
                      *(_named(body, phases) if named else ()), *_during(body, phases, others)]
        for found in found_here:
            start, needle, code, message, hint = found
            owners = owners or Owners(index)
            yield warning(code, message, text.at(start, needle), hint, game_id, owners.subject(text))


def _numbered(body: str, phases: _Phases) -> Iterator[tuple]:
    for m in _NUMBER_RE.finditer(body):
        word, number, bracket = m.group(1), m.group(2), m.group(3)
        if word.lower() == "step" and not number[-1].isalpha():
            continue  # "step 1" is a step of a phase; "step 3b" is a phase's number
        said = " ".join(m.group(0).split())
        node = phases.by_number.get(number)
        by_name = phases.named(bracket) if bracket else None
        if node is None:
            base = re.match(r"\d+", number).group()
            parent = phases.by_number.get(base)
            if by_name is not None:
                yield (m.start(), said, CODE, f"'{said}': no phase is numbered {number}; {by_name.phase.name} is "
                       f"phase {by_name.number}", f"write {{phase:{by_name.id}}}")
            elif parent is not None and number != base:
                parts = [n.number for n in phases.by_number.values() if n.parent is not None
                         and re.match(r"\d+", n.number).group() == base]
                has = f"its parts are {', '.join(parts)}" if parts else "it has no parts"
                yield (m.start(), said, CODE, f"'{said}': no phase is numbered {number}; {_shown(parent)} is "
                       f"there, {has}", f"write {{phase:id}} for the part it means ({{phase:{parent.id}}}...)")
            else:
                yield (m.start(), said, CODE, f"'{said}': no phase is numbered {number} (the turn has phases "
                       f"{phases.span})", "write {phase:id} for the phase it means")
            continue
        if bracket and by_name is not None and by_name is not node:
            yield (m.start(), said, CODE, f"'{said}': phase {number} is {node.phase.name}; {by_name.phase.name} "
                   f"is phase {by_name.number}", f"write {{phase:{by_name.id}}} (or {{phase:{node.id}}})")
            continue
        if bracket and by_name is None and not _part_of(bracket, node.phase.name):
            yield (m.start(), said, CODE, f"'{said}': phase {number} is {node.phase.name}, not '{bracket}'",
                   f"write {{phase:{node.id}}}")
            continue
        yield (m.start(), said, TYPED_CODE, f"'{said}' typed by hand: right today ({_shown(node)}), but it "
               "will not follow a renumbering", f"write {{phase:{node.id}}}")


def _named(body: str, phases: _Phases) -> Iterator[tuple]:
    for m in _BEFORE_PHASE_RE.finditer(body):
        run = _NAME_RUN_RE.search(body, max(0, m.start() - 80), m.start())
        if run is None:
            continue
        words = run.group(1).split()
        while words and (words[0].lower() in _LEADING or not words[0][0].isupper()):
            words.pop(0)
        while words and words[-1].lower() in _LEADING:
            words.pop()
        if not words:
            continue
        name = " ".join(words)
        if phases.matches_a_name(name):
            continue
        start = run.start(1) + run.group(1).find(words[0])
        said = " ".join(body[start:m.end()].split())
        close = phases.closest(name)
        guess = f"; did you mean {close.phase.name} (phase {close.number})?" if close else ""
        yield (start, said, CODE, f"'{said}': no phase is named {name}{guess}",
               f"write {{phase:{close.id}}}" if close else
               f"write {{phase:id}} for the phase it means (phases: {', '.join(_names(phases))})")


def _during(body: str, phases: _Phases, others: set[str]) -> Iterator[tuple]:
    for m in _DURING_RE.finditer(body):
        name = re.sub(r"['’]s?$", "", m.group(1))  # "the Governor General's": the office's holder
        after = body[m.end(1):m.end(1) + 7]
        if re.match(r"\s+[Pp]hase", after) or phases.matches_a_name(name) or _fold(name) in others:
            continue
        close = phases.closest(name, _MISSPELT_RATIO)
        if close is None:
            continue
        yield (m.start(1), name, CODE, f"'{name}' is no phase's name; did you mean {close.phase.name} "
               f"(phase {close.number})?", f"write {{phase:{close.id}}}")


def _part_of(words: str, name: str) -> bool:
    """Whether ``words`` are the name, or a whole-word part of it ("Trade" of "Directory of Trade")."""
    return re.search(rf"\b{re.escape(_fold(words))}\b", _fold(name)) is not None


def _names(phases: _Phases) -> list[str]:
    names = [n.phase.name for n in phases.by_name.values()]
    return names[:8] + (["..."] if len(names) > 8 else [])
