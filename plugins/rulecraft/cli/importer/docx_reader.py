"""A Word rulebook (.docx): pandoc reads it, after a pass over its XML for what Word shows but pandoc cannot see.

pandoc's ``docx`` reader gives headings, lists (Word's numbers as start numbers), tables, footnotes, text boxes
and reviewers' comments (``--track-changes=all``: comment spans, listed in the report). What designers really do
in Word beyond that is rewritten in word/document.xml first (:func:`prepare`, in an isolated child):

* a "Normal" paragraph used as a heading (all bold, or set larger than the body text, short and not a
  sentence) is given a heading style, its level ranked by size (bigger first; bold at body size below every
  bigger one); a run in a bold-weight font ('Arial-BoldMT', as a PDF converted to Word has) counts as bold;
* 'List Bullet 2' (its own list at level 0 in Word) is put one level deeper, as it shows;
* a rulebook written as one multi-level list (:mod:`wordoutline`) and a converted PDF's page furniture
  (:mod:`wordpages`) are rewritten as headings and dropped lines;
* tabs are kept as a mark pandoc passes through (it reads them as spaces): typed lists ('1.⇥Roll'), rolls
  ('2-3⇥Dead calm'), tab-stop tables and hanging-indent glossaries are read from the tree (:mod:`wordtyped`).

Pictures are not read. Findings are placed where a Word user can look: "paragraph 57, under 'Setting up'".
"""

from __future__ import annotations

import io
import re
import zipfile
from collections import Counter
from xml.etree import ElementTree

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"
MAX_UNCOMPRESSED = 200_000_000  # a long illustrated rulebook is a few tens of MB unpacked; more is a zip bomb
MAX_MEMBERS = 20_000
# The XML parts parsed cost many times their size in memory: a 300-page book's document.xml is under 10 MB,
# while 190 MB of repeated paragraphs zip to 560 KB.
MAX_XML = 25_000_000
MAX_LEVELS = 3  # heading levels given to manual headings (by size rank), bold at body size next
DEFAULT_BODY_SIZE = 11.0  # Word's Normal style since 2007
TAB = "\ue000"  # a private-use mark for a tab: pandoc reads w:tab as a space, which would lose the columns
EMPTY = "\ue001"  # an empty paragraph's mark: pandoc drops empty paragraphs, a typed text's blank lines
SPACE = "\ue002"  # a space pandoc would fold away: a typed text's indent and column gaps
HEADING_STYLE = "RulecraftHeading{}"
LIST_STYLE = re.compile(r"^List (Bullet|Number|Continue)\s+([2-5])$", re.I)
# a font named for a bold weight ('MyriadPro-Bold', 'Arial-BoldMT', 'Arial,Bold', 'Arial Black')
BOLD_FONT = re.compile(r"[-, ](?:semi|demi|extra|ultra)?(?:bold|black|heavy)", re.I)
PLAIN_STYLES = ("", "normal", "body text", "body", "default", "no spacing")


class DocxError(Exception):
    """The file cannot be read as a Word document: the message says why, without the file name."""


def is_docx(raw: bytes) -> bool:
    """A zip holding word/document.xml (by content: a .docx renamed, or a .zip that is one)."""
    if not raw.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            return "word/document.xml" in archive.namelist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return False


