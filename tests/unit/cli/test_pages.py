"""`rulecraft pages`: the generated docs folder and zensical.toml for Zensical (no engine needed here;
tests/site/test_engines.py builds the result with Zensical)."""

from __future__ import annotations

import os
import tomllib

import sitekit
from gamekit import MINIMAL_GAME
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecraft.cli.main import main
from rulecraft.loader import load_rulebook
from rulecraft.pages.assets import styles_and_scripts
from rulecraft.pages.nav import site_navigation
from rulecraft.pages.writer import MARKER
from rulecraft.pages.zensical import HEADER, to_toml

GAME = {f"rules_data/demo/{name}": text for name, text in MINIMAL_GAME.items()}


def project(tmp_path, files=None, plugin_extra=""):
    return sitekit.make_project(tmp_path / "p", files={**GAME, **(files or {})}, plugin_extra=plugin_extra)


def pages(root, *args) -> int:
    return main(["pages", "--root", str(root), *args])


def test_writes_stubs_links_hand_written_pages_and_assets(tmp_path, capsys):
    root = project(tmp_path, {"docs/about.md": "# About\n", "docs/demo/notes.md": "# Notes\n\nTrade {term:widget}.\n"})
    assert pages(root) == 0
    out = root / "build" / "pages"
    assert (out / MARKER).is_file()
    turn = (out / "demo" / "turn.md").read_text(encoding="utf-8")
    assert "/// turn\n///" in turn and 'title: "Turn sequence — Demo Game"' in turn
    assert "/// games" in (out / "index.md").read_text(encoding="utf-8")
    for rel in ("about.md", "demo/notes.md"):  # linked, so an edit shows without running pages again
        assert (out / rel).is_symlink() and (out / rel).resolve() == (root / "docs" / rel).resolve()
    assert (out / "assets" / "rulecraft" / "dice.lazy.js").is_file()
    assert "/*" not in (out / "assets" / "rulecraft" / "rulecraft.css").read_text(encoding="utf-8")  # as served
    assert "next: zensical build" in capsys.readouterr().out


def test_a_hand_written_page_wins(tmp_path):
    root = project(tmp_path, {"docs/demo/turn.md": "# Our own turn page\n"})
    assert pages(root) == 0
    turn = root / "build" / "pages" / "demo" / "turn.md"
    assert turn.is_symlink() and turn.read_text(encoding="utf-8") == "# Our own turn page\n"
    assert (root / "build" / "pages" / "demo" / "glossary.md").read_text(encoding="utf-8").count("/// glossary")


def test_a_hand_written_page_of_another_markdown_suffix_wins_too(tmp_path):
    # turn.markdown and a generated turn.md would be one page at one address
    root = project(tmp_path, {"docs/demo/turn.markdown": "# Our own turn page\n"})
    assert pages(root) == 0
    out = root / "build" / "pages" / "demo"
    assert (out / "turn.markdown").is_symlink() and not (out / "turn.md").exists()


def test_zensical_config_is_mkdocs_yml_plus_what_the_plugin_adds(tmp_path):
    root = project(tmp_path, {"docs/about.md": "# About\n"}, plugin_extra="link_first_only: false")
    yml = root / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8").replace("  - pymdownx.superfences\n", (
        "  - pymdownx.superfences\n"
        "  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "      emoji_generator: !!python/name:materialx.emoji.to_svg\n")), encoding="utf-8")
    assert pages(root) == 0
    text = (root / "zensical.toml").read_text(encoding="utf-8")
    assert text.startswith(HEADER)
    config = tomllib.loads(text)["project"]
    assert config["site_name"] == "Test rulebooks" and config["docs_dir"] == "build/pages"
    assert config["plugins"] == ["search"]  # the plugin's work is written out instead
    extensions = config["markdown_extensions"]
    assert extensions[-1] == {"rulecraft": {"rules_data": str((root / "rules_data").resolve()),
                                            "link_terms": True, "link_first_only": False}}
    emoji = next(e["pymdownx.emoji"] for e in extensions if isinstance(e, dict) and "pymdownx.emoji" in e)
    assert emoji == {"emoji_index": "zensical.extensions.emoji.twemoji",
                     "emoji_generator": "zensical.extensions.emoji.to_svg"}
    stylesheets = [f"assets/rulecraft/{p.name}" for p in styles_and_scripts() if p.suffix == ".css"]
    assert "assets/rulecraft/dice.css" in stylesheets
    assert [p for p in config["extra_css"] if "rulecraft" in p] == stylesheets
    assert "assets/rulecraft/player.js" in config["extra_javascript"]
    assert not [p for p in config["extra_javascript"] if p.endswith(".lazy.js")]  # player.js loads them
    assert config["watch"] == ["rules_data"]  # a YAML edit rebuilds under `zensical serve`
    book = load_rulebook(root / "rules_data")
    assert config["nav"] == site_navigation(book, ["index.md", "about.md", "demo/index.md", "demo/turn.md",
                                                   "demo/play.md", "demo/glossary.md", "demo/cheatsheet.md"])
    assert config["nav"][1] == {"Demo Game": [{"Overview": "demo/index.md"}, {"Turn sequence": "demo/turn.md"},
                                              {"Play a turn": "demo/play.md"}, {"Glossary": "demo/glossary.md"},
                                              {"Cheat sheet": "demo/cheatsheet.md"}]}
    assert config["nav"][-1] == "about.md"


