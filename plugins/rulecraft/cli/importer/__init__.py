"""`rulecraft import`: a starting point from an existing rulebook (Markdown, HTML, plain text, LaTeX, Org,
reStructuredText, MediaWiki, PDF, Word or OpenDocument).

Pipeline, one module per concern:

* the file is read into a neutral ``outline`` (sections of paragraphs, lists, notes, quotes, images): pandoc
  (``pandoc_run``) converts Markdown (``markdown_source``), LaTeX, Org, reStructuredText, MediaWiki and .odt
  (``pandoc_reader``) and Word (``docx_reader``) into its tree, which ``ast_outline`` reads; ``html_reader``
  reads HTML; ``plain_reader`` reads text laid out by hand, BBCode and a PDF's layout lines (``pdf_reader``,
  through ``docformats``);
* recognisers turn what they can into data: ``gameinfo`` (title, summary, components, set-up,
  end of game, changelog), ``phases``, ``dice``, ``charts`` (reference tables, combat results tables, legends),
  ``cards``, ``terms``; each claims the source
  blocks it used; once a section is known as the turn, set-up or glossary, ``entries`` reads its entries
  from whatever container holds them (lists, toggles, table rows, name-led paragraphs, sub-headings);
* ``prose`` writes the rest as a Markdown page, with blocks where data was recognised;
* ``writer`` writes the YAML files (validated by the models), ``report`` says what was found
  and what needs a human. The result is checked like any game: no errors; todos (recorded gaps) and warnings.

It never guesses silently: copied text carries ``todo: restate in your own words``, and a dice
table whose coverage cannot be proven gets a todo and explicit "Not stated" rows.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from rulecraft.atomicfile import NewFolders, write_atomic
from rulecraft.checks import CheckResult, check_path
from rulecraft.models.textrefs import PLACEHOLDER_RE
from rulecraft.yamlsource import read_source_bytes

from ..project import find_project, remove_nav_entry, write_gitignore, write_minimal_mkdocs
from ..shownpath import shown
from ..yamlwrite import ensure_schemas
from . import (
    amounts,
    bbcode,
    cards,
    catalog,
    charts,
    contents,
    dice,
    docformats,
    gameinfo,
    outliner,
    pandoc_reader,
    pandoc_run,
    phases,
    plaintext,
    report,
    sections,
    terms,
)
from .html_reader import MAX_NESTING as HTML_NESTING
from .html_reader import TooDeep, read_html
from .markdown_source import read as read_markdown
from .names import uncapped
from .outline import Outline
from .pdfhtml import is_layout_html
from .plain_reader import read_layout_html, read_plain_text
from .prose import PROSE_TITLE, ProseWriter
from .state import State
from .text import plain, slug, undecorated
from .titlepage import fold_title_page, name_chapters
from .writer import data_files, validate, write

PROSE_PAGE = "rules.md"
MAX_LISTED = 20  # warnings the report lists (`rulecraft check` shows them all)
REPORT_FILE = "IMPORT-REPORT.md"


class ImportError_(Exception):  # noqa: N801 - "ImportError" is a builtin
    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


@dataclass
class ImportResult:
    game_id: str
    folder: Path
    page: Path
    report_path: Path
    report_text: str
    counts: dict[str, int]
    check: CheckResult
    files: list[Path] = field(default_factory=list)
    state: State | None = None


def _inside(file: str, folder: Path) -> bool:
    try:
        Path(file).resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def game_check(rules_data: Path, docs: Path, game_id: str) -> CheckResult:
    """The project's check, narrowed to one game's data and pages (other games are not our business)."""
    result = check_path(rules_data, docs)
    mine = [p for p in result.problems if p.game == game_id or _inside(p.location.file, rules_data / game_id)
            or _inside(p.location.file, docs / game_id)]
    return CheckResult(result.book, mine, [s for s in result.summaries if s.game == game_id])


def detect_format(text: str, suffix: str = "") -> str:
    """'markdown' or 'html': by the headings the text actually uses (a .html file may hold Markdown)."""
    md = len(re.findall(r"^ {0,4}#{1,6}\s+\S", text, re.M))
    html = len(re.findall(r"<h[1-6]\b", text, re.I))
    if md == html == 0:
        return "html" if suffix.lower() in (".html", ".htm") or re.search(r"<(p|li|body)\b", text, re.I) \
            else "markdown"
    return "html" if html > md else "markdown"


MAX_SOURCE_BYTES = 20_000_000  # a long rulebook is a few MB of HTML
MAX_NESTING = 50  # lists, quotes or elements inside each other; rulebooks nest a handful deep
# A line's nesting: its indent, quote markers and list markers ("> > - 1. - item" is 5 deep).
_MD_PREFIX_RE = re.compile(r"^(?:[ \t]*(?:>|[-*+](?=[ \t])|[0-9]{1,9}[.)](?=[ \t])))*[ \t]*", re.MULTILINE)
_MD_MARKER_RE = re.compile(r">|[-*+0-9]+[.)]?(?=[ \t])")


def _markdown_too_deep(text: str) -> int | None:
    """The first line nested deeper than MAX_NESTING (quote and list markers, 2 columns of indent a level)."""
    for match in _MD_PREFIX_RE.finditer(text):
        prefix = match.group(0)
        if len(prefix) <= MAX_NESTING:
            continue  # too short to be that deep: most lines
        markers = len(_MD_MARKER_RE.findall(prefix))
        indent = len(prefix.expandtabs(4)) - len(prefix.lstrip(" \t").expandtabs(4))
        if markers > MAX_NESTING or indent > 2 * MAX_NESTING or markers + indent // 2 > MAX_NESTING:
            return text.count("\n", 0, match.start()) + 1
    return None


def _is_markdown(text: str, source: str) -> bool:
    """Markdown (or an outliner page), not a plain text laid out by hand or a forum post's BBCode."""
    return outliner.is_outliner(text) or not bbcode.is_bbcode(text) \
        and not plaintext.is_plain(text, Path(source).suffix)


