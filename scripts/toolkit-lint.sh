#!/usr/bin/env bash
# The toolkit lint (issue 28): the toolkit products (Sources/PureMVVM, Sources/PureMVVMTesting and
# Sources/PureMVVMObservation, which alone may import Observation) use public,
# documented Swift only, and install nothing behind a developer's back; no file of the package uses a language
# feature newer than the compiler Package.swift's swift-tools-version names. Offline, about a second.
#
# Rules, on the code of every Swift file of the two toolkit targets (comments are not code: a `//` or `///` comment
# that names `dlsym` to explain why it is not used does not fail; string literals are code: "/proc/..." does):
#   spi               `@_spi`: SPI is not in the interfaces Apple's SDKs ship, so the import fails in Xcode
#   silgen-name       `@_silgen_name`: binds to a runtime symbol, not public API
#   symbol-binding    `@_cdecl`, `@_extern`, `@extern`: C symbols bound or exported by name
#   load-time         `@section`/`@used` (and `@_section`/`@_used`), and the initialiser sections (`.init_array`,
#                     `__mod_init_func`, `.CRT$XCU`, `__attribute__((constructor))`): code run when a binary loads
#   dynamic-loading   `dlopen`, `dlsym`, `dlvsym`, `dlmopen`: symbols looked up at run time
#   runtime-symbol    a name of the Swift runtime (`swift_task_enqueueGlobal_hook`, `swift_retain`, any
#                     `swift_...`): its hooks and entry points are not public API, and writing one changes the process
#   hook              any other `..._hook` variable (the C library's and others' process-wide hooks)
#   proc              `/proc`: the process's internals (the watchdog does not read TracerPid there: it counts only the
#                     time the process runs, so a stop at a breakpoint does not end the run)
#   underscored       any other `@_` attribute (`@_dynamicReplacement`, `@_exported`, `@_implementationOnly`, ...):
#                     underscored attributes are not public, documented Swift
#   import            `import Synchronization` (macOS 15, iOS 18), `import Observation` (macOS 14, iOS 17),
#                     `import Runtime` (Linux only), or an underscored module (`_Volatile`, `_RegexParser`, ...; the
#                     implicit `_Concurrency` and `_StringProcessing` aside): not at the floor, or not public
#   not-swift         a C, C++, Objective-C or assembly file in a toolkit target
# and one rule on every Swift file of the root package (Sources, Tests, Examples, Fuzz):
#   compiler          a feature newer than the swift-tools-version of Package.swift (`@concurrent` and
#                     `nonisolated(nonsending)` need 6.2, `@section`/`@used` 6.3, ...; see COMPILER_FEATURES), unless
#                     inside `#if compiler(>=X)` with X at least that version
# Each finding is FILE:LINE: RULE: what and why, then the line.
#
# Usage: scripts/toolkit-lint.sh              lint the package
#        scripts/toolkit-lint.sh --self-test  plant one line per rule (and lines each rule must let pass) in a
#                                             temporary package, and check that each is reported as it must be
# Exit status: 0 clean, 1 findings (or a failed self-test), 2 usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
"" | --self-test) ;;
*)
    echo "usage: $0 [--self-test]" >&2
    exit 2
    ;;
esac

exec python3 - "${1:-}" <<'PYTHON'
import os
import re
import shutil
import sys
import tempfile

TOOLKIT = ["Sources/PureMVVM", "Sources/PureMVVMTesting", "Sources/PureMVVMObservation"]
# Modules a toolkit target may import although they are newer than the floor: the SwiftUI adapter is built on
# Observation, and each of its declarations is marked available from macOS 14, iOS 17 (the floor check holds that).
ALLOWED_IMPORTS = {"Sources/PureMVVMObservation": {"Observation"}}
PACKAGE_FOLDERS = ["Sources", "Tests", "Examples", "Fuzz"]

