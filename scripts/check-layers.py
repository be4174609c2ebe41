#!/usr/bin/env python3
"""The core crate (core/src/) is a pipeline: each stage may use the stages before it, never one
after it. (The PHP binding, the top-level crate, cannot be used by the core: cargo holds that.)

Reads every path in core/src/ and resolves it as rustc does: `use` trees (grouped, nested over any
number of lines, `self`, `as`, globs, `pub use`), and paths anywhere in the code that start with
`crate::`, `super::`, `self::`, an imported name or a child module (`super::` counts from the
file's module: `a/b.rs` is `a::b`, `a/mod.rs` is `a`, and `mod x { }` nests). Re-exports are
followed to the file that defines the item. Comments, doc comments, string and character
literals are skipped; `pub(in crate::x)` names who may use an item and uses nothing. A bare
name is only read through the `use` that brought it. Fails when a stage uses a later one, or
when a file reaches itself through the files it uses (an import cycle); prints one line per
violation, with file and line.

Test code is not exempt: a `#[cfg(test)]` module or item is code of its file and obeys the
stage order like the rest (a test that needs a later stage belongs in that stage or in tests/).
It is left out of the cycle check only, where a unit test may check its file against its
whole stage (the stage's entry point calls back into the file), which is no dependency of the
built library. A `pub use` is in the cycle check only when the file's own code uses the name:
otherwise it is the module's API, and who uses the name uses the file that defines it.

Usage: check-layers.py [SRC]  (SRC defaults to the repository's core/src/)
"""
import pathlib
import re
import sys
from dataclasses import dataclass

# The stages in the order a URL goes through them; a stage uses only earlier ones.
STAGES = ["input", "error", "standard", "options", "normalize", "keys", "site", "crawl"]

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Tokens of code once comments and literals are blanked: paths' parts and single characters.
TOKEN = re.compile(r"::|\$crate\b|[A-Za-z_][A-Za-z0-9_]*|\d\w*|\S")
CHAR_LITERAL = re.compile(r"'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]*\}|.)|[^\\'\n])'")
RAW_STRING = re.compile(r'(?:br|cr|r)(#*)"')
# A run of code with no comment or literal in it (a name that could prefix one, as `r` of
# `r#"`, or `b` of `b'`, ends the run).
PLAIN = re.compile(r"""(?:[^/"'A-Za-z_]+|/(?![/*])|(?>[A-Za-z_][A-Za-z0-9_]*)(?![#"']))+""")
PATH_START = {"crate", "$crate", "super", "self"}
KEYWORDS = {
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "static", "struct", "trait", "true", "type", "unsafe", "use",
    "where", "while",
}


def blank(text):
    """`text` with comments and string and character literals turned into spaces (newlines
    kept, so that offsets and lines stay those of the file)."""
    out, i, n = [], 0, len(text)

    def skip(end):
        out.append(re.sub(r"[^\n]", " ", text[i:end]))
        return end

    while i < n:
        if (run := PLAIN.match(text, i)):
            out.append(run.group())
            i = run.end()
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = skip(n if end < 0 else end)
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            i = skip(j)
        elif (raw := RAW_STRING.match(text, i)):  # (i starts a name here, as PLAIN stopped)
            end = text.find('"' + raw.group(1), raw.end())
            i = skip(n if end < 0 else end + 1 + len(raw.group(1)))
        elif text[i] == '"' or text.startswith(('b"', 'c"'), i):  # (i starts a name here)
            j = text.index('"', i) + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = skip(j + 1)
        elif text[i] == "'" and (char := CHAR_LITERAL.match(text, i)):
            i = skip(char.end())
        elif (word := IDENT.match(text, i)):
            out.append(word.group())  # whole, so that the `r` or `b` inside a name is no prefix
            i = word.end()
        else:
            out.append(text[i])  # a lifetime's `'` stays, harmlessly
            i += 1
    return "".join(out)


@dataclass
class Ref:
    """A path written in a file: `segments` as written, read from `module`."""
    file: pathlib.Path
    line: int
    module: tuple
    segments: list
    test: bool
    reexport: str | None = None  # the name a `pub use` gives the path


