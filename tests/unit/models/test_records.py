"""models.records: the snapshot's table of model classes is the models' own."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pydantic

import rulecraft.models as models
from rulecraft.models import records


def test_the_model_kinds_table_names_every_model_class_with_its_kind():
    found = {}
    for info in pkgutil.iter_modules(models.__path__):
        module = importlib.import_module(f"{models.__name__}.{info.name}")
        for name, cls in vars(module).items():
            if inspect.isclass(cls) and issubclass(cls, pydantic.BaseModel) and cls.__module__ == module.__name__:
                assert name not in found, f"two model classes named {name}: a snapshot could not tell them apart"
                found[name] = records.kind_of(cls)
    assert found == records.MODEL_KINDS