# (rule, pattern on a line of code, what is wrong)
RULES = [
    ("spi", r"@_spi\b", "SPI is not in the interfaces Apple's SDKs ship (the import fails in Xcode)"),
    ("silgen-name", r"@_silgen_name\b", "binds a declaration to a runtime symbol by name, not public API"),
    ("symbol-binding", r"@_cdecl\b|@_?extern\b", "binds or exports a C symbol by name"),
    ("load-time",
     r"@_?section\b|@_?used\b|\.init_array\b|__mod_init_func\b|\.CRT\$XC|__attribute__\s*\(\(\s*constructor",
     "code or data placed to run when the binary loads (a load-time initialiser)"),
    ("dynamic-loading", r"\b(dlopen|dlsym|dlvsym|dlmopen)\b", "looks symbols up at run time"),
    ("runtime-symbol", r"\bswift_\w+", "a Swift runtime symbol: its hooks and entry points are not public API"),
    ("hook", r"\b(?!swift_)\w+_hook\b", "a process-wide hook variable"),
    ("proc", r"/proc\b", "reads the process's internals from /proc (Linux only, and not public API)"),
    ("underscored", r"@_(?!spi\b|silgen_name\b|cdecl\b|extern\b|section\b|used\b)[A-Za-z]\w*",
     "an underscored attribute: not public, documented Swift"),
    ("import", r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
               r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
               r"(Synchronization|Observation|Runtime|_(?!Concurrency\b|StringProcessing\b)\w+)\b",
     "a module newer than the deployment floor (Synchronization: macOS 15, iOS 18; Observation: macOS 14, iOS 17) "
     "or not public (Runtime, underscored modules)"),
]
# Language features and the first compiler that has them: what the project has used or is likely to; a feature
# that is not listed is not caught (a build with that compiler is the proof, which this machine cannot run).
COMPILER_FEATURES = [
    (r"@concurrent\b", "6.2", "`@concurrent` (SE-0461)"),
    (r"\bnonisolated\s*\(\s*nonsending\s*\)", "6.2", "`nonisolated(nonsending)` (SE-0461)"),
    (r"@section\b|@used\b", "6.3", "`@section` and `@used` (SE-0492)"),
    (r"\bInlineArray\b", "6.2", "`InlineArray` (SE-0453)"),
    (r"\b(?:Mutable)?(?:Raw)?Span\b|\bUTF8Span\b", "6.2", "`Span`, `RawSpan`, `UTF8Span` (SE-0447, SE-0464)"),
    (r"\bTask\s*\.\s*immediate\b|\bTask\s*\.\s*name\b", "6.2", "`Task.immediate`, `Task.name` (SE-0472, SE-0469)"),
    (r"\bweak\s+let\b", "6.2", "`weak let` (SE-0481)"),
    (r"\bTestScoping\b", "6.1", "Swift Testing's `TestScoping` (ST-0007)"),
    (r"\bprocessExitsWith\b|\bAttachment\b", "6.2", "Swift Testing's exit tests and attachments (ST-0008, ST-0009)"),
]
NOT_SWIFT = (".c", ".cc", ".cpp", ".cxx", ".m", ".mm", ".h", ".hpp", ".s", ".S", ".asm")


STRING_START = re.compile(r'(#*)("""|")')


def code_lines(text):
    """The text with comments blanked out (strings kept, interpolations read as code), line for line."""
    out, i, n = [], 0, len(text)
    # A stack of contexts: ("code", parens) for code (and each interpolation, with its open parentheses),
    # ("string", hashes, multiline) for a string literal.
    stack = [("code", 0)]
    while i < n:
        c = text[i]
        top = stack[-1]
        if top[0] == "code":
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j == -1 else j
                out.append(" " * (j - i))
                i = j
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append(re.sub(r"[^\n]", " ", text[i:j]))
                i = j
                continue
            match = STRING_START.match(text, i)
            if match and (match.group(1) or c == '"'):
                hashes, quote = match.group(1), match.group(2)
                stack.append(("string", hashes, quote == '"""'))
                out.append(match.group(0))
                i += len(match.group(0))
                continue
            if c == "(" and len(stack) > 1:
                stack[-1] = ("code", top[1] + 1)
            elif c == ")" and len(stack) > 1:
                if top[1] == 0:
                    stack.pop()  # the end of an interpolation: back in its string
                else:
                    stack[-1] = ("code", top[1] - 1)
            out.append(c)
            i += 1
            continue
        _, hashes, multiline = top
        if text.startswith("\\" + hashes + "(", i):
            stack.append(("code", 0))
            out.append(text[i:i + len(hashes) + 2])
            i += len(hashes) + 2
            continue
        if text.startswith("\\" + hashes, i) and i + len(hashes) + 1 < n:
            out.append(text[i:i + len(hashes) + 2])
            i += len(hashes) + 2
            continue
        end = ('"""' if multiline else '"') + hashes
        if text.startswith(end, i):
            stack.pop()
            out.append(end)
            i += len(end)
            continue
        out.append(c)
        i += 1
    return "".join(out).split("\n")


