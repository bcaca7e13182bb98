"""pytest plugin (`-p bench.alternatives.swap_ruamel`): the engine reads YAML with ruamel.yaml."""
from __future__ import annotations

import browser_engine.reader as reader
import browser_engine.yaml_lite as yaml_lite
from bench.alternatives.yaml_ruamel import parse_yaml

yaml_lite.parse_yaml = parse_yaml  # tests import it from yaml_lite when collected, after this plugin
reader.parse_yaml = parse_yaml
