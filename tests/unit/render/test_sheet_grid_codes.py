"""A picked grid on the cheat sheet (an imported combat results table whose odds the calculator cannot work out,
'1.5-1', '6-1 or more'): an open end reads short as the differences' do ('≥6-1'), and codes of three letters
('A-E') are set smaller and apart so two never run together ('A-EA-E'); two-letter codes keep their size."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from mdkit import render

WARGAME = Path(__file__).resolve().parents[2] / "data" / "wargame"
PICKED = {
    "id": "picked", "title": "Picked odds", "dice": "1d6",
    "columns": {"pick": {"label": "Odds"}, "values": ["1-2", "1.5-1", "6-1 or more"], "beyond": "clamp"},
    "shifts": [{"id": "arms", "label": "for combined arms", "value": 1}],
    "grid": [{"roll": "1-3", "cells": ["A-E", "A-R", "D-R"]}, {"roll": "4-6", "cells": ["A-R", "EX", "D-E"]}],
}


def _sheet(tmp_path: Path):
    root = tmp_path / "rules_data"
    shutil.copytree(WARGAME / "bridgehead", root / "bridgehead")
    dice = root / "bridgehead" / "dice.yaml"
    data = yaml.safe_load(dice.read_text(encoding="utf-8"))
    data["tables"].append(PICKED)
    dice.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    soup = render(root, "/// cheatsheet\n///\n", game="bridgehead", extensions=[])[0]
    assert soup.select_one(".rc-cheatsheet") is not None and not soup.select(".rc-error")
    return soup


def test_a_picked_grid_reads_its_open_end_short_and_sets_long_codes_apart(tmp_path):
    soup = _sheet(tmp_path)
    picked = soup.select_one("#sheet-dice-picked .rc-sheet-grid")
    assert "rc-sheet-grid--long" in picked["class"]
    heads = [th.get_text(strip=True) for th in picked.select("thead th")][1:]
    assert heads == ["1-2", "1.5-1", "≥6-1"]
    combat = soup.select_one("#sheet-dice-combat .rc-sheet-grid")  # 'AR', 'DE': as before
    assert "rc-sheet-grid--long" not in combat["class"]
