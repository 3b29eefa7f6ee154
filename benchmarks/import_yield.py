"""How much of a rulebook `rulecraft import` captures as data (prints figures; not a test).

For every rulebook in ``tests/unit/cli/rulebooks/`` that has a ``<name>.expected.yaml`` beside it, the
script imports it into a throw-away project and compares what was written with what a person counted in
the rulebook by hand (the expected file is never produced by the importer):

- **phases**: an expected phase name is captured when an imported phase (at any depth) has that name
  (case, punctuation and a trailing "phase" ignored) *and* carries rules or steps of its own;
- **setup**: an expected step fragment is captured when it occurs in one of game.yaml's set-up steps;
- **dice**: an expected result fragment is captured when it occurs in a row of an imported dice table (a custom
  die's row is its face's label and its result; a two-dimensional table's row its roll and its cells);
- **terms**: an expected term is captured when an imported glossary entry has that name (an expected
  "Zone of Control (ZOC)" is an entry named Zone of Control with the alias ZOC);
- **items**: an expected catalog item ("Chapel: 2 food, 1 gold") is captured when an imported item has that
  name and exactly that cost.

"extra" counts imported phases, tables, terms and items that match nothing expected (false finds).
With ``--seeds DIR`` (default ``../shared/seeds`` beside the repository, when present) it also prints
what each of those rulebooks yields, as a regression record (no expected counts there).

A rulebook may be a ``.pdf`` or ``.docx`` file too. With ``--formats`` it prints instead how the same tuned
rulebooks yield as the files designers have (``tests/formatkit.py`` makes them, needs the ``import`` extra,
WeasyPrint and python-docx): the source; its rendered HTML (Markdown rendered, a plain text preformatted: what
is printed); that HTML printed to PDF in one column and in two columns (running head and folio on each page);
and as Word files with Word's styles and with manual formatting only (a plain text as typed: no "html" column,
monospace, and no two columns its lines do not fit; BBCode, wikitext and GitBook sources are left out: only
their platform renders them). The gap between "html" and the PDF/Word
columns is what reading the format costs; the gap between "source" and "html" is the rendering's (platform
syntax such as GitBook tags that plain Markdown does not render).

Usage::

    python benchmarks/import_yield.py [--rulebooks DIR] [--seeds DIR] [--verbose] [--formats [NAME ...]]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "plugins"))

from rulecraft.cli.importer import ImportError_, import_rulebook  # noqa: E402

KINDS = ("phases", "setup", "dice", "terms", "items")
SUFFIXES = (".md", ".html", ".htm", ".txt", ".org", ".pdf", ".docx")
FORMS = ("source", "html", "pdf", "pdf-2col", "docx", "docx-manual")


def _norm(text: str) -> str:
    text = re.sub(r"[^a-z0-9 ]+", " ", re.sub(r"[*_`]", "", str(text)).lower())
    words = text.split()
    if len(words) > 1 and words[-1] == "phase":
        words = words[:-1]
    return " ".join(words)


def _texts(steps) -> list[str]:
    out = []
    for step in steps or []:
        if isinstance(step, dict):
            out.append(str(step.get("text", "")))
            out += _texts(step.get("steps"))
        else:
            out.append(str(step))
    return out


def _phases(phases) -> list[dict]:
    out = []
    for phase in phases or []:
        out.append(phase)
        out += _phases(phase.get("subphases")) + _phases(phase.get("alternatives"))
    return out


def imported_data(folder: Path) -> dict[str, dict]:
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) or {} for p in folder.glob("*.yaml")}


def measure(data: dict[str, dict], expected: dict) -> dict[str, tuple[int, int, int]]:
    """kind -> (captured, present, extra)."""
    phases = [p for p in _phases(data.get("phases", {}).get("phases")) if not p.get("alternatives")]
    setup = [re.sub(r"[*_`]", "", t).lower() for t in _texts(data.get("game", {}).get("setup"))]
    tables = data.get("dice", {}).get("tables") or []
    terms = data.get("terms", {}).get("terms") or []
    out = {}

    want = [_norm(name) for name in expected.get("phases", [])]
    matched = {_norm(p["name"]) for p in phases if p.get("rules") or p.get("steps")}
    out["phases"] = (sum(1 for w in want if w in matched), len(want),
                     sum(1 for p in phases if _norm(p["name"]) not in want))

    want = [f.lower() for f in expected.get("setup", [])]
    out["setup"] = (sum(1 for w in want if any(w in s for s in setup)), len(want), 0)

    want = [f.lower() for f in expected.get("dice", [])]
    faces = {f["id"]: f.get("label", "") for d in data.get("dice", {}).get("dice") or [] for f in d.get("faces", [])}
    rows = [[re.sub(r"[*_`]", "", f"{faces.get(r.get('face'), '')} {r.get('result', '')}").lower()
             for r in t.get("rows", [])] + [re.sub(r"[*_`]", "", f"{g['roll']} {' '.join(g['cells'])}").lower()
                                            for g in t.get("grid", [])]
            for t in tables]  # a named face's row: its face and its result; a grid's row: its roll and its cells
    hits = [any(any(w in r for r in table) for table in rows) for w in want]
    extra = sum(1 for table in rows if not any(w in r for w in want for r in table))
    out["dice"] = (sum(hits), len(want), extra)

    want = [_norm(t) for t in expected.get("terms", [])]
    # an entry answers to its name and to 'Name (ABBR)' for each alias: 'Zone of Control (ZOC)' is read as
    # the term Zone of Control with the alias ZOC
    names = [{_norm(t["term"])} | {_norm(f"{t['term']} ({a})") for a in t.get("aliases") or []} for t in terms]
    out["terms"] = (sum(1 for w in want if any(w in n for n in names)), len(want),
                    sum(1 for n in names if not n & set(want)))

    # a catalog item counts with its price: 'Chapel: 2 food, 1 gold' is the item Chapel costing exactly that
    want = [_norm(item) for item in expected.get("items", [])]
    resources = {r["id"]: r.get("name", r["id"]) for r in data.get("catalog", {}).get("resources") or []}
    items = [_norm(f"{i['name']} " + " ".join(f"{n} {resources.get(r, r)}" for r, n in (
        i["cost"] if isinstance(i.get("cost"), dict) else {}).items()))
        for i in data.get("catalog", {}).get("items") or []]
    out["items"] = (sum(1 for w in want if w in items), len(want), sum(1 for i in items if i not in want))
    return out


def run_one(path: Path, root: Path) -> dict[str, dict]:
    """What the import of one rulebook wrote; nothing (every figure 0) when the import failed, as a user gets."""
    try:
        result = import_rulebook(path, root, game_id=re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-"))
    except ImportError_ as exc:
        print(f"  {path.name}: the import failed: {exc}")
        return {}
    return imported_data(result.folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rulebooks", default=str(REPO / "tests" / "unit" / "cli" / "rulebooks"))
    parser.add_argument("--seeds", default=str(REPO.parent / "shared" / "seeds"))
    parser.add_argument("--verbose", action="store_true", help="print the imported names too")
    parser.add_argument("--formats", nargs="*", metavar="NAME",
                        help="yield of each tuned rulebook (or the named ones) as source, HTML, PDF and Word")
    args = parser.parse_args(argv)

    books = sorted(p for p in Path(args.rulebooks).iterdir()
                   if p.suffix in SUFFIXES and p.with_suffix(".expected.yaml").is_file())
    if args.formats is not None:
        return formats(books if not args.formats else [b for b in books if b.name in args.formats or
                                                        b.stem in args.formats])
    totals = {kind: [0, 0, 0] for kind in KINDS}
    header = f"{'rulebook':<24}" + "".join(f"{kind:>14}" for kind in KINDS) + f"{'all':>12}{'extra':>8}"
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        for book in books:
            expected = yaml.safe_load(book.with_suffix(".expected.yaml").read_text(encoding="utf-8"))
            data = run_one(book, Path(tmp) / book.stem)
            figures = measure(data, expected)
            got = sum(f[0] for f in figures.values())
            present = sum(f[1] for f in figures.values())
            extra = sum(f[2] for f in figures.values())
            for kind, (a, b, c) in figures.items():
                totals[kind][0] += a
                totals[kind][1] += b
                totals[kind][2] += c
            cells = "".join(f"{f'{a}/{b}':>14}" for a, b, _ in figures.values())
            print(f"{book.name:<24}{cells}{f'{100 * got / max(present, 1):.0f} %':>12}{extra:>8}")
            if args.verbose:
                for kind, value in data.items():
                    print(f"    {kind}: {yaml.safe_dump(value, sort_keys=False, allow_unicode=True)[:600]}")
        got = sum(t[0] for t in totals.values())
        present = sum(t[1] for t in totals.values())
        cells = "".join(f"{f'{a}/{b}':>14}" for a, b, _ in totals.values())
        print("-" * len(header))
        print(f"{'total':<24}{cells}{f'{100 * got / max(present, 1):.0f} %':>12}"
              f"{sum(t[2] for t in totals.values()):>8}")

        seeds = Path(args.seeds)
        if seeds.is_dir():
            print(f"\nregression set ({seeds}): what each rulebook yields (no hand counts)")
            print(f"{'rulebook':<28}{'phases':>8}{'setup':>8}{'tables':>8}{'terms':>8}{'cards':>8}")
            for path in sorted(seeds.glob("*.txt")):
                data = run_one(path, Path(tmp) / ("seed-" + path.stem))
                phases = len(_phases(data.get("phases", {}).get("phases")))
                setup = len(_texts(data.get("game", {}).get("setup")))
                tables = len(data.get("dice", {}).get("tables") or [])
                terms = len(data.get("terms", {}).get("terms") or [])
                cards = sum(len(d.get("cards", [])) for d in data.get("cards", {}).get("decks") or [])
                print(f"{path.name:<28}{phases:>8}{setup:>8}{tables:>8}{terms:>8}{cards:>8}")
    return 0


def formats(books: list[Path]) -> int:
    """Per rulebook and form: captured/present over the four kinds, and the totals per form."""
    sys.path.insert(0, str(REPO / "tests"))
    import formatkit

    print(f"{'rulebook':<30}" + "".join(f"{form:>13}" for form in FORMS))
    totals = {form: [0, 0] for form in FORMS}
    with tempfile.TemporaryDirectory() as tmp:
        for book in books:
            expected = yaml.safe_load(book.with_suffix(".expected.yaml").read_text(encoding="utf-8"))
            folder = Path(tmp) / book.stem
            folder.mkdir()
            if book.suffix in (".pdf", ".docx"):  # tuned as the designer's own file: no other form to make
                print(f"{book.name:<30}{'(a PDF or Word file: its own form only)':>40}")
                continue
            html = formatkit.source_html(book)
            if html is None:  # platform markup (BBCode, wikitext, GitBook tags): nothing prints it as it is
                print(f"{book.name:<30}{'(platform markup: not printed)':>40}")
                continue
            (folder / f"{book.stem}.html").write_text(html, encoding="utf-8")
            files = {"source": book, "html": None if book.suffix == ".txt" else folder / f"{book.stem}.html",
                     "pdf": formatkit.to_pdf(html, folder / f"{book.stem}.pdf"),
                     # a plain text is printed as typed: its wide lines do not fit two columns
                     "pdf-2col": None if book.suffix == ".txt" else
                     formatkit.to_pdf(html, folder / f"{book.stem}-2col.pdf", columns=2),
                     "docx": formatkit.to_docx(html, folder / f"{book.stem}.docx"),
                     "docx-manual": formatkit.to_docx(html, folder / f"{book.stem}-manual.docx", styled=False)}
            cells = []
            for form in FORMS:
                if files[form] is None:
                    cells.append("-")
                    continue
                figures = measure(run_one(files[form], folder / f"out-{form}"), expected)
                got, present = sum(f[0] for f in figures.values()), sum(f[1] for f in figures.values())
                totals[form][0] += got
                totals[form][1] += present
                cells.append(f"{got}/{present}")
            print(f"{book.name:<30}" + "".join(f"{c:>13}" for c in cells), flush=True)
    print(f"{'total':<30}" + "".join(f"{f'{a}/{b} {100 * a / max(b, 1):.0f}%':>13}" for a, b in totals.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
