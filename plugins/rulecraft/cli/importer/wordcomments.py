"""Reviewers' comments in a Word file's margin (word/comments.xml): not rules text, so mammoth leaves them out
of the HTML; the import report lists each, with its author and the paragraph it is anchored on, for a person
to settle (a playtest draft's questions to its testers, a reviewer's objection)."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from xml.etree import ElementTree

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


@dataclass
class Comment:
    author: str
    text: str
    anchor: str  # the text of the paragraph the comment is anchored on ('' when it is not found)


def _text(node) -> str:
    return re.sub(r"\s+", " ", "".join(t.text or "" for t in node.iter(f"{W}t"))).strip()


def review_comments(raw: bytes) -> list[Comment]:
    """The comments, in the order of the document (the archive's size was checked before)."""
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        if "word/comments.xml" not in archive.namelist():
            return []
        comments = ElementTree.fromstring(archive.read("word/comments.xml"))
        document = archive.read("word/document.xml")
    found = {c.get(f"{W}id", ""): Comment(c.get(f"{W}author", "") or "a reviewer",
                                          " ".join(_text(p) for p in c.iter(f"{W}p") if _text(p)), "")
             for c in comments.iter(f"{W}comment")}
    order: list[str] = []
    for _, node in ElementTree.iterparse(io.BytesIO(document)):
        if node.tag != f"{W}p":
            continue
        for mark in list(node.iter(f"{W}commentRangeStart")) + list(node.iter(f"{W}commentReference")):
            key = mark.get(f"{W}id", "")
            if key in found and key not in order:
                order.append(key)
                found[key].anchor = _text(node)
        node.clear()
    order += [key for key in found if key not in order]
    return [found[key] for key in order if found[key].text]
