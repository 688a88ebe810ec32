#!/usr/bin/env python3
"""What an independent JSON Schema validator says of the schema target's seed corpus.

Each file of fuzz/corpus/schema/ is a JSON stream: a requestedSchema, then an answer. For
each whose answer is an object, Python's `jsonschema` (the version pinned in
scripts/tolerant/requirements.txt; the validator class the schema's `$schema` names, Draft
2020-12 when it names none; no format assertion) decides the answer, and this writes which
of the answer's keys it blames to fuzz/verdicts.json. tests/tests/fuzz_corpus_replay.rs holds
the schema oracle's expected errors to these verdicts wherever the two can be compared.

    pip install -r scripts/tolerant/requirements.txt
    python3 fuzz/verdicts.py            # rewrite the verdicts
    python3 fuzz/verdicts.py --check    # exit 1 if the committed verdicts differ
"""

import json
import sys
from importlib.metadata import version
from pathlib import Path

import jsonschema
from jsonschema import Draft202012Validator

FUZZ = Path(__file__).resolve().parent
CORPUS = FUZZ / "corpus" / "schema"


def finite(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is out of range")
    return value


def reject(constant):
    raise ValueError(f"{constant} is not JSON")


def utf8(value):
    """Whether the value holds no lone surrogate (`"\\ud800"`), which Python reads and
    serde_json refuses."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def json_pair(text):
    """The first two JSON values of a stream, as the target reads them with serde_json
    (None where absent or unreadable: `NaN`, `1e400` and lone surrogates included)."""
    decoder = json.JSONDecoder(parse_float=finite, parse_constant=reject)
    values = []
    index = 0
    while len(values) < 2:
        while index < len(text) and text[index] in " \t\n\r":
            index += 1
        if index >= len(text):
            break
        try:
            value, index = decoder.raw_decode(text, index)
        except ValueError:
            break
        if not utf8(value):
            break
        values.append(value)
    values += [None] * (2 - len(values))
    return values


def blamed(schema, answer, error):
    """The keys of the answer an error is about: the first step of its path, the missing
    names of a `required`, the extra keys of an `additionalProperties`."""
    if error.absolute_path:
        return {error.absolute_path[0]}
    if error.validator == "required":
        return {name for name in error.validator_value if name not in answer}
    if error.validator == "additionalProperties":
        return {key for key in answer if key not in schema.get("properties", {})}
    return {""}  # the answer as a whole


def verdict(schema, answer):
    cls = jsonschema.validators.validator_for(schema, default=Draft202012Validator)
    try:
        cls.check_schema(schema)
        metaschema = None
    except jsonschema.exceptions.SchemaError as error:
        # Still decided: `required` listing a name twice, say, breaks the metaschema but not
        # the validator.
        metaschema = error.message
    keys = set()
    for error in cls(schema).iter_errors(answer):
        keys |= blamed(schema, answer, error)
    return {
        "schema": schema,
        "answer": answer,
        "metaschema_error": metaschema,
        "valid": not keys,
        "blamed": sorted(keys),
    }


def main():
    verdicts = {}
    for path in sorted(CORPUS.iterdir()):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # serde_json reads no JSON from it either
        schema, answer = json_pair(text)
        if isinstance(schema, dict) and isinstance(answer, dict):
            verdicts[path.name] = verdict(schema, answer)
    out = {
        "about": "Which keys of each answer of fuzz/corpus/schema/ Python's jsonschema blames "
        "under the seed's schema, without format assertion. Written by fuzz/verdicts.py; "
        "do not edit.",
        "validator": f"jsonschema {version('jsonschema')}",
        "verdicts": verdicts,
    }
    text = json.dumps(out, indent=2, ensure_ascii=False) + "\n"
    target = FUZZ / "verdicts.json"
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print(f"{target} differs from what verdicts.py computes: run it", file=sys.stderr)
            return 1
        print("verdicts up to date")
        return 0
    target.write_text(text, encoding="utf-8")
    valid = sum(v["valid"] for v in verdicts.values())
    print(f"{len(verdicts)} answers: {valid} valid, {len(verdicts) - valid} invalid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
