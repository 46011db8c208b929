#!/usr/bin/env python3
"""Makes the floor check's stand-in for Apple's SDKs: a resource directory in which the toolchain's modules can be
imported by a compiler targeting macOS, iOS, tvOS and watchOS, with Apple's `@available` attributes as the
toolchain's interfaces carry them.

Usage: stand_in_sdk.py OUT TOOLCHAIN_RESOURCES PLATFORM:MODULE_TRIPLE:TARGET...

OUT becomes a copy of TOOLCHAIN_RESOURCES (symbolic links to its files) with, for each Apple platform (its folder
name, the file name its modules use, and the target triple with the deployment floor), one folder of
`.swiftinterface` files:

- the toolchain's own public interfaces (Swift, _Concurrency, _StringProcessing, Synchronization, Testing, ...)
  with their target changed to the Apple one: they hold every `@available` attribute the standard library was
  written with, for every platform, so the compiler enforces them as it does with Apple's SDK;
- interfaces synthesized (swift-synthesize-interface) from the modules the toolchain ships as binaries only
  (Foundation, FoundationEssentials, FoundationInternationalization, Dispatch, XCTest) and from the C library
  (SwiftGlibc, CDispatch, as Swift declarations without C headers): swift-foundation's types carry Apple's
  `@available` attributes; the rest has none, and is there so that code importing it type-checks.

Each module is built for every platform with availability checking off and no function bodies (it is only
imported, never compiled into code). Synthesized text is not always valid Swift; what fails to build is fixed where
the fault is known (see `repair`) and otherwise removed, one declaration or member at a time, until the module
builds: OUT/PLATFORM/removed.txt lists what was removed, and a use of it fails the check with "cannot find" rather
than passing unchecked. Exit status 0 when every module builds, 1 otherwise.
"""
import collections
import os
import re
import shutil
import subprocess
import sys

# The toolchain's modules with a public interface, imported as they are (their target changed).
INTERFACE_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "_RegexParser", "Synchronization", "SwiftOnoneSupport", "Testing",
    "Observation", "RegexBuilder", "Distributed",
]
# Binary-only modules (and the C modules under them), in the order they import one another.
SYNTHESIZED_MODULES = [
    "SwiftGlibc", "Glibc", "CDispatch", "Dispatch", "FoundationEssentials", "FoundationInternationalization",
    "Foundation", "XCTest",
]
# Flags for building a stand-in module: it is only imported, so its own availability and bodies are not checked.
MODULE_FLAGS = "-disable-availability-checking -experimental-skip-all-function-bodies"
# The C modules of the Linux toolchain's resource directory, which a compiler for an Apple target must not find
# (their headers need the C library's headers; the synthesized Swift modules stand in for them).
CLANG_MODULE_FOLDERS = ["dispatch", "CoreFoundation", "_FoundationCShims", "Block", "_foundation_unicode", "os"]

# The C library's functions that are also compiler builtins, which swift-synthesize-interface does not print.
C_LIBRARY_BUILTINS = [
    "@discardableResult public func free(_ __ptr: Swift.UnsafeMutableRawPointer!)",
    "@discardableResult public func memcmp(_ __s1: Swift.UnsafeRawPointer!, _ __s2: Swift.UnsafeRawPointer!, "
    "_ __n: Swift.Int) -> Swift.Int32",
    "@discardableResult public func strlen(_ __s: Swift.UnsafePointer<Swift.CChar>!) -> Swift.Int",
]
# What Apple's SDKs say, and swift-corelibs-foundation does not, about declarations the toolkit could use: each the
# module, a pattern of its declaration's line, and the attribute put before it (from Apple's documentation).
KNOWN_APPLE_AVAILABILITY = [
    ("Foundation", r"(open class |extension Foundation\.)Process\b", "@available(iOS, unavailable) "
     "@available(tvOS, unavailable) @available(watchOS, unavailable)"),  # Process (NSTask): macOS only
    ("Foundation", r"(open class |extension Foundation\.)Host\b", "@available(iOS, unavailable) "
     "@available(tvOS, unavailable) @available(watchOS, unavailable)"),  # Host (NSHost): macOS only
    ("FoundationEssentials", r"public var (full)?[uU]serName: Swift\.String \{ get \}",
     "@available(iOS, unavailable) @available(tvOS, unavailable) @available(watchOS, unavailable)"),
]
ATTRIBUTE = re.compile(r"@[\w.]+")
# What may come before `var`, `let` or `subscript` in a printed declaration.
PREFIX = (r"^(\s*(?:@[\w.]+(?:\([^)]*\))? )*(?:(?:public|open|override|static|class|final|nonisolated|weak|"
          r"unowned|lazy|dynamic|required|convenience|mutating|nonmutating|__consuming) )*)")


