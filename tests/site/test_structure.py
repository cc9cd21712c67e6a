"""The reference site (`contractgen generate --target site`), read as files.

Run from the repository root with the environment the CTest entry sets:
  CONTRACTGEN_BIN   the contractgen binary
  CONTRACTGEN_SITE  the site built from schemas/ (the folder holding index.html)
  CONTRACTGEN_SITE_HOSTILE  the site built from tests/golden/hostile/input

What a page must show is checked against sources the site does not come
from: the type list against the OpenAPI document's components, examples and
properties against the schema files themselves (found by each page's
"Source:" line), title and version against contractgen.toml.
"""
import html
import json
import os
import re
import subprocess
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path.cwd()
SITE = Path(os.environ["CONTRACTGEN_SITE"])
HOSTILE = Path(os.environ["CONTRACTGEN_SITE_HOSTILE"])
BIN = os.environ["CONTRACTGEN_BIN"]


class Page(HTMLParser):
    """Tags, attributes, ids, links, text, and the text of marked elements."""

    def __init__(self, path: Path):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.tags, self.attributes, self.ids, self.links = set(), set(), set(), []
        self.text, self.stack = [], []
        self.captures = {"pre.example": [], "p.source": [], "p.qualified": [], "h1": [], "td.first": []}
        self.raw = path.read_text(encoding="utf-8")
        self.feed(self.raw)

    def _keys(self):
        return [k for k in self.stack if k is not None]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.add(tag)
        self.attributes.update(name for name, _ in attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for name in ("href", "src"):
            if name in a:
                self.links.append(a[name])
        key = None
        cls = a.get("class", "")
        if tag == "pre" and cls == "example":
            key = "pre.example"
        elif tag == "p" and cls in ("source", "qualified"):
            key = "p." + cls
        elif tag == "h1":
            key = "h1"
        if key:
            self.captures[key].append("")
        if tag in ("meta", "link", "br"):
            return
        self.stack.append(key)

    def handle_endtag(self, tag):
        if tag in ("meta", "link", "br"):
            return
        if self.stack:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)
        for key in self._keys():
            self.captures[key][-1] += data


def pages(site: Path):
    return {p.relative_to(site).as_posix(): Page(p) for p in sorted(site.rglob("*.html"))}


@pytest.fixture(scope="module")
def site():
    return pages(SITE)


def type_pages(all_pages):
    """qualified name -> page, from each type page's `family.Type` line."""
    out = {}
    for path, page in all_pages.items():
        if page.captures["p.qualified"]:
            name = page.captures["p.qualified"][0].split(" · ")[0].strip()
            assert name not in out, f"{name} has two pages: {out.get(name)} and {path}"
            out[name] = page
    return out


def test_every_contract_type_has_a_page(site):
    components = json.loads((ROOT / "generated/openapi/openapi.json").read_text())["components"]["schemas"]
    shown = type_pages(site)
    assert set(components) <= set(shown)
    # The other pages are nested types (inline in the OpenAPI document), linked from where they are used.
    for name in set(shown) - set(components):
        assert "a nested type" in shown[name].captures["p.qualified"][0], name


def test_links_resolve_to_files_and_anchors(site):
    checked = 0
    for path, page in site.items():
        for link in page.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{path}: a link leaves the site: {link}"
            target = (SITE / path).parent / unquote(parts.path) if parts.path else SITE / path
            target = target.resolve()
            assert target.is_file() and SITE.resolve() in target.parents, f"{path}: broken link {link}"
            if parts.fragment:
                rel = target.relative_to(SITE.resolve()).as_posix()
                assert parts.fragment in site[rel].ids, f"{path}: no anchor #{parts.fragment} in {rel}"
            checked += 1
    assert checked > 1000


