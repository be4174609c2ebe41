#!/usr/bin/env python3
"""Checks scripts/check-layers.py: it must pass core/src/ as it is, fail a copy of it with one
backward import planted in each form Rust writes it, naming the planted lines and only them,
and pass a copy where the same paths sit in comments and literals.

Each plant goes into its own copy of core/src/ in a temporary directory; core/src/ itself is not
touched.
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHECKER = ROOT / "scripts" / "check-layers.py"

# (what, file, where: START (below the file's //! lines), END (past its #[cfg(test)] module,
# if any) or a line of the file to insert below, text, expected). A line of text that ends with
# `# FLAGGED` must be reported (the marker is taken out); expected is "stage" (those lines and
# no other are stage violations), "cycle" (an import cycle through a flagged line, and no stage
# violation), or "pass".
START, END = "start", "end"
PLANTS = [
    ("use crate::…", "input/scheme.rs", "use std::borrow::Cow;",
     "use crate::site::psl::public_suffix; # FLAGGED", "stage"),
    ("pub use, pub(crate) use", "normalize/mod.rs", START,
     "pub use crate::keys::surt::surt; # FLAGGED\n"
     "pub(crate) use crate::site::psl::same_site; # FLAGGED", "stage"),
    ("grouped use over several lines, nested", "options/mod.rs", START,
     "use crate::{\n"
     "    error::ErrorKind as Planted,\n"
     "    input::{\n"
     "        redact,\n"
     "        scheme::{self, is_slash},\n"
     "    },\n"
     "    normalize::{\n"
     "        fast::SIMD, # FLAGGED\n"
     "        resolve::{\n"
     "            Base, # FLAGGED\n"
     "        },\n"
     "    },\n"
     "    Flags, # FLAGGED\n"
     "};", "stage"),
    ("inline crate:: path in code", "standard/mod.rs", START,
     "#[allow(dead_code)]\n"
     "fn planted(input: &[u8]) -> bool {\n"
     "    crate::keys::surt::surt(input, &Default::default()).is_ok() # FLAGGED\n"
     "}", "stage"),
    ("inline path through an imported module", "error.rs", START,
     "use crate::normalize as later; # FLAGGED\n"
     "#[allow(dead_code)]\n"
     "fn planted() -> bool {\n"
     "    later::SIMD # FLAGGED\n"
     "}", "stage"),
    ("super:: from a file in a folder", "normalize/explain/validation.rs", START,
     "use super::super::super::site::psl::public_suffix; # FLAGGED", "stage"),
    ("super::super:: from a mod.rs", "standard/fixups/mod.rs", START,
     "#[allow(dead_code)]\n"
     "fn planted() -> &'static str {\n"
     "    super::super::crawl::robots::robots_path() # FLAGGED\n"
     "}", "stage"),
    ("super:: from an inline module", "input/layout.rs", START,
     "mod planted {\n"
     "    mod deeper {\n"
     "        use self::super::super::super::super::crawl; # FLAGGED\n"
     "    }\n"
     "}", "stage"),
    ("use in #[cfg(test)] mod tests", "input/scheme.rs", "mod tests {",
     "    use crate::crawl::robots::RobotsTxt; # FLAGGED", "stage"),
    ("#[cfg(test)] item after the tests module", "error.rs", END,
     "#[cfg(test)]\n"
     "fn planted() -> bool {\n"
     "    crate::site::same_site(b\"a\", b\"b\", true, &Default::default()).is_ok() # FLAGGED\n"
     "}", "stage"),
    ("import cycle inside a stage", "input/scheme.rs", "use std::borrow::Cow;",
     "use super::redact::redact_credentials; # FLAGGED", "cycle"),
    # Past the tests module, code is no test code again: its imports join the cycle check.
    ("import cycle after the tests module", "input/scheme.rs", END,
     "#[allow(dead_code)]\n"
     "fn planted(input: &str) -> std::borrow::Cow<'_, str> {\n"
     "    super::redact::redact_credentials(input) # FLAGGED\n"
     "}", "cycle"),
    # The same paths where Rust does not read them.
    ("comments, doc comments, strings, characters", "input/scheme.rs", START,
     "// use crate::site::psl::public_suffix;\n"
     "/* crate::crawl::robots /* nested */ crate::php */\n"
     "/// See [`crate::site::psl::public_suffix`] and `super::super::php`.\n"
     "#[allow(dead_code)]\n"
     "fn planted<'a>(text: &'a str) -> [&'a str; 4] {\n"
     "    let _ = ['\"', '\\'', b'\"'];\n"
     "    [text, \"use crate::site; crate::crawl::x()\", r#\"crate::php\"#, \"\\\"crate::keys\"]\n"
     "}", "pass"),
]
MARK = " # FLAGGED"
LOCATION = re.compile(r"^(src/\S+?\.rs:\d+):")
PLACE = re.compile(r"src/\S+?\.rs:\d+")


def run(src):
    result = subprocess.run(
        [sys.executable, str(CHECKER), str(src)], capture_output=True, text=True, check=False
    )
    return result.returncode, result.stdout + result.stderr


def plant(src, file, after, text):
    """Inserts text into src/file; returns the places (src/file:line) of the lines marked
    FLAGGED."""
    path = src / file
    lines = path.read_text().split("\n")
    if after == END:
        at = len(lines) - (lines[-1] == "")
    elif after == START:
        at = next(i for i, line in enumerate(lines) if not line.startswith("//!"))
    else:
        found = [i for i, line in enumerate(lines) if line.strip() == after.strip()]
        if not found:
            raise SystemExit(f"check-layers self-test: src/{file} has no line `{after}`")
        at = found[0] + 1
    new = text.split("\n")
    flagged = {f"src/{file}:{at + i + 1}" for i, line in enumerate(new) if line.endswith(MARK)}
    lines[at:at] = [line.removesuffix(MARK) for line in new]
    path.write_text("\n".join(lines))
    return flagged


def main():
    failures = []
    code, output = run(ROOT / "core" / "src")
    if code != 0:
        failures.append(f"src/ as it is: the checker fails\n{output}")
    with tempfile.TemporaryDirectory() as temp:
        for what, file, after, text, expected in PLANTS:
            src = pathlib.Path(temp) / "src"
            shutil.rmtree(src, ignore_errors=True)
            shutil.copytree(ROOT / "core" / "src", src)
            flagged = plant(src, file, after, text)
            code, output = run(src)
            lines = output.splitlines()
            stage = {LOCATION.match(line).group(1) for line in lines if "later stage" in line}
            cycles = [set(PLACE.findall(line)) for line in lines if line.startswith("import cycle")]
            if expected == "pass":
                ok = code == 0
            elif expected == "stage":
                ok = code != 0 and stage == flagged
            else:
                ok = code != 0 and not stage and any(flagged & places for places in cycles)
            if not ok:
                failures.append(
                    f"{what} (src/{file}): expected {expected} at {sorted(flagged)}, "
                    f"the checker exited {code}:\n{output}"
                )
    for failure in failures:
        print(failure)
    if failures:
        return 1
    failing = sum(expected != "pass" for *_, expected in PLANTS)
    print(
        f"check-layers.py passes core/src/, fails each of {failing} copies with a backward import or "
        f"a cycle planted and names the planted lines, passes {len(PLANTS) - failing} with the "
        "same paths in comments and literals"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