def version_key(version):
    return tuple(int(part) for part in version.split("."))


def guarded_versions(lines):
    """For each line, the compiler version its enclosing `#if compiler(>=X)` branches guarantee (0 when none)."""
    stack, result = [], []
    for line in lines:
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            kind, condition = directive.groups()
            found = [version_key(v) for v in re.findall(r"compiler\s*\(\s*>=\s*([\d.]+)\s*\)", condition)]
            guarantee = max(found) if found and "||" not in condition and "!" not in condition else (0,)
            if kind == "if":
                stack.append(guarantee)
            elif kind == "elseif" and stack:
                stack[-1] = guarantee
            elif kind == "else" and stack:
                stack[-1] = (0,)
            elif kind == "endif" and stack:
                stack.pop()
        result.append(max(stack) if stack else (0,))
    return result


def swift_files(folder):
    for root, directories, names in os.walk(folder):
        # A documentation catalog's Swift files (the tutorial's code) are not the module's.
        directories[:] = sorted(d for d in directories if not d.endswith(".docc"))
        for name in sorted(names):
            yield os.path.join(root, name)


def lint(root):
    findings = []
    header = open(os.path.join(root, "Package.swift")).readline()
    match = re.match(r"//\s*swift-tools-version:\s*([\d.]+)", header)
    tools = version_key(match.group(1)) if match else (0,)
    for folder in TOOLKIT:
        for path in swift_files(os.path.join(root, folder)):
            relative = os.path.relpath(path, root)
            if path.endswith(NOT_SWIFT):
                findings.append((relative, 1, "not-swift", "a C, C++, Objective-C or assembly file in a toolkit "
                                 "target (the toolkit is Swift only)", ""))
            if not path.endswith(".swift"):
                continue
            text = open(path, encoding="utf-8").read()
            source = text.split("\n")
            for number, line in enumerate(code_lines(text), start=1):
                for rule, pattern, why in RULES:
                    match = re.search(pattern, line)
                    if match and rule == "import" and match.group(1) in ALLOWED_IMPORTS.get(folder, set()):
                        continue
                    if match:
                        findings.append((relative, number, rule, why, source[number - 1].strip()))
    for folder in PACKAGE_FOLDERS:
        if not os.path.isdir(os.path.join(root, folder)):
            continue
        for path in swift_files(os.path.join(root, folder)):
            if not path.endswith(".swift"):
                continue
            relative = os.path.relpath(path, root)
            text = open(path, encoding="utf-8").read()
            source, code = text.split("\n"), code_lines(text)
            guards = guarded_versions(code)
            for number, line in enumerate(code, start=1):
                for pattern, needed, feature in COMPILER_FEATURES:
                    if re.search(pattern, line) and version_key(needed) > tools \
                            and guards[number - 1] < version_key(needed):
                        findings.append((relative, number, "compiler", f"{feature} needs Swift {needed}, and "
                                         f"Package.swift's swift-tools-version is {'.'.join(map(str, tools))} "
                                         f"(raise it, or put the code in #if compiler(>={needed}))",
                                         source[number - 1].strip()))
    return findings


def report(findings):
    """Each finding as FILE:LINE: RULE: why, then the line."""
    return "".join(f"{path}:{line}: {rule}: {why}\n    {text}\n" for path, line, rule, why, text in findings)