def read_outline(text: str, source: str, fmt: str = "auto") -> Outline:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if fmt in ("auto", "markdown") and not outliner.is_outliner(text):
        own = pandoc_reader.format_of(text, Path(source).suffix)  # LaTeX, Org, reST, wiki: pandoc reads them
        line = _markdown_too_deep(text) if own in ("org", "rst") else None  # lists by indent: pandoc takes minutes
        if line is not None:
            raise ImportError_(f"{source}:{line}: the text is nested more than {MAX_NESTING} levels deep "
                               "(lists inside each other); flatten it before importing")
        if own:
            try:
                return pandoc_reader.read(text, source, own)
            except pandoc_run.PandocError as exc:
                where = f"{source}:{exc.line}" if exc.line else f"{source}"
                raise ImportError_(f"{where}: cannot read it as {pandoc_reader.FORMAT_TITLES[own]}: {exc}") from None
            except RecursionError:
                raise ImportError_(f"{source}: the text is nested too deeply to import; flatten it first") from None
    if fmt == "auto":
        fmt = detect_format(text, Path(source).suffix)
    if fmt != "html":
        line = _markdown_too_deep(text)
        if line is not None:
            raise ImportError_(f"{source}:{line}: the text is nested more than {MAX_NESTING} levels deep "
                               "(lists or quotes inside each other); flatten it before importing")
    try:
        if fmt == "html" and is_layout_html(text):
            return read_layout_html(text, source)  # lines without block structure: read by their layout
        if fmt == "html":
            return read_html(text, source)
        return read_markdown(text, source) if _is_markdown(text, source) else read_plain_text(text, source)
    except pandoc_run.PandocError as exc:
        where = f"{source}:{exc.line}" if exc.line else f"{source}"
        raise ImportError_(f"{where}: cannot read it as {'HTML' if fmt == 'html' else 'Markdown'}: {exc}") from None
    except TooDeep as exc:
        raise ImportError_(f"{source}:{exc.line}: the page nests elements more than {HTML_NESTING} deep "
                           "(an element inside an element ...); flatten it before importing") from None
    except RecursionError:  # a shape the depth checks above did not foresee: still a message, not a traceback
        raise ImportError_(f"{source}: the text is nested too deeply to import; flatten it first") from None


def recognise(outline: Outline, game_id: str, title: str | None = None) -> State:
    with _private_left_out(outline):
        return _recognise(outline, game_id, title)


