"""Laying out a cheat sheet's document with WeasyPrint (the fit search renders each sheet several times).

Only files inside the site are read (``site_only_fetcher``). The documents link the same two
stylesheets and hold one ``@page`` rule per paper (``pdf.sheet_document``); parsing them again is
about a tenth of every render, so each is parsed once per process (``_Stylesheets``) and given to
WeasyPrint with the document's own links and style taken out. They are then the only stylesheets
besides WeasyPrint's defaults, in the document's order, so the cascade is the same and the PDFs are
byte-identical. That holds while the sheets stay as they are: WeasyPrint gives them the user origin, so
an inline ``!important`` would now lose to them, and its defaults hold no ``!important``; they hold no
``@font-face``, ``@counter-style`` or ``@layer`` (parsed on their own, those would not reach the
document). A stylesheet that cannot be read is left out with a debug line, as WeasyPrint does.
"""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

_LOG = logging.getLogger("mkdocs.plugins.rulecraft.pdf")
# pdf.sheet_document writes the links and the style in <head>, in this form.
_STYLE_TAG = re.compile(r'<link rel="stylesheet" href="([^"]*)">|<style>([^<]*)</style>')


def site_only_fetcher(site_dir: Path):
    from weasyprint.urls import URLFetcher

    root = site_dir.resolve()

    class SiteOnlyFetcher(URLFetcher):
        """file: URLs inside the site and data: URLs; everything else is refused."""

        def fetch(self, url, headers=None):
            parts = urlsplit(url)
            if parts.scheme == "data":
                return super().fetch(url, headers)
            if parts.scheme == "file":
                path = Path(unquote(parts.path)).resolve()
                if path.is_relative_to(root):
                    return super().fetch(url, headers)
            raise ValueError(f"not part of the site: {url}")

    return SiteOnlyFetcher(allowed_protocols=("file", "data"), timeout=5)


class _Stylesheets:
    """Parsed stylesheets, kept by URL and the file's bytes (a file rewritten between two fits, as under
    `mkdocs serve`, is parsed again whatever its timestamp) or, for a <style>, by its text; the last
    ``KEEP`` only (served rebuilds fit from a fresh copy of the site each time: new URLs)."""

    KEEP = 8

    def __init__(self):
        self.parsed: dict[tuple, object] = {}

    def of(self, document: str, base_url: str, fetcher) -> tuple[str, list]:
        """The document without its links and style, and their stylesheets in the same order."""
        sheets = []
        for match in _STYLE_TAG.finditer(document):
            href, text = match.groups()
            if href is not None:
                url = urljoin(Path(base_url).resolve().as_uri(), href)
                path = Path(unquote(urlsplit(url).path))
                try:
                    key = ("url", url, hashlib.sha256(path.read_bytes()).digest())
                except OSError:
                    key = ("url", url, None)  # the fetcher says why (inside the site or not, missing)
            else:
                key = ("text", text)
            if key in self.parsed:
                sheet = self.parsed.pop(key)
            else:
                sheet = self._parse(href, text, url if href is not None else base_url, fetcher)
            if sheet is not None:
                self.parsed[key] = sheet  # the newest last
                sheets.append(sheet)
        while len(self.parsed) > self.KEEP:
            del self.parsed[next(iter(self.parsed))]
        return _STYLE_TAG.sub("", document), sheets

    @staticmethod
    def _parse(href: str | None, text: str | None, url: str, fetcher):
        from weasyprint import CSS
        from weasyprint.urls import URLFetchingError

        if href is None:
            return CSS(string=text, base_url=url, url_fetcher=fetcher)
        try:
            return CSS(url=url, url_fetcher=fetcher)
        except URLFetchingError as exc:  # as WeasyPrint treats a link it cannot load: left out
            _LOG.debug("weasyprint: failed to load stylesheet at %s: %s", href, exc)
            return None


_STYLESHEETS = _Stylesheets()


def renderer(page_file: Path, site_dir: Path):
    """document HTML -> WeasyPrint's rendered document (layout done, not yet written)."""
    fetcher = site_only_fetcher(site_dir)

    def render(document: str):
        from weasyprint import HTML

        # WeasyPrint reports CSS it does not know (Material-only properties, -webkit- ones) as warnings on
        # its own logger; they say nothing about the sheet, so they go to debug.
        wp_log = logging.getLogger("weasyprint")
        saved = wp_log.level, wp_log.propagate, list(wp_log.handlers)
        wp_log.handlers, wp_log.propagate = [_Relay()], False
        wp_log.setLevel(logging.DEBUG)
        try:
            bare, sheets = _STYLESHEETS.of(document, str(page_file), fetcher)
            return HTML(string=bare, base_url=str(page_file), url_fetcher=fetcher).render(stylesheets=sheets)
        finally:
            wp_log.setLevel(saved[0])
            wp_log.propagate, wp_log.handlers = saved[1], saved[2]
    return render


class _Relay(logging.Handler):
    def emit(self, record):
        _LOG.debug("weasyprint: %s", record.getMessage())
