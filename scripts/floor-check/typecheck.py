#!/usr/bin/env python3
"""Type-checks a package's products for Apple platforms at the deployment floor, against the stand-in SDK that
stand_in_sdk.py makes, and reports every use of an API newer than the floor outside `if #available`.

Usage: typecheck.py PACKAGE SDK BUILD

PACKAGE is the package's folder, SDK the stand-in resource directory (its modules are cached in SDK-module-cache),
BUILD a folder for the modules this emits. The floor (FLOOR) is the project's; Package.swift must declare it for
each Apple platform (a lower version is checked as declared; a higher or missing one fails). Each product's
targets, and the targets they depend on on that platform (a dependency whose `.when(platforms:)` condition leaves
the platform out is left out), are type-checked in dependency order with `swiftc -typecheck` as SwiftPM compiles
them (the target's Swift files, language mode, upcoming and experimental features, defines, -package-name), for
each platform, at the declared version, and each target another imports is emitted as a module (declarations
only). The compiler enforces `@available` there as it does with Apple's SDK: every error it gives is reported,
merged over the platforms, as FILE:LINE:COLUMN, first the uses newer than the floor, then any other error (code
that does not build against public interfaces, or that the stand-in cannot check). Warnings are not reported (the
Linux build fails on them already). Exit status 0 when there is no error, 1 otherwise.
"""
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

# The project's deployment floor (issue 28): what `Clock` and `Regex` need.
FLOOR = {"macos": "13.0", "ios": "16.0", "tvos": "16.0", "watchos": "9.0"}
# Each Apple platform: its name in messages, its folder in the stand-in SDK, its module file name and its target
# triple for a version (the simulators' x86_64 triples: the stand-in's C library declarations are x86_64 glibc's).
PLATFORMS = {
    "macos": ("macOS", "macosx", "x86_64-apple-macos", "x86_64-apple-macos{}"),
    "ios": ("iOS", "iphonesimulator", "x86_64-apple-ios-simulator", "x86_64-apple-ios{}-simulator"),
    "tvos": ("tvOS", "appletvsimulator", "x86_64-apple-tvos-simulator", "x86_64-apple-tvos{}-simulator"),
    "watchos": ("watchOS", "watchsimulator", "x86_64-apple-watchos-simulator", "x86_64-apple-watchos{}-simulator"),
}
AVAILABILITY = re.compile(r"only available in|unavailable in|to be available in")
DIAGNOSTIC = re.compile(r"^(.+?):(\d+):(\d+): error: (.*)$")


def version_key(version):
    return tuple(int(part) for part in version.split("."))


def package_description(package):
    result = subprocess.run(["swift", "package", "--package-path", package, "dump-package"], capture_output=True,
                            text=True)
    if result.returncode != 0:
        sys.exit(f"typecheck.py: swift package dump-package failed:\n{result.stderr}")
    return json.loads(result.stdout)


def declared_floor(description):
    """The versions Package.swift declares, checked against FLOOR; the problems found."""
    declared = {entry["platformName"]: entry["version"] for entry in description.get("platforms") or []}
    problems, versions = [], {}
    for platform, floor in FLOOR.items():
        name = PLATFORMS[platform][0]
        version = declared.get(platform)
        if version is None:
            problems.append(f"Package.swift: error: platforms does not declare {name} (the floor is {name} {floor})")
            versions[platform] = floor
        elif version_key(version) > version_key(floor):
            problems.append(f"Package.swift: error: platforms declares {name} {version}, newer than the floor "
                            f"({name} {floor})")
            versions[platform] = floor
        else:
            versions[platform] = version
    return versions, problems


def dependency_names(target, platform):
    """The targets and products a target depends on, on a platform."""
    names = []
    for dependency in target.get("dependencies", []):
        kind, value = next(iter(dependency.items()))
        condition = value[-1] if len(value) > 1 else None
        if isinstance(condition, dict) and condition.get("platformNames") and \
                platform not in condition["platformNames"]:
            continue
        names.append(value[0])
    return names


def targets_to_check(description, platform):
    """The targets of every product (libraries and executables) and what they depend on, in dependency order."""
    targets = {target["name"]: target for target in description["targets"]}
    roots = [name for product in description["products"]
             for name in product["targets"]]
    # The demos' executables (Examples/), which SwiftPM makes products of without a declaration: `login` must
    # build on Apple platforms too, with the SDK's SQLite.
    roots += [target["name"] for target in description["targets"] if target["type"] == "executable"
              and (target.get("path") or "").startswith("Examples/")]
    order, seen = [], set()

    def visit(name):
        if name in seen or name not in targets:
            return  # a product of another package: there are none in the root package
        seen.add(name)
        for dependency in dependency_names(targets[name], platform):
            visit(dependency)
        order.append(targets[name])

    for root in roots:
        visit(root)
    return order


