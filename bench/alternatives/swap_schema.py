"""pytest plugin (`-p bench.alternatives.swap_schema`): every SchemaLite validates with jsonschema."""
from __future__ import annotations

import importlib

import browser_engine.schema_lite as schema_lite
from bench.alternatives.schema_jsonschema import SchemaJsonschema

for module in ("browser_engine.validation", "browser_engine.catalogue", "browser_engine.jeux.kharn_ages.liste"):
    importlib.import_module(module).SchemaLite = SchemaJsonschema
schema_lite.SchemaLite = SchemaJsonschema
