"""Compendium generator: YAML rule data to a French MkDocs-Material site.

Pipeline stages, one module each: load, validate, model, links, render, export.
`plugin.py` wires them to MkDocs events.
"""
