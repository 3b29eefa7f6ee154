"""Fixtures of the browser tests: one Chromium per module, and the repository's own site served (a module
testing another site defines its own ``base``, which takes precedence)."""

from __future__ import annotations

import pytest
import sitekit


@pytest.fixture(scope="module")
def browser():
    with sitekit.chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def base(seed_site):
    with sitekit.serve(seed_site) as url:
        yield url