def swift_files(package, target):
    folder = os.path.join(package, target.get("path") or f"Sources/{target['name']}")
    excluded = [os.path.normpath(os.path.join(folder, path)) for path in target.get("exclude", [])]
    files = []
    for root, directories, names in os.walk(folder):
        # A documentation catalog's Swift files (the tutorial's code) are not the target's sources.
        directories[:] = sorted(d for d in directories if not d.endswith(".docc")
                                and os.path.normpath(os.path.join(root, d)) not in excluded)
        files += [os.path.join(root, name) for name in sorted(names) if name.endswith(".swift")
                  and os.path.normpath(os.path.join(root, name)) not in excluded]
    return files


def setting_flags(description, target):
    modes = description.get("swiftLanguageModes") or description.get("swiftLanguageVersions") or ["5"]
    flags = ["-swift-version", modes[-1]]
    for setting in target.get("settings", []):
        if setting.get("condition"):
            sys.exit(f"typecheck.py: {target['name']} has a conditional setting, which this check does not read")
        kind, value = next((key, value) for key, value in setting.items() if key != "condition")
        if kind == "kind":
            kind, value = next(iter(value.items()))
        argument = value["_0"] if isinstance(value, dict) else value
        if kind == "enableUpcomingFeature":
            flags += ["-enable-upcoming-feature", argument]
        elif kind == "enableExperimentalFeature":
            flags += ["-enable-experimental-feature", argument]
        elif kind == "define":
            flags += ["-D", argument]
        elif kind == "swiftLanguageMode":
            flags[1] = argument
        else:
            sys.exit(f"typecheck.py: {target['name']} has a {kind} setting, which this check does not read")
    return flags


