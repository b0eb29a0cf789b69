#!/usr/bin/env python3
"""Every code block and link of README.md and Docs/*.md, checked (`make examples` runs it).

    scripts/check-docs.py BINARY [PAGE.md ...]

BINARY is a built widget-thumbs (any configuration). Each fenced block says what it is:

  console   a transcript: each `$ ` line is run with bash, and the lines under it are what it
            prints (standard output and standard error, as they come). Compared line by line, tolerantly:
            numbers, 64-digit hashes and runs of spaces may differ (timings, sizes, table
            widths), `...` inside a line stands for any text, and a line that is only `...`
            for any number of lines. A `\\` at the end continues a command on the next line.
            Every page runs in a scratch folder of its own, in order, where `SampleImages`,
            `Data` and `../shared` are the repository's; `widget-thumbs` is BINARY, and
            `make demo` is scripts/demo.sh with BINARY (the release build is what `make demo`
            adds, and CI has built widget-thumbs already). A page that names `../shared/corpus`
            is skipped, with a message, where the corpus is absent.
  sh, bash  syntax-checked with `bash -n` (they name machines and folders we do not have).
  json      parsed; yaml parsed when PyYAML is installed.
  swift     compiled and run by scripts/check-examples.sh (Docs/library.md's snippet is
            Examples/WidgetClient/Sources/readme-library/main.swift word for word).
  text      shown as it is: layouts, usage synopses, tables a script prints that need tools
            CI does not have (their commands are in sh blocks). It may not start with `$ `.

A block with no word after its fence is refused, so every new block says which it is. Links:
a relative link must name a file of the repository, and its `#anchor` a heading of that page
(GitHub's anchors: lower case, punctuation dropped, spaces to hyphens).
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
COMMAND_TIMEOUT = 300
# How every message of widget-thumbs on standard error starts.
MESSAGE = "widget-thumbs: "
problems: list[str] = []


def problem(page: pathlib.Path, line: int, text: str) -> None:
    problems.append(f"{page.relative_to(ROOT)}:{line}: {text}")


def blocks(text: str):
    """(info word, first line number of the body, body lines, indent) of each fenced block."""
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        opening = re.match(r"^(\s*)```(\S*)\s*$", lines[index])
        if not opening:
            index += 1
            continue
        indent, info = opening.group(1), opening.group(2)
        body, start = [], index + 2
        index += 1
        while index < len(lines) and not re.match(r"^\s*```\s*$", lines[index]):
            line = lines[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        yield info, start, body


def anchors(page: pathlib.Path) -> set[str]:
    found, fence = set(), False
    for line in page.read_text().split("\n"):
        if line.lstrip().startswith("```"):
            fence = not fence
        heading = None if fence else re.match(r"^#{1,6} (.*)$", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            found.add(slug)
    return found


def check_links(page: pathlib.Path, text: str) -> None:
    without_code = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    without_code = re.sub(r"`[^`\n]*`", "", without_code)
    for number, line in enumerate(without_code.split("\n"), 1):
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            resolved = (page.parent / path).resolve() if path else page
            if not resolved.exists():
                problem(page, number, f"link to {target}: no such file")
            elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                problem(page, number, f"link to {target}: no heading #{anchor} in {resolved.relative_to(ROOT)}")


def shape(line: str) -> str:
    """A line with what may change between runs made alike: hashes, numbers, runs of spaces."""
    line = re.sub(r"[0-9a-f]{64}", "HEX", line)
    line = re.sub(r"\d[\d,.]*", "N", line)
    return re.sub(r"\s+", " ", line).strip()


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether `actual` fits `expected`, where a `...` line takes any number of lines."""
    if not expected:
        return not actual
    head = shape(expected[0])
    if head == "...":
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    if not actual:
        return False
    if expected[0].startswith(MESSAGE):
        # Messages come as the workers finish: a run of them may come in any order.
        count = next((n for n, line in enumerate(expected) if not line.startswith(MESSAGE)), len(expected))
        unmatched = list(actual[:count])
        for line in expected[:count]:
            found = next((candidate for candidate in unmatched if fits(line, candidate)), None)
            if found is None:
                return False
            unmatched.remove(found)
        return matches(expected[count:], actual[count:])
    return fits(expected[0], actual[0]) and matches(expected[1:], actual[1:])