# The self-test: each planted line is marked with the rules that must report it ("none" for a line that must
# pass), in a package of its own.
PLANTED_PACKAGE = "// swift-tools-version: 6.0\n"
PLANTED_TOOLKIT = r'''
@_spi(Reflection) import Swift                                          // expect: spi
@_spi( Reflection )   public   import   Swift                           // expect: spi
internal import Synchronization                                         // expect: import
import Observation                                                      // expect: import
@preconcurrency internal import _Volatile                               // expect: import
internal import _Concurrency                                            // expect: none
internal import Foundation                                              // expect: none
@_silgen_name("swift_retain") func retain()                             // expect: silgen-name runtime-symbol
@_cdecl("plantedEntry") func entry() {}                                 // expect: symbol-binding
@section(".init_array") @used let start: @convention(c) () -> Void = {} // expect: load-time compiler
    @_section("__DATA,__mod_init_func")                                 // expect: load-time
let sections = [".init_array", "__mod_init_func"]                       // expect: load-time
let handle = dlopen(nil, RTLD_NOW)                                      // expect: dynamic-loading
let address = dlsym ( handle , "planted" )                              // expect: dynamic-loading
let hook = "swift_task_enqueueGlobal_hook"                              // expect: runtime-symbol
let other = __malloc_hook                                               // expect: hook
let maps = try String(contentsOfFile: "/proc/self/maps")                // expect: proc
let status = try String(contentsOfFile: "/proc/self/status")            // expect: proc
let pid = "/proc/\(getpid())/status"                                    // expect: proc
let message = "\(dlsym(handle, "x")) is looked up"                      // expect: dynamic-loading
@_dynamicReplacement(for: entry) func replacement() {}                  // expect: underscored
@_exported import Dispatch                                              // expect: underscored
@usableFromInline let inlinable = 1                                     // expect: none
/// Not `dlsym`, nor `@_spi(Reflection) import Swift`, nor /proc.          expect: none
// swift_task_enqueueGlobal_hook is not set here (@section, @used).        expect: none
/* a block comment: dlopen(nil, 0), /* nested: @_silgen_name */ /proc */   // expect: none
let text = "// not a comment: dlsym"                                    // expect: dynamic-loading
let raw = #"a raw string: "/proc/1" \(notInterpolated)"#                // expect: proc
let usedCount = 1; let sectionName = "name"                             // expect: none
@concurrent func planted() async {}                                     // expect: compiler
#if compiler(>=6.2)
    @concurrent func guarded() async {}                                 // expect: none
#else
    @concurrent func unguarded() async {}                               // expect: compiler
#endif
nonisolated ( nonsending ) func caller() async {}                       // expect: compiler
let array: InlineArray<2, Int> = [1, 2]                                 // expect: compiler
func bytes(_ span: RawSpan) {}                                          // expect: compiler
let utf8 = try? UTF8Span(validating: span)                              // expect: compiler
Task.immediate { await planted() }                                      // expect: compiler
weak let weakDelegate = delegate                                        // expect: compiler
struct Scope: TestScoping {}                                            // expect: compiler
await #expect(processExitsWith: .failure) {}                            // expect: compiler
import struct Synchronization.Mutex                                     // expect: import
let escaped = "a \" // dlsym"                                           // expect: dynamic-loading
let nested = "\(f(x) + "//") dlsym"                                     // expect: dynamic-loading
let rawNested = #"\#(#"inner"#) // dlsym"#                               // expect: dynamic-loading
/* a block comment
   over three lines: dlopen(nil, 0)
*/ let afterTheComment = dlopen(nil, 0)                                 // expect: dynamic-loading
#if compiler(>=6.2)
#endif
@concurrent func afterTheGuard() async {}                               // expect: compiler
#if compiler(>=5.9)
#elseif compiler(>=6.2)
    @concurrent func elseGuarded() async {}                             // expect: none
#endif
'''


