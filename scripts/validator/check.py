#!/usr/bin/env python3
"""What an independent JSON Schema validator says of the derived forms' answers.

For each form of tests/fixtures/validator/corpus.json, whether its `requestedSchema` allows
each answer (and, for an answer the form accepts, what `to_content` wrote back), decided by
Python's `jsonschema` (the version pinned in scripts/tolerant/requirements.txt) with the
validator class the schema's `$schema` names, Draft 2020-12 when it names none, and without
format assertion: `format` is an annotation, as in most validators by default. Writes the
verdicts to tests/fixtures/validator/verdicts.json, which
tests/tests/independent_validator/ reads.

    pip install -r scripts/tolerant/requirements.txt
    python3 scripts/validator/check.py            # rewrite the verdicts
    python3 scripts/validator/check.py --check    # exit 1 if the committed verdicts differ

The corpus itself is written by the Rust test: `ELICIT_BLESS=1 cargo test -p tests --test
independent_validator`.
"""

import json
import sys
from importlib.metadata import version
from pathlib import Path

import jsonschema
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "validator"


def validator(schema):
    cls = jsonschema.validators.validator_for(schema, default=Draft202012Validator)
    cls.check_schema(schema)
    # No `format_checker`: formats are not asserted.
    return cls(schema)


def first_error(check, instance):
    """The first error `iter_errors` yields (schema order, so deterministic), or None."""
    error = next(iter(check.iter_errors(instance)), None)
    if error is None:
        return None
    return {
        "message": error.message,
        "path": list(error.absolute_path),
        "keyword": error.validator,
    }


def main():
    corpus = json.loads((FIXTURES / "corpus.json").read_text(encoding="utf-8"))
    verdicts = {}
    counts = {"valid": 0, "invalid": 0, "written": 0}
    for form in corpus:
        check = validator(form["schema"])
        decided = []
        for answer in form["answers"]:
            error = first_error(check, answer["content"])
            verdict = {
                "what": answer["what"],
                "content": answer["content"],
                "valid": error is None,
                "error": error,
            }
            if "written" in answer:
                verdict["written_valid"] = check.is_valid(answer["written"])
                counts["written"] += 1
            counts["valid" if error is None else "invalid"] += 1
            decided.append(verdict)
        verdicts[form["form"]] = decided
    out = {
        "about": "Whether each answer of corpus.json (and what the form wrote back for it) is "
        "valid under its form's schema, by Python's jsonschema without format assertion. "
        "Written by scripts/validator/check.py; do not edit.",
        "validator": f"jsonschema {version('jsonschema')}",
        "verdicts": verdicts,
    }
    text = json.dumps(out, indent=2, ensure_ascii=False) + "\n"
    target = FIXTURES / "verdicts.json"
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print(f"{target} differs from what check.py computes: run it", file=sys.stderr)
            return 1
        print("verdicts up to date")
        return 0
    target.write_text(text, encoding="utf-8")
    total = counts["valid"] + counts["invalid"]
    print(
        f"{len(verdicts)} forms, {total} answers: {counts['valid']} valid, "
        f"{counts['invalid']} invalid; {counts['written']} written back"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
