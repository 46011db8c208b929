#!/usr/bin/env bash
# Compiles every ```swift listing of the documentation (README.md, CONTRIBUTING.md and the articles of every DocC
# catalog under Sources/) against the package's modules, and fails on any listing wider than DocC's column.
#
# How the listings are grouped: the listings of one page build on each other, so each page is one group, compiled
# as one Swift module (named after the page, or as the page says) in the page's order, with every module of the
# package importable. A marker, an HTML comment on the line before a listing's opening fence (no page shows it),
# says what else a listing is:
#
#   (no marker)                     declarations, compiled as one file of the page's module. A listing with
#                                   `@testable import M`, where M is the page's module, is a test: it is compiled
#                                   into a second module, M + "Tests", that imports the first.
#   <!-- snippet: statements -->    statements, compiled as the body of a `@MainActor` function.
#   <!-- snippet: error -->         must NOT compile, with the page's other listings: each line of the next fenced
#                                   block (the messages the page quotes; an indented line continues the one before,
#                                   so a long message can be wrapped to fit the column) must be a line of the
#                                   compiler's output, without its `file:line:column: ` prefix.
#                                   `<!-- snippet: error, statements -->` for statements.
#   <!-- snippet: excerpt PATH -->  part of a file that is compiled elsewhere (PATH from the repository's root; several
#                                   paths separated by spaces are read one after another): the listing's text is
#                                   the file's, whitespace aside (so a long line may be wrapped to fit), and a line
#                                   `// …` stands for lines left out. It is not compiled again.
#   <!-- snippet: manifest -->      part of a Package.swift: `dependencies: […]`, `targets: […]`, or elements of
#                                   either; checked with `swift package dump-package` inside a `Package(name:…)`.
#
# A page of a module's DocC catalog imports that module and PureMVVM without saying so. A page may also say, anywhere, `<!-- snippets: module NAME -->` (the module's name, when a test imports it
# `@testable`) and `<!-- snippets: after PAGE.md -->` (compile that page's declarations first, in the same module:
# a page that uses another page's example).
#
# Apple's UI frameworks: a listing may `import SwiftUI` or `import UIKit`, which stand for the smallest stand-ins of
# the names the listings use (scripts/docs-snippets/, compiled into the scratch folder, never shipped): they check
# the listings' use of the toolkit, not SwiftUI's or UIKit's own signatures.
#
# Width: a listing of a DocC article (or of a documentation comment of PureMVVM, PureMVVMTesting or ConsoleView,
# shown on a symbol's page) must fit DocC's column in a 1,280-pixel-wide window (690 pixels, 76
# characters of its 15-pixel code font), and a tutorial's code file its code pane (659 pixels besides the line
# numbers: 91 characters of its 12-pixel font; 90 allowed). scripts/docs-browser-check.sh checks the listings a
# page shows at that width.
#
# Usage: scripts/docs-snippets.sh     (it runs `swift build --build-tests` first, and compiles against the
#                                      modules in .build)
#        SNIPPETS_SHOW_ERRORS=1 scripts/docs-snippets.sh
#                                     also prints what the compiler says about each error listing, to quote it
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests >/dev/null
bin=$(swift build --show-bin-path)
scratch=.build-docs/snippets
rm -rf "$scratch"
mkdir -p "$scratch"
pages=(README.md CONTRIBUTING.md)
while IFS= read -r page; do pages+=("$page"); done < <(find Sources -path '*.docc/*' -name '*.md' | sort)

exec python3 - "$bin/Modules" "$scratch" "${pages[@]}" <<'PYTHON'
import os, re, subprocess, sys, unicodedata

modules, scratch, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
ARTICLE_WIDTH, TUTORIAL_WIDTH = 76, 90
SWIFTC = ["swiftc", "-swift-version", "6", "-parse-as-library", "-diagnostic-style", "llvm", "-I", modules, "-enable-testing"]
problems = []
counts = {"compiled": 0, "errors": 0, "excerpts": 0, "manifests": 0}

