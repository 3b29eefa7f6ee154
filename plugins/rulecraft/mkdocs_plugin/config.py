"""The plugin's options (``plugins: - rulecraft: ...`` in mkdocs.yml)."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class RulecraftConfig(Config):
    enabled = c.Type(bool, default=True)
    rules_data = c.Type(str, default="rules_data")
    link_terms = c.Type(bool, default=True)
    link_first_only = c.Type(bool, default=True)
    # Reading density: at most one term link per this many words of body text (0: no limit).
    link_spacing = c.Type(int, default=25)
    edit_url = c.Optional(c.Type(str))  # e.g. https://example.org/you/rules/edit/main/{path}
    navigation = c.Type(bool, default=True)  # build the nav when mkdocs.yml has none
    # TODOs and open questions are recorded gaps of the source rules, shown on each game's status
    # page; by default they are logged as info so `mkdocs build --strict` passes. True: warnings.
    strict_gaps = c.Type(bool, default=False)
    # Write <game>/cheatsheet.pdf (A4) and cheatsheet-letter.pdf after the build when WeasyPrint is
    # installed (the `pdf` extra).
    cheatsheet_pdf = c.Type(bool, default=True)
    # Folder (relative to mkdocs.yml) for what Rulecraft keeps between builds: the cheat-sheet PDFs
    # and the checker's last result, each keyed by a hash of its inputs. Empty: keep nothing.
    cache_dir = c.Type(str, default=".cache/rulecraft")
