"""The site without a network: opened from a saved copy, and kept on a phone by a service worker.

One build serves both, so the site keeps its directory URLs (``john-company/turn/``) rather than take
Material's offline plugin, which turns them off for every reader and asks another site for its worker shim.
What cannot work from disk is adapted at run time by assets/offline.js; what a build must write is here:

* ``search/search_index.js``: the search index as a script (``var __index = ...``), which Material's bundle
  loads instead of the JSON when the page is a file (a page from disk may not fetch another file);
* ``offline/<game>.json``: every file a game's pages need — its pages and pictures, the site's home, the
  stylesheets, scripts and pictures they load, Material's search worker and the search index — with a
  version, a hash of all their contents (PDFs are left out: the worker keeps them when first opened);
* ``sw.js`` (offline/sw.js with this build's ``{game: {version, title}}``) and ``manifest.webmanifest``.

Material loads its web fonts from Google's servers: with ``offline`` on (the default) they are turned off
(``theme.font: false``: the device's own fonts), and a page that still loads a stylesheet, script or picture
from another site is named in a warning: it would not be there offline, and it tells that site who reads.
"""

from __future__ import annotations

import hashlib
import json
import logging
import posixpath
import re
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("mkdocs.plugins.rulecraft")

WORKER_SOURCE = Path(__file__).parents[1] / "offline" / "sw.js"
LISTS = "offline"  # folder of the per-game lists, below the site's root
SEARCH_INDEX = "search/search_index.json"
# Loaded by scripts rather than linked by pages: Material's search worker, Rulecraft's lazy scripts and
# stylesheets (every file of assets/rulecraft/), the site's small files the theme asks for.
SHARED_FOLDERS = ("assets/rulecraft", "assets/javascripts/workers")
SHARED_FILES = ("index.html", "404.html", "sitemap.xml", SEARCH_INDEX)
NOT_KEPT = (".pdf", ".map", ".gz")  # PDFs: kept when opened; source maps and the gzipped sitemap: never asked for

# Attributes through which a page loads something (links to other pages are followed, not loaded).
_LOADS_RE = re.compile(r"<(script|img|link|source|iframe|video|audio|embed)\b([^>]*)>", re.IGNORECASE)
_ATTR_RE = re.compile(r"""\b(src|href|srcset|poster)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)
_REL_RE = re.compile(r"""\brel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)
LOADED_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload", "modulepreload", "manifest"}


@dataclass(frozen=True)
class GameFiles:
    """What a game's pages need offline: paths below the site's root, and a hash of their contents."""

    game: str
    title: str
    files: tuple[str, ...]
    version: str


def turn_off_web_fonts(config) -> None:
    """Material's ``theme.font`` (Roboto by default) is fetched from Google's servers: the device's fonts."""
    theme = config.theme
    if theme.name == "material" and theme.get("font") is not False:
        theme["font"] = False
        log.info("rulecraft: offline: the theme's web fonts are off (they come from another site); "
                 "the site uses the device's fonts")


def loaded_urls(html: str) -> list[str]:
    """Every URL a page loads as it opens: scripts, stylesheets, icons, pictures, frames, media."""
    found = []
    for tag, attrs in _LOADS_RE.findall(html):
        if tag.lower() == "link":
            rel = _REL_RE.search(attrs)
            rels = set((next(g for g in rel.groups() if g is not None) if rel else "").lower().split())
            if not rels & LOADED_RELS:
                continue
        for name, *values in _ATTR_RE.findall(attrs):
            value = unescape(next((v for v in values if v), ""))
            if name.lower() == "href" and tag.lower() != "link":
                continue
            if name.lower() == "srcset":
                found += [part.split()[0] for part in value.split(",") if part.strip()]
            elif value:
                found.append(value)
    return found


def is_external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.netloc) or parts.scheme not in ("", "data", "blob")


def local_path(url: str, page_path: str) -> str | None:
    """The site file a page's URL names (``page_path``: the page's file below the site's root)."""
    if is_external(url) or url.startswith(("data:", "blob:", "#")):
        return None
    path = urlsplit(url).path
    if not path:
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(page_path), path))
    if joined.startswith("../") or joined == "..":
        return None
    return f"{joined}/index.html" if path.endswith("/") else joined


