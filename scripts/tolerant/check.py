#!/usr/bin/env python3
"""What the MCP specification says about the tolerant-reader corpus.

For each schema of tests/fixtures/tolerant/corpus.json, whether the specification's
schema.json (copied into tests/fixtures/tolerant/spec/<revision>/) accepts it as the
`requestedSchema` of a form request, per revision, decided by Python's `jsonschema` (the
version pinned in requirements.txt beside this file). Writes the verdicts to
tests/fixtures/tolerant/verdicts.json, which tests/tests/tolerant_reader.rs reads.

    pip install -r scripts/tolerant/requirements.txt
    python3 scripts/tolerant/check.py            # rewrite the verdicts
    python3 scripts/tolerant/check.py --check    # exit 1 if the committed verdicts differ
"""

import json
import sys
from importlib.metadata import version
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "tolerant"

# Where each revision defines `requestedSchema`.
DEFINITIONS = {
    "2025-06-18": "#/definitions/ElicitRequest/properties/params/properties/requestedSchema",
    "2025-11-25": "#/$defs/ElicitRequestFormParams/properties/requestedSchema",
    "2026-07-28": "#/$defs/ElicitRequestFormParams/properties/requestedSchema",
}


def validator(revision):
    spec = json.loads((FIXTURES / "spec" / revision / "schema.json").read_text())
    # The spec's root has only `$schema` and its definitions, so a `$ref` beside them
    # validates against the one definition, resolving the references inside the file.
    schema = dict(spec, **{"$ref": DEFINITIONS[revision]})
    cls = jsonschema.validators.validator_for(spec)
    cls.check_schema(spec)
    return cls(schema)


def main():
    corpus = json.loads((FIXTURES / "corpus.json").read_text())
    validators = {revision: validator(revision) for revision in DEFINITIONS}
    verdicts = {}
    for case in corpus["cases"]:
        verdict = {}
        for revision, check in validators.items():
            errors = sorted(check.iter_errors(case["schema"]), key=lambda e: list(e.path))
            verdict[revision] = "valid" if not errors else "invalid"
        verdicts[case["name"]] = verdict
    out = {
        "about": "Whether each schema of corpus.json is a valid requestedSchema, per revision "
        "of the MCP specification's schema.json. Written by scripts/tolerant/check.py; "
        "do not edit.",
        "validator": f"jsonschema {version('jsonschema')}",
        "definitions": DEFINITIONS,
        "verdicts": verdicts,
    }
    text = json.dumps(out, indent=2, sort_keys=False) + "\n"
    target = FIXTURES / "verdicts.json"
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text() != text:
            print(f"{target} differs from what check.py computes: run it", file=sys.stderr)
            return 1
        print("verdicts up to date")
        return 0
    target.write_text(text)
    valid = sum(any(v == "valid" for v in verdict.values()) for verdict in verdicts.values())
    print(f"{len(verdicts)} schemas: {valid} valid in some revision, {len(verdicts) - valid} in none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
