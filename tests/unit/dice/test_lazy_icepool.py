"""icepool (~30 ms and 2.5 MiB to import) is loaded only where odds are worked out: importing the
plugin, the checker and the renderers does not load it."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_plugin_and_the_checker_does_not_load_icepool():
    code = ("import sys, rulecraft.mkdocs_plugin.plugin, rulecraft.checks, rulecraft.render.dice; "
            "print('icepool' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


def test_working_out_a_roll_loads_it():
    from rulecraft.dice.shape import Shape, shape_die

    assert shape_die(Shape(faces=(1, 2, 3, 4, 5, 6), count=2)).denominator() == 36