def check_archive(raw: bytes) -> None:
    """Refuse what is not a Word zip, or would unpack to far more than any rulebook (checked before reading)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        if raw.startswith(b"PK\x03\x04"):  # a zip's start without its end: cut short in a download or a copy
            raise DocxError(f"the Word file is damaged or truncated (its zip cannot be opened: {exc}); "
                            "save it again") from None
        raise DocxError(f"it is not a Word document (.docx is a zip file; this one cannot be opened: {exc})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise DocxError(f"the Word file holds {len(infos)} parts (more than {MAX_MEMBERS}); it is not a rulebook")
        if "word/document.xml" not in archive.namelist():
            raise DocxError("it is a zip file without word/document.xml, so not a Word document "
                            "(save it from Word as .docx)")
        total = sum(info.file_size for info in infos)
        xml = sum(info.file_size for info in infos if info.filename.lower().endswith((".xml", ".rels")))
        if xml > MAX_XML:
            raise DocxError(f"the Word file's text and markup would unpack to {xml // 1_000_000} MB (more than "
                            f"{MAX_XML // 1_000_000} MB, far beyond a rulebook's); it is damaged or not a rulebook")
        if total > MAX_UNCOMPRESSED:
            raise DocxError(f"the Word file would unpack to {total // 1_000_000} MB (more than "
                            f"{MAX_UNCOMPRESSED // 1_000_000} MB); it is damaged or not a rulebook")
        bad = archive.testzip()  # reads every part once: a truncated or corrupt part shows here, bounded above
        if bad:
            raise DocxError(f"the Word file is damaged (its part '{bad}' does not read back); save it again")


# -- the document's paragraphs, as Word shows them ---------------------------------------------------------


def _on(node, tag: str) -> bool:
    """A toggle property (w:b) set and not switched off."""
    child = node.find(tag) if node is not None else None
    return child is not None and child.get(f"{W}val", "true").lower() not in ("0", "false", "off")


class Run:
    def __init__(self, node):
        props = node.find(f"{W}rPr")
        size = props.find(f"{W}sz") if props is not None else None
        fonts = props.find(f"{W}rFonts") if props is not None else None
        self.text = "".join(t.text or "" if t.tag == f"{W}t" else "\t" for t in node
                            if t.tag in (f"{W}t", f"{W}tab"))
        value = size.get(f"{W}val", "") if size is not None else ""
        self.size = int(value) / 2 if value.isdigit() else None
        font = fonts.get(f"{W}ascii", "") if fonts is not None else ""
        self.bold = _on(props, f"{W}b") or bool(BOLD_FONT.search(font))


def _run_nodes(node):
    for child in node:
        if child.tag == f"{W}r":
            yield child
        elif child.tag in (f"{W}hyperlink", f"{W}ins", f"{W}smartTag", f"{W}sdt", f"{W}sdtContent",
                           f"{W}customXml", f"{W}fldSimple"):
            yield from _run_nodes(child)


class Par:
    """A Word paragraph: its node, style name, whether it is numbered, its runs."""

    def __init__(self, node, styles: dict[str, tuple[str, str]]):
        self.node = node
        style = node.find(f"{W}pPr/{W}pStyle")
        self.style_id = style.get(f"{W}val", "") if style is not None else ""
        self.style, styled_numbering = styles.get(self.style_id, (self.style_id, ""))
        self.numbered = node.find(f"{W}pPr/{W}numPr") is not None or bool(styled_numbering)
        self.runs = [Run(r) for r in _run_nodes(node)]
        self.text = "".join(r.text for r in self.runs)

    def set_style(self, style_id: str) -> None:
        props = self.node.find(f"{W}pPr")
        if props is None:
            props = ElementTree.Element(f"{W}pPr")
            self.node.insert(0, props)
        style = props.find(f"{W}pStyle")
        if style is None:
            style = ElementTree.Element(f"{W}pStyle")
            props.insert(0, style)
        style.set(f"{W}val", style_id)
        self.style, self.style_id = style_id.lower(), style_id


def _styles(archive: zipfile.ZipFile) -> dict[str, tuple[str, str]]:
    """Paragraph style id -> (its name, lowercase; the list (numId) it numbers its paragraphs in, or '')."""
    if "word/styles.xml" not in archive.namelist():
        return {}
    out = {}
    for style in ElementTree.fromstring(archive.read("word/styles.xml")).iter(f"{W}style"):
        name, num = style.find(f"{W}name"), style.find(f"{W}pPr/{W}numPr/{W}numId")
        out[style.get(f"{W}styleId", "")] = ((name.get(f"{W}val", "") if name is not None else "").lower(),
                                            num.get(f"{W}val", "") if num is not None else "")
    return out


def _blocks(container, styles, out: list, siblings: dict, rows: list) -> None:
    """Paragraphs outside text boxes (pandoc reads a box's own), each with the block after it in its container;
    table rows apart, to find header rows."""
    previous = None
    for child in container:
        if child.tag in (f"{W}txbxContent", MC_FALLBACK):
            continue
        if child.tag == f"{W}p":
            par = Par(child, styles)
            out.append(par)
            if previous is not None:
                siblings[id(previous)] = par
            previous = par
            continue
        if child.tag == f"{W}tbl":
            previous = None
        if child.tag == f"{W}tr":
            rows.append(child)
        _blocks(child, styles, out, siblings, rows)


# -- manual headings -------------------------------------------------------------------------------------


def _looks(par: Par, body: float | None) -> tuple[float, bool] | None:
    """(size, bold) of a short plain paragraph set entirely bold or larger than the body: a manual heading."""
    runs = [r for r in par.runs if r.text.strip()]
    text = par.text.strip()
    if not runs or par.numbered or par.style not in PLAIN_STYLES or len(text) > 80 \
            or text.endswith((".", ",", ";")) or (text.endswith(":") and len(text.split()) > 4):
        return None
    sizes = {r.size for r in runs}
    size = max((s for s in sizes if s), default=body)
    bold = all(r.bold for r in runs)
    bigger = body is not None and size is not None and size >= body * 1.15 and len(sizes) == 1
    return (size or 0.0, bold) if bigger or bold else None


def _title_over_two_lines(paragraphs: list[Par], body, bigger) -> tuple[Par, Par] | None:
    """The first two paragraphs with text, when both are set in the largest size alone, short and unpunctuated,
    and no other paragraph has their look (a cover's title broken over two lines: 'HIGHCRAG' / 'WALLERS')."""
    texts = [p for p in paragraphs if p.text.strip()]
    first = texts[:2]
    if len(first) < 2 or not bigger:
        return None
    looks = [_looks(p, body) for p in first]
    if not all(look and look[0] == bigger[0] for look in looks) or looks[0] != looks[1]:
        return None
    if any(_looks(p, body) == looks[0] for p in texts[2:]):
        return None
    if any(len(p.text.strip()) > 30 or re.search(r"[.:!?,;]$", p.text.strip()) for p in first):
        return None
    between = paragraphs[paragraphs.index(first[0]) + 1:paragraphs.index(first[1])]
    return (first[0], first[1]) if all(not p.text.strip() for p in between) else None


def mark_manual_headings(paragraphs: list[Par], siblings: dict, rows: list) -> set[int]:
    """Manual headings given a heading style; the heading levels used (their styles are added)."""
    weights: Counter = Counter()
    for p in paragraphs:
        for r in p.runs:
            weights[r.size] += len(r.text)
    body = weights.most_common(1)[0][0] if weights else None
    if body is None:  # the body takes its size from its style: Word's 11 pt
        body = DEFAULT_BODY_SIZE
    looks = [look for look in (_looks(p, body) for p in paragraphs) if look]
    bigger = sorted({size for size, _ in looks if size > body}, reverse=True)
    levels = {size: min(1 + rank, MAX_LEVELS) for rank, size in enumerate(bigger)}
    below = max(2, min(len(bigger) + 1, MAX_LEVELS + 1))  # bold at body size: below every bigger one
    title_taken = any(p.style == "title" for p in paragraphs)
    header_cells = set()  # a table row whose every cell looks like a heading names the columns
    for row in rows:
        cells = [[p for p in paragraphs if p.node in set(cell.iter(f"{W}p")) and p.text.strip()]
                 for cell in row.findall(f"{W}tc")]
        if len(cells) >= 2 and all(ps and all(_looks(p, body) for p in ps) for ps in cells):
            header_cells |= {id(p) for ps in cells for p in ps}
    used = set()
    title = _title_over_two_lines(paragraphs, body, bigger)
    if title:  # 'HIGHCRAG' over 'WALLERS': one title, the second paragraph left empty (numbers do not shift)
        first, second = title
        space = ElementTree.SubElement(first.node, f"{W}r")
        ElementTree.SubElement(space, f"{W}t").text = " "
        for run in list(_run_nodes(second.node)):
            first.node.append(run)
        for child in list(second.node):
            if child.tag != f"{W}pPr":
                second.node.remove(child)
        second.runs, second.text = [], ""
    for par in paragraphs:
        look = _looks(par, body)
        if not look or id(par) in header_cells:
            continue
        after = siblings.get(id(par))
        if after is not None and look[0] <= body and (
                _looks(after, body) == look or after.numbered
                or re.match(r"\s*(?:\d{1,2}[.)]|[•●▪■◦–-])\t", after.text)):
            # bold lines in a row at body size are emphasis; a bold line over a list leads that list
            continue
        level = levels.get(look[0], below)
        level = 2 if level == 1 and title_taken else level
        par.set_style(HEADING_STYLE.format(level))
        used.add(level)
    return used


def _nest_list_styles(paragraphs: list[Par], style_nums: dict[str, str], numbering: bytes | None) -> bytes | None:
    """'List Bullet 2' is its own list at level 0 in Word: put under the list before it, one level per number
    (that list's definition given the level, drawn as the nested style's own); numbering.xml as it is then."""
    if not numbering:
        return numbering
    _register_namespaces(numbering)
    root = ElementTree.fromstring(numbering)
    abstract_of = {n.get(f"{W}numId"): n.find(f"{W}abstractNumId").get(f"{W}val") for n in root.iter(f"{W}num")
                   if n.find(f"{W}abstractNumId") is not None}
    abstracts = {a.get(f"{W}abstractNumId"): a for a in root.iter(f"{W}abstractNum")}
    last_num, changed = None, False
    for par in paragraphs:
        num = par.node.find(f"{W}pPr/{W}numPr/{W}numId")
        nested = LIST_STYLE.match(par.style or "")
        own = num.get(f"{W}val") if num is not None else style_nums.get(par.style_id)
        if nested and par.node.find(f"{W}pPr/{W}numPr/{W}ilvl") is None and last_num is not None and own:
            level = str(int(nested.group(2)) - 1)
            target, source = abstracts.get(abstract_of.get(last_num)), abstracts.get(abstract_of.get(own))
            if target is None or source is None:
                continue
            if not any(lvl.get(f"{W}ilvl") == level for lvl in target.iter(f"{W}lvl")):
                drawn = next((lvl for lvl in source.iter(f"{W}lvl") if lvl.get(f"{W}ilvl") == "0"), None)
                if drawn is None:
                    continue
                copy = ElementTree.fromstring(ElementTree.tostring(drawn))
                copy.set(f"{W}ilvl", level)
                target.append(copy)
            numbering_node = par.node.find(f"{W}pPr/{W}numPr")
            if numbering_node is None:
                numbering_node = ElementTree.SubElement(par.node.find(f"{W}pPr"), f"{W}numPr")
            for child in list(numbering_node):
                numbering_node.remove(child)
            ElementTree.SubElement(numbering_node, f"{W}ilvl").set(f"{W}val", level)
            ElementTree.SubElement(numbering_node, f"{W}numId").set(f"{W}val", last_num)
            changed = True
        elif own and not nested:
            last_num = own
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True) if changed else numbering


def _with_heading_styles(xml: bytes | None, levels: set[int]) -> bytes:
    """styles.xml with the heading styles given to manual headings ('heading n': pandoc's heading names)."""
    defined = "".join(f'<w:style w:type="paragraph" w:styleId="{HEADING_STYLE.format(n)}"><w:name w:val="heading {n}"/>'
                      "</w:style>" for n in sorted(levels))
    if xml is None:
        return (f'<?xml version="1.0"?><w:styles xmlns:w="{W[1:-1]}">{defined}</w:styles>').encode()
    text = xml.decode("utf-8", "replace")
    return re.sub(r"</w:styles>\s*$", defined + "</w:styles>", text).encode("utf-8")


def _boxes_after_anchors(body) -> None:
    """Each text box's paragraphs moved after the paragraph it is anchored to (the DrawingML box, or the VML
    copy Word saves beside it when there is no other): pandoc reads no VML box, and a box is read in place."""
    parents = {child: parent for parent in body.iter() for child in parent}

    def inside_box(node) -> bool:
        node = parents.get(node)
        while node is not None:
            if node.tag == f"{W}txbxContent":
                return True
            node = parents.get(node)
        return False

    for par in [p for p in body.iter(f"{W}p") if not inside_box(p)]:
        boxes = [b for b in par.iter(f"{W}txbxContent")]
        chosen = [b for b in boxes if not any(a.tag == MC_FALLBACK for a in _ancestors(b, parents, par))]
        if not boxes:
            continue
        moved = [child for box in (chosen or boxes[:1]) for child in box if child.tag in (f"{W}p", f"{W}tbl")]
        for run in [r for r in par if r.tag == f"{W}r" and any(True for _ in r.iter(f"{W}txbxContent"))]:
            par.remove(run)
        container = parents[par]
        at = list(container).index(par)
        container[at + 1:at + 1] = moved


def _ancestors(node, parents: dict, stop) -> list:
    out = []
    node = parents.get(node)
    while node is not None and node is not stop:
        out.append(node)
        node = parents.get(node)
    return out


def _tabs_marked(paragraphs: list[Par]) -> None:
    for par in paragraphs:
        for run in _run_nodes(par.node):
            for k, child in enumerate(list(run)):
                if child.tag == f"{W}t" and child.text and ("  " in child.text or child.text.startswith(" ")):
                    child.text = re.sub(r"^ +| {2,}", lambda m: SPACE * len(m.group()), child.text)
                if child.tag == f"{W}tab":
                    mark = ElementTree.Element(f"{W}t")
                    mark.text = TAB
                    run.remove(child)
                    run.insert(k, mark)


def _register_namespaces(xml: bytes) -> None:
    for _, (prefix, uri) in ElementTree.iterparse(io.BytesIO(xml), events=("start-ns",)):
        try:
            ElementTree.register_namespace(prefix, uri)
        except ValueError:  # 'ns0'-like prefixes are ElementTree's own
            pass


def prepare(raw: bytes) -> tuple[bytes, list[tuple[str, str]], int]:
    """(the Word file rewritten for pandoc, its page furniture dropped as (what, the words of the paragraph after
    it), how many paragraphs it has). Runs in the isolated child: the XML is parsed whole."""
    from . import wordoutline, wordpages

    check_archive(raw)
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            parts = {info.filename: archive.read(info.filename) for info in archive.infolist()
                     if not info.filename.startswith("word/media/")}  # pictures are not read
            styles = _styles(archive)
        document = parts["word/document.xml"]
        _register_namespaces(document)
        root = ElementTree.fromstring(document)
    except (ElementTree.ParseError, zipfile.BadZipFile, KeyError, ValueError, EOFError, OSError) as exc:
        raise DocxError(f"the Word file's content cannot be read ({type(exc).__name__}); save it again") from None
    body = root.find(f"{W}body")
    if body is not None:
        _boxes_after_anchors(body)
    paragraphs: list[Par] = []
    siblings: dict = {}
    rows: list = []
    _blocks(body if body is not None else root, styles, paragraphs, siblings, rows)
    count = len(paragraphs)
    for par in paragraphs:
        heading = re.fullmatch(r"(?i)heading\s*([1-6])?", par.style_id)
        if heading and not re.fullmatch(r"heading [1-9]", par.style):  # 'Heading' (LibreOffice's), or undefined
            par.set_style(HEADING_STYLE.format(heading.group(1) or 1))
            par.style = "heading"
        if par.style in ("subtitle", "author", "date", "abstract"):  # pandoc's metadata: a paragraph where it is
            par.node.find(f"{W}pPr").remove(par.node.find(f"{W}pPr/{W}pStyle"))
            par.style, par.style_id = "normal", ""
        indent = par.node.find(f"{W}pPr/{W}ind")
        if indent is not None and "quote" not in par.style:  # an indent is layout (pandoc would make a quote)
            par.node.find(f"{W}pPr").remove(indent)
    try:
        levels = wordoutline.rewrite_outline(paragraphs, parts.get("word/numbering.xml"))
    except (ElementTree.ParseError, ValueError, KeyError):
        levels = set()  # damaged numbering: pandoc reads what it can
    furniture = wordpages.drop_furniture(paragraphs)
    try:
        numbers = {key: num for key, (_, num) in styles.items() if num}
        parts["word/numbering.xml"] = _nest_list_styles(paragraphs, numbers, parts.get("word/numbering.xml"))
    except (ElementTree.ParseError, AttributeError):
        pass  # damaged numbering: pandoc reads what it can
    if parts["word/numbering.xml"] is None:
        del parts["word/numbering.xml"]
    levels |= mark_manual_headings(paragraphs, siblings, rows)
    levels |= {int(p.style_id[-1]) for p in paragraphs if p.style_id.startswith(HEADING_STYLE[:-2])}
    _tabs_marked(paragraphs)
    for par in paragraphs:  # kept, so that paragraphs count as Word counts them
        if not par.text.strip() and not any(True for _ in par.node.iter(f"{W}drawing")):
            run = ElementTree.SubElement(par.node, f"{W}r")
            ElementTree.SubElement(run, f"{W}t").text = EMPTY
    parts["word/document.xml"] = ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)
    if levels:
        parts["word/styles.xml"] = _with_heading_styles(parts.get("word/styles.xml"), levels)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    after = [next((p.text for p in paragraphs[k:] if p.text.strip()), "") for _, k in furniture]
    return out.getvalue(), [(what, words) for (what, _), words in zip(furniture, after)], count


