"""Compiled theme templates kept in memory between `mkdocs serve` rebuilds.

MkDocs makes a new Jinja environment for every rebuild, which compiles every template it renders
again. Jinja's bytecode cache is the sanctioned way to keep the compiled code: each entry is
checked against the template source's checksum, so an edited template is compiled afresh."""

from __future__ import annotations

from jinja2.bccache import Bucket, BytecodeCache


class MemoryBytecodeCache(BytecodeCache):
    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # resets the bucket if the source's checksum differs

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self.store.clear()


__all__ = ["MemoryBytecodeCache"]
