//! The sealed, typed 2026-07-28 `requestState` (`elicit_core::protocol::state`): a state
//! opens only when it is exactly what this server sealed, for this call, in time; every
//! refusal is typed, and no string makes opening panic.

use std::collections::BTreeMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use elicit_core::protocol::JsonRpcError;
use elicit_core::protocol::state::{Binding, KeyTooShort, StateError, StateKey, StateKeys};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value, json};

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Progress {
    step: u8,
    name: String,
    cups: u32,
}

fn progress() -> Progress {
    Progress {
        step: 2,
        name: "Ada".into(),
        cups: 3,
    }
}

fn key(byte: u8) -> StateKey {
    StateKey::new(&[byte; 32]).unwrap()
}

fn ring(byte: u8) -> StateKeys {
    StateKeys::new(key(byte))
}

fn binding() -> Binding {
    Binding::tool("deploy", &json!({"service": "api", "replicas": 2}))
}

fn sealed() -> String {
    ring(1).seal(&progress(), &binding()).unwrap()
}

fn open(keys: &StateKeys, sealed: &str, binding: &Binding) -> Result<Progress, StateError> {
    keys.open(sealed, binding)
}

fn decode(sealed: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(sealed).unwrap()
}

fn encode(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The five bytes of a key's id, as the sealed form holds them.
fn id_bytes(key: &StateKey) -> [u8; 5] {
    let bytes = key.id().to_be_bytes();
    assert_eq!(bytes[..3], [0, 0, 0]);
    bytes[3..].try_into().unwrap()
}

#[test]
fn a_typed_state_round_trips() {
    assert_eq!(open(&ring(1), &sealed(), &binding()), Ok(progress()));
}

#[test]
fn a_state_of_any_serde_type_round_trips() {
    let keys = ring(1);
    let state: BTreeMap<String, Vec<Option<i64>>> = [
        ("a".to_owned(), vec![Some(-1), None]),
        ("b".to_owned(), vec![]),
    ]
    .into();
    let sealed = keys.seal(&state, &binding()).unwrap();
    assert_eq!(keys.open::<BTreeMap<_, _>>(&sealed, &binding()), Ok(state));
    let sealed = keys.seal("just text", &binding()).unwrap();
    assert_eq!(
        keys.open::<String>(&sealed, &binding()).unwrap(),
        "just text"
    );
}

#[test]
fn the_sealed_form_is_url_safe_base64_without_padding() {
    let sealed = sealed();
    assert!(
        sealed
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
        "{sealed}"
    );
}

#[test]
fn a_three_field_state_seals_to_126_characters() {
    let payload = serde_json::to_vec(&progress()).unwrap();
    assert_eq!(payload.len(), 32);
    let bytes = decode(&sealed());
    // format, key id, expiry, binding, payload, tag
    assert_eq!(bytes.len(), 1 + 5 + 8 + 16 + 32 + 32);
    assert_eq!(sealed().len(), 126);
}

#[test]
fn the_payload_is_readable_json_so_the_client_can_read_the_state() {
    let bytes = decode(&sealed());
    let payload = &bytes[30..bytes.len() - 32];
    assert_eq!(
        serde_json::from_slice::<Value>(payload).unwrap(),
        json!({"step": 2, "name": "Ada", "cups": 3})
    );
}

#[test]
fn the_sealed_form_names_the_key_that_sealed_it() {
    let bytes = decode(&sealed());
    assert_eq!(bytes[0], 1);
    assert_eq!(bytes[1..6], id_bytes(&key(1)));
}

#[test]
fn flipping_any_bit_of_any_byte_is_tampering() {
    let keys = ring(1);
    let bytes = decode(&sealed());
    for index in 0..bytes.len() {
        for bit in 0..8 {
            let mut altered = bytes.clone();
            altered[index] ^= 1 << bit;
            let error = open(&keys, &encode(&altered), &binding()).unwrap_err();
            // The first byte is the format: another value is not a state this version knows.
            let expected = if index == 0 {
                StateError::Malformed
            } else {
                StateError::Tampered
            };
            assert_eq!(error, expected, "byte {index}, bit {bit}");
        }
    }
}

#[test]
fn an_altered_key_id_is_tampering_even_with_a_ring_of_several_keys() {
    let keys = ring(1).with_previous(key(2)).with_previous(key(3));
    let mut bytes = decode(&sealed());
    // Another key of the ring.
    bytes[1..6].copy_from_slice(&id_bytes(&key(2)));
    assert_eq!(
        open(&keys, &encode(&bytes), &binding()),
        Err(StateError::Tampered)
    );
    // No key of the ring.
    bytes[1..6].copy_from_slice(&[0xde, 0xad, 0xbe, 0xef, 0x00]);
    assert_eq!(
        open(&keys, &encode(&bytes), &binding()),
        Err(StateError::Tampered)
    );
}

#[test]
fn changing_any_character_is_refused() {
    let keys = ring(1);
    let sealed = sealed();
    let last = sealed.len() - 1;
    for (index, c) in sealed.char_indices() {
        for replacement in ['A', 'B', '-', '_', '7'] {
            if replacement == c {
                continue;
            }
            let mut altered = sealed.clone();
            altered.replace_range(index..=index, &replacement.to_string());
            let error = open(&keys, &altered, &binding()).unwrap_err();
            // The first two characters carry the format byte; the last may carry bits that
            // a canonical encoding leaves zero. Every other character lies within one
            // authenticated field.
            if index < 2 || index == last {
                assert!(
                    matches!(error, StateError::Tampered | StateError::Malformed),
                    "character {index}: {error:?}"
                );
            } else {
                assert_eq!(error, StateError::Tampered, "character {index}");
            }
        }
    }
}

#[test]
fn a_payload_swapped_from_another_state_is_tampering() {
    let keys = ring(1);
    let mut first = decode(&sealed());
    let other = Progress {
        step: 9,
        name: "Bob".into(),
        cups: 1,
    };
    let second = decode(&keys.seal(&other, &binding()).unwrap());
    // Same length payloads: splice the second's payload under the first's tag.
    let tag_at = first.len() - 32;
    first[30..tag_at].copy_from_slice(&second[30..tag_at]);
    assert_eq!(
        open(&keys, &encode(&first), &binding()),
        Err(StateError::Tampered)
    );
}

#[test]
fn a_state_sealed_under_another_key_is_foreign() {
    let sealed = sealed();
    assert_eq!(
        open(&ring(2), &sealed, &binding()),
        Err(StateError::Foreign)
    );
    let several = ring(2).with_previous(key(3));
    assert_eq!(
        open(&several, &sealed, &binding()),
        Err(StateError::Foreign)
    );
}

#[test]
fn a_foreign_state_with_an_altered_payload_is_still_foreign() {
    let mut bytes = decode(&sealed());
    bytes[31] ^= 1;
    assert_eq!(
        open(&ring(2), &encode(&bytes), &binding()),
        Err(StateError::Foreign)
    );
}

#[test]
fn a_state_opened_for_another_tool_or_other_arguments_is_replayed() {
    let keys = ring(1);
    let sealed = sealed();
    let others = [
        Binding::tool("destroy", &json!({"service": "api", "replicas": 2})),
        Binding::tool("deploy", &json!({"service": "db", "replicas": 2})),
        Binding::tool("deploy", &json!({"service": "api", "replicas": 3})),
        Binding::tool("deploy", &json!({"service": "api"})),
        Binding::tool(
            "deploy",
            &json!({"service": "api", "replicas": 2, "force": true}),
        ),
        Binding::tool("deploy", &json!(null)),
        Binding::prompt("deploy", &json!({"service": "api", "replicas": 2})),
        Binding::new(
            "resources/read",
            "deploy",
            &json!({"service": "api", "replicas": 2}),
        ),
    ];
    for other in &others {
        assert_eq!(
            open(&keys, &sealed, other),
            Err(StateError::Replayed),
            "{other:?}"
        );
    }
}

#[test]
fn argument_key_order_does_not_matter() {
    let first = json!({"a": 1, "b": {"c": [1, {"x": 1, "y": 2}], "d": null}, "e": "s"});
    let retry: Value = serde_json::from_str(
        r#"{"e": "s", "b": {"d": null, "c": [1, {"y": 2, "x": 1}]}, "a": 1.0}"#,
    )
    .unwrap();
    let keys = ring(1);
    let sealed = keys.seal(&progress(), &Binding::tool("t", &first)).unwrap();
    assert_eq!(
        open(&keys, &sealed, &Binding::tool("t", &retry)),
        Ok(progress())
    );
    // Array order does matter.
    let reordered = json!({"a": 1, "b": {"c": [{"x": 1, "y": 2}, 1], "d": null}, "e": "s"});
    assert_eq!(
        open(&keys, &sealed, &Binding::tool("t", &reordered)),
        Err(StateError::Replayed)
    );
}

#[test]
fn the_binding_leaves_out_input_responses_request_state_and_meta() {
    let keys = ring(1);
    let first = json!({"name": "deploy", "arguments": {"service": "api", "replicas": 2}});
    let sealed = keys
        .seal(&progress(), &Binding::from_params("tools/call", &first))
        .unwrap();
    let retry = json!({
        "_meta": {"progressToken": "p-1"},
        "requestState": sealed,
        "inputResponses": {"confirm": {"action": "accept", "content": {"ok": true}}},
        "arguments": {"replicas": 2, "service": "api"},
        "name": "deploy"
    });
    assert_eq!(
        open(&keys, &sealed, &Binding::from_params("tools/call", &retry)),
        Ok(progress())
    );
    assert_eq!(Binding::from_params("tools/call", &retry), binding());
}

#[test]
fn missing_null_and_empty_arguments_bind_alike() {
    let missing = Binding::from_params("tools/call", &json!({"name": "status"}));
    assert_eq!(missing, Binding::tool("status", &json!(null)));
    assert_eq!(missing, Binding::tool("status", &json!({})));
}

#[test]
fn names_and_methods_cannot_run_into_each_other() {
    assert_ne!(
        Binding::new("tools/call", "ab", &json!({})),
        Binding::new("tools/cal", "lab", &json!({}))
    );
}

#[test]
fn the_rmcp_params_bind_like_their_json() {
    let arguments = json!({"service": "api", "replicas": 2});
    let params = rmcp::model::CallToolRequestParams::new("deploy")
        .with_arguments(arguments.as_object().unwrap().clone());
    assert_eq!(Binding::for_tool_call(&params), binding());
    let prompt: rmcp::model::GetPromptRequestParams =
        serde_json::from_value(json!({"name": "review"})).unwrap();
    assert_eq!(
        Binding::for_prompt(&prompt),
        Binding::prompt("review", &json!({}))
    );
}

fn at(seconds: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(seconds)
}

#[test]
fn an_expired_state_is_refused_and_a_live_one_accepted() {
    let keys = ring(1);
    let deadline = at(1_800_000_000);
    let sealed = keys.seal_until(&progress(), &binding(), deadline).unwrap();
    for live in [
        at(0),
        at(1_799_999_999),
        deadline - Duration::from_millis(1),
    ] {
        assert_eq!(
            keys.open_at(&sealed, &binding(), live),
            Ok(progress()),
            "{live:?}"
        );
    }
    for past in [deadline, at(1_800_000_001), at(u64::from(u32::MAX) * 4)] {
        assert_eq!(
            keys.open_at::<Progress>(&sealed, &binding(), past),
            Err(StateError::Expired),
            "{past:?}"
        );
    }
}

#[test]
fn expiry_is_kept_to_the_second_rounded_down() {
    let keys = ring(1);
    let deadline = at(1_000) + Duration::from_millis(900);
    let sealed = keys.seal_until(&1, &binding(), deadline).unwrap();
    assert_eq!(keys.open_at::<u8>(&sealed, &binding(), at(999)), Ok(1));
    assert_eq!(
        keys.open_at::<u8>(&sealed, &binding(), at(1_000)),
        Err(StateError::Expired)
    );
}

#[test]
fn a_time_to_live_counts_from_now() {
    let keys = ring(1);
    let sealed = keys
        .seal_for(&progress(), &binding(), Duration::from_secs(60))
        .unwrap();
    let now = SystemTime::now();
    assert_eq!(keys.open_at(&sealed, &binding(), now), Ok(progress()));
    assert_eq!(
        keys.open_at::<Progress>(&sealed, &binding(), now + Duration::from_secs(61)),
        Err(StateError::Expired)
    );
}

#[test]
fn a_state_without_expiry_never_expires() {
    let far = at(u64::MAX / 2);
    assert_eq!(ring(1).open_at(&sealed(), &binding(), far), Ok(progress()));
}

#[test]
fn an_endless_time_to_live_neither_panics_nor_expires() {
    let keys = ring(1);
    for ttl in [Duration::MAX, Duration::from_secs(u64::MAX)] {
        let sealed = keys.seal_for(&progress(), &binding(), ttl).unwrap();
        assert_eq!(keys.open(&sealed, &binding()), Ok(progress()));
        assert_eq!(
            keys.open_at(&sealed, &binding(), at(u64::MAX / 2)),
            Ok(progress())
        );
    }
}

#[test]
fn a_deadline_before_the_epoch_has_passed() {
    let keys = ring(1);
    let sealed = keys
        .seal_until(&1, &binding(), UNIX_EPOCH - Duration::from_secs(5))
        .unwrap();
    assert_eq!(
        keys.open_at::<u8>(&sealed, &binding(), at(1)),
        Err(StateError::Expired)
    );
}

#[test]
fn the_expiry_cannot_be_extended_by_the_client() {
    let keys = ring(1);
    let sealed = keys.seal_until(&1, &binding(), at(1_000)).unwrap();
    let mut bytes = decode(&sealed);
    bytes[6..14].copy_from_slice(&0u64.to_be_bytes());
    assert_eq!(
        keys.open_at::<u8>(&encode(&bytes), &binding(), at(2_000)),
        Err(StateError::Tampered)
    );
}

#[test]
fn a_rotated_ring_opens_old_states_and_seals_with_the_new_key() {
    let old = key(1);
    let new = key(2);
    let in_flight = StateKeys::new(old.clone())
        .seal(&progress(), &binding())
        .unwrap();

    let rotated = StateKeys::new(new.clone()).with_previous(old.clone());
    assert_eq!(open(&rotated, &in_flight, &binding()), Ok(progress()));

    let resealed = rotated.seal(&progress(), &binding()).unwrap();
    assert_eq!(decode(&resealed)[1..6], id_bytes(&new));
    assert_eq!(open(&rotated, &resealed, &binding()), Ok(progress()));
    assert_eq!(
        open(&StateKeys::new(new), &resealed, &binding()),
        Ok(progress())
    );
    // The old key alone does not open what the new one sealed.
    assert_eq!(
        open(&StateKeys::new(old), &resealed, &binding()),
        Err(StateError::Foreign)
    );
}

#[test]
fn once_the_old_key_is_retired_its_states_are_foreign() {
    assert_eq!(
        open(&ring(2), &sealed(), &binding()),
        Err(StateError::Foreign)
    );
}

#[test]
fn a_key_shorter_than_32_bytes_is_refused() {
    for length in [0, 1, 16, 31] {
        assert_eq!(
            StateKey::new(&vec![7; length]).unwrap_err(),
            KeyTooShort { length }
        );
    }
    assert!(StateKey::new(&[7; 32]).is_ok());
    assert!(StateKey::new(&[7; 200]).is_ok());
    assert_eq!(
        KeyTooShort { length: 31 }.to_string(),
        "a request state key needs at least 32 bytes, got 31"
    );
}

#[test]
fn a_key_does_not_show_its_secret() {
    let debug = format!("{:?}", ring(0xab));
    assert!(!debug.contains("171"), "{debug}");
    assert!(!debug.to_lowercase().contains("abab"), "{debug}");
}

#[test]
fn an_authentic_state_of_another_type_is_unreadable() {
    let keys = ring(1);
    let sealed = keys.seal("text", &binding()).unwrap();
    let error = keys.open::<Progress>(&sealed, &binding()).unwrap_err();
    assert!(matches!(error, StateError::Unreadable(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("request state is unreadable: invalid type"),
        "{error}"
    );
}

#[test]
fn a_state_that_cannot_be_json_is_not_sealed() {
    let state: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into();
    assert!(ring(1).seal(&state, &binding()).is_err());
}

#[test]
fn garbage_is_refused_without_panicking() {
    let keys = ring(1);
    let huge = "A".repeat(1 << 20);
    let huge_garbage = "!".repeat(1 << 20);
    for garbage in [
        "",
        "=",
        "A",
        "AA",
        "AAA=",
        "AAAA",
        "not base64 at all",
        "a+b/c==",
        "ÿÿÿÿ",
        huge.as_str(),
        huge_garbage.as_str(),
    ] {
        assert_eq!(
            open(&keys, garbage, &binding()),
            Err(StateError::Malformed),
            "{:.20}",
            garbage
        );
    }
}

#[test]
fn every_truncation_is_refused() {
    let keys = ring(1);
    let sealed = sealed();
    for end in 0..sealed.len() {
        let error = open(&keys, &sealed[..end], &binding()).unwrap_err();
        assert!(
            matches!(error, StateError::Malformed | StateError::Tampered),
            "{end}: {error:?}"
        );
    }
    let bytes = decode(&sealed);
    for end in 0..bytes.len() {
        let error = open(&keys, &encode(&bytes[..end]), &binding()).unwrap_err();
        let expected = if end < 62 {
            StateError::Malformed
        } else {
            StateError::Tampered
        };
        assert_eq!(error, expected, "{end}");
    }
}

#[test]
fn each_refusal_is_an_invalid_params_error_naming_the_problem() {
    let cases = [
        (
            StateError::Malformed,
            "malformed",
            "request state is malformed",
        ),
        (
            StateError::Tampered,
            "tampered",
            "request state has been tampered with",
        ),
        (
            StateError::Foreign,
            "foreign",
            "request state was sealed with an unknown key",
        ),
        (
            StateError::Replayed,
            "replayed",
            "request state was issued for another call",
        ),
        (StateError::Expired, "expired", "request state has expired"),
        (
            StateError::Unreadable("oops".into()),
            "unreadable",
            "request state is unreadable: oops",
        ),
    ];
    for (error, name, message) in cases {
        assert_eq!(error.name(), name);
        assert_eq!(error.to_string(), message);
        assert!(!message.ends_with('.'));
        assert_eq!(
            message.chars().next().unwrap(),
            message.chars().next().unwrap().to_ascii_lowercase()
        );
        let rpc = error.to_jsonrpc_error();
        assert_eq!(rpc.code, JsonRpcError::INVALID_PARAMS);
        assert_eq!(rpc.message, message);
        assert_eq!(rpc.data, Some(json!({"requestState": name})));
        assert_eq!(
            rpc.to_jsonrpc(4),
            json!({"jsonrpc": "2.0", "id": 4, "error": {"code": -32602, "message": message, "data": {"requestState": name}}})
        );
        let data = rmcp::ErrorData::from(error);
        assert_eq!(data.code, rmcp::model::ErrorCode::INVALID_PARAMS);
        assert_eq!(data.message, message);
        assert_eq!(data.data, Some(json!({"requestState": name})));
    }
}

#[test]
fn the_state_rides_in_an_input_required_result() {
    use elicit_core::protocol::{ElicitRequest, InputRequiredResult};

    #[derive(elicit_core::Elicit)]
    struct Confirm {
        ok: bool,
    }

    let keys = ring(1);
    let sealed = keys.seal(&progress(), &binding()).unwrap();
    let result =
        InputRequiredResult::new("confirm", ElicitRequest::form::<Confirm>()).with_state(&sealed);
    let wire = result.to_value();
    let echoed = wire["requestState"].as_str().unwrap();
    assert_eq!(open(&keys, echoed, &binding()), Ok(progress()));
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        // Quarters: exact in decimal, so JSON reads them back bit for bit.
        (-1_000_000i32..1_000_000)
            .prop_map(|n| { Value::Number(Number::from_f64(f64::from(n) / 4.0).unwrap()) }),
        any::<String>().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((any::<String>(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn shuffled(value: &Value, seed: u64) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map
                .iter()
                .map(|(key, item)| (key.clone(), shuffled(item, seed)))
                .collect();
            let len = entries.len();
            if len > 1 {
                entries.rotate_left(usize::try_from(seed).unwrap_or(0) % len);
                entries.reverse();
            }
            Value::Object(entries.into_iter().collect())
        }
        Value::Array(items) => {
            Value::Array(items.iter().map(|item| shuffled(item, seed)).collect())
        }
        other => other.clone(),
    }
}

proptest! {
    #[test]
    fn opening_a_sealed_value_gives_it_back(state in json_value(), arguments in json_value()) {
        let keys = ring(1);
        let binding = Binding::tool("t", &arguments);
        let sealed = keys.seal(&state, &binding).unwrap();
        prop_assert_eq!(keys.open::<Value>(&sealed, &binding), Ok(state));
    }

    #[test]
    fn the_binding_ignores_key_order(arguments in json_value(), seed in any::<u64>()) {
        prop_assert_eq!(
            Binding::tool("t", &arguments),
            Binding::tool("t", &shuffled(&arguments, seed))
        );
    }

    #[test]
    fn any_string_is_refused_without_panicking(garbage in ".{0,400}") {
        prop_assert!(ring(1).open::<Value>(&garbage, &binding()).is_err());
    }

    #[test]
    fn any_base64_is_refused_without_panicking(garbage in "[A-Za-z0-9_-]{0,400}") {
        prop_assert!(ring(1).open::<Value>(&garbage, &binding()).is_err());
    }

    #[test]
    fn any_bytes_behind_a_valid_header_are_refused(tail in prop::collection::vec(any::<u8>(), 0..200)) {
        let mut bytes = decode(&sealed())[..30].to_vec();
        bytes.extend(tail);
        let error = ring(1).open::<Value>(&encode(&bytes), &binding()).unwrap_err();
        prop_assert!(matches!(error, StateError::Malformed | StateError::Tampered), "{:?}", error);
    }
}

fn encrypting(byte: u8) -> StateKeys {
    ring(byte).encrypting()
}

fn encrypted() -> String {
    encrypting(1).seal(&progress(), &binding()).unwrap()
}

#[test]
fn an_encrypted_state_round_trips_and_hides_its_payload() {
    let sealed = encrypted();
    assert_eq!(open(&encrypting(1), &sealed, &binding()), Ok(progress()));
    let bytes = decode(&sealed);
    assert_eq!(bytes[0], 2);
    assert_eq!(bytes[1..6], id_bytes(&key(1)));
    // header, nonce, the 32 bytes of JSON encrypted, Poly1305 tag
    assert_eq!(bytes.len(), 30 + 24 + 32 + 16);
    assert!(!bytes.windows(3).any(|window| window == b"Ada"));
    assert_ne!(sealed, encrypted(), "a fresh nonce each time");
}

#[test]
fn either_ring_opens_both_kinds_of_state() {
    assert_eq!(open(&ring(1), &encrypted(), &binding()), Ok(progress()));
    assert_eq!(open(&encrypting(1), &sealed(), &binding()), Ok(progress()));
}

#[test]
fn flipping_any_bit_of_an_encrypted_state_is_refused() {
    let keys = encrypting(1);
    let bytes = decode(&encrypted());
    for index in 0..bytes.len() {
        for bit in 0..8 {
            let mut altered = bytes.clone();
            altered[index] ^= 1 << bit;
            let error = open(&keys, &encode(&altered), &binding()).unwrap_err();
            if index == 0 {
                // Another format: unknown, or format 1 whose tag cannot match.
                assert!(
                    matches!(error, StateError::Malformed | StateError::Tampered),
                    "bit {bit}: {error:?}"
                );
            } else {
                assert_eq!(error, StateError::Tampered, "byte {index}, bit {bit}");
            }
        }
    }
}

#[test]
fn an_encrypted_state_is_foreign_replayed_and_expired_like_a_signed_one() {
    let sealed = encrypted();
    assert_eq!(
        open(&encrypting(2), &sealed, &binding()),
        Err(StateError::Foreign)
    );
    assert_eq!(
        open(
            &encrypting(1),
            &sealed,
            &Binding::tool("deploy", &json!({}))
        ),
        Err(StateError::Replayed)
    );
    let keys = encrypting(1);
    let sealed = keys.seal_until(&progress(), &binding(), at(100)).unwrap();
    assert_eq!(keys.open_at(&sealed, &binding(), at(99)), Ok(progress()));
    assert_eq!(
        keys.open_at::<Progress>(&sealed, &binding(), at(100)),
        Err(StateError::Expired)
    );
}

#[test]
fn an_encrypting_ring_rotates_like_a_signing_one() {
    let in_flight = encrypted();
    let rotated = StateKeys::new(key(2)).with_previous(key(1)).encrypting();
    assert_eq!(open(&rotated, &in_flight, &binding()), Ok(progress()));
    let resealed = rotated.seal(&progress(), &binding()).unwrap();
    assert_eq!(decode(&resealed)[1..6], id_bytes(&key(2)));
    let mut bytes = decode(&in_flight);
    bytes[1..6].copy_from_slice(&id_bytes(&key(2)));
    assert_eq!(
        open(&rotated, &encode(&bytes), &binding()),
        Err(StateError::Tampered)
    );
}

#[test]
fn every_truncation_of_an_encrypted_state_is_refused() {
    let keys = encrypting(1);
    let bytes = decode(&encrypted());
    for end in 0..bytes.len() {
        let error = open(&keys, &encode(&bytes[..end]), &binding()).unwrap_err();
        let expected = if end < 30 + 24 + 16 {
            StateError::Malformed
        } else {
            StateError::Tampered
        };
        assert_eq!(error, expected, "{end}");
    }
}

proptest! {
    #[test]
    fn opening_an_encrypted_value_gives_it_back(state in json_value()) {
        let keys = encrypting(1);
        let sealed = keys.seal(&state, &binding()).unwrap();
        prop_assert_eq!(keys.open::<Value>(&sealed, &binding()), Ok(state));
    }
}