@contextmanager
def _private_left_out(outline: Outline):
    """The author's own sections (Org ':noexport:' subtrees: playtest notes, to-do lists) out of the
    recognisers' sight while they run, back in place for the prose page: their lists are no set-up, their
    words no glossary."""
    hidden = []
    for section in list(outline.sections()):
        parent = section.parent
        if section.line in outline.private and parent is not None and section in parent.children:
            hidden.append((parent, parent.children.index(section), section))
            parent.children.remove(section)
    try:
        yield
    finally:
        for parent, index, section in reversed(hidden):
            parent.children.insert(index, section)


def _recognise(outline: Outline, game_id: str, title: str | None = None) -> State:
    fold_title_page(outline.root)
    state = State(outline, game_id)
    shown = gameinfo.game_name(uncapped(undecorated(plain(outline.title or "")), title=True))  # 'CINDERFALL 🔥'
    state.game = {"id": game_id, "title": (title or shown or game_id)[:120], "version": "0.1"}
    contents.recognise(state)  # a printed contents list first: its entries are headings, not phases or terms
    gameinfo.changelog(state)
    phases.recognise(state)
    gameinfo.components(state)
    gameinfo.setup(state)
    gameinfo.end_of_game(state)
    charts.grids(state)  # a combat results table and its key, before their cells read as rows, faces or cards
    dice.recognise(state)
    gameinfo.scoring(state)  # after the dice: 'roll 1d6 for each harbour' over its rows is a dice table
    catalog.recognise(state)  # priced items, before their tables read as reference tables or their names as terms
    charts.reference_tables(state)  # wide charts, before the glossary reads their rows as terms
    cards.recognise(state)
    terms.recognise(state)
    charts.reference_tables(state, min_columns=2)  # two-column ones the glossary left
    phases.fill_heading_phases(state)
    gameinfo.facts(state)
    amounts.costs(state)
    amounts.constants(state)
    sections.unclassified(state)
    gameinfo.stated_version(state)
    if state.game["version"] == "0.1" and "changelog" not in state.game:
        state.ask("game", "The source states no rules version: version is set to 0.1")
    state.game["todo"] = ("Imported by `rulecraft import`: restate the copied rules in your own words, "
                          "then work through the todos and IMPORT-REPORT.md.")
    order = ["id", "title", "version", "players", "summary", "objective", "components", "setup", "end_of_game",
             "scoring", "constants", "changelog", "todo"]
    state.game = {key: state.game[key] for key in order if key in state.game}
    return state


def _page_heading(outline: Outline, title: str) -> str:
    """The prose page's heading: the source's own first heading when it says more than the game's name
    ('1800 - Rules & Strategy Guide' for '1800'), so none of its words are lost; else the name."""
    own = undecorated(plain(outline.title or "")).strip()
    return own[:200] if own and slug(own, "") != slug(title, "") else title


def _at_lines(lines: list[int], outline: Outline) -> str:
    """': text at lines 27, 31' (': text at page 3, page 4') -- where each copied block starts, so nothing is
    left unlocated."""
    lines = sorted({n for n in lines if n})  # a quote's paragraphs start on its line: each line once
    return f": text at {outline.at_lines(lines)}" if lines else ""


