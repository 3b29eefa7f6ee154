"""Splitting a list item into a name and the rest: '*Hiring* -- Player family members may ...'."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .enumeration import strip_lead
from .outline import ListBlock, Paragraph
from .text import plain, undecorated, unescaped

_LEAD_EMPH = re.compile(r"^(\*{1,2}|_{1,2})(?P<name>[^*_]+?)(?:\*{1,3}|_{1,2})(?P<rest>.*)$", re.S)
_SEP = re.compile(r"^\s*(?:--+|—|–|-|:|\.)\s*")
_INLINE_SEP = re.compile(r"\s+(?:--+|—|–)\s+|\s+-\s+|:\s+")
_PAREN = re.compile(r"^\s*\(([^()]{1,120})\)")


@dataclass
class NamedItem:
    name: str
    rest: str  # inline Markdown after the name and its separator
    paren: str | None  # a parenthetical right after the name
    emphasised: bool  # the name was set in bold/italics
    separated: bool  # an explicit separator followed the name


# lower case inside a title; with the short words after them, never taken for abbreviations
SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"}
_SHORT_WORDS = SMALL_WORDS | {"up", "is", "it", "if", "so", "no", "do", "be", "we", "my", "go", "us"}
# three letters with a vowel are a word ('LAY', 'RUN') unless they are one of these
_ACRONYMS = {"FAQ", "USA", "NPC", "RPG", "PVP", "PVE", "DIY", "AKA", "TBD", "ETA", "AOE", "CEO", "UFO", "EU"}
_ROMAN = re.compile(r"[IVXLC]+[.):]?")


def uncapped(name: str, title: bool = False) -> str:
    """'STOKE' -> 'Stoke', 'CINDERFALL FOUNDRY' -> 'Cinderfall Foundry' (title=True): a name set in capitals
    for typography. Abbreviations stay capitals (VP, HQ, FAQ, III.); mixed case is kept."""
    words = name.split(" ")
    if any(c.islower() for c in name) or not any(sum(c.isalpha() for c in w) >= 4 for w in words):
        return name
    out = []
    for n, word in enumerate(words):
        letters = sum(c.isalpha() for c in word)
        core = re.sub(r"^\W+|\W+$", "", word)
        # an abbreviation: two letters, or three without a vowel ('VP', 'HQ', 'XP'), a known acronym or a Roman
        # number ('FAQ', 'III.'); 'LAY', 'RUN', 'UP' are words
        if (letters <= 2 and core.lower() not in _SHORT_WORDS or letters == 3 and not re.search(r"[AEIOUY]", word)
                or core in _ACRONYMS or _ROMAN.fullmatch(word)):
            out.append(word)
        elif n == 0 or (title and core.lower() not in SMALL_WORDS) or _ROMAN.fullmatch(words[n - 1]) \
                or re.fullmatch(r"[\d.):]+", words[n - 1]):  # 'III. THE TURN', '3.1 THE MOOR': a first word
            out.append(re.sub(r"[^\W\d_]", lambda m: m.group(0).upper(), word.lower(), count=1))  # '(OPTIONAL)'
        else:
            out.append(word.lower())
    return " ".join(out)


# 'First, dive', 'Then: spoilage', 'Finally, sell': the word that orders a stage belongs to the sentence
SEQUENCE_WORD = re.compile(r"^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|after that|afterwards|"
                           r"finally|lastly|last of all)\s*[,:]\s*(?=\w)", re.I)


def clean_name(name: str, drop_phase: bool = False) -> str:
    name = uncapped(undecorated(unescaped(plain(name))).strip().rstrip(".:;,-–— ").strip())
    if drop_phase:
        name = capitalise(SEQUENCE_WORD.sub("", name, count=1))
    if drop_phase and len(name.split()) > 1 and re.search(r"\sphase$", name, re.I):
        # 'The tide phase', 'A trading step': the article belongs to the sentence, not to the name
        name = re.sub(r"\s+phase$", "", name, flags=re.I)
        name = re.sub(r"^(?:the|an?)\s+(?=\S)", "", name, flags=re.I) if len(name.split()) > 1 else name
        name = capitalise(name)
    return name[:120]


def _separator_outside_brackets(text: str) -> re.Match | None:
    """The first name/meaning separator not inside brackets: '1 board (double-sided: summer and winter)' has
    none."""
    for sep in _INLINE_SEP.finditer(text):
        before = text[:sep.start()]
        if before.count("(") <= before.count(")") and before.count("[") <= before.count("]"):
            return sep
    return None


def split_item(text: str, drop_phase: bool = False) -> NamedItem:
    text = strip_lead(undecorated(text))  # '① **Sow** — …', 'B) Harvest — …': the typed number is no name
    match = _LEAD_EMPH.match(text)
    if match and plain(match.group("name")):
        rest = match.group("rest")
        paren = None
        pm = _PAREN.match(rest)
        if pm:
            paren = pm.group(1).strip()
            rest = rest[pm.end():]
        sep = _SEP.match(rest)
        separated = bool(sep and sep.group(0).strip())
        rest = rest[sep.end():] if sep else rest
        # '**1 SNEAK.** Draw …': a step's count set in a disc beside its bold run-in name is no part of it
        name = re.sub(r"^\d{1,2}[.)]?\s+(?=[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,2}\W*$)", "", match.group("name"))
        return NamedItem(clean_name(name, drop_phase), rest.strip(), paren, True, separated)
    sep = _separator_outside_brackets(text)
    if sep and sep.start() <= 60 and len(text[:sep.start()].split()) <= 8:
        return NamedItem(clean_name(text[:sep.start()], drop_phase), text[sep.end():].strip(), None, False, True)
    if len(text) <= 60 and len(text.split()) <= 8:
        return NamedItem(clean_name(text, drop_phase), "", None, False, False)
    words = plain(text).split()
    # 'Set aside the scoring cubes. You may not …': a short first sentence names the item whole
    first = re.match(r"^(?P<s>[^.!?:;]{3,60}?)[.!](?:\s|$)", plain(text))
    if first and len(first.group("s").split()) <= 6:
        return NamedItem(clean_name(first.group("s"), drop_phase), text, None, False, False)
    return NamedItem(clean_name(" ".join(words[:6]), drop_phase) + " …", text, None, False, False)


# "What's the reef?", 'Who is the tide caller?', 'What counts as a set?', 'What is meant by a bid?': a question
# that asks what one thing is names that thing
QUESTION_NAME = re.compile(r"^\s*(?:what|who|which)\s*(?:'s|’s|\s(?:is|are|was|were)(?:\s+meant\s+by)?|"
                           r"\s(?:counts?|is\s+counted|qualifies)\s+as|\s(?:does|do)\s+(?:the\s+word\s+)?)\s+"
                           r"(?:(?:the|a|an)\s+)?(?P<name>[^?]{1,40}?)(?:\s+mean)?\s*\?\s*$", re.I)


def question_name(title: str) -> str | None:
    """The name a question heading asks about ("What's the reef?" -> 'Reef'), or None."""
    match = QUESTION_NAME.match(plain(title))
    if not match or len(match.group("name").split()) > 4:
        return None
    return capitalise(clean_name(match.group("name")))


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# A first heading that names a part of a rulebook, not the game: 'Introduction', 'How to Play', 'Rules of play'
GENERIC_TITLE = re.compile(r"(?:(?:\d+(?:\.\d+)*\.?|[ivx]+\.|chapter\s+\d+:?)\s+)?(?:an?\s+|the\s+|full\s+)?"
                           r"(?:introduction|overview|welcome|contents|table of contents|how to play|playing the game|"
                           r"game|(?:game\s+)?rules?(?:\s+of\s+play|\s+book)?|rule\s?book|quick[\s-]?start(?:\s+guide)?|"
                           r"getting started|about(?:\s+the\s+game)?|set[\s-]?up|setting up|read\s?me)\W*", re.I)


def generic_title(name: str) -> bool:
    return not re.search(r"\w", name) or GENERIC_TITLE.fullmatch(name.strip()) is not None


def sub_items(item) -> list[str]:
    """A list item's sub-items, each as one plain text without its closing stop, what it holds in turn in
    brackets and its paragraphs after ('Boats may not sail (Rowing boats still may)')."""
    return [_held(sub, plain(sub.text).rstrip(".")) for child in item.children if isinstance(child, ListBlock)
            for sub in child.items]


def item_whole(item) -> str:
    """A list item's line, its sub-items (at every depth) in brackets, then its own paragraphs, as plain text:
    nothing below the item is lost where it becomes one value (a component, a changelog entry)."""
    return _held(item, plain(item.text))


def _held(item, line: str) -> str:
    subs = sub_items(item)
    paragraphs = [plain(c.text) for c in item.children if isinstance(c, Paragraph)]
    head = line + (" (" + "; ".join(subs) + ")" if subs else "")
    if paragraphs and not re.search(r"[.!?:;]$", head):
        head += "."  # 'Lanterns stay put' over its paragraph 'Even lit ones stay put.': two sentences
    return " ".join([head, *paragraphs])