def self_test():
    root = tempfile.mkdtemp(prefix="toolkit-lint-")
    try:
        os.makedirs(os.path.join(root, "Sources/PureMVVM"))
        os.makedirs(os.path.join(root, "Sources/PureMVVMTesting/Catalog.docc"))
        os.makedirs(os.path.join(root, "Sources/PureMVVMObservation"))
        # The adapter may import Observation, and nothing else newer than the floor.
        open(os.path.join(root, "Sources/PureMVVMObservation/Planted.swift"), "w").write(
            "public import Observation  // expect: none\ninternal import Synchronization  // expect: import\n")
        os.makedirs(os.path.join(root, "Tests/PlantedTests"))
        open(os.path.join(root, "Package.swift"), "w").write(PLANTED_PACKAGE)
        open(os.path.join(root, "Sources/PureMVVM/Planted.swift"), "w").write(PLANTED_TOOLKIT.lstrip("\n"))
        # Outside the toolkit only the compiler rule applies; a catalog's Swift file is not the module's.
        open(os.path.join(root, "Tests/PlantedTests/Planted.swift"), "w").write(
            "let handle = dlopen(nil, 0)  // expect: none\n@concurrent func test() async {}  // expect: compiler\n"
            "// the file ends in a comment without a newline: @concurrent")
        open(os.path.join(root, "Sources/PureMVVMTesting/Catalog.docc/Step.swift"), "w").write(
            "@_spi(Reflection) import Swift\n")
        open(os.path.join(root, "Sources/PureMVVMTesting/Shim.c"), "w").write(
            "__attribute__((constructor)) static void start(void) {}\n")
        findings = lint(root)
        found = {}
        for path, line, rule, _, _ in findings:
            found.setdefault((path, line), set()).add(rule)
        if "Sources/PureMVVM/Planted.swift:1: spi: SPI is not in the interfaces" not in report(findings):
            print("toolkit-lint.sh: self-test: the report does not name FILE:LINE: RULE", file=sys.stderr)
            return 1
        failures = []
        expected_count = 0
        for relative in ("Sources/PureMVVM/Planted.swift", "Tests/PlantedTests/Planted.swift",
                         "Sources/PureMVVMObservation/Planted.swift"):
            for number, text in enumerate(open(os.path.join(root, relative)).read().split("\n"), start=1):
                match = re.search(r"expect: ([\w -]+)$", text)
                if not match:
                    continue
                expected = set(match.group(1).split()) - {"none"}
                expected_count += 1
                actual = found.pop((relative, number), set())
                if actual != expected:
                    failures.append(f"{relative}:{number}: expected {sorted(expected) or 'nothing'}, "
                                    f"reported {sorted(actual) or 'nothing'}: {text.strip()}")
        if found.pop(("Sources/PureMVVMTesting/Shim.c", 1), None) != {"not-swift"}:
            failures.append("Sources/PureMVVMTesting/Shim.c: a C file in a toolkit target was not reported")
        for (path, line), rules in found.items():
            failures.append(f"{path}:{line}: reported {sorted(rules)}, and nothing was expected")
        missing = {rule for rule, _, _ in RULES} | {"compiler", "not-swift"}
        missing -= {rule for line in PLANTED_TOOLKIT.split("\n") for rule in
                    (re.search(r"expect: ([\w -]+)$", line).group(1).split() if "expect:" in line else [])}
        missing -= {"not-swift"}
        if missing:
            failures.append(f"no planted line for the rules {sorted(missing)}")
        if failures:
            print("toolkit-lint.sh: self-test failed:\n" + "\n".join(failures), file=sys.stderr)
            return 1
        print(f"toolkit-lint.sh: self-test passed: {expected_count} planted lines, every rule reported where it "
              "must be and nowhere else")
        return 0
    finally:
        shutil.rmtree(root)


if sys.argv[1] == "--self-test":
    sys.exit(self_test())
findings = lint(".")
if findings:
    sys.stderr.write(report(findings))
    rules = sorted({rule for _, _, rule, _, _ in findings})
    print(f"toolkit-lint.sh: {len(findings)} findings ({', '.join(rules)}); the rules are at the top of "
          "scripts/toolkit-lint.sh and in CONTRIBUTING", file=sys.stderr)
    sys.exit(1)
print("toolkit-lint.sh: clean")
PYTHON