class Crate:
    """The modules of src/ (files and inline `mod x { }`), the names each declares and
    imports, and every path written in them."""

    def __init__(self, src):
        self.src = src
        self.children = {}  # module -> names of its child modules (files and inline)
        self.aliases = {}  # module -> {name: path as written} from its `use` declarations
        self.globs = {}  # module -> paths as written of its `use ...::*`
        self.files = {}  # module of a file -> the file
        self.names = {}  # file -> the names its code uses outside `use` declarations
        self.refs = []
        for path in sorted(src.rglob("*.rs")):
            self.read(path)

    def file_module(self, path):
        parts = list(path.relative_to(self.src).with_suffix("").parts)
        if parts[-1] in ("mod", "lib"):
            parts.pop()
        return tuple(parts)

    def read(self, path):
        code = blank(path.read_text())
        tokens, lines, line, last = [], [], 1, 0
        for match in TOKEN.finditer(code):
            line += code.count("\n", last, match.start())
            last = match.start()
            tokens.append(match.group())
            lines.append(line)
        tokens.append("")  # the end, so that looking one token ahead needs no check
        module = self.file_module(path)
        self.files[module] = path
        names = self.names[path] = set()
        self.declare(module)
        inline = []  # (module, nesting depth of its body) of the inline modules being read
        test_items = []  # nesting depth where each #[cfg(test)] item being read starts
        depth = 0  # of (), [] and {}
        pending_test = False  # read #[cfg(test)]: the item starts after the attributes
        attributes_end = -1
        k = 0

        def current():
            return inline[-1][0] if inline else module

        while k < len(tokens) - 1:
            tok = tokens[k]
            if tok == "#" and tokens[k + 1] in ("[", "!"):
                opening = k + 1 if tokens[k + 1] == "[" else k + 2
                end = self.matching(tokens, opening)
                if tokens[opening + 1:end] == ["cfg", "(", "test", ")"]:
                    pending_test = True
                attributes_end = end
            elif pending_test and k > attributes_end:
                test_items.append(depth)
                pending_test = False
            in_test = bool(test_items)
            names.add(tok)
            if tok in ("{", "(", "["):
                depth += 1
            elif tok in ("}", ")", "]"):
                depth -= 1
                if tok == "}" and inline and inline[-1][1] == depth + 1:
                    inline.pop()
                # An item ends with its block (unless a `;` follows), or with the block around it.
                while test_items and (test_items[-1] > depth or (
                        test_items[-1] == depth and tok == "}" and tokens[k + 1] != ";")):
                    test_items.pop()
            elif tok == ";" and test_items and test_items[-1] == depth:
                test_items.pop()
            elif tok == "mod" and IDENT.fullmatch(tokens[k + 1]) and tokens[k + 2] in ("{", ";"):
                name = tokens[k + 1]
                self.children[current()].add(name)
                if tokens[k + 2] == "{":
                    child = current() + (name,)
                    self.declare(child)
                    depth += 1
                    inline.append((child, depth))
                    k += 3
                    continue
            elif tok == "use":
                before = self.opening(tokens, k - 1) - 1 if tokens[k - 1] == ")" else k - 1
                public = tokens[before] == "pub"
                k = self.use_tree(tokens, lines, k + 1, [], path, current(), in_test, public)
                continue
            elif tok == "in" and tokens[k - 1] == "(" and tokens[k - 2] == "pub":
                k = tokens.index(")", k)  # pub(in crate::x) names who may use an item
                continue
            elif (tok in PATH_START or IDENT.fullmatch(tok)) and tokens[k + 1] == "::" \
                    and tok not in KEYWORDS and tokens[k - 1] not in ("::", "."):
                segments = [tok]
                while tokens[k + 1] == "::" and IDENT.fullmatch(tokens[k + 2]):
                    segments.append(tokens[k + 2])
                    names.add(tokens[k + 2])
                    k += 2
                self.refs.append(Ref(path, lines[k], current(), segments, in_test))
            k += 1

    def declare(self, module):
        self.children.setdefault(module, set())
        self.aliases.setdefault(module, {})
        self.globs.setdefault(module, [])

    @staticmethod
    def opening(tokens, k):
        """Index of the bracket that opens the one closing at k."""
        depth = 0
        for j in range(k, -1, -1):
            depth += tokens[j] in ("}", ")", "]")
            depth -= tokens[j] in ("{", "(", "[")
            if depth == 0:
                return j
        return 0

    @staticmethod
    def matching(tokens, k):
        """Index of the bracket that closes the one at k."""
        depth = 0
        for j in range(k, len(tokens)):
            depth += tokens[j] in ("{", "(", "[")
            depth -= tokens[j] in ("}", ")", "]")
            if depth == 0:
                return j
        return len(tokens) - 1

    def use_tree(self, tokens, lines, k, prefix, path, module, test, public):
        """Reads the use tree at k (after `use`, or inside a group after `prefix`); returns the
        index after it."""
        segments = list(prefix)
        if tokens[k] == "::":  # `use ::name`: another crate
            segments, k = ["::"], k + 1
        while True:
            tok = tokens[k]
            if tok == "{":
                k += 1
                while tokens[k] not in ("}", ""):
                    k = self.use_tree(tokens, lines, k, segments, path, module, test, public)
                    if tokens[k] == ",":
                        k += 1
                k += 1
                break
            if tok == "*":
                self.globs[module].append(segments)
                reexport = "*" if public else None
                self.refs.append(Ref(path, lines[k], module, segments, test, reexport))
                k += 1
                break
            if not (IDENT.fullmatch(tok) or tok == "$crate"):
                break
            segments = segments + [tok]
            k += 1
            if tokens[k] == "::":
                k += 1
                continue
            name = segments[-1]
            if segments[-1] == "self":
                segments = segments[:-1]
                name = segments[-1] if segments else None
            if tokens[k] == "as":
                name = tokens[k + 1]
                k += 2
            if name and name != "_" and segments[0] != "::":
                self.aliases[module][name] = segments
            reexport = (name or "_") if public else None
            self.refs.append(Ref(path, lines[k - 1], module, segments, test, reexport))
            break
        return k

    def absolute(self, module, segments, seen=frozenset()):
        """The path from the crate root that `segments`, written in `module`, names; None for
        another crate's."""
        if not segments or segments[0] == "::":
            return None
        first, rest = segments[0], segments[1:]
        if first in ("crate", "$crate"):
            return tuple(rest)
        if first == "self":
            if rest and rest[0] == "super":
                return self.absolute(module, rest, seen)
            return module + tuple(rest)
        if first == "super":
            up = 1
            while rest and rest[0] == "super":
                up, rest = up + 1, rest[1:]
            if up > len(module):
                raise ValueError("super:: above the crate root")
            return module[: len(module) - up] + tuple(rest)
        found = self.lookup(module, first, seen)
        return None if found is None else found + tuple(rest)

    def lookup(self, module, name, seen=frozenset()):
        """The path from the crate root of `name` in `module`'s scope: a child module, an
        imported name, or a name of a glob import; None when it is neither (an item of the
        module itself, a local name, or another crate)."""
        if (module, name) in seen or module not in self.children:
            return None
        seen = seen | {(module, name)}
        if name in self.children[module]:
            return module + (name,)
        if name in self.aliases[module]:
            return self.absolute(module, self.aliases[module][name], seen)
        for glob in self.globs[module]:
            target = self.absolute(module, glob, seen)
            if target is not None and (found := self.lookup(self.locate(target)[0], name, seen)):
                return found
        return None

    def locate(self, path):
        """(module, rest): the module that `path` (from the crate root) ends in, following
        re-exports, and what of the path is left inside that module."""
        module, path, hops = (), tuple(path), 0
        while path and hops < 100:
            found = self.lookup(module, path[0])
            if found is None:
                break
            if found == module + (path[0],):
                module, path = found, path[1:]
            else:  # an imported name: start again from what it names
                module, path, hops = (), found + path[1:], hops + 1
        return module, path


