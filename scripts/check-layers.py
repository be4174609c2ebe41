#!/usr/bin/env python3
"""src/ is a pipeline: each stage may use the stages before it, never one after it.

Reads every `crate::...` path in src/ (outside `#[cfg(test)]` modules and comments) and
fails when a stage uses a later one, or when two files of the core use each other through
any chain (an import cycle). Run by scripts/test; prints one line per violation.
"""
import pathlib
import re
import sys

# The stages in the order a URL goes through them; a stage uses only earlier ones.
STAGES = ["input", "error", "standard", "options", "normalize", "keys", "site", "crawl", "php"]
# What lib.rs re-exports at the crate root, by the stage that defines it.
ROOT_ITEMS = {
    "canonicalize": "keys", "equivalent": "keys", "remove_query_parameters": "keys",
    "fingerprint": "keys", "fingerprint_with": "keys", "KeyBits": "keys", "KEY_VERSION": "keys",
    "Flags": "keys", "surt": "keys", "escape_for_display": "site", "to_display": "site",
    "host_type": "site", "public_suffix": "site", "registrable_domain": "site",
    "same_site": "site", "explain": "normalize", "normalize_cow": "normalize",
    "normalize": "normalize", "resolve": "normalize", "resolve_against_directory": "normalize",
    "Base": "normalize", "ErrorKind": "error", "UrlError": "error", "Operation": "error",
    "Options": "options", "OptionValue": "options", "OptionError": "options",
    "PublicSuffixes": "options", "redact_credentials": "input",
    "PUBLIC_SUFFIX_LIST_VERSION": "site", "PUBLIC_SUFFIX_LIST_RULES": "site",
    "IDNA_UNICODE_VERSION": "standard", "SIMD": "normalize",
    "RobotsTxt": "crawl", "RobotsError": "crawl", "MatchedRule": "crawl", "InvalidAgent": "crawl",
    "UnusableStatus": "crawl", "is_product_token": "crawl", "ROBOTS_PARSE_LIMIT": "crawl",
    "robots_path": "crawl", "robots_rule_form": "crawl", "robots_lines": "crawl",
    "UrlPattern": "crawl", "PatternInput": "crawl", "PatternError": "crawl",
    "MatchInput": "crawl", "Components": "crawl", "PatternMatch": "crawl",
    "ComponentMatch": "crawl", "URL_PATTERN_COMPONENTS": "crawl", "CrawlScope": "crawl",
    "ScopeEntry": "crawl", "EntryError": "crawl", "SitemapMode": "crawl", "Verdict": "crawl",
    "SCOPE_ENTRY_KINDS": "crawl",
}

root = pathlib.Path(__file__).resolve().parent.parent / "src"
problems = []
uses = {}  # module path -> set of module paths it uses


def module_of(path):
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "mod":
        parts.pop()
    return tuple(parts)


for path in sorted(root.rglob("*.rs")):
    if path.name == "lib.rs":
        continue
    text = path.read_text()
    text = text.split("#[cfg(test)]")[0]
    code = "\n".join(line.split("//")[0] for line in text.splitlines())
    # `pub(in crate::standard)` names who may use an item; it uses nothing.
    code = re.sub(r"pub\(in crate(?:::[a-z_]+)*\)", "pub", code)
    module = module_of(path)
    stage = module[0]
    used = set()
    for match in re.finditer(r"crate::((?:[A-Za-z_][A-Za-z0-9_]*::)*[A-Za-z_][A-Za-z0-9_]*)", code):
        names = match.group(1).split("::")
        target_stage = names[0] if names[0] in STAGES else ROOT_ITEMS.get(names[0])
        if target_stage is None:
            problems.append(f"{path.relative_to(root.parent)}: unknown path crate::{match.group(1)}")
            continue
        if STAGES.index(target_stage) > STAGES.index(stage):
            problems.append(
                f"{path.relative_to(root.parent)}: stage `{stage}` uses the later stage "
                f"`{target_stage}` (crate::{match.group(1)})"
            )
        if names[0] in STAGES:
            used.add(tuple(names))
    ident = r"[A-Za-z_][A-Za-z0-9_]*"
    for match in re.finditer(rf"\bsuper::((?:super::)*)({ident}(?:::{ident})*)", code):
        up = 1 + match.group(1).count("super::")
        used.add(module[:-up] + tuple(match.group(2).split("::")))
    # A folder's mod.rs that uses its own files by name (`fast::normal_form`).
    if path.name == "mod.rs":
        for child in re.findall(r"^\s*(?:pub(?:\([a-z ]+\))? )?mod ([a-z_][a-z0-9_]*);", code, re.M):
            for found in re.finditer(rf"(?<![:\w]){child}((?:::{ident})+)", code):
                used.add(module + (child,) + tuple(found.group(1).split("::")[1:]))
    uses[module] = used

# Cycles between files: a module that reaches itself through the modules it uses.
modules = set(uses)


def resolve(target):
    """The longest known module that `target` names (an item path ends in a module)."""
    for length in range(len(target), 0, -1):
        if target[:length] in modules:
            return target[:length]
    return None


graph = {m: {resolve(t) for t in ts} - {None, m} for m, ts in uses.items()}

state = {}


def visit(module, stack):
    state[module] = "open"
    for target in sorted(graph.get(module, ())):
        if state.get(target) == "open":
            cycle = stack[stack.index(target):] + [target]
            problems.append("import cycle: " + " -> ".join("::".join(m) for m in cycle))
        elif target not in state:
            visit(target, stack + [target])
    state[module] = "done"


for module in sorted(graph):
    if module not in state:
        visit(module, [module])

for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"src/: {len(uses)} files in {len(STAGES)} stages, each using only earlier ones; no import cycle")