def fail(message):
    print(f"stand_in_sdk.py: {message}", file=sys.stderr)
    sys.exit(1)


def run(arguments, check=True):
    return subprocess.run(arguments, capture_output=True, text=True, check=check)


def code_of(line):
    """The line without string literals and a `//` comment, for counting braces."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def is_attribute_only(line):
    """Whether the line holds attributes alone (`@available(...)`), which belong to the declaration after them."""
    rest = line.strip()
    if not rest.startswith("@"):
        return False
    while rest.startswith("@"):
        match = ATTRIBUTE.match(rest)
        rest = rest[match.end():]
        if rest.startswith("("):
            depth = 0
            for index, character in enumerate(rest):
                depth += {"(": 1, ")": -1}.get(character, 0)
                if depth == 0:
                    rest = rest[index + 1:]
                    break
            else:
                return False
        rest = rest.lstrip()
    return rest == ""


class Item:
    """A declaration: its lines [start, end], the line that opens its body (None without one), its members."""

    def __init__(self, start, end, opens, members):
        self.start, self.end, self.opens, self.members = start, end, opens, members


def items(lines, start, stop):
    """The declarations in lines[start:stop], with their comments and attributes."""
    result = []
    index = start
    while index < stop:
        if not lines[index].strip() or lines[index].strip() == "}":
            index += 1
            continue
        first, depth, opens = index, 0, None
        while index < stop:
            line = lines[index]
            code = code_of(line).strip()
            depth += code.count("{") - code.count("}")
            if opens is None and depth > 0:
                opens = index
            if depth <= 0 and code and not is_attribute_only(line):
                break
            index += 1
        end = min(index, stop - 1)
        members = items(lines, opens + 1, end) if opens is not None else []
        result.append(Item(first, end, opens, members))
        index = end + 1
    return result


def culprit(declarations, line):
    """The innermost declaration whose own text (not a member's) holds the line."""
    for item in declarations:
        if item.start <= line <= item.end:
            if item.opens is None or line <= item.opens:
                return item
            inner = culprit(item.members, line)
            return inner if inner is not None else item
    return None


def top_level_names(interface):
    """The top-level type and protocol names an interface declares."""
    names = set()
    for line in open(interface):
        match = re.match(r"(?:@\S+ )*(?:(?:public|open|final) )+(?:struct|enum|class|protocol|actor|typealias) (\w+)",
                         line)
        if match:
            names.add(match.group(1))
    return names


def repair(module, text, moved):
    """Fixes what swift-synthesize-interface prints that an interface cannot say, where the fault is known."""
    # Documentation comments are not needed, and block comments would make lines of prose look like code.
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"^\s*//.*\n", "", text, flags=re.M)
    lines = text.split("\n")
    imports = [line for line in lines if re.match(r"^import \w+$", line)]
    body = [line for line in lines if not re.match(r"^import \w+$", line)]
    # What Foundation and XCTest import, they also re-export (`import Foundation` gives Glibc on Linux); the C
    # shims module of the overlay has no stand-in.
    imports = ["@_exported " + line for line in imports if line != "import SwiftOverlayShims"]
    imports += ["import _Concurrency", "import _StringProcessing"]
    if module == "CDispatch":
        imports.append("@_exported import SwiftGlibc")
    if module in ("SwiftGlibc", "CDispatch"):
        # A C function's result may be left unused.
        body = [re.sub(r"^public func ", "@discardableResult public func ", line) for line in body]
    if module == "SwiftGlibc":
        body += C_LIBRARY_BUILTINS
    if module in ("SwiftGlibc", "CDispatch"):
        # A C function pointer whose parameters are C structs, declared here in Swift, is not representable in C
        # for the compiler: the C library's function types are plain Swift ones here (the Linux build checks them
        # as C function pointers).
        body = [re.sub(r"@convention\(c(, cType: \"(\\.|[^\"\\])*\")?\) ", "", line) for line in body]
    for owner, pattern, attribute in KNOWN_APPLE_AVAILABILITY:
        if owner == module:
            body = [re.sub(r"^(\s*)(?=" + pattern + ")", lambda match: match.group(1) + attribute + " ", line)
                    for line in body]
    text = "\n".join(body)
    text = text.replace("SwiftOverlayShims.", "SwiftGlibc.")
    # Types of the standard library's other modules are printed as `Swift.` ones.
    for name, owner in moved.items():
        text = re.sub(rf"\bSwift\.{name}\b", f"{owner}.{name}", text)
    # A C function type's C spelling names C types that a compiler without the C headers cannot find.
    text = re.sub(r'@convention\((c|block), cType: "(\\.|[^"\\])*"\)', r"@convention(\1)", text)
    # A property printed without accessors is settable (`var x: T`), unless it is a constant or its setter is not
    # public; `let x: T { get }` is printed for some constants. Accessors are spelled out: a property in an
    # extension or overriding one must have them.
    text = re.sub(r"^(.*?)\b(?:private|fileprivate|internal)\(set\) (.*)$",
                  lambda match: match.group(1) + match.group(2) + ("" if "{" in match.group(2) else " { get }"), text,
                  flags=re.M)
    text = re.sub(PREFIX + r"var ([^{\n]*)$", r"\1var \2 { get set }", text, flags=re.M)
    text = re.sub(PREFIX + r"let ([^{\n]*?)(?: \{ get \})?$", r"\1var \2 { get }", text, flags=re.M)
    # A subscript is printed without its accessors.
    text = re.sub(PREFIX + r"(subscript[^{\n]*)$", r"\1\2 { get set }", text, flags=re.M)
    # A type named after its module (XCTest.XCTest) hides the module: names are left unqualified there.
    text = re.sub(rf"\b{module}\.(?=[A-Z_])", "", text) if module == "XCTest" else text
    # A typealias of a C type that is not printed.
    text = re.sub(r"^public typealias NSRange$",
                  "public struct NSRange {\n    public var location: Swift.Int { get set }\n"
                  "    public var length: Swift.Int { get set }\n"
                  "    public init(location: Swift.Int, length: Swift.Int)\n}", text, flags=re.M)
    # Some global constants are printed twice (a C macro's and the overlay's): the first is kept.
    lines, seen, keep = text.split("\n"), set(), []
    for item in items(lines, 0, len(lines)):
        name = None
        for line in lines[item.start:item.end + 1]:
            match = re.match(r"(?:@\S+ )*public var (\w+):", line)
            if match:
                name = match.group(1)
        if name is None or name not in seen:
            keep.append("\n".join(lines[item.start:item.end + 1]))
            seen.add(name)
    return imports, "\n\n".join(keep)