def import_rulebook(source: Path, out: Path, game_id: str | None = None, title: str | None = None,
                    fmt: str = "auto", replace: bool = False) -> ImportResult:
    from ..scaffold import ScaffoldError, validate_game_id

    # a PDF or Word file is mostly pictures, so larger; known by content (a PDF renamed .txt), so text is held to
    # its own limit once read (_read_source)
    raw, problems = read_source_bytes(Path(source), shown(source), limit=docformats.MAX_DOCUMENT_BYTES)
    if raw is None:
        raise ImportError_(problems[0].format(), usage=True)
    try:
        outline = _read_source(raw, source, fmt)
        name_chapters(outline)  # before the title names the game: a manuscript's first heading is 'Chapter One'
    except ImportError_:
        raise
    except Exception as exc:  # a bug in a reader: as one in a recogniser below
        raise _internal_error(source, exc) from exc
    if title is None and gameinfo.generic_title(gameinfo.game_name(plain(outline.title or ""))):
        # a first heading naming a part ('Introduction', 'How to Play'): the file's name names the game
        title = gameinfo.file_title(shown(Path(source).stem))
    game_id = game_id or slug(title or gameinfo.game_name(plain(outline.title or "")) or shown(Path(source).stem),
                              "imported-game")
    try:
        validate_game_id(game_id)
        project = find_project(Path(out))
        replaced = _replaceable(project, game_id, replace)
    except ScaffoldError as exc:
        raise ImportError_(str(exc), usage=exc.usage) from None
    try:
        state = recognise(outline, game_id, title)
        for section in outline.sections():
            if PLACEHOLDER_RE.search(plain(section.title)):
                state.ask("prose", f"The source marks section '{plain(section.title)}' as unfinished", section.line)
        files = data_files(state)
    except Exception as exc:  # a bug in a recogniser: say so plainly, write nothing
        raise _internal_error(source, exc) from exc
    try:
        validate(files)
    except Exception as exc:  # a bug in a recogniser: say so plainly, write nothing
        raise ImportError_(f"internal error: the imported data does not fit the schema ({exc}); nothing was written; "
                           "please report it with the source file") from exc
    written: list[Path] = []
    if project.mkdocs_yml is None:
        Path(out).mkdir(parents=True, exist_ok=True)
        written.append(write_minimal_mkdocs(Path(out), "Rulebooks"))
        written += [p for p in [write_gitignore(Path(out))] if p]
        state.note("site", "no mkdocs.yml found: wrote a minimal one with the rulecraft plugin")
        project = find_project(Path(out))
    schemas, schema_files = ensure_schemas(project.root)
    written += schema_files
    folder = project.rules_data / game_id
    page = project.docs / game_id / PROSE_PAGE
    writer = ProseWriter(state)
    page_text = writer.page(_page_heading(outline, state.game["title"]), shown(Path(source).name))
    state.note("sections", f"{writer.sections} heading(s) kept as prose sections in {page.name}")
    if writer.uncaptured:
        where = "; ".join(f"'{title}' ({state.outline.at(line)})" + _at_lines(lines, state.outline)
                          for title, line, lines in writer.uncaptured)
        state.ask("prose", f"{len(writer.uncaptured)} section(s) hold text the importer did not turn into data; "
                  f"it is copied as-is into {page.name}: {where}")
    if replaced:
        state.note("site", f"replaced {replaced}: its files in {shown(folder)} and {shown(page.parent)} are gone, "
                   "the imported rulebook stands in their place")
    config = project.mkdocs_yml.read_bytes()  # its navigation gains the game: put back if a later step fails
    try:
        # The game's two folders appear whole or not at all, and a later step that fails removes them again:
        # nothing half-written blocks a second try. A game replaced waits aside until the new one stands.
        with _set_aside([folder, page.parent] if replaced else []), NewFolders() as new:
            if replaced and project.has_nav:
                remove_nav_entry(project.mkdocs_yml, game_id)
            write(new.folder(folder), files, schemas)
            (new.folder(page.parent) / PROSE_PAGE).write_text(page_text, encoding="utf-8")
            new.commit()
            written += [folder / f"{kind}.yaml" for kind in files] + [page]
            result, text, numbers, report_path = _check_and_report(project, state, writer, source, game_id, written)
    except BaseException:
        if project.mkdocs_yml.read_bytes() != config:
            write_atomic(project.mkdocs_yml, config)
        raise
    return ImportResult(game_id, folder, page, report_path, text, numbers, result, written + [report_path], state)


def _replaceable(project, game_id: str, replace: bool) -> str:
    """What an import of ``game_id`` replaces ('' when the id is free): the untouched starter `rulecraft new`
    wrote, or, with --replace, the game there; any other game is refused, its files left alone."""
    from ..scaffold import ScaffoldError, untouched_starter

    there = [f for f in (project.rules_data / game_id, project.docs / game_id) if f.exists()]
    if not there:
        return ""
    if untouched_starter(project, game_id):
        return f"the starter game '{game_id}' that `rulecraft new` wrote"
    if replace:
        return f"the game '{game_id}'"
    raise ScaffoldError(f"'{shown(there[0])}' already exists and is not the untouched starter of `rulecraft new`: "
                        f"refusing to overwrite game '{game_id}' (choose another id, or pass --replace to replace "
                        "it and lose its files)")


