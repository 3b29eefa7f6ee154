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
