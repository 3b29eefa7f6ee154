"""Pausing Python's cyclic garbage collector around bulk work.

Loading and checking a rule book create a few hundred thousand objects that all stay alive
together (YAML nodes kept for lazy positions, values, models, indexes) and next to no garbage
cycles; reference counting frees the rest. While such a heap grows, the cyclic collector rescans
it again and again: on the 10 000-term benchmark that was 1.1 s of a 1.7 s load and half of the
checks' time. Automatic collection resumes when the outermost pause ends; the few cycles made
meanwhile are found by a later full collection.

The switch is process-wide: other threads (``mkdocs serve``'s file watcher) pause with us, which
costs them nothing but a little memory for a few seconds.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def paused():
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def freeze_survivors() -> None:
    """Move every object alive now out of the collector's reach until ``thaw()``: modules, classes and
    the loaded rule book live as long as a build, and each full collection during it would scan them
    all again (~0.04 s of a 200-page build). Not for `mkdocs serve`: a frozen object is never
    collected, so each rebuild's garbage would pile up. A process building twice without thawing
    (in-process callers) gets the previous build's garbage collected first, never frozen for good."""
    if gc.get_freeze_count():
        gc.unfreeze()
        gc.collect()
    gc.freeze()


def thaw() -> None:
    """Undo ``freeze_survivors``: everything is collectable again."""
    gc.unfreeze()