def source_schema(page, schemas=ROOT / "schemas"):
    """The schema a type page says it comes from (its Source line)."""
    source = page.captures["p.source"][0].removeprefix("Source:").strip()
    file_line, _, pointer = source.partition(" ")
    value = json.loads((schemas / file_line.rsplit(":", 1)[0]).read_text(encoding="utf-8"))
    for token in [t for t in pointer.split("/")[1:]]:
        token = token.replace("~1", "/").replace("~0", "~")
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def test_examples_are_the_schemas_own(site):
    with_examples = 0
    for name, page in type_pages(site).items():
        schema = source_schema(page)
        shown = [json.loads(text) for text in page.captures["pre.example"]]
        if isinstance(schema, dict) and schema.get("examples"):
            assert shown == schema["examples"], name
            with_examples += 1
        else:
            assert shown == [], name
            assert "The schema gives no example for this type." in "".join(page.text), name
    assert with_examples >= 10


def test_fields_are_the_schemas_properties(site):
    # Every declared property of an object type is a row of its Fields table.
    checked = 0
    for name, page in type_pages(site).items():
        schema = source_schema(page)
        if not isinstance(schema, dict) or "properties" not in schema or "allOf" in schema:
            continue
        rows = re.findall(r'<tr id="field-\d+"><td><code>(.*?)</code>', page.raw)
        assert [html.unescape(r) for r in rows] == list(schema["properties"]), name
        checked += 1
    assert checked >= 50


def test_streams_link_their_item_types_and_events_travel(site):
    index = site["index.html"]
    streams = re.findall(r'<section class="stream" id="(stream-\d+)">(.*?)</section>', index.raw, re.S)
    assert streams, "no stream on the index page"
    for anchor, body in streams:
        item = re.search(r'Each item: <a href="([^"]+)">', body)
        assert item and item.group(1) in site, f"{anchor}: no item type link"
    # An event type says which stream carries it and which operation serves it.
    delta = type_pages(site)["chat_stream.MessageDelta"]
    text = " ".join("".join(delta.text).split())
    assert re.search(r"In stream chat_stream\.\S+ \(NDJSON\) when /data/type is message_delta; served by GET /api/chat/message/stream", text), text


def test_title_and_version_come_from_the_config(site):
    config = tomllib.loads((ROOT / "contractgen.toml").read_text())
    title = config.get("openapi", {}).get("title") or config["project"]["name"]
    index = "".join(site["index.html"].text)
    assert f"{title} {config['project']['version']}" in " ".join(index.split())


def test_self_contained_and_script_free(site):
    for path, page in site.items():
        assert "script" not in page.tags and not any(a.startswith("on") for a in page.attributes), path
    assert (SITE / "style.css").is_file()


def test_hostile_text_is_escaped():
    hostile = pages(HOSTILE)
    allowed_tags = {"html", "head", "meta", "title", "link", "body", "header", "a", "span", "main", "h1", "h2", "h3",
                    "h4", "p", "nav", "section", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "code", "pre",
                    "div", "dl", "dt", "dd", "footer", "br", "caption", "strong"}
    allowed_attributes = {"lang", "charset", "name", "content", "rel", "href", "class", "id"}
    described = 0
    for path, page in hostile.items():
        assert page.tags <= allowed_tags, (path, page.tags - allowed_tags)
        assert page.attributes <= allowed_attributes, (path, page.attributes - allowed_attributes)
        assert "<!-- html -->" not in page.raw, path
    for name, page in type_pages(hostile).items():
        description = source_schema(page, ROOT / "tests/golden/hostile/input").get("description", "")
        shown = "".join(page.text)
        # The schema's text is shown as text (control characters made visible).
        for part in re.split(r"[\r\n\u2028\u202e]", description):
            assert part in shown, (name, part)
        described += bool(description)
    assert described >= 2


def test_not_in_the_default_targets_and_deterministic(tmp_path):
    subprocess.run([BIN, "generate", "-q", "--out", str(tmp_path / "default")], check=True)
    assert not (tmp_path / "default/site").exists()
    assert (tmp_path / "default/openapi").is_dir()
    subprocess.run([BIN, "generate", "-q", "--target", "site", "--out", str(tmp_path / "again")], check=True)
    again = {p.relative_to(tmp_path / "again/site"): p.read_bytes() for p in (tmp_path / "again/site").rglob("*") if p.is_file()}
    first = {p.relative_to(SITE): p.read_bytes() for p in SITE.rglob("*") if p.is_file()}
    assert again == first
