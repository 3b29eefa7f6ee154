"""Compiled theme templates kept between the rebuilds of `mkdocs serve`, in memory only.

MkDocs makes a new Jinja environment for every build and `mkdocs serve` rebuild, so every template it
renders is compiled again: ~0.1 s a rebuild for Material's 37 templates, as much as a plain build spends
on 50 pages. Jinja's bytecode cache is the sanctioned way to keep the compiled code: each entry is
checked against the template source's checksum, so an edited template is compiled afresh.

The entries are never written to disk. An entry is a pickled checksum and marshalled code objects, which
Jinja runs: nothing in it can be checked before it is loaded, so a file that someone else could write
(the project's ``.cache/`` folder comes with a cloned repository, or from a CI cache a pull request
filled) would run their code in the next build. A folder outside the project (the user's own cache) would
still be shared with every project the user builds, and is as easily restored by CI. So a one-off
`mkdocs build` compiles the templates it uses (measured on the repository's site: ~0.14 s CPU of a 1.6 s
warm build; benchmarks/README.md, "Caches that cannot run code"), and `mkdocs serve` reuses them from
memory for every rebuild after the first."""

from __future__ import annotations

import hashlib

import jinja2
from jinja2.bccache import Bucket, BytecodeCache


def environment_key(env: jinja2.Environment) -> str:
    """What the compiled code depends on besides the template's name and source: Jinja's version and the
    environment's compile-time settings (a plugin may add an extension or change the delimiters)."""
    autoescape = env.autoescape
    settings = (
        jinja2.__version__, sorted(env.extensions), env.block_start_string, env.block_end_string,
        env.variable_start_string, env.variable_end_string, env.comment_start_string, env.comment_end_string,
        env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks,
        env.newline_sequence, env.keep_trailing_newline, env.optimized, env.is_async,
        getattr(autoescape, "__qualname__", autoescape),
    )
    return hashlib.sha256(repr(settings).encode()).hexdigest()[:16]


class TemplateCodeCache(BytecodeCache):
    """Compiled templates by environment and Jinja's key (template name and file), in memory."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}
        self.env_key = ""

    def bind(self, env: jinja2.Environment) -> TemplateCodeCache:
        self.env_key = environment_key(env)
        return self

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.store.get(self.env_key + bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # resets the bucket if the source's checksum differs

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.store[self.env_key + bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self.store.clear()


__all__ = ["TemplateCodeCache", "environment_key"]