def main():
    if len(sys.argv) > 1:
        src = pathlib.Path(sys.argv[1]).resolve()
    else:
        src = pathlib.Path(__file__).resolve().parent.parent / "core" / "src"
    crate = Crate(src)
    problems = []
    edges = {}  # file module -> {file module it uses: first place it does, outside tests}

    def file_of(module):
        while module not in crate.files:
            module = module[:-1]
        return module

    for module, path in crate.files.items():
        if module and module[0] not in STAGES:
            problems.append(f"{path.relative_to(src.parent)}: `{module[0]}` is no stage (STAGES)")
    for ref in crate.refs:
        where = f"{ref.file.relative_to(src.parent)}:{ref.line}"
        written = "::".join(ref.segments)
        stage = ref.module[0] if ref.module else None
        if stage not in STAGES:
            continue  # lib.rs: the root declares the stages and re-exports their API
        try:
            target = crate.absolute(ref.module, ref.segments)
            if target is None:
                continue  # another crate's
            module, rest = crate.locate(target)
        except ValueError as error:
            problems.append(f"{where}: {written}: {error}")
            continue
        if not module:
            if rest:
                problems.append(f"{where}: {written}: names nothing that lib.rs declares")
            continue
        if module[0] in STAGES and STAGES.index(module[0]) > STAGES.index(stage):
            test = " (test code)" if ref.test else ""
            problems.append(
                f"{where}: stage `{stage}` uses the later stage `{module[0]}`{test}: "
                f"{written} (crate::{'::'.join(module + rest)})"
            )
        # A `pub use` that the file's own code does not use is its API, not a use: who uses the
        # name through it is read as using the file that defines it.
        reexport_only = ref.reexport and ref.reexport not in crate.names[ref.file]
        if not ref.test and not reexport_only:
            source, used = file_of(ref.module), file_of(module)
            if used != source:
                edges.setdefault(source, {}).setdefault(used, where)

    # Cycles between files: a file that reaches itself through the files it uses.
    state = {}

    def visit(module, stack):
        state[module] = "open"
        for target in sorted(edges.get(module, ())):
            if state.get(target) == "open":
                cycle = stack[stack.index(target):] + [target]
                places = ", ".join(edges[a][b] for a, b in zip(cycle, cycle[1:]))
                problems.append(
                    "import cycle: " + " -> ".join("::".join(m) for m in cycle) + f" ({places})"
                )
            elif target not in state:
                visit(target, stack + [target])
        state[module] = "done"

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])

    for problem in problems:
        print(problem)
    if problems:
        return 1
    files = sum(1 for module in crate.files if module)
    print(
        f"{src.parent.name}/{src.name}/: {files} files in {len(STAGES)} stages, {len(crate.refs)} paths read, each "
        "using only its stage or earlier ones; no import cycle"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
