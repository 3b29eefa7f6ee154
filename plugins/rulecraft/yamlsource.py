"""Safe YAML reading that remembers where every value came from.

PyYAML's ``safe_load`` forgets positions and silently keeps the last of two
duplicate keys. Here we compose the node graph with the safe loader and build
plain Python data ourselves, so we can:

* record the line and column of every value and key (``YamlDocument.where``),
* refuse duplicate keys, unknown tags, recursive aliases and alias bombs,
* refuse files that are empty, binary, too big, not UTF-8 or start with a BOM,

and report each as a located :class:`~rulecraft.problems.Problem` instead of
raising a traceback.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .problems import Location, Problem, error

MAX_FILE_BYTES = 2_000_000  # a whole rulebook's data is a few hundred KB
MAX_VALUES = 250_000  # values after alias expansion; a "billion laughs" hits this fast
MAX_DEPTH = 60

_ALLOWED_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
}
_MAP_TAG = "tag:yaml.org,2002:map"
_STR_TAG = "tag:yaml.org,2002:str"
_SEQ_TAG = "tag:yaml.org,2002:seq"

Path_ = tuple  # a path into the data: keys (str) and list indexes (int)


@dataclass(frozen=True)
class Pos:
    line: int  # 1-based
    column: int  # 1-based
    style: str | None = None  # scalar style: None (plain), '|', '>', '"', "'"
    raw: str | None = None  # a plain scalar's text as written (1.10 stays "1.10")
    end_line: int = 0  # last line of the value (multi-line scalars)


def _pos_of(node: yaml.Node) -> Pos:
    style = getattr(node, "style", None) or None  # libyaml says '' for plain, PyYAML None
    plain = isinstance(node, yaml.ScalarNode) and style is None
    return Pos(node.start_mark.line + 1, node.start_mark.column + 1, style,
               node.value if plain else None, node.end_mark.line + 1)


class Positions(dict):
    """path -> Pos, made from the YAML node the first time it is asked for: a file has a position
    for every value, and most are never needed (only where a problem is reported)."""

    def set_node(self, path: Path_, node: yaml.Node) -> None:
        dict.__setitem__(self, path, node)

    def __getitem__(self, path: Path_) -> Pos:
        value = dict.__getitem__(self, path)
        if not isinstance(value, Pos):
            value = _pos_of(value)
            dict.__setitem__(self, path, value)
        return value

    def get(self, path: Path_, default=None):
        return self[path] if path in self else default  # noqa: SIM401 - this *is* get()


@dataclass
class YamlDocument:
    file: str  # path as shown to people (relative to the project when possible)
    data: Any
    values: Positions = field(default_factory=Positions)
    keys: Positions = field(default_factory=Positions)
    lines: list[str] = field(default_factory=list)  # the source, to find text inside multi-line values
    source: str | None = field(default=None, repr=False)  # the text parsed, to read positions again
    released: bool = field(default=False, repr=False)

    def release_positions(self) -> None:
        """Drop the position tables, the source lines and the raw data (the models hold it now): they
        keep a YAML node per value, most of a loaded book's memory (a 5 000-term glossary: ~20 MiB),
        and once the checks have run a build rarely asks for a position again. Should anything ask,
        all three are read again from the kept source text, which gives the same positions: a later
        problem still gets its file:line."""
        if self.source is None or self.released or self.data is None:
            return  # not parsed from text here (nothing to read again from), failed, or already released
        self.values, self.keys, self.lines, self.data = Positions(), Positions(), [], None
        self.released = True

    def _positions(self) -> None:
        """Read what release_positions dropped again from the same text (same composer, same paths)."""
        if self.released:
            again, _ = parse_yaml_text(self.source, self.file)
            self.values, self.keys, self.lines, self.data = again.values, again.keys, again.lines, again.data
            self.released = False

    def pos(self, path: Path_, *, key: bool = False) -> Pos | None:
        """Position of the value (or its key) at ``path``, or of its nearest parent."""
        self._positions()
        path = tuple(path)
        while True:
            table = self.keys if key else self.values
            if path in table:
                return table[path]
            if key and path in self.values:
                return self.values[path]
            if not path:
                return None
            path = path[:-1]

    def raw(self, path: Path_) -> str | None:
        self._positions()
        pos = self.values.get(tuple(path))
        return pos.raw if pos else None

    def where(self, path: Path_ = (), *, key: bool = False) -> Location:
        pos = self.pos(path, key=key)
        if pos is None:
            return Location(self.file, 1, 1)
        return Location(self.file, pos.line, pos.column)

    def where_in_text(self, path: Path_, offset: int, needle: str | None = None) -> Location:
        """Location of character ``offset`` (where ``needle`` starts) inside the string value at ``path``.

        The needle is looked up in the source lines the value spans, so block (``|``, ``>``),
        folded plain and quoted strings all give the exact line and column.
        """
        self._positions()
        path = tuple(path)
        text = _get(self.data, path)
        if not isinstance(text, str) and path and isinstance(_get(self.data, path[:-1]), str):
            path, text = path[:-1], _get(self.data, path[:-1])  # a bare string read as {text: ...}
        pos = self.values.get(path)
        if pos is None or not isinstance(text, str):
            return self.where(path)
        needle = needle or text[offset:offset + 1]
        if needle and self.lines:
            wanted = text.count(needle, 0, offset)  # earlier occurrences of the same text
            last = max(pos.end_line, pos.line)
            for number in range(pos.line, min(last, len(self.lines)) + 1):
                line = self.lines[number - 1]
                column = line.find(needle, pos.column - 1 if number == pos.line else 0)
                while column >= 0:
                    if wanted == 0:
                        return Location(self.file, number, column + 1)
                    wanted -= 1
                    column = line.find(needle, column + 1)
        return Location(self.file, pos.line, pos.column)


def _get(data: Any, path: Path_) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


class _TooBig(Exception):
    pass


class _TooDeep(Exception):
    def __init__(self, mark):
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """PyYAML's composer recurses once per nesting level: stop it long before Python's recursion limit
    (``[[[[...`` a few hundred deep would raise RecursionError); the converter reports depth > MAX_DEPTH."""

    _depth = 0

    def compose_node(self, parent, index):
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH + 40:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


# libyaml's composer (C) is ~10x faster than PyYAML's pure-Python one and records the same marks,
# but it recurses in C once per nesting level where no recursion guard can stop it; it is used
# only when a cheap bound shows the text is shallow, and any error re-runs the Python composer,
# whose messages (and depth guard) are the ones we report.
_CLoader = getattr(yaml, "CSafeLoader", None)
_C_SAFE_DEPTH = 2_000
_BRACKET_RE = re.compile(r"[\[\]{}]")


def _shallow(text: str) -> bool:
    """Upper bound on nesting: each block level needs one more column, each flow level a bracket."""
    longest = max(map(len, text.splitlines()), default=0)
    depth = deepest = 0
    for match in _BRACKET_RE.finditer(text):
        depth += 1 if match.group(0) in "[{" else -1
        deepest = max(deepest, depth)
    return longest + deepest < _C_SAFE_DEPTH


# First characters for which YAML 1.1 has implicit types (bools, nulls, numbers, dates...).
_TYPED_STARTS = frozenset(k for k in yaml.SafeLoader.yaml_implicit_resolvers if k)

if _CLoader is not None:
    class _FastCLoader(_CLoader):
        def resolve(self, kind, value, implicit, _scalar=yaml.ScalarNode, _mapping=yaml.MappingNode,
                    _starts=_TYPED_STARTS, _resolve=yaml.resolver.Resolver.resolve):
            # Called from C for every node without an explicit tag: keep it cheap. Plain text starting
            # with a character that begins no YAML 1.1 type (bool, null, number, date...) is a string;
            # quoted text always is; collections get their default tags; the rest: PyYAML's resolver.
            if kind is _scalar:
                if not implicit[0]:
                    return _STR_TAG
                if value and value[0] not in _starts:
                    return _STR_TAG
                return _resolve(self, kind, value, implicit)
            return _MAP_TAG if kind is _mapping else _SEQ_TAG


def _compose_fast(text: str):
    """The document's node graph through libyaml, or None to take the Python path."""
    if _CLoader is None or not _shallow(text):
        return None, None
    loader = _FastCLoader(text)
    try:
        return loader.get_single_node(), loader
    except Exception:  # noqa: BLE001 - any trouble: the Python composer reports it properly
        loader.dispose()
        return None, None


class _Converter:
    """Turns a composed node graph into plain data, recording positions."""

    def __init__(self, loader: yaml.SafeLoader, doc: YamlDocument):
        self.loader = loader
        self.doc = doc
        self.problems: list[Problem] = []
        self.count = 0
        self.active: set[int] = set()

    def at(self, node: yaml.Node) -> Location:
        return Location(self.doc.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def convert(self, node: yaml.Node, path: Path_) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise _TooBig
        if len(path) > MAX_DEPTH:
            self.problems.append(error("yaml-depth", f"data is nested more than {MAX_DEPTH} levels deep",
                                       self.at(node), "flatten the structure"))
            return None
        if id(node) in self.active:
            self.problems.append(error("yaml-alias", "an alias refers to a value that contains itself",
                                       self.at(node), "remove the recursive anchor/alias pair"))
            return None
        self.doc.values.set_node(path, node)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ_TAG:
                return self._bad_tag(node)
            self.active.add(id(node))
            try:
                return [self.convert(item, path + (i,)) for i, item in enumerate(node.value)]
            finally:
                self.active.discard(id(node))
        return self._scalar(node)

    def _mapping(self, node: yaml.MappingNode, path: Path_) -> dict | None:
        if node.tag != _MAP_TAG:
            return self._bad_tag(node)
        result: dict[str, Any] = {}
        first_seen: dict[str, yaml.Node] = {}
        self.active.add(id(node))
        try:
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.problems.append(error("yaml-key", "a mapping key must be plain text, found a "
                                               + ("list" if isinstance(key_node, yaml.SequenceNode) else "mapping"),
                                               self.at(key_node), "use a simple word as the key"))
                    continue
                if key_node.tag == "tag:yaml.org,2002:merge":
                    self.problems.append(error("yaml-merge", "YAML merge keys (<<) are not supported",
                                               self.at(key_node), "write the keys out in full"))
                    continue
                # The raw text, not the YAML 1.1 reading: `no:` stays "no", `1.10:` stays "1.10".
                key = key_node.value
                if key in first_seen:
                    first = first_seen[key]
                    self.problems.append(error(
                        "duplicate-key",
                        f"duplicate key '{key}' (first defined at line {first.start_mark.line + 1}); "
                        "YAML would silently keep only the last one",
                        self.at(key_node), "remove or rename one of the two"))
                    continue
                first_seen[key] = key_node
                self.doc.keys.set_node(path + (key,), key_node)
                result[key] = self.convert(value_node, path + (key,))
        finally:
            self.active.discard(id(node))
        return result

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag == _STR_TAG:
            return node.value  # most rule data is text: skip the constructor machinery
        if node.tag not in _ALLOWED_SCALAR_TAGS:
            return self._bad_tag(node)
        try:
            value = self.loader.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError, KeyError, AttributeError, TypeError) as exc:
            # PyYAML's own constructors fail with KeyError (!!bool maybe) or AttributeError (!!timestamp x)
            reason = exc if isinstance(exc, (yaml.YAMLError, ValueError, OverflowError)) else \
                f"it is not a valid {node.tag.rsplit(':', 1)[-1]}"
            self.problems.append(error("yaml-value", f"cannot read value {node.value!r}: {reason}", self.at(node),
                                       "put the value in quotes to keep it as text"))
            return None
        if isinstance(value, int) and value.bit_length() > 64:  # 0x... has no digit limit; str() of it may fail
            self.problems.append(error("yaml-value", f"the number {node.value[:20]!r}... is far too large",
                                       self.at(node), "put the value in quotes to keep it as text"))
            return None
        return value

    def _bad_tag(self, node: yaml.Node) -> None:
        self.problems.append(error("yaml-tag", f"unsupported YAML tag '{node.tag}'", self.at(node),
                                   "remove the tag; rule data uses plain text, numbers, lists and mappings"))
        return None


def _decode(raw: bytes, file: str) -> tuple[str | None, list[Problem]]:
    if raw.startswith(b"\xef\xbb\xbf"):
        return None, [error("encoding", "file starts with a UTF-8 byte-order mark (BOM)", Location(file, 1, 1),
                            "save the file as UTF-8 without BOM")]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, [error("encoding", "file is UTF-16, not UTF-8", Location(file, 1, 1), "save the file as UTF-8")]
    nul = raw.find(b"\x00")
    if nul >= 0:
        line = raw.count(b"\n", 0, nul) + 1
        return None, [error("binary-file", "file contains NUL bytes: it is binary, not YAML text",
                            Location(file, line, 1), "rule data files must be UTF-8 text")]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [error("encoding", f"file is not valid UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded",
                            Location(file, line, column), "save the file as UTF-8")]


def _yaml_error(exc: yaml.MarkedYAMLError, file: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    location = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file)
    problem = exc.problem or "invalid YAML"
    message = f"invalid YAML: {problem}"
    if exc.context:
        message += f" ({exc.context}"
        if exc.context_mark and exc.context_mark is not mark:
            message += f" at line {exc.context_mark.line + 1}"
        message += ")"
    hint = "check indentation and quoting around this line"
    if "'\\t'" in problem or "tab" in problem:
        hint = "YAML indentation must use spaces, not tab characters"
    elif "expected a single document" in problem + (exc.context or ""):
        hint = "keep one document per file (remove the extra '---')"
    elif "mapping values are not allowed" in problem:
        hint = "a value that contains ': ' must be put in quotes"
    return error("yaml-syntax", message, location, hint)


def parse_yaml_text(text: str, file: str) -> tuple[YamlDocument, list[Problem]]:
    doc = YamlDocument(file, None, lines=text.splitlines(), source=text)
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        return doc, [error("empty-file", "file is empty (no data, only blank lines or comments)",
                           Location(file, 1, 1), "add the data or delete the file")]
    node, loader = _compose_fast(text)
    if node is not None:
        return _convert(node, loader, doc, file)
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:  # raised before parsing: a character YAML never allows
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        return doc, [error("yaml-syntax", f"invalid YAML: control character U+{exc.character:04X} is not allowed",
                           Location(file, line, column),
                           "delete it: it is invisible in most editors (often pasted from a terminal or a PDF)")]
    try:
        try:
            node = loader.get_single_node()
        except _TooDeep as exc:
            return doc, [error("yaml-depth", f"data is nested more than {MAX_DEPTH} levels deep",
                               Location(file, exc.mark.line + 1, exc.mark.column + 1), "flatten the structure")]
        except yaml.MarkedYAMLError as exc:
            return doc, [_yaml_error(exc, file)]
        except yaml.YAMLError as exc:  # unmarked errors are rare; still report, never raise
            return doc, [error("yaml-syntax", f"invalid YAML: {exc}", Location(file, 1, 1))]
        if node is None:
            return doc, [error("empty-file", "file has no data", Location(file, 1, 1),
                               "add the data or delete the file")]
        return _convert(node, loader, doc, file)
    finally:
        loader.dispose()


def _convert(node, loader, doc: YamlDocument, file: str) -> tuple[YamlDocument, list[Problem]]:
    try:
        converter = _Converter(loader, doc)
        try:
            doc.data = converter.convert(node, ())
        except _TooBig:
            doc.data = None
            return doc, [error("yaml-too-big", f"data expands to more than {MAX_VALUES:,} values "
                               "(an alias bomb, or far too much data for one file)",
                               Location(file, 1, 1), "remove the anchors/aliases or split the file")]
        except RecursionError:
            doc.data = None
            return doc, [error("yaml-depth", "data is nested too deeply", Location(file, 1, 1))]
        if doc.data is None and not converter.problems:  # '---', 'null' or '~' alone
            return doc, [error("empty-file", "file has no data (its only value is null)", Location(file, 1, 1),
                               "add the data or delete the file")]
        return doc, converter.problems
    finally:
        loader.dispose()


def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


def read_source_bytes(path: Path, file: str, *, within: Path | None = None,
                      limit: int = MAX_FILE_BYTES) -> tuple[bytes | None, list[Problem]]:
    """The bytes of a regular file, or a located problem; never blocks, never reads more than ``limit``.

    Symlinks are resolved: one that leads outside ``within`` (the project) is refused without
    reading it, so a pull request cannot make the build print a file such as a CI secret. FIFOs
    (``open`` would wait forever), devices (``/dev/zero`` is endless and has size 0) and sockets
    are refused; the size limit counts the bytes actually read, not what ``stat`` claims."""
    where = Location(file)
    try:
        real = path.resolve()
        if within is not None and not inside(real, within.resolve()):
            return None, [error("file-outside-project", "the file is a link to a file outside the project; "
                                "it was not read", where, "copy the data into the project instead of linking it")]
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        return None, [error("unreadable", f"cannot read file: {exc.strerror}", where)]
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None, [error("not-a-file", f"the file is {_kind_of(info.st_mode)}, not a regular file; "
                                "it was not read", where, "rule data must be ordinary text files")]
        if info.st_size > limit:
            return None, [_too_big(info.st_size, limit, where)]
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # the file grew, or stat lied (procfs): the bytes read are what counts
            return None, [_too_big(total, limit, where, more=True)]
        return b"".join(chunks), []
    except OSError as exc:
        return None, [error("unreadable", f"cannot read file: {exc.strerror}", where)]
    finally:
        os.close(fd)


def _too_big(size: int, limit: int, where: Location, more: bool = False) -> Problem:
    return error("file-too-big", f"file is {'more than ' if more else ''}{size:,} bytes; the limit is {limit:,}",
                 where, "split the data into several games or files")


def read_yaml_file(path: Path, display: str | None = None,
                   within: Path | None = None) -> tuple[YamlDocument, list[Problem]]:
    file = display or str(path)
    raw, problems = read_source_bytes(path, file, within=within)
    if raw is None:
        return YamlDocument(file, None), problems
    text, problems = _decode(raw, file)
    if text is None:
        return YamlDocument(file, None), problems
    return parse_yaml_text(text, file)