def fits(expected: str, actual: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in shape(expected).split("..."))
    return re.fullmatch(pattern, shape(actual)) is not None


def transcript(body: list[str]):
    """(command, expected output lines) pairs of a console block."""
    pairs, index = [], 0
    while index < len(body):
        if not body[index].startswith("$ "):
            index += 1
            continue
        command = body[index][2:]
        while command.endswith("\\") and index + 1 < len(body):
            index += 1
            command = command[:-1] + " " + body[index].strip()
        index += 1
        output = []
        while index < len(body) and not body[index].startswith("$ "):
            output.append(body[index])
            index += 1
        while output and not output[-1].strip():
            output.pop()
        pairs.append((command, output))
    return pairs


def run(command: str, folder: pathlib.Path, tools: pathlib.Path, binary: str) -> list[str]:
    if command.strip() == "make demo":
        command = f"bash {ROOT}/scripts/demo.sh {binary} SampleImages out/demo"
    environment = dict(os.environ, PATH=f"{tools}:{os.environ['PATH']}", NO_COLOR="1", LC_ALL="C.UTF-8")
    result = subprocess.run(["bash", "-c", command], cwd=folder, env=environment, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
    text = result.stdout.decode("utf-8", "replace")
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def check_page(page: pathlib.Path, binary: str) -> int:
    text = page.read_text()
    check_links(page, text)
    consoles = []
    for info, start, body in blocks(text):
        joined = "\n".join(body)
        if info == "console":
            if not body or not body[0].startswith("$ "):
                problem(page, start, "a console block starts with a `$ ` command")
            consoles.append((start, body))
        elif info in ("sh", "bash"):
            result = subprocess.run(["bash", "-n"], input=joined.encode(), capture_output=True)
            if result.returncode != 0:
                problem(page, start, f"sh block does not parse: {result.stderr.decode().strip()}")
        elif info == "json":
            try:
                json.loads(joined)
            except ValueError as error:
                problem(page, start, f"json block does not parse: {error}")
        elif info == "yaml":
            try:
                import yaml
            except ImportError:
                print(f"check-docs: {page.relative_to(ROOT)}:{start}: yaml not parsed (no PyYAML)")
            else:
                try:
                    yaml.safe_load(joined)
                except yaml.YAMLError as error:
                    problem(page, start, f"yaml block does not parse: {error}")
        elif info == "text":
            if body and body[0].startswith("$ "):
                problem(page, start, "a text block starting with `$ ` is a transcript: mark it console")
        elif info == "swift":
            pass  # scripts/check-examples.sh builds and runs it
        else:
            problem(page, start, f"a code block says `{info or 'nothing'}`: console, sh, json, yaml, swift or text")
    if not consoles:
        return 0
    if "../shared/corpus" in text and not CORPUS.exists():
        print(f"check-docs: {page.relative_to(ROOT)}: transcripts skipped: no corpus at {CORPUS}")
        return 0
    with tempfile.TemporaryDirectory(prefix="wt-docs-") as scratch:
        folder, tools = pathlib.Path(scratch, "repo"), pathlib.Path(scratch, "tools")
        folder.mkdir()
        tools.mkdir()
        (tools / "widget-thumbs").symlink_to(binary)
        for name in ("SampleImages", "Data"):
            (folder / name).symlink_to(ROOT / name)
        if CORPUS.exists():
            pathlib.Path(scratch, "shared").symlink_to(CORPUS.parent)
        count = 0
        for start, body in consoles:
            for command, expected in transcript(body):
                count += 1
                actual = run(command, folder, tools, binary)
                if not matches(expected, actual):
                    problem(page, start, "`$ " + command + "` printed\n    " + "\n    ".join(actual)
                            + "\n  where the page shows\n    " + "\n    ".join(expected))
        return count


def main() -> int:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = str(pathlib.Path(sys.argv[1]).resolve())
    pages = [pathlib.Path(p).resolve() for p in sys.argv[2:]] or [ROOT / "README.md", *sorted((ROOT / "Docs").glob("*.md"))]
    commands = sum(check_page(page, binary) for page in pages)
    for line in problems:
        print(f"check-docs: {line}", file=sys.stderr)
    if problems:
        return 1
    print(f"README and Docs/: {len(pages)} pages, {commands} commands run and their output matched, every block and link checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