# -- pandoc's tree of it ---------------------------------------------------------------------------------


def _words(node) -> str:
    if isinstance(node, list):
        return "".join(_words(n) for n in node)
    if isinstance(node, dict):
        kind = node.get("t")
        if kind == "Str":
            return node["c"].replace(TAB, "\t").replace(EMPTY, "").replace(SPACE, " ")
        if kind in ("Space", "SoftBreak"):
            return " "
        if kind == "LineBreak":
            return "\n"
        if kind == "Note":
            return ""
        return _words(node.get("c"))
    return ""


def paragraph_lines(ast: dict) -> list[tuple[str, bool]]:
    """(text, whether a heading) of each paragraph, heading, list item and cell paragraph, in order: the lines
    the outline is placed on (a soft line break is '\\n' in its text, a tab '\\t')."""
    out: list[tuple[str, bool]] = []

    def walk(node) -> None:
        if isinstance(node, list):
            for child in node:
                walk(child)
        elif isinstance(node, dict) and "t" in node:
            if node["t"] in ("Para", "Plain"):
                out.append((_words(node["c"]).rstrip(), False))  # a typed text's indent kept
            elif node["t"] == "Header":
                out.append((_words(node["c"][2]).strip(), True))
            elif node["t"] not in ("Str", "Space", "Note"):
                walk(node.get("c"))

    walk(ast.get("blocks", []))
    return out


