"""A build cache planted in the project (a cloned repository's .cache/, a CI cache a pull request filled)
runs no code: pickles written where the snapshot and Jinja's compiled templates were kept are never loaded,
and the site is built as from an empty cache."""

from __future__ import annotations

import pickle
from pathlib import Path

import jinja2.bccache
from sitekit import build, make_project


class Payload:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return Path.write_text, (self.marker, "ran")


def test_pickles_planted_in_the_build_cache_are_never_loaded(tmp_path):
    project = make_project(tmp_path / "project", ("john-company",), plugin_extra="cheatsheet_pdf: false")
    done = build(project, site=tmp_path / "first")
    assert done.returncode == 0, done.stderr[-3000:]
    cache = project / ".cache" / "rulecraft"
    assert not (cache / "templates").exists()  # compiled templates are kept in memory only
    marker = tmp_path / "marker"
    # Jinja's bytecode files start with its magic, then the pickled checksum it loads first.
    jinja_file = jinja2.bccache.bc_magic + pickle.dumps(Payload(marker))
    (cache / "templates" / "any-settings").mkdir(parents=True)
    (cache / "templates" / "any-settings" / "main").write_bytes(jinja_file)
    for path in [p for p in cache.rglob("*") if p.is_file()]:
        if path.name.startswith("book."):  # the snapshot: its own header (the right key), then the pickle
            path.write_bytes(path.read_bytes().split(b"\n", 1)[0] + b"\n" + pickle.dumps(Payload(marker)))
        elif path.parent.parent.name == "templates":  # where compiled templates used to be kept
            path.write_bytes(jinja_file)
    again = build(project, site=tmp_path / "second")
    assert again.returncode == 0, again.stderr[-3000:]
    assert not marker.exists()
    first = (tmp_path / "first" / "john-company" / "turn" / "index.html").read_text(encoding="utf-8")
    assert (tmp_path / "second" / "john-company" / "turn" / "index.html").read_text(encoding="utf-8") == first