def check_platform(package, sdk, build, description, platform, version):
    """Type-checks the targets for one platform: the errors (a key, the message), problems and targets left out."""
    name, folder, _, triple = PLATFORMS[platform]
    target_triple = triple.format(version)
    findings, problems, unchecked = [], [], []
    modules = os.path.join(build, folder)
    shutil.rmtree(modules, ignore_errors=True)  # a module left from an earlier run must not stand in for one
    os.makedirs(modules)
    module_maps = []
    order = targets_to_check(description, platform)
    imported = {dependency for target in order for dependency in dependency_names(target, platform)}
    for target in order:
        if target["type"] == "system":
            path = os.path.join(package, target.get("path") or f"Sources/{target['name']}", "module.modulemap")
            module_maps += ["-Xcc", f"-fmodule-map-file={path}"]
            continue
        files = swift_files(package, target)
        folder = os.path.join(package, target.get("path") or f"Sources/{target['name']}")
        if not files and os.path.isfile(os.path.join(folder, "include", "module.modulemap")):
            # A C target with a module map of its own: its headers are what the Swift targets that import it see.
            module_maps += ["-Xcc", f"-fmodule-map-file={os.path.join(folder, 'include', 'module.modulemap')}"]
            continue
        if not files:
            unchecked.append(f"{target['name']} (no Swift files)")
            continue
        main_file = any(os.path.basename(file) == "main.swift" for file in files)
        common = [
            "swiftc", "-module-name", target["name"], "-target", target_triple, "-resource-dir", sdk,
            "-module-cache-path", sdk + "-module-cache", "-I", modules,
            "-package-name", description["name"].lower(), "-D", "SWIFT_PACKAGE", "-D", "DEBUG",
            # The stand-in modules are built without Objective-C interoperation, as on Linux.
            "-Xfrontend", "-disable-objc-interop",
            # A target with errors still gives a module, and the targets that import it are checked too.
            "-Xfrontend", "-experimental-allow-module-with-compiler-errors",
        ] + ([] if main_file else ["-parse-as-library"]) + setting_flags(description, target) + module_maps
        # The type-check gives the availability errors (no code is generated: the stand-in has no bodies).
        result = subprocess.run(common + ["-typecheck", "-wmo"] + files, capture_output=True, text=True,
                                cwd=package)
        found = False
        for line in result.stderr.splitlines():
            match = DIAGNOSTIC.match(line)
            if not match:
                continue
            path, row, column, message = match.groups()
            if path == "<unknown>" and message.startswith("allowing deserialization of invalid declaration"):
                continue  # the error that made the declaration invalid is reported where it is
            found = True
            path = os.path.relpath(os.path.join(package, path), package) if path != "<unknown>" else path
            key = (path, int(row), int(column), re.sub(rf"\b{name}( [\d.]+)?", "PLATFORM", message))
            findings.append((key, message))
        if "Stack dump:" in result.stderr or (result.returncode != 0 and not found):
            head = "\n".join(result.stderr.strip().splitlines()[:15])
            problems.append(f"{target['name']}: error: the compiler failed for {target_triple} (what it found "
                            f"before is below, but the target is not checked through):\n{head}")
        # Then the module, for the targets that import it: declarations only.
        # A module that could not be written is tried again once (seen once in a CI run, cause not found: PureMVVM's
        # module was missing for macOS and iOS while the four platforms ran side by side, and the targets importing
        # it failed with "no such module"); if it still fails, that is said here, with the compiler's words.
        if target["name"] in imported:
            emit = common + [
                "-emit-module", "-wmo",
                "-emit-module-path", os.path.join(modules, target["name"] + ".swiftmodule"),
                "-Xfrontend", "-experimental-skip-all-function-bodies",
            ] + files
            written = subprocess.run(emit, capture_output=True, text=True, cwd=package)
            if written.returncode != 0:
                written = subprocess.run(emit, capture_output=True, text=True, cwd=package)
            if written.returncode != 0 and not found:
                head = "\n".join(written.stderr.strip().splitlines()[:15])
                problems.append(f"{target['name']}: error: its module could not be written for {target_triple}, "
                                f"twice (the targets that import it are not checked through):\n{head}")
    return findings, problems, unchecked


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: typecheck.py PACKAGE SDK BUILD")
    package, sdk, build = (os.path.abspath(argument) for argument in sys.argv[1:])
    description = package_description(package)
    versions, problems = declared_floor(description)
    # The platforms at once (each builds its own modules), one compiler per core.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = [pool.submit(check_platform, package, sdk, build, description, platform, versions[platform])
                   for platform in PLATFORMS]
    findings = collections.OrderedDict()  # (file, line, column, message without platform) -> {platform: message}
    unchecked = []
    for platform, result in zip(PLATFORMS, results):
        platform_findings, platform_problems, platform_unchecked = result.result()
        for key, message in platform_findings:
            findings.setdefault(key, collections.OrderedDict())[PLATFORMS[platform][0]] = message
        problems += platform_problems
        unchecked += platform_unchecked
    newer, other = [], []
    for (path, row, column, _), messages in sorted(findings.items()):
        first, *rest = messages.values()
        also = [re.search(r"\b(?:macOS|iOS|tvOS|watchOS)(?: [\d.]+)?", message) for message in rest]
        extra = ", ".join(match.group(0) for match in also if match)
        text = f"{path}:{row}:{column}: error: {first}" + (f" (and {extra})" if extra else "")
        platforms = "" if len(messages) == len(PLATFORMS) else f" [{', '.join(messages)} only]"
        (newer if AVAILABILITY.search(first) else other).append(text + platforms)
    floor = ", ".join(f"{PLATFORMS[p][0]} {v}" for p, v in versions.items())
    if problems:
        print("typecheck.py: the floor Package.swift declares, or the compiler, failed:", file=sys.stderr)
        print("\n".join(problems), file=sys.stderr)
    if newer:
        print(f"typecheck.py: {len(newer)} uses of API newer than the floor ({floor}) outside `if #available`:",
              file=sys.stderr)
        print("\n".join(newer), file=sys.stderr)
    if other:
        print(f"typecheck.py: {len(other)} other errors for Apple platforms at the floor (code that does not build "
              "against the public interfaces, or that the stand-in SDK cannot check: see CONTRIBUTING):",
              file=sys.stderr)
        print("\n".join(other), file=sys.stderr)
    if unchecked:
        print(f"   not checked: {', '.join(sorted(set(unchecked)))}")
    checked = [target["name"] for target in targets_to_check(description, "macos")
               if target["type"] != "system" and swift_files(package, target)]
    print(f"   checked at {floor}: {', '.join(checked)}")
    sys.exit(1 if problems or newer or other else 0)


if __name__ == "__main__":
    main()
