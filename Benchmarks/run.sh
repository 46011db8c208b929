#!/usr/bin/env bash
# Runs the whole benchmark set (issue 6) and prints the machine, then one Markdown table and the goals.
#
#     bash Benchmarks/run.sh                       # every row
#     bash Benchmarks/run.sh --only login.toolkit  # some rows (ids: swift run -c release --package-path Benchmarks bench list)
#
# Installs valgrind (and objcopy) with apt-get when missing: the instruction and allocation columns come from
# callgrind. Progress goes to standard error, the results to standard output.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v valgrind >/dev/null || missing+=(valgrind)
command -v objcopy >/dev/null || missing+=(binutils)
if ((${#missing[@]})); then
    echo "run.sh: installing ${missing[*]} with apt-get" >&2
    sudo=""
    [[ $(id -u) == 0 ]] || sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi

swift build -c release --package-path Benchmarks >&2

model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
echo "Machine: ${model:-unknown CPU}, $(nproc) cores, $(uname -sm); $(swift --version 2>/dev/null | head -1); $(valgrind --version)"
echo
swift run -c release --package-path Benchmarks bench report "$@"
