"""atomicfile.NewFolders: new folders appear together at the end, or not at all."""

from __future__ import annotations

import pytest

from rulecraft.atomicfile import NewFolders


def test_folders_appear_only_at_commit(tmp_path):
    with NewFolders() as new:
        a = new.folder(tmp_path / "deep" / "a")
        (a / "x.txt").write_text("x", encoding="utf-8")
        b = new.folder(tmp_path / "b")
        assert not (tmp_path / "deep" / "a").exists() and a.parent == tmp_path / "deep" and b.parent == tmp_path
        new.commit()
    assert (tmp_path / "deep" / "a" / "x.txt").read_text(encoding="utf-8") == "x" and (tmp_path / "b").is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b", "deep"]  # no temporary folder left


def test_a_failure_removes_everything_made_even_committed(tmp_path):
    (tmp_path / "kept.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(RuntimeError), NewFolders() as new:
        new.folder(tmp_path / "new-parent" / "game")
        new.commit()
        new.new_file(tmp_path / "config.yml", b"a: 1\n")
        new.folder(tmp_path / "staged")
        raise RuntimeError("boom")
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]


def test_a_place_taken_is_refused(tmp_path):
    (tmp_path / "taken").mkdir()
    with pytest.raises(FileExistsError), NewFolders() as new:
        new.folder(tmp_path / "taken")
    with pytest.raises(FileExistsError), NewFolders() as new:
        new.folder(tmp_path / "free")
        new.folder(tmp_path / "later")
        (tmp_path / "later").mkdir()  # taken meanwhile: nothing is moved
        new.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["later", "taken"]
    with pytest.raises(FileExistsError), NewFolders() as new:
        new.new_file(tmp_path / "taken", b"")
