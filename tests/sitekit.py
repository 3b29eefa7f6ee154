"""Test support for real site builds and browser checks.

* ``make_project`` writes a throw-away MkDocs project (mkdocs.yml, docs/, rules_data/)
  from chosen seed games and/or fixture files;
* ``build`` runs the real ``mkdocs build`` in a subprocess (``--strict`` by default);
* ``page`` parses a built page with BeautifulSoup (assertions on the tree, not regex);
* ``serve`` serves a built site on 127.0.0.1 for the browser;
* ``chromium`` launches Debian's chromium through Playwright.

* ``engine`` finds another engine's command (ProperDocs, Zensical), ``copy_repo_project`` copies
  the repository's site sources into a throw-away folder.

Fixtures (import them into a test module: ``from sitekit import seed_site``):
``seed_site`` builds the repository's own site once per test session; ``zensical_site`` builds it
with Zensical after ``rulecraft pages``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("RULECRAFT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic"]

MKDOCS_YML = """\
site_name: Test rulebooks
docs_dir: docs
theme:
  name: material
  features: [navigation.instant, navigation.indexes, content.action.edit]
  palette:
    - scheme: default
      toggle: {icon: material/weather-night, name: Dark}
    - scheme: slate
      toggle: {icon: material/weather-sunny, name: Light}
plugins:
  - search
  - rulecraft:
      rules_data: rules_data
{plugin_extra}
markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - tables
  - toc:
      permalink: true
  - pymdownx.details
  - pymdownx.superfences
validation:
  links: {not_found: warn, anchors: warn, unrecognized_links: warn}
"""


def make_project(root: Path, games: tuple[str, ...] = (), files: dict[str, str] | None = None,
                 plugin_extra: str = "") -> Path:
    """A project folder with the chosen seed games copied in and extra files written (dedented)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "docs").mkdir(exist_ok=True)
    (root / "rules_data").mkdir(exist_ok=True)
    extra = textwrap.indent(textwrap.dedent(plugin_extra).strip(), " " * 6) if plugin_extra else ""
    (root / "mkdocs.yml").write_text(MKDOCS_YML.replace("{plugin_extra}", extra), encoding="utf-8")
    for game in games:
        shutil.copytree(REPO / "rules_data" / game, root / "rules_data" / game)
        if (REPO / "docs" / game).is_dir():
            shutil.copytree(REPO / "docs" / game, root / "docs" / game)
    for rel, text in (files or {}).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def build(project: Path, strict: bool = True, site: Path | None = None) -> subprocess.CompletedProcess:
    site = site or project / "site"
    # Not -q: it silences warnings before --strict can count them.
    cmd = [sys.executable, "-m", "mkdocs", "build", "-f", str(project / "mkdocs.yml"), "-d", str(site)]
    if strict:
        cmd.append("--strict")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=project, timeout=600)