# The stand-ins for Apple's UI frameworks (scripts/docs-snippets/SwiftUI.swift, UIKit.swift): the listings that show
# a ViewModel on screen import them by their frameworks' names, and are type-checked against them and the toolkit.
standins = os.path.join(scratch, "standins")
os.makedirs(standins, exist_ok=True)
for file in sorted(os.listdir("scripts/docs-snippets")):
    name = os.path.splitext(file)[0]
    result = subprocess.run(SWIFTC + ["-module-name", name, "-emit-module", "-emit-module-path",
                                      os.path.join(standins, name + ".swiftmodule"),
                                      os.path.join("scripts/docs-snippets", file)], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"docs-snippets.sh: the stand-in {file} does not compile:\n{result.stdout}{result.stderr}")
SWIFTC += ["-I", standins]


class Listing:
    def __init__(self, page, line, language, code, marker, after):
        self.page, self.line, self.language, self.code = page, line, language, code
        self.kind, _, self.argument = (marker or "").partition(" ")
        self.kinds = {kind.strip() for kind in self.kind.split(",") if kind.strip()}
        self.argument = self.argument.strip()
        self.after = after  # the fenced block right after this one, if nothing but blank lines are between

    @property
    def where(self):
        return f"{self.page}:{self.line}"


def listings(page):
    """Every fenced block of a page, with the marker before it, and the page's directives."""
    lines = open(page).read().split("\n")
    found, directives, index = [], {}, 0
    for line in lines:
        for key, value in re.findall(r"<!-- snippets: (\w+) (.*?) -->", line):
            directives[key] = value.strip()
    while index < len(lines):
        opening = re.match(r"^(\s*)```(\w*)\s*$", lines[index])
        if not opening:
            index += 1
            continue
        indent, language = opening.groups()
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        code = "\n".join(line[len(indent):] for line in lines[index + 1:end])
        before = index - 1
        while before >= 0 and not lines[before].strip():
            before -= 1
        marker = re.match(r"^\s*<!-- snippet: (.*?) -->\s*$", lines[before]) if before >= 0 else None
        found.append(Listing(page, index + 1, language, code, marker and marker.group(1), None))
        if len(found) > 1 and found[-2].end_line_next == index:
            found[-2].after = found[-1]
        found[-1].end_line_next = end + 1
        while found[-1].end_line_next < len(lines) and not lines[found[-1].end_line_next].strip():
            found[-1].end_line_next += 1
        index = end + 1
    return found, directives


def module_name(page, directives):
    return directives.get("module") or "Snippets_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(page))[0])


def compile(name, files, imports_from=None):
    """Compiles files as module `name`; returns (succeeded, compiler output)."""
    folder = os.path.join(scratch, name)
    os.makedirs(folder, exist_ok=True)
    command = SWIFTC + ["-module-name", name, "-emit-module", "-emit-module-path", f"{folder}/{name}.swiftmodule"]
    command += ["-c", "-wmo", "-o", f"{folder}/{name}.o"]
    if imports_from:
        command += ["-I", imports_from]
    result = subprocess.run(command + files, capture_output=True, text=True)
    return result.returncode == 0, result.stdout + result.stderr


def write(folder, name, text):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as file:
        file.write(text)
    return path


def check_width(listing):
    if "/" not in listing.page or ".docc/" not in listing.page:
        return  # README and CONTRIBUTING are read on GitHub, whose column is wider
    for offset, line in enumerate(listing.code.split("\n"), start=1):
        if columns(line) > ARTICLE_WIDTH:
            problems.append(
                f"{listing.page}:{listing.line + offset}: {columns(line)} columns, wider than DocC's column "
                f"({ARTICLE_WIDTH}): wrap the line"
            )


def columns(line):
    """Characters a monospaced font shows, a Chinese character counting two."""
    return sum(2 if unicodedata.east_asian_width(character) in "WF" else 1 for character in line)


