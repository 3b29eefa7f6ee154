"""The `rulecraft` command line: check, schema (more subcommands join as they land).

Exit codes: 0 clean, 1 problems (errors; warnings too with --strict), 2 usage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import report


def _default_docs(path: Path) -> Path | None:
    for base in (path.parent, path.parent.parent):
        if (base / "docs").is_dir():
            return base / "docs"
    return None


def cmd_check(args: argparse.Namespace) -> int:
    from .checks import check_path

    path = Path(args.path)
    if not path.is_dir():
        print(f"rulecraft check: '{path}' is not a folder (expected rules_data/ or one game's folder)",
              file=sys.stderr)
        return 2
    docs = Path(args.docs) if args.docs else _default_docs(path.resolve())
    result = check_path(path, docs)
    output = report.FORMATS[args.format](result) if args.format != "text" else \
        report.as_text(result, summary=not args.quiet)
    if output:
        print(output)
    failed = bool(result.errors) or (args.strict and bool(result.warnings))
    return 1 if failed else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .schema import check_schemas, write_schemas

    out = Path(args.out) if args.out else None
    if args.check:
        stale = check_schemas(out)
        for name in stale:
            print(f"{name} is out of date: run 'rulecraft schema'", file=sys.stderr)
        return 1 if stale else 0
    for path in write_schemas(out):
        print(f"wrote {path}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulecraft", description="Board-game rules as checked data.")
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="check rule data for errors and gaps")
    check.add_argument("path", nargs="?", default="rules_data", help="rules_data/ or one game's folder")
    check.add_argument("--format", choices=sorted(report.FORMATS), default="text")
    check.add_argument("--strict", action="store_true", help="warnings fail too (exit 1)")
    check.add_argument("--docs", help="prose pages folder (default: docs/ next to the data)")
    check.add_argument("--quiet", action="store_true", help="text format: no summary lines")
    check.set_defaults(func=cmd_check)

    schema = sub.add_parser("schema", help="write the JSON Schema of each data file kind")
    schema.add_argument("--out", help="folder (default: the package's schemas/ folder)")
    schema.add_argument("--check", action="store_true", help="exit 1 if the written schemas are stale")
    schema.set_defaults(func=cmd_schema)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
