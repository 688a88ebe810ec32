#!/usr/bin/env python3
"""What an independent JSON Schema validator says of the generated shaped forms' answers.

For each form of tests/fixtures/shaped/corpus.json that was built, and each group of
revisions that send it alike, whether the schema as sent there allows each answer, and (for
an answer the form accepted) the content its value was written back as, decided by Python's
`jsonschema` (the version pinned in scripts/tolerant/requirements.txt) with the validator
class the schema's `$schema` names, Draft 2020-12 when it names none, without format
assertion. Writes tests/fixtures/shaped/verdicts.json, one verdict a line (every error, in `iter_errors`' order), which
tests/tests/shaped_oracle/ reads.

    pip install -r scripts/tolerant/requirements.txt
    python3 scripts/shaped/check.py            # rewrite the verdicts
    python3 scripts/shaped/check.py --check    # exit 1 if the committed verdicts differ

The corpus itself is written by the Rust test: `ELICIT_BLESS=1 cargo test -p tests --test
shaped_oracle`.
"""

import json
import sys
from importlib.metadata import version
from pathlib import Path

import jsonschema
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "shaped"


def validator(schema):
    cls = jsonschema.validators.validator_for(schema, default=Draft202012Validator)
    cls.check_schema(schema)
    # No `format_checker`: formats are not asserted.
    return cls(schema)


def all_errors(check, instance):
    """Every error `iter_errors` yields, in its order (the schema's, so deterministic)."""
    return [
        {
            "message": error.message,
            "path": list(error.absolute_path),
            "keyword": error.validator,
        }
        for error in check.iter_errors(instance)
    ]


def main():
    corpus = json.loads((FIXTURES / "corpus.json").read_text(encoding="utf-8"))
    lines = []
    counts = {"forms": 0, "valid": 0, "invalid": 0, "written": 0, "written_invalid": 0}
    for form in corpus:
        if "asked" not in form:
            continue
        counts["forms"] += 1
        for group in form["asked"]:
            check = validator(group["schema"])
            for answer in group["answers"]:
                errors = all_errors(check, answer["content"])
                verdict = {
                    "form": form["form"],
                    "revisions": " ".join(group["revisions"]),
                    "what": answer["what"],
                    "valid": not errors,
                    "errors": errors,
                }
                if "written" in answer:
                    verdict["written_valid"] = check.is_valid(answer["written"])
                    counts["written"] += 1
                    counts["written_invalid"] += not verdict["written_valid"]
                counts["invalid" if errors else "valid"] += 1
                lines.append("    " + json.dumps(verdict, ensure_ascii=False))
    head = {
        "about": "Whether each answer of corpus.json (and what the form wrote back for it) is "
        "valid under the schema as sent, by Python's jsonschema without format assertion. "
        "Written by scripts/shaped/check.py; do not edit.",
        "validator": f"jsonschema {version('jsonschema')}",
    }
    text = (
        "{\n"
        + "".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in head.items())
        + '  "verdicts": [\n'
        + ",\n".join(lines)
        + "\n  ]\n}\n"
    )
    target = FIXTURES / "verdicts.json"
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print(f"{target} differs from what check.py computes: run it", file=sys.stderr)
            return 1
        print("shaped verdicts up to date")
        return 0
    target.write_text(text, encoding="utf-8")
    total = counts["valid"] + counts["invalid"]
    print(
        f"{counts['forms']} forms, {total} answers: {counts['valid']} valid, "
        f"{counts['invalid']} invalid; {counts['written']} written back, "
        f"{counts['written_invalid']} of them invalid"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