def places(lines: list[tuple[str, bool]]) -> dict[int, str]:
    """Line -> where a Word user finds it: "paragraph 12" (a heading, which the report names) or "paragraph 57,
    under 'Setting up'"."""
    out: dict[int, str] = {}
    heading = ""
    for n, (text, is_heading) in enumerate(lines, start=1):
        if is_heading:
            heading = re.sub(r"\s+", " ", text).strip()[:60]
            out[n] = f"paragraph {n}"
        else:
            out[n] = f"paragraph {n}" + (f", under '{heading}'" if heading else "")
    return out


def is_typed_text(ast: dict) -> bool:
    """No heading, list or table anywhere: a text typed line by line (a plain text pasted into Word), whose
    structure is its layout, as a .txt file's is."""
    return not re.search(r'"t": ?"(?:Header|BulletList|OrderedList|Table|DefinitionList)"', _json(ast["blocks"]))


def _json(node) -> str:
    import json

    return json.dumps(node)


def review_comments(ast: dict) -> list[tuple[str, str, str]]:
    """(author, text, the words of its paragraph) of each reviewer's comment (pandoc's comment spans), taken
    out of the text, and deleted text (tracked changes) dropped: what Word shows with the changes accepted."""
    found: list[tuple[str, str, dict | None]] = []

    def clean(node, paragraph: dict | None) -> None:
        if isinstance(node, list):
            kept = []
            for child in node:
                classes = set(child["c"][0][1]) if isinstance(child, dict) and child.get("t") == "Span" else set()
                if "comment-start" in classes:
                    found.append((dict(child["c"][0][2]).get("author") or "a reviewer",
                                  re.sub(r"\s+", " ", _words(child["c"][1])).strip(), paragraph))
                elif not classes & {"comment-end", "deletion", "paragraph-deletion"}:
                    kept.append(child)
            node[:] = kept
            for child in kept:
                clean(child, paragraph)
        elif isinstance(node, dict) and isinstance(node.get("c"), list):
            clean(node["c"], node if node.get("t") in ("Para", "Plain", "Header") else paragraph)

    clean(ast.get("blocks", []), None)
    anchors = [_words(p["c"][2] if p["t"] == "Header" else p["c"]).strip() if p else "" for _, _, p in found]
    # the anchor as typed, without the number an outline list shows before it ('3.3.1 ')
    return [(author, text, re.sub(r"^\d+(?:\.\d+)+\s+", "", anchor))
            for (author, text, _), anchor in zip(found, anchors) if text]


def without_empty(node):
    """The tree without the empty paragraphs' marks (after the paragraphs are counted)."""
    if isinstance(node, list):
        node[:] = [without_empty(n) for n in node
                   if not (isinstance(n, dict) and n.get("t") in ("Para", "Plain")
                           and _words(n["c"]).strip() == "" and EMPTY in str(n["c"]))]
    elif isinstance(node, dict) and isinstance(node.get("c"), list):
        if node.get("t") == "Str":
            return node
        without_empty(node["c"])
    elif isinstance(node, dict) and node.get("t") == "Str":
        node["c"] = node["c"].replace(EMPTY, "")
    return node


def unbold_headings(node) -> None:
    """A heading's bold left out (a manual heading is all bold, an outline's after its number): it is a
    heading's look, not emphasis."""
    if isinstance(node, list):
        for child in node:
            unbold_headings(child)
    elif isinstance(node, dict) and "t" in node:
        if node["t"] == "Header":
            node["c"][2] = [part for i in node["c"][2] for part in (i["c"] if i["t"] == "Strong" else [i])]
        elif node["t"] not in ("Str", "Para", "Plain") and isinstance(node.get("c"), list):
            unbold_headings(node["c"])

