"""Page-weight trimming: the HTML renders the same and the palette keeps every rule the site can match."""
from __future__ import annotations

import re
from pathlib import Path

import material

from generator.minify import compact_html, palette_colours, prune_palette

MATERIAL_STYLESHEETS = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"

PAGE = """<!doctype html>
<html>
  <body>
    <nav>
      <ul>

        <li><a href="a">Un</a>
        </li>
        <li>   <em>deux</em>   trois</li>
      </ul>
    </nav>
    <pre><code>ligne 1
    indentée de quatre


fin</code></pre>
    <textarea id="cpd-liste">jeu: hami
  entrees:

    - a</textarea>
    <p>Texte <code>a
      b</code> suite</p>
    <script>
      const x = `a
        b`;
    </script>
  </body>
</html>
"""


def _words(html: str) -> list[str]:
    """The page as a browser's whitespace collapsing sees it outside preformatted blocks."""
    return html.split()


def test_compact_html_keeps_preformatted_blocks_byte_for_byte() -> None:
    compact = compact_html(PAGE)
    for tag in ("pre", "textarea", "script", "code"):
        for block in re.findall(rf"<{tag}\b.*?</{tag}>", PAGE, re.S):
            assert block in compact, tag


def test_compact_html_changes_nothing_but_whitespace_runs_with_a_line_break() -> None:
    compact = compact_html(PAGE)
    assert _words(compact) == _words(PAGE)
    assert len(compact) < len(PAGE)
    # A run with a line break becomes one line break; a run without one is left alone.
    assert "<li>   <em>deux</em>   trois</li>" in compact
    assert "<nav>\n<ul>\n<li>" in compact


def test_prune_palette_on_a_hand_written_sheet() -> None:
    css = ("[data-md-color-scheme=slate]{--fond:#111}"
           "[data-md-color-primary=brown]{--p:#795649}"
           "[data-md-color-primary=red]{--p:red}"
           "[data-md-color-primary=red],[data-md-color-primary=brown] .md-button{color:var(--p)}"
           "@media screen{[data-md-color-accent=teal] a{color:teal}[data-md-color-accent=deep-orange] a{color:#ff6e42}}"
           "@media print{[data-md-color-primary=red] .md-header{display:none}}"
           ".x:not([data-md-color-primary=brown],.y){margin:0}")
    expected = ("[data-md-color-scheme=slate]{--fond:#111}"
                "[data-md-color-primary=brown]{--p:#795649}"
                "[data-md-color-primary=brown] .md-button{color:var(--p)}"
                "@media screen{[data-md-color-accent=deep-orange] a{color:#ff6e42}}"
                ".x:not([data-md-color-primary=brown],.y){margin:0}")
    assert prune_palette(css, {"brown"}, {"deep-orange"}) == expected


def test_prune_palette_on_material_s_own_palette() -> None:
    (sheet,) = MATERIAL_STYLESHEETS.glob("palette.*.min.css")
    css = sheet.read_text("utf-8")
    pruned = prune_palette(css, {"brown"}, {"deep-orange"})
    named = set(re.findall(r"\[data-md-color-(?:primary|accent)=([\w-]+)\]", pruned))
    assert named == {"brown", "deep-orange"}
    # Every declaration block of the colours in use survives unchanged.
    for block in re.findall(r"\[data-md-color-(?:primary=brown|accent=deep-orange)\][^{}]*\{[^{}]*\}", css):
        body = block[block.index("{"):]
        assert body in pruned
    # So does every rule of the dark scheme that names no colour.
    rules = re.findall(r"(?<=[{}])([^{}@]+\{[^{}]*\})", css)
    dark = [r for r in rules if "color-scheme=slate" in r and not re.search(r"color-(?:primary|accent)=", r)]
    assert dark
    for rule in dark:
        assert rule in pruned
    assert len(pruned) < len(css) / 2


def test_palette_colours_reads_mkdocs_spelling() -> None:
    palette = [{"scheme": "default", "primary": "brown", "accent": "deep orange"},
               {"scheme": "slate", "primary": "Brown", "accent": "deep orange"}]
    assert palette_colours(palette) == ({"brown"}, {"deep-orange"})
    assert palette_colours({"primary": "teal"}) == ({"teal"}, {"indigo"})


def test_built_site_uses_the_trimmed_files(site_dir: Path) -> None:
    (sheet,) = (site_dir / "assets" / "stylesheets").glob("palette.*.min.css")
    assert "data-md-color-primary=red" not in sheet.read_text("utf-8")
    page = (site_dir / "bataille-d6" / "tour" / "index.html").read_text("utf-8")
    assert not re.search(r"\n[ \t]*\n", page.split("<script", 1)[0])