def test_pages_of_every_markdown_suffix_are_in_the_navigation(tmp_path):
    """The engine renders .markdown, .mkd ... pages as it does .md ones (docpages.py): the nav lists them."""
    root = project(tmp_path, {"docs/about.markdown": "# About\n", "docs/demo/notes.mkd": "# Notes\n",
                              "docs/demo/picture.txt": "not a page"})
    assert pages(root) == 0
    nav = tomllib.loads((root / "zensical.toml").read_text(encoding="utf-8"))["project"]["nav"]
    assert nav[-1] == "about.markdown" and "demo/notes.mkd" in nav[1]["Demo Game"]
    assert "demo/picture.txt" not in str(nav)


def test_a_nav_in_mkdocs_yml_is_kept(tmp_path):
    root = project(tmp_path)
    yml = root / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8") + "nav:\n  - Rules: demo/turn.md\n", encoding="utf-8")
    assert pages(root) == 0
    assert tomllib.loads((root / "zensical.toml").read_text(encoding="utf-8"))["project"]["nav"] == [
        {"Rules": "demo/turn.md"}]


def test_errors_are_listed_with_their_place_and_nothing_is_written(tmp_path, capsys):
    root = project(tmp_path, {"rules_data/demo/phases.yaml": """\
        phases:
          - id: trade
            name: Trade
            rules: Each player may trade one {term:gadget}.
        """})
    assert pages(root) == 1
    err = capsys.readouterr().err
    assert "no pages written" in err
    assert "phases.yaml:4:" in err and "gadget" in err
    assert not (root / "build").exists() and not (root / "zensical.toml").exists()


def test_a_broken_hand_written_page_is_refused_too(tmp_path, capsys):
    root = project(tmp_path, {"docs/demo/notes.md": "# Notes\n\n/// phase | nowhere\n///\n"})
    assert pages(root) == 1
    err = capsys.readouterr().err
    assert "notes.md:3" in err and "nowhere" in err


def test_files_rulecraft_did_not_write_are_never_replaced(tmp_path, capsys):
    root = project(tmp_path)
    (root / "zensical.toml").write_text("[project]\nsite_name = 'mine'\n", encoding="utf-8")
    assert pages(root) == 2
    assert "was not written by rulecraft pages" in capsys.readouterr().err
    assert (root / "zensical.toml").read_text(encoding="utf-8") == "[project]\nsite_name = 'mine'\n"
    (root / "zensical.toml").unlink()
    (root / "mine").mkdir()
    (root / "mine" / "keep.txt").write_text("mine", encoding="utf-8")
    assert pages(root, "--out", "mine") == 2
    assert "holds files Rulecraft did not write" in capsys.readouterr().err
    assert (root / "mine" / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert pages(root, "--out", "docs") == 2  # the hand-written pages themselves


def test_running_again_replaces_the_folder(tmp_path):
    root = project(tmp_path, {"docs/old.md": "# Old\n"})
    assert pages(root) == 0
    (root / "docs" / "old.md").unlink()
    assert pages(root) == 0
    out = root / "build" / "pages"
    assert not os.path.lexists(out / "old.md")
    assert (out / "demo" / "turn.md").is_file()


def test_no_zensical_config_writes_the_pages_only(tmp_path):
    root = project(tmp_path)
    assert pages(root, "--no-zensical-config", "--out", "elsewhere") == 0
    assert (root / "elsewhere" / "demo" / "turn.md").is_file()
    assert not (root / "zensical.toml").exists()


# --- zensical.toml: whatever mkdocs.yml holds, a TOML reader gets back -----------------------------------

HOSTILE = ["Caf\u00e9 \U0001f3b2 \u05e9\u05dc\u05d5\u05dd", "DEL\x7fhere", "".join(map(chr, range(0x20))),
           'say "hi"', "back\\slash \\u0041 \\n", "two\nlines\r\nand\ttab", "'''", '"""', "\u2028\u2029\u202e\ufeff",
           "\x80\x85\x9f", "# not a comment", "= [ ] { } ,", ""]


def test_hostile_titles_round_trip_through_a_toml_reader():
    config = {"site_name": HOSTILE[1], "nav": [{title: f"page-{i}.md"} for i, title in enumerate(HOSTILE)],
              "extra": {title: [title, 1, 2.5, True, {"deep": title}] for title in HOSTILE},
              "copyright": HOSTILE}
    assert tomllib.loads(to_toml(config))["project"] == config


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(), st.recursive(st.text() | st.integers(-2**63, 2**63 - 1) | st.booleans(),
                                               lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                                               max_leaves=10), max_size=5))
def test_any_settings_round_trip(config):
    assert tomllib.loads(to_toml(config))["project"] == config


def test_a_lone_surrogate_is_a_clear_error(tmp_path, capsys):
    root = project(tmp_path)
    yml = root / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8") + 'copyright: "\\ud800"\n', encoding="utf-8")
    assert pages(root) == 1
    assert "copyright: the text holds a lone surrogate" in capsys.readouterr().err
    assert not (root / "zensical.toml").exists()


def test_a_control_character_in_mkdocs_yml_gives_a_toml_zensical_reads(tmp_path):
    root = project(tmp_path)
    yml = root / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8").replace("site_name: Test rulebooks",
                                                           'site_name: "Test\\x7f\\x01 rulebooks"'), encoding="utf-8")
    assert pages(root) == 0
    config = tomllib.loads((root / "zensical.toml").read_text(encoding="utf-8"))["project"]
    assert config["site_name"] == "Test\x7f\x01 rulebooks"
