#!/usr/bin/env bash
# Builds the documentation site with the toolchain alone (no DocC plugin, no package dependency):
#   1. symbol graphs of the documented modules with `swift build -emit-symbol-graph` (its own build folder,
#      .build-docs, so the flags do not rebuild the normal .build);
#   2. a check that every public symbol of those modules has a `///` summary;
#   3. `docc convert --transform-for-static-hosting --warnings-as-errors` per catalog, into an archive in
#      .build-docs/archives (git ignores .build-*/), and `docc merge` of the three into .build-docs/site: one site
#      whose landing page, /documentation/, is DocC's own, with one navigator for the three modules and the
#      tutorial. The listings are checked elsewhere: scripts/docs-snippets.sh compiles them, and
#      scripts/tutorial-check.sh builds the tutorial's.
#
# Usage: scripts/docs.sh            build the site; any DocC warning (an unresolved link, a missing or unknown
#                                   parameter, a missing tutorial file) fails the build
#        scripts/docs.sh --preview [PORT]
#                                   build, then serve .build-docs/site on http://localhost:PORT/ (default 8000)
#                                   until Ctrl-C
# Then scripts/docs-browser-check.sh loads the built site in headless Chromium.
# Cross-module links are paths in the merged site: /documentation/puremvvmtesting/testingaviewmodel.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(PureMVVM PureMVVMTesting PureMVVMObservation ConsoleView)
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
for target in PureMVVMTesting PureMVVMObservation ConsoleView; do
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

# 3. One archive per catalog, warnings as errors, merged into one site by `docc merge`: DocC's own landing page
# (its topics link the three modules and the tutorials) and one navigator for all of them.
rm -rf "$site" "$scratch/archives"
mkdir -p "$scratch/archives"
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
        --warnings-as-errors \
        --output-path "$scratch/archives/$module.doccarchive"
done
echo "== docc merge"
archives=()
for module in "${modules[@]}"; do archives+=("$scratch/archives/$module.doccarchive"); done
docc merge "${archives[@]}" --synthesized-landing-page-name "PureMVVM documentation" \
    --synthesized-landing-page-kind "Package" --output-path "$site"
# The landing page is documentation/; the site's root sends a browser there.
cat >"$site/index.html" <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PureMVVM documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/"><link rel="icon" href="favicon.svg"></head>
<body><a href="documentation/">PureMVVM documentation</a></body></html>
HTML
echo "== site: $site/documentation/index.html"

if [ -n "$preview_port" ]; then
    echo "Serving $site on http://localhost:$preview_port/ (Ctrl-C to stop)"
    exec python3 -m http.server --bind 127.0.0.1 --directory "$site" "$preview_port"
fi