def page(site: Path, url_path: str):
    """Parsed HTML of a built page: ``page(site, "john-company/turn/")``."""
    from bs4 import BeautifulSoup

    path = site / url_path
    if url_path.endswith("/") or not url_path:
        path = path / "index.html"
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A browser that leaves a page drops the files it was still fetching: no traceback in the test output
        for that; any other error is printed as before."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(site: Path):
    """Serve ``site`` on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def chromium_available() -> bool:
    if not Path(CHROMIUM).exists():
        return False
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


@contextlib.contextmanager
def chromium():
    """A Playwright browser on Debian's chromium. Fails (not skips) on CI if chromium is missing."""
    if not chromium_available():
        if os.environ.get("CI"):
            pytest.fail(f"chromium not found at {CHROMIUM}: ./dev test installs it with apt-get")
        pytest.skip("Debian's chromium is not installed (./dev test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory) -> Path:
    """The repository's own site (all seed games), built once with --strict."""
    site = tmp_path_factory.mktemp("seed-site") / "site"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                            cwd=REPO, capture_output=True, text=True, timeout=600,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr
    return site


# A fixture site's sheet fit may take 300 s, not 60: fits of a few seconds went past 60 on a runner loaded by
# other builds, and --strict failed the site for the warning.
LOADED_RUNNER = "pdf_timeout: 300"


def fixture_game_site(tmp_path_factory, name: str, game: str) -> Path:
    """The site of one fixture game of tests/data/<folder>/<game>, built with --strict."""
    project = make_project(tmp_path_factory.mktemp(game), plugin_extra=LOADED_RUNNER)
    shutil.copytree(REPO / "tests" / "data" / name / game, project / "rules_data" / game)
    result = build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(scope="session")
def variants_site(tmp_path_factory) -> Path:
    """A site of the fixture game with variants (tests/data/variants/isle), built once with --strict."""
    return fixture_game_site(tmp_path_factory, "variants", "isle")


@pytest.fixture(scope="session")
def delve_site(tmp_path_factory) -> Path:
    """A site of the dungeon-crawl fixture (tests/data/variants/delve): a scenario with its own turn, set-up
    numbered on across groups, cards without counts, players "1+", a start of turn; built with --strict."""
    return fixture_game_site(tmp_path_factory, "variants", "delve")


@pytest.fixture(scope="session")
def wargame_site(tmp_path_factory) -> Path:
    """A site of the hex wargame fixture (tests/data/wargame/bridgehead: reference tables, a legend),
    built once with --strict."""
    # Its sheet's fit once took ~80 s of CPU (the tall combat results table made the search try many sizes);
    # benchmarks/cheatsheet_fit.py measures 11 renders in 7 s now.
    return fixture_game_site(tmp_path_factory, "wargame", "bridgehead")


@pytest.fixture(scope="session")
def euro_site(tmp_path_factory) -> Path:
    """A site of the euro-game fixture (tests/data/euro/marchland: inputs, formulas with calculators, formula
    costs, named prices, uses limited per phase, replaces, any-of requirements, exchanges) with its prose page
    (tests/data/euro/docs/marchland: {formula:...} and /// formula), built once with --strict."""
    project = make_project(tmp_path_factory.mktemp("euro"), plugin_extra=LOADED_RUNNER)
    shutil.copytree(REPO / "tests" / "data" / "euro" / "marchland", project / "rules_data" / "marchland")
    shutil.copytree(REPO / "tests" / "data" / "euro" / "docs" / "marchland", project / "docs" / "marchland")
    result = build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(scope="session")
def zensical_variants_site(tmp_path_factory) -> Path:
    """The same fixture game built as the README says for Zensical: `rulecraft pages`, then `zensical build`."""
    zensical = engine("zensical")
    project = make_project(tmp_path_factory.mktemp("zensical-variants"))
    shutil.copytree(REPO / "tests" / "data" / "variants" / "isle", project / "rules_data" / "isle")
    pages = run_engine([sys.executable, "-m", "rulecraft.cli.main", "pages"], project)
    assert pages.returncode == 0, pages.stderr
    result = run_engine([zensical, "build"], project)
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "site"


def wait_for_instant_navigation(page) -> None:
    """Material intercepts a link only once its sitemap has arrived (the link must be listed there);
    a click before that is an ordinary page load. Under load that fetch can lag the page's load
    event, so tests of instant navigation wait until the network has gone quiet."""
    page.wait_for_load_state("networkidle")



def engine(name: str) -> str:
    """Another engine's command (properdocs, zensical), next to this Python's or on PATH. Fails (not
    skips) on CI when missing: ./dev test installs both (the `engines` extra)."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail(f"{name} is not installed: ./dev test installs it (pip install -e '.[engines]')")
    pytest.skip(f"{name} is not installed (pip install -e '.[engines]')")


def run_engine(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=900)


def copy_repo_project(root: Path) -> Path:
    """The repository's site sources (mkdocs.yml, docs/, rules_data/) in a throw-away folder: Zensical
    writes its site and cache inside the project, never into the working tree."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "docs", root / "docs")
    shutil.copytree(REPO / "rules_data", root / "rules_data")
    return root


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory) -> Path:
    """The repository's site built as the README says: `rulecraft pages`, then `zensical build`."""
    zensical = engine("zensical")
    project = copy_repo_project(tmp_path_factory.mktemp("zensical") / "project")
    pages = run_engine([sys.executable, "-m", "rulecraft.cli.main", "pages"], project)
    assert pages.returncode == 0, pages.stderr
    assert "next: zensical build" in pages.stdout
    result = run_engine([zensical, "build"], project)
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "site"


@contextlib.contextmanager
def page_opener(browser, base: str, viewport: dict | None = None):
    """``open(path, init_script=None, **context options)`` -> a page of the site at ``base``; leaving
    the block closes every context and fails the test if any page raised a JavaScript error."""
    contexts, errors = [], []

    def make(path: str, init_script: str | None = None, **options):
        size = options.pop("viewport", viewport or {"width": 1200, "height": 900})
        context = browser.new_context(viewport=size, **options)
        contexts.append(context)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + path)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def faq_site(tmp_path_factory) -> Path:
    """A site of the living-rules wargame fixture (tests/data/faq/ridgeline: an erratum, a clarification and a
    question in faq.yaml, attached to a step, a dice row, a term and a phase), built once with --strict."""
    return fixture_game_site(tmp_path_factory, "faq", "ridgeline")
