"""A failed build must undo what the build started: the frozen garbage collector and the PDF children."""

from __future__ import annotations

import gc

from rulecraft import collector
from rulecraft.mkdocs_plugin.plugin import RulecraftPlugin


class Jobs:
    abandoned = 0

    def abandon(self):
        self.abandoned += 1


def test_a_failed_build_thaws_the_collector_and_ends_the_pdf_children():
    plugin = RulecraftPlugin()
    plugin.pdf_jobs = Jobs()
    collector.freeze_survivors()
    try:
        plugin.on_build_error(error=RuntimeError("boom"))
        assert gc.get_freeze_count() == 0
        assert plugin.pdf_jobs.abandoned == 1
    finally:
        gc.unfreeze()