def check_excerpt(listing):
    paths = listing.argument.split()
    source = ""
    for path in paths:
        if not os.path.exists(path):
            problems.append(f"{listing.where}: the excerpt's file {path} does not exist")
            return
        source += re.sub(r"\s+", "", open(path).read())
    position = 0
    # Compared without whitespace, so a listing may wrap a long line of the file to fit the column; a line
    # `// …` stands for lines left out.
    for chunk in re.split(r"^\s*// …\s*$", listing.code, flags=re.M):
        wanted = re.sub(r"\s+", "", chunk)
        found = source.find(wanted, position)
        if found < 0:
            first = next((line.strip() for line in chunk.split("\n") if line.strip()), "")
            problems.append(
                f"{listing.where}: the part from {first!r} on is not in {' '.join(paths)} (whitespace aside, after "
                "the listing's earlier parts): copy it from the file again"
            )
            return
        position = found + len(wanted)
    counts["excerpts"] += 1


def check_manifest(parts):
    """A page's parts of a Package.swift, joined into one manifest in their order."""
    arguments = []
    for listing in parts:
        code = listing.code.strip().rstrip(",")
        if code.startswith(".package("):
            code = f"dependencies: [\n{code}\n]"
        elif code.startswith("."):
            code = f"targets: [\n{code}\n]"
        arguments.append(code)
    manifest = "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n"
    manifest += ",\n".join(['name: "App"'] + arguments) + "\n)\n"
    folder = os.path.join(scratch, "manifests", re.sub(r"\W", "_", parts[0].page))
    write(folder, "Package.swift", manifest)
    result = subprocess.run(["swift", "package", "--package-path", folder, "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        where = ", ".join(listing.where for listing in parts)
        problems.append(f"{where}: these parts of a manifest do not make one:\n{result.stderr.strip()}")
    counts["manifests"] += len(parts)


def diagnostics(output):
    """The compiler's messages, without their `file:line:column: ` prefixes."""
    found = set()
    for line in output.split("\n"):
        message = re.match(r"^\S*:\d+:\d+: ((error|warning|note): .*)$", line.rstrip())
        if message:
            found.add(message.group(1))
    return found


def located(listing, code=None, indent=""):
    """The listing's code, with the compiler pointed at its lines in the page."""
    code = listing.code if code is None else code
    body = "\n".join(indent + line if line else "" for line in code.split("\n"))
    return f'#sourceLocation(file: "{listing.page}", line: {listing.line + 1})\n{body}\n#sourceLocation()\n'


def as_statements(listing, number):
    return f"@MainActor func snippet{number}() async throws {{\n{located(listing, indent='    ')}}}\n"


parsed = {page: listings(page) for page in pages}
for page in pages:
    found, directives = parsed[page]
    swift = [listing for listing in found if listing.language == "swift"]
    for listing in found:
        check_width(listing)
    if not swift:
        continue
    name = module_name(page, directives)
    folder = os.path.join(scratch, "sources", name)
    # The page's declarations, one after another in one file, as the reader reads them: an import in the first
    # listing serves the next ones.
    declarations, tests, errors, manifests, number = [], [], [], [], 0
    catalog = re.match(r"Sources/(\w+)/\1\.docc/", page)
    if catalog:  # a page of a module's documentation is about that module
        declarations.append(f"import PureMVVM\nimport {catalog.group(1)}\n")
    if "after" in directives:
        base = os.path.normpath(os.path.join(os.path.dirname(page), directives["after"]))
        for listing in parsed.get(base, ([], {}))[0]:
            if listing.language == "swift" and not listing.kinds and "@testable import" not in listing.code:
                declarations.append(located(listing))
    for listing in swift:
        number += 1
        if "excerpt" in listing.kinds:
            check_excerpt(listing)
        elif "manifest" in listing.kinds:
            manifests.append(listing)
        elif "error" in listing.kinds:
            errors.append((listing, as_statements(listing, number) if "statements" in listing.kinds else located(listing)))
        elif "statements" in listing.kinds:
            declarations.append(as_statements(listing, number))
        elif listing.kinds:
            problems.append(f"{listing.where}: unknown marker {listing.kind!r}")
        elif re.search(rf"@testable import {re.escape(name)}\b", listing.code):
            tests.append(write(folder, f"test{listing.line}.swift", located(listing)))
        else:
            declarations.append(located(listing))
    if manifests:
        check_manifest(manifests)
    if declarations:
        succeeded, output = compile(name, [write(folder, "page.swift", "\n".join(declarations))])
        if not succeeded:
            problems.append(f"{page}: its listings do not compile (module {name}):\n{output.strip()}")
            continue
        counts["compiled"] += len(declarations)
    if tests:
        succeeded, output = compile(name + "Tests", tests, imports_from=os.path.join(scratch, name))
        if not succeeded:
            problems.append(f"{page}: its test listings do not compile (module {name}Tests):\n{output.strip()}")
        counts["compiled"] += len(tests)
    for listing, code in errors:
        expected = listing.argument.strip('"') if listing.argument else None
        quoted = [expected] if expected else []
        if not quoted and listing.after is not None:
            for line in listing.after.code.split("\n"):
                if line[:1].isspace() and quoted:
                    quoted[-1] += " " + line.strip()  # a long message wrapped to fit the column
                elif line.strip():
                    quoted.append(line.strip())
        if not quoted:
            problems.append(f"{listing.where}: an error listing needs the messages it gives in the block after it")
            continue
        erroneous = write(folder, f"error{listing.line}.swift", "\n".join(declarations + [code]))
        succeeded, output = compile(f"{name}_error{listing.line}", [erroneous])
        messages = diagnostics(output)
        if os.environ.get("SNIPPETS_SHOW_ERRORS"):
            print(f"{listing.where}:\n    " + "\n    ".join(sorted(messages)))
        if succeeded:
            problems.append(f"{listing.where}: this listing is marked as an error, but it compiles")
            continue
        for message in quoted:
            if message not in messages:
                problems.append(
                    f"{listing.where}: the compiler does not say {message!r}; it says:\n    "
                    + "\n    ".join(sorted(messages))
                )
        counts["errors"] += 1

# The listings of the documentation comments of the documented modules, shown on their symbols' pages, whose
# column is the articles' (they are not compiled here: the code around them is the modules').
for module in ("PureMVVM", "PureMVVMTesting", "ConsoleView"):
    for root, _, files in os.walk(os.path.join("Sources", module)):
        for file in sorted(name for name in files if name.endswith(".swift")):
            path, inside = os.path.join(root, file), False
            for number, line in enumerate(open(path).read().split("\n"), start=1):
                comment = re.match(r"^\s*/// ?(.*)$", line)
                if not comment:
                    inside = False
                elif comment.group(1).lstrip().startswith("```"):
                    inside = not inside
                elif inside and columns(comment.group(1)) > ARTICLE_WIDTH:
                    problems.append(
                        f"{path}:{number}: {columns(comment.group(1))} columns in a listing of a documentation "
                        f"comment, wider than DocC's column ({ARTICLE_WIDTH})"
                    )

# The tutorial's code files, shown in its code pane.
for root, _, files in os.walk("Tutorials"):
    for file in files:
        path = os.path.join(root, file)
        for number, line in enumerate(open(path).read().split("\n"), start=1):
            if columns(line) > TUTORIAL_WIDTH:
                problems.append(
                    f"{path}:{number}: {columns(line)} columns, wider than the tutorial's code pane ({TUTORIAL_WIDTH})"
                )

if problems:
    sys.exit("docs-snippets.sh:\n" + "\n".join(problems))
print(
    f"{counts['compiled']} listings compiled, {counts['errors']} compiler errors as quoted, "
    f"{counts['excerpts']} excerpts found in their files, {counts['manifests']} manifest parts valid"
)
PYTHON
