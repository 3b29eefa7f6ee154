"""The A4 PDF's own spacing (fitting._spread): A4 is 6 % taller than Letter, so the fit both papers share
leaves A4 emptier; its PDF is spaced wider, never past the spacing where the sheet spills over."""

from __future__ import annotations

import re

import pytest

from rulecraft.mkdocs_plugin import fitting
from rulecraft.models.cheatsheet import Fit

SHEET = '<div class="rc-cheatsheet rc-columns-3" style="--rc-fs: 9.95pt; --rc-space: 0.78"><p>x</p></div>'


def page_like_asean(cliff: float):
    """(pages, fill) from the spacing written into the document: fills slowly, as A4 does (about 0.05
    per unit of spacing, measured on Asean 2090), and overflows past ``cliff``."""
    def measure(document: str):
        spacing = float(re.search(r"--rc-space: ([\d.]+)", document).group(1))
        return (1, 0.858 + 0.054 * (spacing - 0.78)) if spacing < cliff else (2, 1.07)
    return measure


@pytest.mark.parametrize("cliff", [1.8, 2.2, 9.0])
def test_the_emptier_paper_is_spread_into_the_band_without_overflowing(monkeypatch, cliff):
    monkeypatch.setattr(fitting, "measure", page_like_asean(cliff))
    renders = []

    def render(document):
        renders.append(document)
        return document

    have = (SHEET, 1, 0.858)
    (document, pages, fill), tries, spacing = fitting._spread(SHEET, Fit(9.95, 3, 0.78), "{fragment}", have,
                                                               render, lambda f: f)
    assert pages == 1 and fitting.PAPER_FULL <= fill <= fitting.HIGH
    assert spacing > 0.78 and f"--rc-space: {spacing:g}" in document  # the spacing of the PDF chosen
    assert tries == len(renders) <= fitting.PAPER_TUNES
    assert "--rc-fs: 9.95pt" in document and "rc-columns-3" in document  # same type and columns


def test_a_paper_that_cannot_be_spread_keeps_the_shared_fit(monkeypatch):
    monkeypatch.setattr(fitting, "measure", page_like_asean(0.8))  # any wider spacing spills over
    have = (SHEET, 1, 0.858)
    best, tries, spacing = fitting._spread(SHEET, Fit(9.95, 3, 0.78), "{fragment}", have, lambda d: d,
                                           lambda f: f)
    assert best == have and tries <= fitting.PAPER_TUNES and spacing == 0.78
