"""faq.yaml: errata, clarifications and questions attached to rules by kind:id, each with a fingerprint of the
rules' text. The checker's located findings (a rule gone, a rule reworded since, no fingerprint), the
fingerprint itself, `rulecraft faq --confirm`, and the entries as pages show them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gamekit import assert_at, check, only, where, with_code
from mdkit import render

from rulecraft.cli.main import main
from rulecraft.loader import load_rulebook
from rulecraft.models.index import build_index
from rulecraft.models.rule_targets import entry_fingerprint, resolve, rule_text

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "faq" / "ridgeline"


@pytest.fixture
def ridgeline(tmp_path) -> Path:
    target = tmp_path / "rules_data" / "ridgeline"
    shutil.copytree(FIXTURE, target)
    return target


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _game(folder: Path):
    book = load_rulebook(folder.parent)
    assert not [p for p in book.problems if p.is_error], book.problems
    return book.games["ridgeline"]


# --- the model -------------------------------------------------------------------------------------------


def test_the_fixture_loads_each_kind_and_checks_clean(ridgeline):
    game = _game(ridgeline)
    kinds = [(e.id, e.kind, e.about, e.version) for e in game.faq_entries]
    assert kinds == [("retreat-into-zoc", "erratum", ["step:retreat"], "1.2"),
                     ("defender-retreat-direction", "clarification", ["dice:combat/defender-retreats"], "1.1"),
                     ("zoc-across-crest", "faq", ["term:zone-of-control", "phase:movement"], None)]
    assert game.faq_entries[1].issued == "version 1.1"
    assert game.faq_entries[0].issued == "version 1.2, 14 Mar 2025"
    assert check(ridgeline.parent).problems == []


def test_a_bad_kind_of_entry_is_a_located_error(ridgeline):
    _edit(ridgeline, "faq.yaml", "kind: clarification", "kind: ruling")
    result = check(ridgeline.parent)
    problem = next(p for p in result.errors if "faq.yaml" in p.location.file)
    assert problem.location.line == where(ridgeline, "faq.yaml", "kind: ruling")[0]
    assert "erratum" in problem.format() and "clarification" in problem.format()


def test_a_malformed_rule_name_and_fingerprint_are_located_errors_saying_what_to_write(ridgeline):
    _edit(ridgeline, "faq.yaml", "about: [step:retreat]", "about: [step retreat]")
    _edit(ridgeline, "faq.yaml", 'fingerprint: "e0820bda"', "fingerprint: e082")
    errors = [p for p in check(ridgeline.parent).errors if "faq.yaml" in p.location.file]
    by_line = {p.location.line: p for p in errors}
    rule = by_line[where(ridgeline, "faq.yaml", "step retreat")[0]]
    assert "'step retreat' does not name a rule" in rule.message and "phase:combat" in rule.hint
    mark = by_line[where(ridgeline, "faq.yaml", "fingerprint: e082")[0]]
    assert "'e082' is not a fingerprint" in mark.message and "rulecraft faq --confirm" in mark.hint


def test_rules_resolve_to_the_rule_and_where_a_page_shows_it(ridgeline):
    index = build_index(_game(ridgeline))
    step = resolve(index, "step:retreat")
    assert (step.kind, step.shown_kind, step.shown_id) == ("step", "phase", "combat")
    row = resolve(index, "dice:combat/defender-retreats")
    assert (row.obj.result, row.shown_kind, row.shown_id) == ("The defender retreats.", "dice", "combat")
    assert resolve(index, "dice:combat/nothing") is None and resolve(index, "phase:nothing") is None
    assert resolve(index, "rule:combat") is None


def test_the_fingerprint_follows_the_words_not_the_layout_nor_designer_notes(ridgeline):
    index = build_index(_game(ridgeline))
    before = entry_fingerprint(index, _game(ridgeline).faq_entries[0])
    assert before == "5f3c2b2d" and len(before) == 8
    # the same words folded over two lines, and a designer note: the same rule to a player
    _edit(ridgeline, "phases.yaml", "        text: A unit that must retreat moves one hex away from the attacker; ",
          "        designer_note: Worded as in the second printing.\n        text: >-\n          A unit that must "
          "retreat moves   one hex away\n          from the attacker; ")
    game = _game(ridgeline)
    assert "designer_note" not in rule_text(resolve(build_index(game), "step:retreat").obj)
    assert entry_fingerprint(build_index(game), game.faq_entries[0]) == before
    _edit(ridgeline, "phases.yaml", "one hex away", "two hexes away")
    game = _game(ridgeline)
    assert entry_fingerprint(build_index(game), game.faq_entries[0]) != before


# --- the checker -----------------------------------------------------------------------------------------


def test_a_reworded_rule_makes_its_answer_stale_at_the_entry_with_the_new_fingerprint(ridgeline):
    _edit(ridgeline, "dice.yaml", "result: The defender retreats.", "result: The defender retreats two hexes.")
    problems = check(ridgeline.parent).problems
    stale = only(problems, "faq-stale")
    assert stale.is_warning
    assert_at(stale, ridgeline / "faq.yaml", where(ridgeline, "faq.yaml", "defender-retreat-direction")[0])
    now = entry_fingerprint(build_index(_game(ridgeline)), _game(ridgeline).faq_entries[1])
    assert now != "e0820bda"
    assert f"fingerprint: {now}" in stale.hint and "rulecraft faq --confirm defender-retreat-direction" in stale.hint
    assert "dice:combat/defender-retreats" in stale.message
    # a rule the entry does not answer may change freely
    _edit(ridgeline, "dice.yaml", "result: Both sides lose a step.", "result: Both sides lose two steps.")
    assert len(with_code(check(ridgeline.parent).problems, "faq-stale")) == 1


def test_a_removed_rule_is_an_error_at_the_entry_rule(ridgeline):
    _edit(ridgeline, "phases.yaml", "      - id: retreat\n", "      - id: retreat-step\n")
    problem = only(check(ridgeline.parent).problems, "faq-rule-removed")
    assert problem.is_error
    assert_at(problem, ridgeline / "faq.yaml", *where(ridgeline, "faq.yaml", "step:retreat"))
    assert "step 'retreat'" in problem.message and "did you mean 'retreat-step'" in problem.hint


def test_a_removed_row_id_and_an_unknown_kind_are_errors(ridgeline):
    _edit(ridgeline, "dice.yaml", "id: defender-retreats, ", "")
    _edit(ridgeline, "faq.yaml", "[term:zone-of-control, phase:movement]", "[trm:zone-of-control, phase:movement]")
    problems = check(ridgeline.parent).problems
    row = only(problems, "faq-rule-removed")
    assert "row 'defender-retreats'" in row.message
    assert_at(row, ridgeline / "faq.yaml", where(ridgeline, "faq.yaml", "dice:combat/defender-retreats")[0])
    kind = only(problems, "faq-rule-kind")
    assert "term:zone-of-control" in kind.hint
    assert_at(kind, ridgeline / "faq.yaml", *where(ridgeline, "faq.yaml", "trm:zone-of-control"))


def test_an_entry_without_a_fingerprint_is_told_the_value_to_paste(ridgeline):
    _edit(ridgeline, "faq.yaml", '    fingerprint: "1d1347ce"\n', "")
    problem = only(check(ridgeline.parent).problems, "faq-fingerprint-missing")
    assert problem.is_warning and "fingerprint: 1d1347ce" in problem.hint
    assert_at(problem, ridgeline / "faq.yaml", where(ridgeline, "faq.yaml", "zoc-across-crest")[0])


def test_answers_are_rule_text_their_references_checked(ridgeline):
    _edit(ridgeline, "faq.yaml", "{term:zone-of-control}. A unit", "{term:zone-of-contrl}. A unit")
    problem = only(check(ridgeline.parent).problems, "dangling-term")
    assert_at(problem, ridgeline / "faq.yaml", *where(ridgeline, "faq.yaml", "{term:zone-of-contrl}"))


def test_a_version_the_changelog_does_not_have_is_a_warning_at_it(ridgeline):
    _edit(ridgeline, "faq.yaml", 'version: "1.1"', 'version: "1.11"')
    problem = only(check(ridgeline.parent).problems, "faq-version-unknown")
    assert_at(problem, ridgeline / "faq.yaml", *where(ridgeline, "faq.yaml", '"1.11"'))
    assert "did you mean '1.1'?" in problem.hint


# --- rulecraft faq ---------------------------------------------------------------------------------------


def test_confirm_records_the_new_fingerprint_in_place(ridgeline, capsys):
    _edit(ridgeline, "dice.yaml", "result: The defender retreats.", "result: The defender retreats two hexes.")
    assert main(["faq", str(ridgeline)]) == 0
    assert "defender-retreat-direction  clarification changed" in capsys.readouterr().out
    before = (ridgeline / "faq.yaml").read_text(encoding="utf-8")
    assert main(["faq", str(ridgeline), "--confirm", "defender-retreat-direction"]) == 0
    after = (ridgeline / "faq.yaml").read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(changed) == 1 and changed[0][0] == '    fingerprint: "e0820bda"'
    assert check(ridgeline.parent).problems == []
    # entries without the line get one under their id, several in one run (each at its own entry)
    _edit(ridgeline, "faq.yaml", '    fingerprint: "1d1347ce"\n', "")
    _edit(ridgeline, "faq.yaml", '    fingerprint: "5f3c2b2d"\n', "")
    assert main(["faq", str(ridgeline), "--confirm", "retreat-into-zoc", "--confirm", "zoc-across-crest"]) == 0
    text = (ridgeline / "faq.yaml").read_text(encoding="utf-8")
    assert '  - id: retreat-into-zoc\n    fingerprint: "5f3c2b2d"\n' in text
    assert '  - id: zoc-across-crest\n    fingerprint: "1d1347ce"\n' in text
    assert check(ridgeline.parent).problems == []
    assert main(["faq", str(ridgeline), "--confirm", "no-such-entry"]) == 1


# --- pages -----------------------------------------------------------------------------------------------


def test_entries_are_collapsed_at_the_rules_they_answer(ridgeline):
    turn = render(ridgeline.parent, "/// turn\n///\n", game="ridgeline", page="ridgeline/turn.md")[0]
    combat = [d for d in turn.select("details.rc-faq") if d["data-rc-faq"] == "retreat-into-zoc"]
    assert len(combat) == 1 and not combat[0].has_attr("open")
    assert "warning" in combat[0]["class"]  # an erratum looks like a correction
    assert combat[0].summary.get_text() == "Erratum (version 1.2, 14 Mar 2025): Retreats (Combat, step 3)"
    assert combat[0].find_previous("h2").get_text(strip=True).endswith("Combat")
    assert combat[0].find_parent("li")["id"] == "retreat"  # in the step it corrects
    assert combat[0].select_one("a")["href"] == "faq.md#faq-retreat-into-zoc"
    dice = render(ridgeline.parent, "/// dice-tables\n///\n", game="ridgeline", page="ridgeline/dice.md")[0]
    assert [d["data-rc-faq"] for d in dice.select("details.rc-faq")] == ["defender-retreat-direction"]
    glossary = render(ridgeline.parent, "/// glossary\n///\n", game="ridgeline", page="ridgeline/glossary.md")[0]
    shown = glossary.select("details.rc-faq")
    assert [d["data-rc-faq"] for d in shown] == ["zoc-across-crest"]
    assert shown[0].find_previous("h3")["id"] == "zone-of-control"  # under its term, not the next one


def test_the_faq_page_lists_every_entry_with_a_heading_and_its_rules(ridgeline):
    faq = render(ridgeline.parent, "/// faq\n///\n", game="ridgeline", page="ridgeline/faq.md")[0]
    assert [h["id"] for h in faq.select("h2")] == ["faq-retreat-into-zoc", "faq-defender-retreat-direction",
                                                   "faq-zoc-across-crest"]
    assert faq.select_one(".rc-faq-counts").get_text() == "1 erratum · 1 clarification · 1 question"
    about = faq.select("section.rc-faq-entry")[2].select(".rc-faq-about a")
    assert [a["href"] for a in about] == ["glossary.md#zone-of-control", "turn.md#movement"]
