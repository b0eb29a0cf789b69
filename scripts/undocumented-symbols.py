#!/usr/bin/env python3
"""Counts the public symbols without a doc comment in the symbol graphs `swift build
-emit-symbol-graph` wrote, per module; lists them; exits 1 unless the count is 0.

Usage: undocumented-symbols.py GRAPH_DIR MODULE...

A symbol counts when it is declared in the module's own sources (it has a location there) and
is public: members the compiler synthesises (Equatable's ==, Codable's init(from:)) and
implementations inherited from a protocol's extension have no location of their own, so they
are not counted. A symbol that implements a standard library protocol's requirement (`description`, `==`,
`hash(into:)`, a literal initialiser, ...) or a requirement of one of the module's own
protocols counts as documented: DocC shows the requirement's comment.
"""
import glob
import json
import os
import sys

# Requirements of standard protocols (CustomStringConvertible, Equatable, Hashable, Codable,
# the ExpressibleBy...Literal family, Error): DocC documents them from the protocol.
PROTOCOL_REQUIREMENTS = {
    "description", "debugDescription", "==(_:_:)", "hash(into:)", "init(from:)", "encode(to:)",
    "init(integerLiteral:)", "init(floatLiteral:)", "init(stringLiteral:)", "init(booleanLiteral:)",
    "init(dictionaryLiteral:)", "init(arrayLiteral:)", "init(nilLiteral:)", "init(rawValue:)", "rawValue",
    "allCases", "errorDescription",
}


def undocumented(graph_dir, module):
    missing = []
    paths = sorted(glob.glob(os.path.join(graph_dir, "**", f"{module}*.symbols.json"), recursive=True))
    # No graph means nothing was checked (swift build writes none for a module it did not
    # recompile): that must fail, not count as zero.
    if not paths:
        sys.exit(f"undocumented-symbols: no symbol graph for {module} in {graph_dir} (rm -rf .build/docs and run again)")
    for path in paths:
        graph = json.load(open(path))
        if graph["module"]["name"] != module:
            continue
        # Implementations of a protocol requirement show the requirement's comment.
        implements = {rel["source"] for rel in graph.get("relationships", [])
                      if rel["kind"] in ("defaultImplementationOf", "overrides")}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in location:
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            if symbol["identifier"]["precise"] in implements or symbol["names"]["title"] in PROTOCOL_REQUIREMENTS:
                continue
            name = ".".join(symbol["pathComponents"])
            where = location.split("/Sources/", 1)[1]
            line = symbol["location"]["position"]["line"] + 1
            missing.append(f"{module}: {name} ({symbol['kind']['displayName']}) Sources/{where}:{line}")
    return sorted(set(missing))


def main():
    graph_dir, modules = sys.argv[1], sys.argv[2:]
    total = 0
    for module in modules:
        missing = undocumented(graph_dir, module)
        for entry in missing:
            print(f"  {entry}")
        print(f"{module}: {len(missing)} undocumented public symbols")
        total += len(missing)
    sys.exit(0 if total == 0 else 1)


if __name__ == "__main__":
    main()
