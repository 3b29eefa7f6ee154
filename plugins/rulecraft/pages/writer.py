"""Write a site's pages as files, for engines that run the Markdown extension but not the plugin.

The output folder is a complete docs folder, generated and never committed:

* every hand-written file of docs/ appears at its own path as a link to the original (a copy
  where the system has no symbolic links), so edits show without running this again and a
  hand-written page wins over a generated one;
* every game's generated page is its Markdown stub (``/// turn``), rendered by the extension;
* the site home when docs/ has none, and Rulecraft's stylesheets and scripts under
  ``assets/rulecraft/``.

The folder is marked as Rulecraft's, and only a marked (or empty) folder is ever cleared.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..book import RuleBook
from ..docpages import is_markdown_page, same_page
from ..models.links import page_path
from . import ASSET_DIR, home_stub, page_stub, pages_for_game, variant_sheet_stub, variant_sheets
from .assets import HEAD_SCRIPTS, PAGE_STYLESHEETS, asset_files, served_text

MARKER = ".rulecraft-pages"  # says "this folder is generated": clearing it loses nothing


class OutputFolderError(Exception):
    """The output folder holds files Rulecraft did not write."""


@dataclass
class WrittenPages:
    folder: Path
    hand_written: list[str] = field(default_factory=list)  # docs paths linked (or copied) from docs/
    generated: list[str] = field(default_factory=list)  # docs paths of generated pages (stubs, home)
    stylesheets: list[str] = field(default_factory=list)  # Rulecraft's, as the site serves them
    scripts: list[str] = field(default_factory=list)
    copied: bool = False  # no symbolic links here: hand-written files were copied

    @property
    def documentation_pages(self) -> list[str]:
        return sorted(p for p in self.hand_written + self.generated if is_markdown_page(p))


def _prepare(folder: Path, docs_dir: Path) -> None:
    if folder.resolve() == docs_dir.resolve() or docs_dir.resolve().is_relative_to(folder.resolve()):
        raise OutputFolderError(f"'{folder}' holds the hand-written pages; choose another output folder")
    if folder.exists():
        if not folder.is_dir():
            raise OutputFolderError(f"'{folder}' is a file, not a folder")
        if any(folder.iterdir()) and not (folder / MARKER).is_file():
            raise OutputFolderError(f"'{folder}' holds files Rulecraft did not write; choose another output "
                                    "folder (or empty it)")
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / MARKER).write_text("Written by `rulecraft pages`; cleared and rewritten each time.\n",
                                 encoding="utf-8")


def _link_or_copy(source: Path, target: Path, written: WrittenPages) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if not written.copied:
        try:
            target.symlink_to(os.path.relpath(source, target.parent))
            return
        except OSError:
            written.copied = True  # e.g. Windows without the right to make links
    shutil.copy2(source, target)


def write_pages(book: RuleBook, docs_dir: Path, folder: Path) -> WrittenPages:
    """Fill ``folder`` with docs/'s files and every game's generated pages (see the module's doc)."""
    _prepare(folder, docs_dir)
    written = WrittenPages(folder)
    taken: set[str] = set()
    if docs_dir.is_dir():
        for source in sorted(docs_dir.rglob("*")):
            if source.is_file():
                rel = source.relative_to(docs_dir).as_posix()
                _link_or_copy(source, folder / rel, written)
                written.hand_written.append(rel)
                taken.add(rel)

    def generate(rel: str, text: str) -> None:
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.generated.append(rel)
        taken.add(rel)

    for game in book.games.values():
        for page in pages_for_game(game):
            rel = page_path(game.id, page)
            if not taken.intersection(same_page(rel)):  # a hand-written page at this path (any suffix) wins
                generate(rel, page_stub(game, page))  # URLs resolved by the engine
        for rel, _title, variant in variant_sheets(game):
            if rel not in taken:
                generate(rel, variant_sheet_stub(game, variant))
    if "index.md" not in taken:
        generate("index.md", home_stub(book))
    for asset in asset_files():
        rel = f"{ASSET_DIR}/{asset.name}"
        if rel in taken:
            continue
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        text = served_text(asset)
        if text is None:
            shutil.copyfile(asset, target)
        else:
            target.write_text(text, encoding="utf-8")
        if asset.suffix == ".css" and asset.name not in PAGE_STYLESHEETS:  # those: linked by their pages
            written.stylesheets.append(rel)
        elif asset.suffix == ".js" and asset.name not in HEAD_SCRIPTS and not asset.name.endswith(".lazy.js"):
            # HEAD_SCRIPTS adapt Material's search, which must find them loaded before its bundle;
            # Zensical's theme has a search of its own. A *.lazy.js is loaded by its script where
            # needed (player.js: variants.lazy.js), as under MkDocs.
            written.scripts.append(rel)
    return written
