"""`mkdocs build --strict` follows the checker's rule: recorded gaps pass unless the designer asks; an
accepted warning passes and shows on the Status page with its reason."""

from __future__ import annotations

import pytest
from sitekit import build, make_project, page

pytestmark = pytest.mark.site

GAME = """\
    id: demo
    title: Demo Game
    summary: Players trade widgets.
    open_questions:
      - id: ties
        question: What happens on a tie?
    {check}
    """
PHASES = """\
    phases:
      - id: trade
        name: Trade
        rules: Each player may trade one Widget.
        todo: the source does not say who starts
    """
TERMS = """\
    terms:
      - id: widget
        term: Widget
        short: A small wooden cube.
      - id: gizmo
        term: Gizmo
        short: Printed on the box only.
        {accept}
    """


def project(root, check: str = "", accept: str = "", plugin_extra: str = ""):
    return make_project(root, files={
        "rules_data/demo/game.yaml": GAME.replace("{check}", check),
        "rules_data/demo/phases.yaml": PHASES,
        "rules_data/demo/terms.yaml": TERMS.replace("{accept}", accept),
        "docs/index.md": "# Rules\n",
    }, plugin_extra=plugin_extra)


ACCEPT = 'accept: {unused-term: "named on the box"}'


def test_gaps_pass_strict_and_an_accepted_warning_shows_on_status(tmp_path):
    done = build(project(tmp_path / "p", accept=ACCEPT))
    assert done.returncode == 0, done.stderr
    assert "2 recorded gap(s)" in done.stderr
    status = page(tmp_path / "p" / "site", "demo/status/")
    (item,) = status.select("ul.rc-accepted-list li")
    assert "accepted: named on the box" in item.get_text()


def test_an_unaccepted_warning_fails_strict(tmp_path):
    done = build(project(tmp_path / "p"))
    assert done.returncode != 0 and "warning[unused-term]" in done.stderr


@pytest.mark.parametrize("check, extra", [("check: {gaps: warning}", ""), ("", "strict_gaps: true")])
def test_gaps_fail_strict_when_asked(tmp_path, check, extra):
    done = build(project(tmp_path / "p", check=check, accept=ACCEPT, plugin_extra=extra))
    assert done.returncode != 0
    assert "warning[open-question]" in done.stderr and "warning[todo]" in done.stderr
