#!/usr/bin/env bash
# Re-derives the fixtures Python's jsonschema decides (the tolerant reader's verdicts, the
# independent validator's, and the shaped forms' oracle's), and fails if any differs from the
# committed one: the Rust tests hold the library to those files, so this proves the files are
# what the validator says, not what a test expects. Installs the pinned packages of
# scripts/tolerant/requirements.txt into a venv under target/ (reused while the pins do not
# change).
#
#   bash scripts/python-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
command -v "$python" >/dev/null || { echo "python-fixtures: $python is required" >&2; exit 2; }
venv=target/python-fixtures
requirements=scripts/tolerant/requirements.txt
if [[ ! -f $venv/installed.txt ]] || ! cmp -s "$requirements" "$venv/installed.txt"; then
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/installed.txt"
fi
"$venv/bin/python" scripts/tolerant/check.py --check
"$venv/bin/python" scripts/validator/check.py --check
"$venv/bin/python" scripts/shaped/check.py --check
echo "python-fixtures: the three fixtures are what jsonschema $("$venv/bin/python" -c 'from importlib.metadata import version; print(version("jsonschema"))') says"
