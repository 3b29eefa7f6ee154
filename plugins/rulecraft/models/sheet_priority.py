"""What a cheat sheet leaves out first when its content overflows the page (no pydantic: a build from the
snapshot reads it too).

Blocks whose units the PDF step may leave out, first ... last: definitions (the glossary has them), the
pictures' meanings, the catalog's long lists and reference grids go before the rules a player looks up at the
table (how a roll, a battle, a bluff is resolved; what each card does). The turn sequence, the end of the game
and the key numbers are never left out. A game's ``cheatsheet.drop_order`` puts blocks first; the rest follow
in this order (``models.cheatsheet.drop_order``).
"""

DROP_ORDER: tuple[str, ...] = ("terms", "icons", "catalog", "tables", "sections", "dice", "cards")
NEVER_DROPPED: tuple[str, ...] = ("turn", "end", "constants")
