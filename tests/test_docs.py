"""The documentation cannot drift from the code: README.md stays short, every relative link in
it and in docs/ reaches a file (and a heading, where it names one), every command the README
shows runs, and the docs' Python example and game record work as written."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"

# Link and command checks need the whole checkout; in Pyodide only tests/ and docs/ are copied.
needs_checkout = pytest.mark.skipif(
    sys.platform == "emscripten", reason="the checkout's other files are not copied into Pyodide"
)

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)


def pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def without_code(text: str) -> str:
    """The text outside fenced blocks and inline code, where a link is a link."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


def heading_anchors(text: str) -> set[str]:
    """The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces to -."""
    anchors = set()
    for heading in re.findall(r"^#+ (.+)$", FENCE.sub("", text), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(slug)
    return anchors


def anchors_of(file: Path) -> set[str]:
    return heading_anchors(file.read_text(encoding="utf-8"))


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines < 200, f"README.md has {lines} lines: move the detail into docs/"


@needs_checkout
@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_every_relative_link_reaches_a_file_and_heading(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    broken = []
    for target in LINK.findall(without_code(text)):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto: ...
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {file.relative_to(ROOT)}")
        elif anchor and file.suffix == ".md" and anchor not in anchors_of(file):
            broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def readme_commands() -> list[str]:
    commands = []
    for lang, block in FENCE.findall(README.read_text(encoding="utf-8")):
        if lang == "sh":
            for line in block.splitlines():
                command = line.split("#", 1)[0].strip()
                if command:
                    commands.append(command)
    return commands


def make_targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):(?!=)", makefile, re.M))


@needs_checkout
def test_every_readme_command_is_a_make_target_or_a_python_module() -> None:
    commands = readme_commands()
    assert any(c == "make play" for c in commands) and any(c == "make test" for c in commands)
    targets = make_targets()
    sys.path.insert(0, str(ROOT / "engine"))  # `python -m taluva` runs from engine/
    try:
        for command in commands:
            words = command.split()
            if words[0] == "make":
                assert words[1] in targets, f"{command!r}: the Makefile has no target {words[1]}"
            else:
                assert words[:2] == ["python", "-m"], f"{command!r}: neither make nor python -m"
                module = words[2]
                spec = importlib.util.find_spec(module)
                assert spec is not None, f"{command!r}: no module {module}"
                if spec.submodule_search_locations is not None:  # a package runs its __main__
                    assert importlib.util.find_spec(f"{module}.__main__"), f"{module} cannot run"
    finally:
        sys.path.remove(str(ROOT / "engine"))


def test_the_python_example_runs() -> None:
    text = (DOCS / "rules-engine.md").read_text(encoding="utf-8")
    blocks = [block for lang, block in FENCE.findall(text) if lang == "python"]
    assert blocks, "docs/rules-engine.md has no Python example"
    for block in blocks:
        exec(compile(block, "docs/rules-engine.md", "exec"), {})


def test_the_game_record_replays() -> None:
    from taluva.formats.record import replay

    text = (DOCS / "formats.md").read_text(encoding="utf-8")
    record = re.search(r"```\n(taluva 1\n.*?)```", text, re.S)
    assert record, "docs/formats.md shows no game record"
    assert replay(record.group(1)).phase == "place"
