#!/usr/bin/env bash
# Builds the documentation site with the toolchain alone (no DocC plugin, no package dependency):
#   1. symbol graphs of the documented modules with `swift build -emit-symbol-graph` (its own build folder,
#      .build-docs, so the flags do not rebuild the normal .build);
#   2. a check that every public symbol of those modules has a `///` summary;
#   3. a check that the tutorial's Package.swift listing is a valid manifest (its code files are checked by
#      `swift test --package-path Tutorials`, which .ci/run runs), and that every listing of the NameViewModel
#      example in the docs pages and the README is text of Tutorials/Sources/App or Tutorials/Tests/AppTests,
#      which that same run compiles and tests;
#   4. `docc convert --transform-for-static-hosting --warnings-as-errors` per catalog, into
#      .build-docs/site/MODULE (git ignores .build-*/), plus an index page linking the three.
#
# Usage: scripts/docs.sh            build the site; any DocC warning (an unresolved link, a missing or unknown
#                                   parameter, a missing tutorial file) fails the build
#        scripts/docs.sh --preview [PORT]
#                                   build, then serve .build-docs/site on http://localhost:PORT/ (default 8000)
#                                   until Ctrl-C
# Then scripts/docs-browser-check.sh loads the built site in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(PureMVVM PureMVVMTesting ConsoleView)
scratch=.build-docs
graphs="$scratch/symbol-graphs"
site="$scratch/site"

preview_port=""
case "${1:-}" in
"") ;;
--preview) preview_port="${2:-8000}" ;;
*)
    echo "usage: $0 [--preview [PORT]]" >&2
    exit 2
    ;;
esac

command -v docc >/dev/null || {
    echo "docs.sh: docc not found; it comes with the Swift toolchain (swift.org), next to swift" >&2
    exit 1
}

# 1. Symbol graphs. PureMVVMTesting depends on PureMVVM, so two targets build all three modules. A module that
# is up to date is not compiled again and keeps the graph it wrote last time, so the folder is never emptied.
echo "== symbol graphs (swift build --scratch-path $scratch)"
mkdir -p "$graphs"
for target in PureMVVMTesting ConsoleView; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
done

# 2. Every public symbol has a summary (DocC itself does not warn about a symbol with no documentation).
echo "== public symbols without a /// summary"
python3 - "$graphs" "${modules[@]}" <<'PYTHON'
import glob, json, os, sys

folder, modules = sys.argv[1], sys.argv[2:]
missing = []
for module in modules:
    for path in glob.glob(os.path.join(folder, f"{module}.symbols.json")) + glob.glob(
        os.path.join(folder, f"{module}@*.symbols.json")
    ):
        for symbol in json.load(open(path))["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open") or symbol.get("docComment"):
                continue
            if "sourceOrigin" in symbol or "location" not in symbol:
                continue  # inherits the documentation of the requirement it implements, or is synthesised
            location = symbol["location"]
            file = location["uri"].split("/Sources/", 1)[-1]
            line = location["position"]["line"] + 1
            missing.append(f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])} has no /// summary")
if missing:
    print("\n".join(sorted(missing)), file=sys.stderr)
    sys.exit(f"docs.sh: {len(missing)} public symbols without a summary")
print("none")
PYTHON

# 3. The tutorial's first listing is a manifest a reader copies; it must stay valid. dump-package reads the
# manifest without resolving its dependency.
echo "== Tutorials/Listings/Package.swift"
swift package --package-path Tutorials/Listings dump-package >/dev/null
echo "valid"
echo "== the NameViewModel listings"
python3 - Tutorials/Sources/App/NameViewModel.swift Tutorials/Tests/AppTests/NameViewModelTests.swift -- \
    README.md Sources/PureMVVM/PureMVVM.docc/PureMVVM.md \
    Sources/PureMVVM/PureMVVM.docc/GettingStarted.md Sources/PureMVVMTesting/PureMVVMTesting.docc/PureMVVMTesting.md \
    <<'PYTHON'
import os, re, sys

arguments = sys.argv[1:]
separator = arguments.index("--")
compiled = [open(path).read() for path in arguments[:separator]]
stale, checked = [], 0
for page in arguments[separator + 1 :]:
    if not os.path.exists(page):
        continue
    text = open(page).read()
    for match in re.finditer(r"```swift\n(.*?)```", text, re.S):
        listing = match.group(1)
        if "NameViewModel" not in listing and "NameOutputs" not in listing:
            continue
        checked += 1
        if not any(listing in source for source in compiled):
            stale.append(f"{page}:{text.count(chr(10), 0, match.start()) + 2}")
if stale:
    sys.exit(
        "docs.sh: these listings are not the text of Tutorials/Sources/App or Tutorials/Tests/AppTests (copy the "
        + "file's text into the listing, or change the file and its test first):\n  " + "\n  ".join(stale)
    )
print(f"{checked} listings, each the text of a compiled file")
PYTHON

# 4. One static site per catalog, warnings as errors.
rm -rf "$site"
mkdir -p "$site"
for module in "${modules[@]}"; do
    echo "== docc convert Sources/$module/$module.docc"
    module_graphs="$scratch/module-graphs/$module"
    rm -rf "$module_graphs"
    mkdir -p "$module_graphs"
    cp "$graphs/$module.symbols.json" "$module_graphs/"
    for extension in "$graphs/$module"@*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$module_graphs/"
    done
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.puremvvm.$module" \
        --transform-for-static-hosting \
        --hosting-base-path "$module" \
        --warnings-as-errors \
        --output-path "$site/$module"
done

lowercase() { tr '[:upper:]' '[:lower:]' <<<"$1"; }
{
    echo '<!doctype html>'
    echo '<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="PureMVVM/favicon.svg">'
    echo '<title>PureMVVM documentation</title></head>'
    echo '<body style="font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 3em auto; max-width: 40em">'
    echo '<h1>PureMVVM documentation</h1>'
    echo '<p>ViewModels you can test in a few lines, with no reactive framework: the toolkit, its test support and'
    echo 'its line-mode view, each documented by its own DocC catalog, and a tutorial whose code CI compiles and tests.</p><ul>'
    for module in "${modules[@]}"; do
        echo "<li><a href=\"$module/documentation/$(lowercase "$module")/\">$module</a></li>"
    done
    echo '<li><a href="PureMVVM/tutorials/puremvvm-tutorials/">Tutorial: Build the seed login, test first</a></li>'
    echo '</ul></body></html>'
} >"$site/index.html"
echo "== site: $site/index.html"

if [ -n "$preview_port" ]; then
    echo "Serving $site on http://localhost:$preview_port/ (Ctrl-C to stop)"
    exec python3 -m http.server --bind 127.0.0.1 --directory "$site" "$preview_port"
fi
