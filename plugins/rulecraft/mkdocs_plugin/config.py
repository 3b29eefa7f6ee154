"""The plugin's options (``plugins: - rulecraft: ...`` in mkdocs.yml)."""

from __future__ import annotations

import string
import urllib.parse

from mkdocs.config import config_options as c
from mkdocs.config.base import Config, ValidationError

EDIT_URL_PLACEHOLDERS = ("path",)  # {path}: the data file's path in the repository, e.g. rules_data/x/dice.yaml


class EditUrl(c.Type):
    """An http(s) URL template whose only placeholder is {path}; refused at config time, so a typo
    (``{branch}``) or a ``javascript:`` URL never reaches a page."""

    def __init__(self):
        super().__init__(str)

    def run_validation(self, value):
        value = super().run_validation(value)
        try:
            fields = [name for _, name, spec, conv in string.Formatter().parse(value) if name is not None]
        except ValueError as exc:  # a lone '{' or '}'
            raise ValidationError(f"edit_url: {exc} (write {{{{ and }}}} for a literal brace)") from None
        unknown = [name for name in fields if name not in EDIT_URL_PLACEHOLDERS]
        if unknown:
            known = ", ".join("{" + name + "}" for name in EDIT_URL_PLACEHOLDERS)
            raise ValidationError(f"edit_url: unknown placeholder {{{unknown[0]}}}; the placeholders are: {known}")
        parts = urllib.parse.urlsplit(value.replace("{path}", "x"))
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValidationError("edit_url: must be an http:// or https:// address, "
                                  "e.g. https://github.com/you/rules/edit/main/{path}")
        if any(ch in value for ch in "\"'<>`\\") or any(ch.isspace() or ord(ch) < 32 for ch in value):
            raise ValidationError("edit_url: quotes, '<', '>', backslashes and spaces are not allowed in the address")
        return value


class Seconds(c.Type):
    """A positive number of seconds (an int or a float)."""

    def __init__(self, default: float):
        super().__init__((int, float), default=default)

    def run_validation(self, value):
        value = super().run_validation(value)
        if isinstance(value, bool) or value <= 0:
            raise ValidationError(f"expected a positive number of seconds, not {value!r}")
        return float(value)


def edit_url_for(template: str, path: str) -> str:
    """The edit button's address: the path percent-encoded, the whole URL safe inside an attribute."""
    url = template.format(path=urllib.parse.quote(path, safe="/"))
    return urllib.parse.quote(url, safe=":/?#[]@!$&()*+,;=%~")


class RulecraftConfig(Config):
    enabled = c.Type(bool, default=True)
    rules_data = c.Type(str, default="rules_data")
    link_terms = c.Type(bool, default=True)
    link_first_only = c.Type(bool, default=True)
    # Reading density: at most one term link per this many words of body text (0: no limit).
    link_spacing = c.Type(int, default=25)
    edit_url = c.Optional(EditUrl())  # e.g. https://example.org/you/rules/edit/main/{path}
    navigation = c.Type(bool, default=True)  # build the nav when mkdocs.yml has none
    # TODOs and open questions are recorded gaps of the source rules, shown on each game's status
    # page; by default they are logged as a count so `mkdocs build --strict` passes. True: warnings, as
    # `rulecraft check --strict-gaps` (a game can ask for that itself: check: {gaps: warning} in game.yaml).
    strict_gaps = c.Type(bool, default=False)
    # Write <game>/cheatsheet.pdf (A4) and cheatsheet-letter.pdf after the build when WeasyPrint is
    # installed (the `pdf` extra).
    cheatsheet_pdf = c.Type(bool, default=True)
    # Seconds one cheat sheet's PDFs may take (fitting renders the sheet several times); a sheet still
    # being fitted then is stopped and warned about, and the site is written without its PDFs.
    pdf_timeout = Seconds(default=60)
    # Folder (relative to mkdocs.yml) for what Rulecraft keeps between builds: the cheat-sheet PDFs
    # and the checker's last result, each keyed by a hash of its inputs. Empty: keep nothing.
    cache_dir = c.Type(str, default=".cache/rulecraft")
    # Usable without a network: from a saved copy (file://) and kept by a service worker once a game's
    # pages were opened; the theme's web fonts (another site's) are turned off.
    offline = c.Type(bool, default=True)