def _served_url(path: str) -> str:
    """A page as the worker is asked for it: ``john-company/turn/`` (directory URL), else the file."""
    if path == "index.html":
        return ""
    return path[: -len("index.html")] if path.endswith("/index.html") else path


def _files_below(site: Path, folder: str) -> list[str]:
    base = site / folder
    if not base.is_dir():
        return []
    return sorted(p.relative_to(site).as_posix() for p in base.rglob("*") if p.is_file() and p.suffix not in NOT_KEPT)


def game_files(site: Path, game: str, title: str, directory_urls: bool) -> GameFiles:
    """The game's offline list: its folder's files, the shared ones, and what its pages load."""
    own = _files_below(site, game)
    needed = set(own) | {f for f in SHARED_FILES if (site / f).is_file()}
    for folder in SHARED_FOLDERS:
        needed.update(_files_below(site, folder))
    for page in (p for p in sorted(needed) if p.endswith(".html")):
        for url in loaded_urls((site / page).read_text(encoding="utf-8")):
            path = local_path(url, page)
            if path and (site / path).is_file() and not path.endswith(NOT_KEPT):
                needed.add(path)
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(needed):
        digest.update(path.encode() + b"\0" + (site / path).read_bytes() + b"\0")
    urls = tuple(sorted(_served_url(p) if directory_urls else p for p in needed))
    return GameFiles(game, title, urls, digest.hexdigest())


def external_loads(site: Path) -> list[str]:
    """``page: URL`` for everything a built page loads from another site."""
    found = []
    for page in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
        urls = loaded_urls((site / page).read_text(encoding="utf-8"))
        found += [f"{page}: {url}" for url in urls if is_external(url)]
    return found


def search_index_script(site: Path) -> None:
    """search/search_index.js beside the JSON: what Material's bundle loads on a page opened from disk."""
    index = site / SEARCH_INDEX
    if index.is_file():
        index.with_suffix(".js").write_text("var __index = " + index.read_text(encoding="utf-8"), encoding="utf-8")


def web_manifest(site_name: str, description: str | None) -> dict:
    """The web app manifest: installed from any page, it opens the site's home, standalone."""
    return {
        "name": site_name,
        "short_name": site_name if len(site_name) <= 12 else site_name.split()[0],
        "description": description or site_name,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        # A die, drawn at any size (a phone's home screen asks for 144 px at least).
        "icons": [{"src": "assets/rulecraft/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }


def write_offline_files(site: Path, games: dict[str, str], *, site_name: str, description: str | None,
                        directory_urls: bool) -> list[GameFiles]:
    """Write the search script, every game's list, the worker and the manifest into a built site; warn of
    pages that load files from another site. ``games``: game id -> title."""
    search_index_script(site)
    lists = site / LISTS
    lists.mkdir(exist_ok=True)
    made = []
    for game, title in sorted(games.items()):
        if not (site / game).is_dir():
            continue
        files = game_files(site, game, title, directory_urls)
        (lists / f"{game}.json").write_text(json.dumps({"game": game, "version": files.version,
                                                        "files": list(files.files)}, indent=0), encoding="utf-8")
        made.append(files)
    versions = {g.game: {"version": g.version, "title": g.title} for g in made}
    worker = WORKER_SOURCE.read_text(encoding="utf-8").replace("{} /*GAMES*/", json.dumps(versions, sort_keys=True))
    (site / "sw.js").write_text(worker, encoding="utf-8")
    manifest = web_manifest(site_name, description)
    (site / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    external = external_loads(site)
    if external:
        shown = "\n".join(f"  {line}" for line in external[:20])
        more = f"\n  ... and {len(external) - 20} more" if len(external) > 20 else ""
        log.warning(f"rulecraft: {len(external)} file(s) loaded from another site: not kept for offline use, "
                    f"and the reader's device asks that site for them (serve them with the site):\n{shown}{more}")
    return made