@contextmanager
def _set_aside(folders: list[Path]):
    """The replaced game's folders moved beside their places while the new game is written: back if that
    fails, deleted once it stands."""
    import shutil

    moved = []
    for folder in folders:
        if folder.exists():
            aside = folder.with_name(f".{folder.name}.replaced")
            shutil.rmtree(aside, ignore_errors=True)
            folder.rename(aside)
            moved.append((folder, aside))
    try:
        yield
    except BaseException:
        for folder, aside in moved:
            shutil.rmtree(folder, ignore_errors=True)
            aside.rename(folder)
        raise
    for _, aside in moved:
        shutil.rmtree(aside, ignore_errors=True)


def _check_and_report(project, state: State, writer: ProseWriter, source: Path, game_id: str, written: list[Path]):
    """The game in the site's navigation, checked, and its report written: the import's last steps."""
    if project.has_nav:
        from ..scaffold import add_game_to_nav

        problem = add_game_to_nav(project, game_id, state.game["title"], [(PROSE_TITLE, f"{game_id}/{PROSE_PAGE}")])
        if problem:
            state.ask("site", problem)
    result = game_check(project.rules_data, project.docs, game_id)
    numbers = report.counts(state, writer.sections)
    check_line = (f"`rulecraft check`: {len(result.errors)} error(s), {len(result.warnings)} warning(s), "
                  f"{len(result.gaps)} recorded gap(s) (todos and open questions are gaps; unused terms are "
                  "warnings).")
    if result.warnings:  # the README's `mkdocs build --strict` stops on them: say so before the user meets it
        check_line += ("\n\n`mkdocs build --strict` stops on warnings: fix each one below (or accept it with a "
                       "reason, as `rulecraft check` suggests), or build without `--strict` until then.\n\n"
                       + "\n".join(f"- {p.format()}" for p in result.warnings[:MAX_LISTED])
                       + (f"\n- … and {len(result.warnings) - MAX_LISTED} more" if len(result.warnings) > MAX_LISTED
                          else ""))
    report_path = project.rules_data / game_id / REPORT_FILE
    text = report.render(state, shown(source), [shown(p) for p in written + [report_path]], numbers, check_line,
                         [p.format() for p in result.errors])
    report_path.write_text(text, encoding="utf-8")
    return result, text, numbers, report_path


def _read_source(raw: bytes, source: Path, fmt: str) -> Outline:
    """The outline of the file's bytes: a PDF or Word file by its content, else UTF-8 text."""
    try:
        kind = docformats.kind_of(raw, Path(source).suffix)  # by content, whatever --format says
        if kind:
            return docformats.read_document(raw, shown(source), kind, MAX_SOURCE_BYTES)
    except docformats.DocumentError as exc:
        raise ImportError_(f"cannot read '{shown(source)}': {exc}") from None
    if len(raw) > MAX_SOURCE_BYTES:
        raise ImportError_(f"cannot read '{shown(source)}': it is larger than {MAX_SOURCE_BYTES // 1_000_000} MB and "
                           "neither a PDF nor a Word file", usage=True)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:  # a picture, an archive, or text saved in an old code page
        raise ImportError_(f"cannot read '{shown(source)}': it is neither a PDF, a Word (.docx) file nor UTF-8 text "
                           f"(byte {exc.object[exc.start]:#04x} at offset {exc.start} is not UTF-8); save the rulebook "
                           "as Markdown, HTML or text in UTF-8, or as PDF or .docx, and import that") from None
    return read_outline(text, shown(source), fmt)


def _internal_error(source: Path, exc: BaseException) -> ImportError_:
    return ImportError_(f"internal error: the importer failed while reading '{shown(source)}' ({failure_site(exc)}); "
                        "nothing was written. This is a bug in Rulecraft, not in your rulebook: please report "
                        "it with the source file")


def failure_site(exc: BaseException) -> str:
    """'IndexError in sections.py, line 145': enough for a bug report, without a traceback."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    return f"{type(exc).__name__} in {Path(frames[-1].filename).name}, line {frames[-1].lineno}" if frames \
        else type(exc).__name__
