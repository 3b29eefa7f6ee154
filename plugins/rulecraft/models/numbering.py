"""Derived phase numbers: 1..N, alternatives 7a/7b, sub-phases 10b/10c.

Rules (documented in the README):
* top-level phases are numbered 1, 2, 3 ... in file order;
* alternatives (exactly one is played) are lettered a, b, ... : 7a, 7b;
* sub-phases follow their parent's letters: when the parent has rules of its own
  it is the implicit first part (10), so sub-phases start at b (10b, 10c); when the
  parent only groups them they start at a (15a, 15b);
* deeper nesting (sub-phases or alternatives of a sub-phase) adds a dot: 10b.1, 10b.2.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import ascii_lowercase
from typing import TYPE_CHECKING

from .variant_views import VariantRule, variant_rule

if TYPE_CHECKING:
    from . import Phase
    from .phases import PhaseGroup


# The start of each turn (``start_of_turn:`` in phases.yaml): before phase 1, unnumbered, by this name.
TURN_START_NAME = "Start of turn"
TURN_START_ANCHOR = "start-of-turn"


@dataclass
class NumberedPhase:
    phase: Phase
    number: str
    level: int
    parent: NumberedPhase | None
    kind: str  # "phase", "subphase" or "alternative"

    @property
    def id(self) -> str:
        return self.phase.id

    @property
    def label(self) -> str:
        return f"{self.number}. {self.phase.name}"


def _letter(index: int) -> str:
    # a..z, then aa, ab ...: nobody has 27 sub-phases, but never crash if they do
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = ascii_lowercase[rem] + out
    return out


def number_phases(phases: list[Phase], keep: Callable[[VariantRule], bool] | None = None) -> list[NumberedPhase]:
    """The phases numbered in order; ``keep`` (given a phase's variants, its parent's when it names none)
    picks the phases of one turn sequence, numbered as if the others were not there."""
    out: list[NumberedPhase] = []

    def kept(phases: list[Phase], inherited: VariantRule) -> list[tuple[Phase, VariantRule]]:
        pairs = [(p, variant_rule(p) or inherited) for p in phases]
        return [(p, names) for p, names in pairs if keep is None or keep(names)]

    def visit(phase: Phase, names: VariantRule, number: str, level: int, parent: NumberedPhase | None,
              kind: str) -> None:
        node = NumberedPhase(phase, number, level, parent, kind)
        out.append(node)
        for i, (alt, alt_names) in enumerate(kept(phase.alternatives, names)):
            alt_number = number + _letter(i) if level == 0 else f"{number}.{i + 1}"
            visit(alt, alt_names, alt_number, level + 1, node, "alternative")
        own_part = bool((phase.rules and phase.rules.strip()) or phase.steps)
        for i, (sub, sub_names) in enumerate(kept(phase.subphases, names)):
            if level == 0:
                sub_number = number + _letter(i + (1 if own_part else 0))
            else:
                sub_number = f"{number}.{i + 1}"
            visit(sub, sub_names, sub_number, level + 1, node, "subphase")

    for index, (phase, names) in enumerate(kept(phases, VariantRule()), start=1):
        visit(phase, names, str(index), 0, None, "phase")
    return out


@dataclass
class Stage:
    """A run of consecutive phases in one stage (``groups:`` of phases.yaml); ``group`` is None for
    phases outside any stage. Stages are numbered by their order under ``groups:``."""

    group: PhaseGroup | None
    number: int | None
    phases: list[NumberedPhase]


def stages(groups: list[PhaseGroup], numbered: list[NumberedPhase]) -> list[Stage]:
    """The numbered phases cut into stages, in turn order; one stage of everything when there are none.
    Stages are numbered by their order under ``groups:`` among those these phases use: a variant's own
    turn numbers its own stages from 1."""
    used = {node.phase.group for node in numbered if node.parent is None}
    present = [g for g in groups if g.id in used]
    order = {g.id: (i, g) for i, g in reversed(list(enumerate(present, start=1)))}
    out: list[Stage] = []
    for node in numbered:
        top = node
        while top.parent is not None:
            top = top.parent
        number, group = order.get(top.phase.group or "", (None, None))
        if not out or out[-1].group is not group:
            out.append(Stage(group, number, []))
        out[-1].phases.append(node)
    return out


def node_variants(node: NumberedPhase | None) -> VariantRule:
    """The variants a phase is played in: its own, else its parent's (a variant's phase brings its parts)."""

    while node is not None:
        rule = variant_rule(node.phase)
        if rule:
            return rule
        node = node.parent
    return VariantRule()