def write_module(out, folder, module_triple, module, text):
    os.makedirs(f"{out}/{folder}/{module}.swiftmodule", exist_ok=True)
    with open(f"{out}/{folder}/{module}.swiftmodule/{module_triple}.swiftinterface", "w") as file:
        file.write(text)


def build(out, target, module, cache):
    """Builds a module of OUT for the target by importing it; the compiler's output."""
    probe = f"{out}/.probe-{module}.swift"
    with open(probe, "w") as file:
        file.write(f"import {module}\n")
    result = run(["swiftc", "-typecheck", "-target", target, "-resource-dir", out, "-module-cache-path", cache,
                  probe], check=False)
    os.remove(probe)
    return result


def main():
    if len(sys.argv) < 4:
        fail("usage: stand_in_sdk.py OUT TOOLCHAIN_RESOURCES PLATFORM:MODULE_TRIPLE:TARGET...")
    out, toolchain = os.path.abspath(sys.argv[1]), sys.argv[2]
    platforms = [argument.split(":") for argument in sys.argv[3:]]
    host = f"{toolchain}/linux"
    host_triple = "x86_64-unknown-linux-gnu"
    if os.path.exists(out):
        shutil.rmtree(out)
    run(["cp", "-rs", toolchain, out])
    for folder in CLANG_MODULE_FOLDERS:
        for name in ("module.modulemap", "module.map"):
            if os.path.lexists(f"{out}/{folder}/{name}"):
                os.remove(f"{out}/{folder}/{name}")
    # The standard library's other modules' types, which synthesized text calls `Swift.` types.
    moved = {}
    for owner in ("_Concurrency", "_StringProcessing"):
        for name in top_level_names(f"{host}/{owner}.swiftmodule/{host_triple}.swiftinterface"):
            moved[name] = owner
    synthesized = {}
    for module in SYNTHESIZED_MODULES:
        result = run(["swift-synthesize-interface", "-module-name", module, "-target", host_triple,
                      "-print-fully-qualified-types"], check=False)
        if result.returncode != 0 or not result.stdout.strip():
            fail(f"swift-synthesize-interface could not print {module}: {result.stderr.strip()}")
        synthesized[module] = repair(module, result.stdout, moved)
    # CDispatch's text repeats the C library's declarations, which SwiftGlibc has.
    def declaration_of(line):
        return re.sub(r"^(@\w+ )*", "", line) if re.match(r"^(@\w+ )*public ", line) else None

    glibc = set(declaration_of(line) for line in synthesized["SwiftGlibc"][1].split("\n")) - {None}
    glibc_names = set(re.findall(r"^(?:@\w+ )*public (?:struct|enum|typealias|class|protocol|var|func) (\w+)",
                                 synthesized["SwiftGlibc"][1], flags=re.M))
    imports, text = synthesized["CDispatch"]
    text = re.sub(r"\bCDispatch\.(\w+)",
                  lambda match: ("SwiftGlibc." if match.group(1) in glibc_names else "CDispatch.") + match.group(1),
                  text)
    lines = text.split("\n")
    keep = []
    for item in items(lines, 0, len(lines)):
        declaration = next((declaration_of(line) for line in lines[item.start:item.end + 1]
                            if declaration_of(line)), None)
        if declaration not in glibc:
            keep.append("\n".join(lines[item.start:item.end + 1]))
    synthesized["CDispatch"] = (imports, "\n\n".join(keep))
    # C has a struct and a function of the same name (`struct sigaction`, `sigaction()`), which one Swift module
    # cannot declare: the functions go to a module of their own, which Glibc re-exports beside SwiftGlibc, so that
    # a call finds the function and `sigaction()` the struct, as with the C headers.
    imports, text = synthesized["SwiftGlibc"]
    lines = text.split("\n")
    structs = set(re.findall(r"^public struct (\w+)", text, flags=re.M))
    keep, functions = [], []
    for item in items(lines, 0, len(lines)):
        chunk = "\n".join(lines[item.start:item.end + 1])
        match = re.match(r"(?:@\w+ )*public func (\w+)\(", chunk)
        (functions if match and match.group(1) in structs else keep).append(chunk)
    synthesized["SwiftGlibc"] = (imports, "\n\n".join(keep))
    synthesized["SwiftGlibcFunctions"] = (["@_exported import SwiftGlibc"], "\n\n".join(functions))
    imports, text = synthesized["Glibc"]
    synthesized["Glibc"] = (imports + ["@_exported import SwiftGlibcFunctions"], text)

    status = 0
    for folder, module_triple, target in platforms:
        cache = f"{out}/.cache-{folder}"
        for module in INTERFACE_MODULES:
            source = f"{host}/{module}.swiftmodule/{host_triple}.swiftinterface"
            lines = open(source).read().split("\n")
            for index, line in enumerate(lines[:8]):
                if line.startswith("// swift-module-flags:"):
                    lines[index] = line.replace(f"-target {host_triple}", f"-target {target}") + " " + MODULE_FLAGS
            # `@backDeployed` needs a body, which a Linux interface does not print; the API's own `@available`
            # stays, which is what a client is checked against.
            lines = [line for line in lines if not re.match(r"^\s*@backDeployed\(before:.*\)$", line)]
            write_module(out, folder, module_triple, module, "\n".join(lines))
        removed = []
        for module in ["SwiftGlibc", "SwiftGlibcFunctions"] + SYNTHESIZED_MODULES[1:]:
            imports, text = synthesized[module]
            head = ("// swift-interface-format-version: 1.0\n"
                    f"// swift-module-flags: -target {target} -enable-library-evolution -swift-version 5 "
                    f"-disable-objc-interop -module-name {module} {MODULE_FLAGS}\n" + "\n".join(imports) + "\n")
            offset = head.count("\n")
            lines = text.split("\n")
            for attempt in range(30):
                write_module(out, folder, module_triple, module, head + "\n".join(lines) + "\n")
                result = build(out, target, module, cache)
                if result.returncode == 0:
                    break
                interface = f"{folder}/{module}.swiftmodule/{module_triple}.swiftinterface:"
                declarations = items(lines, 0, len(lines))
                faulty = {}
                for message in result.stderr.split("\n"):
                    match = re.match(r"(\S+?):(\d+):\d+: error: (.*)", message)
                    if match and (match.group(1) + ":").endswith(interface):
                        item = culprit(declarations, int(match.group(2)) - 1 - offset)
                        if item is not None:
                            faulty[(item.start, item.end)] = match.group(3)
                if not faulty:
                    errors = [line for line in result.stderr.split("\n") if "error:" in line]
                    print(f"stand_in_sdk.py: {module} for {target} does not build, and not because of its own "
                          f"declarations:\n" + "\n".join(errors[:20]), file=sys.stderr)
                    status = 1
                    break
                drop = set()
                for (start, end), message in sorted(faulty.items()):
                    declaration = next((line.strip() for line in lines[start:end + 1]
                                        if line.strip() and not is_attribute_only(line)), "")
                    removed.append(f"{module}: {declaration[:160]}  ({message})")
                    drop.update(range(start, end + 1))
                lines = [line for index, line in enumerate(lines) if index not in drop]
            else:
                print(f"stand_in_sdk.py: {module} for {target} still does not build after 30 rounds", file=sys.stderr)
                status = 1
            # The next platform starts from what built here (the same text fails the same way).
            synthesized[module] = (imports, "\n".join(lines))
        shutil.rmtree(cache, ignore_errors=True)  # built for the probes' target; the check builds its own
        with open(f"{out}/{folder}/removed.txt", "w") as file:
            file.write("\n".join(removed) + "\n")
        counts = collections.Counter(line.split(":", 1)[0] for line in removed)
        print(f"   {target}: {', '.join(f'{m} {n}' for m, n in sorted(counts.items())) or 'nothing'} removed "
              f"(listed in {folder}/removed.txt)")
    sys.exit(status)


if __name__ == "__main__":
    main()
