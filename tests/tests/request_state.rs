//! The sealed, typed 2026-07-28 `requestState` (`elicit_core::state`): a state is
//! encrypted unless the ring is told otherwise, opens only when it is exactly what this
//! server sealed, for this call and this principal, in time (and, with a replay guard, once);
//! every refusal is typed for the server and one answer for the client; no string makes
//! opening panic; keys load from hex, base64 and the environment without echoing them.

use std::collections::BTreeMap;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use elicit_core::state::{
    Binding, GuardFull, GuardFuture, KeyError, MAX_SEALED_LEN, MemoryReplayGuard, Owner, Principal,
    PrincipalPolicy, ReplayGuard, SealError, StateError, StateId, StateKey, StateKeys, StateUse,
};
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

/// An encrypting ring (the default).
fn ring(byte: u8) -> StateKeys {
    StateKeys::new(key(byte))
}

/// An encrypting ring that allows no clock skew: its states expire to the second.
fn exact(byte: u8) -> StateKeys {
    ring(byte).with_clock_skew(Duration::ZERO)
}

/// A ring that seals readable states.
fn readable(byte: u8) -> StateKeys {
    ring(byte).readable()
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

fn at(seconds: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(seconds)
}

/// The five bytes of a key's id, as the sealed form holds them.
fn id_bytes(key: &StateKey) -> [u8; 5] {
    let bytes = key.id().to_be_bytes();
    assert_eq!(bytes[..3], [0, 0, 0]);
    bytes[3..].try_into().unwrap()
}

/// Where the fields lie (the table in the module's docs).
const HINTS_AT: usize = 14;
const NONCE_AT: usize = 26;
const HEADER_TAG_AT: usize = 50;
const PAYLOAD_AT: usize = 58;
const TAG_LEN: usize = 16;

/// The one answer a client gets for any refused state, as the bytes of a JSON-RPC response.
fn client_answer(error: &StateError) -> String {
    serde_json::to_string(&error.to_jsonrpc_error().to_jsonrpc(7)).unwrap()
}

const UNIFORM: &str = r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"invalid or expired request state"}}"#;

// Confidential by default

/// An answer no JSON, key id or base64 would hold by chance.
const SECRET: &str = "Zanzibar-4417-quokka";

/// `SECRET` as base64 would show it inside a longer string, at each of the three byte
/// alignments and in both alphabets: the characters that depend on it alone.
fn secret_renderings() -> Vec<String> {
    let mut renderings = Vec::new();
    for shift in 0..3 {
        let mut bytes = vec![0; shift];
        bytes.extend_from_slice(SECRET.as_bytes());
        for engine in [&URL_SAFE_NO_PAD, &STANDARD_NO_PAD] {
            let text = engine.encode(&bytes);
            // Drop the characters that mix in the neighbours' bits.
            let start = (shift * 4).div_ceil(3);
            let end = text.len() - 2;
            renderings.push(text[start..end].to_owned());
        }
    }
    renderings
}

fn holds_secret(sealed: &str) -> bool {
    let bytes = decode(sealed);
    sealed.contains(SECRET)
        || secret_renderings()
            .iter()
            .any(|r| sealed.contains(r.as_str()))
        || bytes.windows(SECRET.len()).any(|w| w == SECRET.as_bytes())
}

#[test]
fn an_encrypted_state_shows_no_answer_in_the_string_or_its_bytes() {
    let state = json!({"name": SECRET, "rounds": [{"key": "name", "answer": {"name": SECRET}}]});
    // The check can fail: a readable state shows the answer.
    let shown = readable(1).seal(&state, &binding()).unwrap();
    assert!(holds_secret(&shown));
    for _ in 0..50 {
        let sealed = ring(1).seal(&state, &binding()).unwrap();
        assert!(!holds_secret(&sealed), "{sealed}");
        assert_eq!(
            ring(1).open::<Value>(&sealed, &binding()),
            Ok(state.clone())
        );
    }
}

#[test]
fn the_renderings_of_the_secret_are_found_where_base64_puts_them() {
    for prefix in ["", "a", "ab", "abc"] {
        let text = URL_SAFE_NO_PAD.encode(format!("{prefix}{SECRET}and more"));
        assert!(
            secret_renderings()
                .iter()
                .any(|r| text.contains(r.as_str())),
            "{prefix:?}"
        );
    }
}

#[test]
fn the_default_ring_encrypts_and_readable_is_the_explicit_exception() {
    assert_eq!(decode(&sealed())[0], 3);
    assert_eq!(
        decode(&readable(1).seal(&progress(), &binding()).unwrap())[0],
        4
    );
    assert!(!ring(1).is_readable());
    assert!(ring(1).readable().is_readable());
}

#[test]
#[allow(deprecated)]
fn the_old_encrypting_switch_still_builds_and_encrypts() {
    let keys = readable(1).encrypting();
    assert_eq!(decode(&keys.seal(&progress(), &binding()).unwrap())[0], 3);
}

#[test]
fn a_readable_state_shows_its_json_and_is_as_long_as_an_encrypted_one() {
    let shown = readable(1).seal(&progress(), &binding()).unwrap();
    let bytes = decode(&shown);
    assert_eq!(
        serde_json::from_slice::<Value>(&bytes[PAYLOAD_AT..bytes.len() - TAG_LEN]).unwrap(),
        json!({"step": 2, "name": "Ada", "cups": 3})
    );
    assert_eq!(shown.len(), sealed().len());
}

#[test]
fn either_ring_opens_both_kinds_of_state() {
    let encrypted = sealed();
    let signed = readable(1).seal(&progress(), &binding()).unwrap();
    for keys in [ring(1), readable(1)] {
        assert_eq!(open(&keys, &encrypted, &binding()), Ok(progress()));
        assert_eq!(open(&keys, &signed, &binding()), Ok(progress()));
    }
}

#[test]
fn each_seal_draws_a_new_nonce_and_id() {
    let first = decode(&sealed());
    let second = decode(&sealed());
    assert_ne!(
        first[NONCE_AT..HEADER_TAG_AT],
        second[NONCE_AT..HEADER_TAG_AT]
    );
    assert_ne!(first, second);
}

#[test]
fn a_typed_state_round_trips() {
    assert_eq!(open(&ring(1), &sealed(), &binding()), Ok(progress()));
}

#[test]
fn a_state_of_any_serde_type_round_trips() {
    for keys in [ring(1), readable(1)] {
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
}

#[test]
fn the_sealed_form_is_url_safe_base64_without_padding() {
    for sealed in [sealed(), readable(1).seal(&progress(), &binding()).unwrap()] {
        assert!(
            sealed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            "{sealed}"
        );
    }
}

#[test]
fn the_sealed_form_names_the_key_and_its_expiry_in_the_clear() {
    let keys = ring(1);
    let sealed = keys
        .seal_until(&progress(), &binding(), at(1_800_000_000))
        .unwrap();
    let bytes = decode(&sealed);
    assert_eq!(bytes[1..6], id_bytes(&key(1)));
    assert_eq!(bytes[6..14], 1_800_000_000u64.to_be_bytes());
}

#[test]
fn two_states_of_the_same_call_and_principal_share_no_header_byte_but_the_key_and_expiry() {
    // The hints are keyed with the nonce too: two states of one person for one call cannot
    // be linked by their headers.
    let keys = ring(1).with_audience("https://a.example/mcp");
    let deadline = at(1_800_000_000);
    let one = decode(&keys.seal_until(&progress(), &ada(), deadline).unwrap());
    let two = decode(&keys.seal_until(&progress(), &ada(), deadline).unwrap());
    assert_eq!(one[..HINTS_AT], two[..HINTS_AT]);
    for hint in 0..3 {
        let at = HINTS_AT + 4 * hint;
        assert_ne!(one[at..at + 4], two[at..at + 4], "hint {hint}");
    }
}

// Bound to who asked, to this server and to the call

fn ada() -> Binding {
    binding().with_principal("https://id.example|ada")
}

fn bob() -> Binding {
    binding().with_principal("https://id.example|bob")
}

#[test]
fn a_state_issued_to_one_principal_is_refused_to_another() {
    for keys in [ring(1), readable(1)] {
        let sealed = keys.seal(&progress(), &ada()).unwrap();
        assert_eq!(open(&keys, &sealed, &ada()), Ok(progress()));
        assert_eq!(
            open(&keys, &sealed, &bob()),
            Err(StateError::WrongPrincipal)
        );
        // Without a principal, where one was bound, and the reverse.
        assert_eq!(
            open(&keys, &sealed, &binding()),
            Err(StateError::WrongPrincipal)
        );
        let anonymous = keys.seal(&progress(), &binding()).unwrap();
        assert_eq!(
            open(&keys, &anonymous, &ada()),
            Err(StateError::WrongPrincipal)
        );
        // The empty principal is a principal.
        let empty = binding().with_principal("");
        assert_eq!(
            open(&keys, &anonymous, &empty),
            Err(StateError::WrongPrincipal)
        );
    }
}

#[test]
fn issuer_and_subject_name_one_principal_whatever_characters_they_hold() {
    let keys = ring(1);
    let of = |issuer: &str, subject: &str| {
        binding().with_principal(Principal::issuer_subject(issuer, subject))
    };
    let sealed = keys
        .seal(&progress(), &of("https://id.example|x", "y"))
        .unwrap();
    assert_eq!(
        open(&keys, &sealed, &of("https://id.example|x", "y")),
        Ok(progress())
    );
    for (issuer, subject) in [
        ("https://id.example", "x|y"),
        ("https://id.example|x|y", ""),
        ("https://id.example|x\",\"y", ""),
        ("", "https://id.example|x|y"),
    ] {
        assert_eq!(
            open(&keys, &sealed, &of(issuer, subject)),
            Err(StateError::WrongPrincipal),
            "{issuer:?} {subject:?}"
        );
    }
    // What the separator recipe could not tell apart.
    assert_eq!(
        format!("{}|{}", "https://id.example|x", "y"),
        format!("{}|{}", "https://id.example", "x|y")
    );
    // A principal's text is its own: `with_principal` takes it as written.
    let text = Principal::issuer_subject("https://id.example", "ada");
    assert_eq!(text.as_str(), r#"["https://id.example","ada"]"#);
    assert_eq!(
        binding().with_principal(&text),
        binding().with_principal(r#"["https://id.example","ada"]"#)
    );
    assert_eq!(format!("{text:?}"), "Principal(..)");
}

#[test]
fn keys_that_require_a_principal_seal_and_open_nothing_without_one() {
    let keys = ring(1).with_principal_policy(PrincipalPolicy::Required);
    assert!(matches!(
        keys.seal(&progress(), &binding()),
        Err(SealError::NoPrincipal)
    ));
    let sealed = keys.seal(&progress(), &ada()).unwrap();
    assert_eq!(open(&keys, &sealed, &ada()), Ok(progress()));
    assert_eq!(
        open(&keys, &sealed, &binding()),
        Err(StateError::NoPrincipal)
    );
    // The check comes first: whatever the string, a call without a principal learns nothing.
    assert_eq!(
        open(&keys, "garbage!", &binding()),
        Err(StateError::NoPrincipal)
    );
    // By default a ring requires none (a dialog takes one from the transport).
    assert_eq!(ring(1).principal_policy(), PrincipalPolicy::FromTransport);
    let anonymous = ring(1).seal(&progress(), &binding()).unwrap();
    assert_eq!(open(&ring(1), &anonymous, &binding()), Ok(progress()));
}

#[test]
fn a_state_of_another_server_sharing_the_key_is_refused() {
    let billing = ring(1).with_audience("https://billing.example/mcp");
    let support = ring(1).with_audience("https://support.example/mcp");
    let sealed = billing.seal(&progress(), &ada()).unwrap();
    assert_eq!(open(&billing, &sealed, &ada()), Ok(progress()));
    assert_eq!(
        open(&support, &sealed, &ada()),
        Err(StateError::WrongAudience)
    );
    // A ring with no audience is an audience of its own.
    assert_eq!(
        open(&ring(1), &sealed, &ada()),
        Err(StateError::WrongAudience)
    );
    let unnamed = ring(1).seal(&progress(), &ada()).unwrap();
    assert_eq!(
        open(&billing, &unnamed, &ada()),
        Err(StateError::WrongAudience)
    );
}

#[test]
fn the_first_part_that_differs_is_the_reason() {
    let keys = ring(1).with_audience("a");
    let sealed = keys.seal(&progress(), &ada()).unwrap();
    let other_call = Binding::tool("other", &json!({}));
    let cases = [
        (
            ring(1).with_audience("b"),
            other_call.clone().with_principal("x"),
            StateError::WrongAudience,
        ),
        (
            keys.clone(),
            other_call.clone().with_principal("x"),
            StateError::WrongPrincipal,
        ),
        (
            keys.clone(),
            other_call.with_principal("https://id.example|ada"),
            StateError::WrongCall,
        ),
    ];
    for (keys, binding, reason) in cases {
        assert_eq!(open(&keys, &sealed, &binding), Err(reason));
    }
}

#[test]
fn a_state_opened_for_another_tool_or_other_arguments_is_the_wrong_call() {
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
            Err(StateError::WrongCall),
            "{other:?}"
        );
    }
}

#[test]
fn a_client_cannot_forge_the_reason_by_editing_the_hints() {
    let keys = ring(1);
    let sealed = keys.seal(&progress(), &ada()).unwrap();
    for (index, honest) in [(0, "audience"), (1, "principal"), (2, "call")] {
        let mut bytes = decode(&sealed);
        bytes[HINTS_AT + 4 * index] ^= 1;
        // Altered, the hint would name a part that differs: the header tag says it was altered.
        assert_eq!(
            open(&keys, &encode(&bytes), &ada()),
            Err(StateError::Tampered),
            "{honest}"
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
        Err(StateError::WrongCall)
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

#[test]
fn a_binding_shows_digests_not_principals() {
    let debug = format!("{:?}", ada());
    assert!(!debug.contains("id.example"), "{debug}");
    assert!(debug.starts_with("Binding { call: "), "{debug}");
}

// Expiry, on by default

#[test]
fn a_state_expires_after_600_seconds_unless_told_otherwise() {
    let keys = ring(1);
    let before = SystemTime::now();
    let sealed = keys.seal(&progress(), &binding()).unwrap();
    assert_eq!(StateKeys::DEFAULT_TTL, Duration::from_secs(600));
    assert_eq!(
        keys.open_at(&sealed, &binding(), before + Duration::from_secs(598)),
        Ok(progress())
    );
    let skew = StateKeys::DEFAULT_CLOCK_SKEW;
    assert_eq!(
        keys.open_at::<Progress>(
            &sealed,
            &binding(),
            before + Duration::from_secs(601) + skew
        ),
        Err(StateError::Expired)
    );
    let expiry = u64::from_be_bytes(decode(&sealed)[6..14].try_into().unwrap());
    let now = before.duration_since(UNIX_EPOCH).unwrap().as_secs();
    assert!(
        (now + 599..=now + 601).contains(&expiry),
        "{expiry} vs {now}"
    );
}

#[test]
fn the_ring_sets_the_time_to_live_of_its_seals() {
    let keys = ring(1).with_ttl(Duration::from_secs(30));
    let before = SystemTime::now();
    let sealed = keys.seal(&progress(), &binding()).unwrap();
    assert_eq!(
        keys.open_at(&sealed, &binding(), before + Duration::from_secs(28)),
        Ok(progress())
    );
    let past = before + Duration::from_secs(31) + keys.clock_skew();
    assert_eq!(
        keys.open_at::<Progress>(&sealed, &binding(), past),
        Err(StateError::Expired)
    );
}

#[test]
fn never_is_an_explicit_choice() {
    let keys = ring(1);
    let sealed = keys.seal_without_expiry(&progress(), &binding()).unwrap();
    assert_eq!(decode(&sealed)[6..14], [0; 8]);
    assert_eq!(
        keys.open_at(&sealed, &binding(), at(u64::MAX / 2)),
        Ok(progress())
    );
}

#[test]
fn an_expired_state_is_refused_and_a_live_one_accepted() {
    let keys = exact(1);
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
fn a_state_opens_for_the_clock_skew_allowance_past_its_expiry() {
    // The server that opens a state may read its expiry by a clock a little behind the
    // sealer's: the ring allows for that, 5 seconds unless told otherwise.
    let deadline = at(1_800_000_000);
    for (keys, allowance) in [
        (ring(1), StateKeys::DEFAULT_CLOCK_SKEW),
        (
            ring(1).with_clock_skew(Duration::from_secs(60)),
            Duration::from_secs(60),
        ),
        (exact(1), Duration::ZERO),
    ] {
        assert_eq!(keys.clock_skew(), allowance);
        let sealed = keys.seal_until(&progress(), &binding(), deadline).unwrap();
        // The header says when it expires; the allowance is the ring's, not the state's.
        assert_eq!(decode(&sealed)[6..14], 1_800_000_000u64.to_be_bytes());
        let last = deadline + allowance - Duration::from_nanos(1);
        assert_eq!(keys.open_at(&sealed, &binding(), last), Ok(progress()));
        assert_eq!(
            keys.open_at::<Progress>(&sealed, &binding(), deadline + allowance),
            Err(StateError::Expired)
        );
    }
    assert_eq!(StateKeys::DEFAULT_CLOCK_SKEW, Duration::from_secs(5));
}

#[test]
fn expiry_is_kept_to_the_second_rounded_down() {
    let keys = exact(1);
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
        keys.open_at::<Progress>(
            &sealed,
            &binding(),
            now + Duration::from_secs(61) + keys.clock_skew()
        ),
        Err(StateError::Expired)
    );
}

#[test]
fn a_zero_time_to_live_is_expired_at_once() {
    let keys = exact(1);
    let sealed = keys.seal_for(&1, &binding(), Duration::ZERO).unwrap();
    assert_eq!(
        keys.open::<u8>(&sealed, &binding()),
        Err(StateError::Expired)
    );
    // With the skew allowance, at the end of it.
    let keys = ring(1);
    let sealed = keys.seal_for(&1, &binding(), Duration::ZERO).unwrap();
    let late = SystemTime::now() + keys.clock_skew();
    assert_eq!(
        keys.open_at::<u8>(&sealed, &binding(), late),
        Err(StateError::Expired)
    );
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
    let keys = exact(1);
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
    for keys in [ring(1), readable(1)] {
        let sealed = keys.seal_until(&1, &binding(), at(1_000)).unwrap();
        let mut bytes = decode(&sealed);
        bytes[6..14].copy_from_slice(&0u64.to_be_bytes());
        assert_eq!(
            keys.open_at::<u8>(&encode(&bytes), &binding(), at(2_000)),
            Err(StateError::Tampered)
        );
    }
}

// Keys, their loaders, rotation

#[test]
fn a_generated_key_is_new_each_time_and_seals() {
    let keys = StateKeys::generate().unwrap();
    let sealed = keys.seal(&progress(), &binding()).unwrap();
    assert_eq!(open(&keys, &sealed, &binding()), Ok(progress()));
    assert_ne!(
        StateKey::generate().unwrap().id(),
        StateKey::generate().unwrap().id()
    );
    assert_eq!(
        open(&StateKeys::generate().unwrap(), &sealed, &binding()),
        Err(StateError::Foreign)
    );
}

/// A 32-byte secret whose every encoding uses the characters that tell the alphabets apart.
const SECRET_KEY: [u8; 32] = [
    0xfb, 0xff, 0xbf, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76,
    0x54, 0x32, 0x10, 0xf0, 0x0f, 0xff, 0xfe, 0xfd, 0x3e, 0x3f, 0xfb, 0xef, 0xbe, 0xfb, 0xff, 0xfa,
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn hex_and_both_base64_alphabets_padded_or_not_load_the_same_key() {
    let id = StateKey::new(&SECRET_KEY).unwrap().id();
    let standard = STANDARD.encode(SECRET_KEY);
    assert!(standard.contains('+') && standard.contains('/') && standard.ends_with('='));
    let texts = [
        standard.clone(),
        STANDARD_NO_PAD.encode(SECRET_KEY),
        URL_SAFE.encode(SECRET_KEY),
        URL_SAFE_NO_PAD.encode(SECRET_KEY),
        format!("  {standard}\n"),
    ];
    for text in &texts {
        assert_eq!(StateKey::from_base64(text).unwrap().id(), id, "{text}");
    }
    for text in [
        hex(&SECRET_KEY),
        hex(&SECRET_KEY).to_uppercase(),
        format!("{}\n", hex(&SECRET_KEY)),
    ] {
        assert_eq!(StateKey::from_hex(&text).unwrap().id(), id, "{text}");
    }
}

#[test]
fn bad_encodings_and_short_keys_are_refused_without_echoing_them() {
    let cases = [
        (StateKey::from_hex("abc"), KeyError::NotHex),
        (
            StateKey::from_hex(&format!("{}zz", "ab".repeat(32))),
            KeyError::NotHex,
        ),
        (
            StateKey::from_hex(&"ab".repeat(31)),
            KeyError::TooShort { length: 31 },
        ),
        (StateKey::from_base64("+/v7-_v7"), KeyError::NotBase64),
        (StateKey::from_base64("QUJD!"), KeyError::NotBase64),
        (StateKey::from_base64("QUJDRA==="), KeyError::NotBase64),
        (
            StateKey::from_base64(&STANDARD.encode([9; 31])),
            KeyError::TooShort { length: 31 },
        ),
        (StateKey::from_base64(""), KeyError::TooShort { length: 0 }),
    ];
    for (result, expected) in cases {
        let error = result.unwrap_err();
        assert_eq!(error, expected);
        let message = error.to_string();
        assert!(
            !message.contains("abab") && !message.contains("QUJD"),
            "{message}"
        );
        assert!(!message.ends_with('.'), "{message}");
    }
}

#[test]
fn a_key_shorter_than_32_bytes_is_refused() {
    for length in [0, 1, 16, 31] {
        assert_eq!(
            StateKey::new(&vec![7; length]).unwrap_err(),
            KeyError::TooShort { length }
        );
    }
    assert!(StateKey::new(&[7; 32]).is_ok());
    assert!(StateKey::new(&[7; 200]).is_ok());
    assert_eq!(
        KeyError::TooShort { length: 31 }.to_string(),
        "a request state key needs at least 32 bytes, got 31"
    );
}

#[test]
fn a_key_does_not_show_its_secret() {
    let debug = format!("{:?}", ring(0xab).with_audience("https://a.example"));
    assert!(!debug.contains("171"), "{debug}");
    assert!(!debug.to_lowercase().contains("abab"), "{debug}");
    assert!(debug.contains("https://a.example"), "{debug}");
}

#[test]
fn a_key_is_wiped_from_memory_when_dropped() {
    fn wiped_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    wiped_on_drop::<StateKey>();
}

/// Runs the ignored test `name` of this binary alone in a child process, with `variables`
/// set, and returns what it printed. A child, because setting a variable while other test
/// threads read the environment is a data race, and `tracing` may miss a thread's
/// subscriber while other threads first reach a log statement.
fn in_child(name: &str, variables: &[(&str, &str)]) -> String {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args([
        "--exact",
        name,
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ]);
    for (name, value) in variables {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// What `from_env` makes of the variables the parent set, one line each.
#[test]
#[ignore = "run in a child process by keys_load_from_the_environment"]
fn environment_child() {
    // libtest prints the test's name without a line break first.
    println!();
    for name in [
        "ELICIT_TEST_KEY",
        "ELICIT_TEST_SHORT",
        "ELICIT_TEST_BAD",
        "ELICIT_TEST_EMPTY",
        "ELICIT_TEST_UNSET",
    ] {
        match StateKey::from_env(name) {
            Ok(key) => println!("{name}: id {:010x}", key.id()),
            Err(error) => println!("{name}: {error}"),
        }
    }
    match StateKeys::from_env("ELICIT_TEST_RING") {
        Ok(keys) => {
            let ids: Vec<_> = keys
                .keys()
                .iter()
                .map(|key| format!("{:010x}", key.id()))
                .collect();
            println!("ELICIT_TEST_RING: ids {}", ids.join(" "));
        }
        Err(error) => println!("ELICIT_TEST_RING: {error}"),
    }
    match StateKeys::from_env("ELICIT_TEST_BAD_RING") {
        Ok(_) => println!("ELICIT_TEST_BAD_RING: opened"),
        Err(error) => println!("ELICIT_TEST_BAD_RING: {error}"),
    }
}

#[test]
fn keys_load_from_the_environment() {
    let secret = STANDARD.encode(SECRET_KEY);
    let short = "c2hvcnQtc2VjcmV0LXZhbHVl"; // 18 bytes
    let bad = "not a key at all!";
    let other = hex(&[7; 32]);
    let ring = format!("{secret}, {other},");
    let bad_ring = format!("{secret},{short}");
    let stdout = in_child(
        "environment_child",
        &[
            ("ELICIT_TEST_KEY", &secret),
            ("ELICIT_TEST_SHORT", short),
            ("ELICIT_TEST_BAD", bad),
            ("ELICIT_TEST_EMPTY", "  "),
            ("ELICIT_TEST_RING", &ring),
            ("ELICIT_TEST_BAD_RING", &bad_ring),
        ],
    );
    let id = |bytes: &[u8]| format!("{:010x}", StateKey::new(bytes).unwrap().id());
    let expected = [
        format!("ELICIT_TEST_KEY: id {}", id(&SECRET_KEY)),
        "ELICIT_TEST_SHORT: environment variable `ELICIT_TEST_SHORT`: a request state key needs at least 32 bytes, got 18".to_owned(),
        "ELICIT_TEST_BAD: environment variable `ELICIT_TEST_BAD`: a request state key must be in hex (an even number of hex digits) or base64 (standard or URL-safe, with or without padding)".to_owned(),
        "ELICIT_TEST_EMPTY: environment variable `ELICIT_TEST_EMPTY` is not set or empty: give it a key of at least 32 bytes in hex or base64 (`openssl rand -base64 32` makes one)".to_owned(),
        "ELICIT_TEST_UNSET: environment variable `ELICIT_TEST_UNSET` is not set or empty: give it a key of at least 32 bytes in hex or base64 (`openssl rand -base64 32` makes one)".to_owned(),
        format!("ELICIT_TEST_RING: ids {} {}", id(&SECRET_KEY), id(&[7; 32])),
        "ELICIT_TEST_BAD_RING: environment variable `ELICIT_TEST_BAD_RING`, key 2: a request state key needs at least 32 bytes, got 18".to_owned(),
    ];
    for line in &expected {
        assert!(
            stdout.lines().any(|printed| printed == line),
            "missing {line:?} in\n{stdout}"
        );
    }
    for value in [secret.as_str(), short, bad, other.as_str()] {
        assert!(!stdout.contains(value), "{value} echoed in\n{stdout}");
    }
}

#[test]
fn rotation_end_to_end() {
    let old = key(1);
    let new = key(2);
    let ttl = Duration::from_secs(600);
    let sealed_at = SystemTime::now();

    // Before: one key.
    let before = StateKeys::new(old.clone()).with_ttl(ttl);
    let in_flight = before.seal(&progress(), &ada()).unwrap();

    // Rotation: the new key seals, the old one still opens what it sealed.
    let rotating = StateKeys::new(new.clone())
        .with_previous(old.clone())
        .with_ttl(ttl);
    assert_eq!(open(&rotating, &in_flight, &ada()), Ok(progress()));
    let resealed = rotating.seal(&progress(), &ada()).unwrap();
    assert_eq!(decode(&resealed)[1..6], id_bytes(&new));
    // A server not yet rotated (a rolling deploy) cannot open the new key's states...
    assert_eq!(open(&before, &resealed, &ada()), Err(StateError::Foreign));
    // ...so add the new key everywhere first (as a previous key), then make it current.
    let staged = StateKeys::new(old.clone()).with_previous(new.clone());
    assert_eq!(open(&staged, &resealed, &ada()), Ok(progress()));

    // After the longest time to live (and the skew allowance), the old key's states have all
    // expired: retire it.
    let later = sealed_at + ttl + StateKeys::DEFAULT_CLOCK_SKEW + Duration::from_secs(1);
    assert_eq!(
        rotating.open_at::<Progress>(&in_flight, &ada(), later),
        Err(StateError::Expired)
    );
    let after = StateKeys::new(new).with_ttl(ttl);
    assert_eq!(open(&after, &in_flight, &ada()), Err(StateError::Foreign));
    assert_eq!(open(&after, &resealed, &ada()), Ok(progress()));
}

// One answer to every forgery

/// One refused state of each kind, made for real.
fn refusals() -> Vec<(StateError, String)> {
    let keys = ring(1).with_audience("a");
    let sealed = keys.seal(&progress(), &ada()).unwrap();
    let mut tampered = decode(&sealed);
    tampered[PAYLOAD_AT] ^= 1;
    let guard = MemoryReplayGuard::new();
    let once = keys.seal(&progress(), &ada()).unwrap();
    let forever = keys.seal_without_expiry(&progress(), &ada()).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime
        .block_on(keys.open_once::<Progress>(&once, &ada(), &guard))
        .unwrap();
    let cases: Vec<Result<Progress, StateError>> = vec![
        open(&keys, "garbage!", &ada()),
        open(&keys, &"A".repeat(MAX_SEALED_LEN + 1), &ada()),
        open(&ring(2).with_audience("a"), &sealed, &ada()),
        open(&keys, &encode(&tampered), &ada()),
        open(&ring(1).with_audience("b"), &sealed, &ada()),
        open(&keys, &sealed, &bob()),
        open(
            &keys,
            &sealed,
            &Binding::tool("x", &json!({})).with_principal("https://id.example|ada"),
        ),
        open(
            &keys
                .clone()
                .with_principal_policy(PrincipalPolicy::Required),
            &sealed,
            &binding(),
        ),
        keys.open_at(
            &sealed,
            &ada(),
            SystemTime::now() + Duration::from_secs(601) + keys.clock_skew(),
        ),
        runtime.block_on(keys.open_once(&forever, &ada(), &guard)),
        runtime.block_on(keys.open_once(&once, &ada(), &guard)),
        runtime.block_on(keys.open_once(&once, &ada(), &Unavailable)),
        keys.open::<u8>(&sealed, &ada()).map(|_| progress()),
    ];
    cases
        .into_iter()
        .map(|result| {
            let error = result.unwrap_err();
            let answer = client_answer(&error);
            (error, answer)
        })
        .collect()
}

#[test]
fn every_refusal_is_precise_for_the_server_and_the_same_for_the_client() {
    let refusals = refusals();
    let names: Vec<_> = refusals.iter().map(|(error, _)| error.name()).collect();
    assert_eq!(
        names,
        [
            "malformed",
            "oversized",
            "foreign",
            "tampered",
            "wrong_audience",
            "wrong_principal",
            "wrong_call",
            "no_principal",
            "expired",
            "never_expires",
            "already_used",
            "guard_failed",
            "unreadable"
        ]
    );
    for (error, answer) in &refusals {
        assert_eq!(answer, UNIFORM, "{error:?}");
        let message = error.to_string();
        assert!(message.starts_with("request state "), "{message}");
        assert!(!message.ends_with('.'), "{message}");
    }
}

#[test]
fn a_tampered_state_and_a_garbage_string_get_byte_identical_errors() {
    let keys = ring(1);
    let mut bytes = decode(&sealed());
    bytes[PAYLOAD_AT + 3] ^= 0x40;
    let tampered = keys
        .open::<Progress>(&encode(&bytes), &binding())
        .unwrap_err();
    let garbage = keys
        .open::<Progress>("!!! not a state !!!", &binding())
        .unwrap_err();
    assert_eq!(tampered, StateError::Tampered);
    assert_eq!(garbage, StateError::Malformed);
    assert_eq!(
        client_answer(&tampered).as_bytes(),
        client_answer(&garbage).as_bytes()
    );
    let rmcp_bytes = |error: StateError| serde_json::to_vec(&rmcp::ErrorData::from(error)).unwrap();
    assert_eq!(rmcp_bytes(tampered), rmcp_bytes(garbage));
    assert_eq!(
        rmcp_bytes(StateError::Expired),
        br#"{"code":-32602,"message":"invalid or expired request state"}"#
    );
}

/// A replay guard whose store is down.
struct Unavailable;

impl ReplayGuard for Unavailable {
    fn first_use(&self, _: StateUse) -> GuardFuture<'_> {
        Box::pin(std::future::ready(Err("connection refused".into())))
    }
}

/// One `tracing` event: its level, target, `reason` field and message.
type Logged = (tracing::Level, String, String, String);

/// Every `tracing` event.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<Logged>>>);

impl tracing::Subscriber for Capture {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(1)
    }

    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}

    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}

    fn event(&self, event: &tracing::Event<'_>) {
        #[derive(Default)]
        struct Fields {
            reason: String,
            message: String,
        }
        impl tracing::field::Visit for Fields {
            fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
                if field.name() == "reason" {
                    self.reason = value.to_owned();
                }
            }
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                if field.name() == "message" {
                    self.message = format!("{value:?}");
                }
            }
        }
        let mut fields = Fields::default();
        event.record(&mut fields);
        let metadata = event.metadata();
        self.0.lock().unwrap().push((
            *metadata.level(),
            metadata.target().to_owned(),
            fields.reason,
            fields.message,
        ));
    }

    fn enter(&self, _: &tracing::span::Id) {}

    fn exit(&self, _: &tracing::span::Id) {}
}

/// What the module logs for two refusals and an opening, one line each.
#[test]
#[ignore = "run in a child process by each_refusal_is_logged_with_its_reason_and_never_the_state"]
fn logging_child() {
    let capture = Capture::default();
    let keys = ring(1);
    let secret = keys.seal(&json!({"name": SECRET}), &binding()).unwrap();
    tracing::subscriber::with_default(capture.clone(), || {
        let _ = keys.open::<Value>(&secret, &bob());
        let _ = keys.open_at::<Value>(
            &secret,
            &binding(),
            SystemTime::now() + Duration::from_secs(700),
        );
        let _ = keys.open::<Value>(&secret, &binding());
    });
    println!("\nevents:");
    for (level, target, reason, message) in capture.0.lock().unwrap().iter() {
        println!("{level} {target} {reason}: {message}");
    }
    println!("sealed: {secret}");
}

#[test]
fn each_refusal_is_logged_with_its_reason_and_never_the_state() {
    let stdout = in_child("logging_child", &[]);
    let lines: Vec<_> = stdout
        .lines()
        .skip_while(|line| *line != "events:")
        .skip(1)
        .take_while(|line| !line.starts_with("sealed: "))
        .collect();
    assert_eq!(
        lines,
        [
            "WARN elicit_core::state wrong_principal: request state was issued to another principal",
            "DEBUG elicit_core::state expired: request state has expired",
        ],
        "an opened state is not logged:\n{stdout}"
    );
    let sealed = stdout
        .lines()
        .find_map(|line| line.strip_prefix("sealed: "))
        .unwrap();
    assert!(!lines.iter().any(|line| line.contains(&sealed[10..30])));
}

// Never over the limit

#[test]
fn sealing_past_64_kib_is_a_typed_error_naming_the_size_and_the_remedy() {
    let keys = ring(1);
    // A JSON string of `n` characters is `n + 2` bytes of JSON; 49 078 bytes seal to 65 536.
    let largest = "x".repeat(49_076);
    let sealed = keys.seal(&largest, &binding()).unwrap();
    assert_eq!(sealed.len(), MAX_SEALED_LEN);
    assert_eq!(keys.open::<String>(&sealed, &binding()).unwrap(), largest);
    let one_more = "x".repeat(49_077);
    for keys in [ring(1), readable(1)] {
        let error = keys.seal(&one_more, &binding()).unwrap_err();
        assert!(
            matches!(error, SealError::TooLarge { length: 65_538 }),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "the sealed request state would be 65538 bytes, over the 65536 a client must accept: \
             keep less in it (fewer answers, or a reference to data kept on the server)"
        );
    }
}

#[test]
fn the_sealed_length_is_known_before_sealing() {
    let keys = ring(1);
    for state in [
        json!(null),
        json!({"a": [1, 2, 3]}),
        json!("x".repeat(1_000)),
        json!({"name": SECRET}),
    ] {
        let expected = keys.sealed_len(&state).unwrap();
        assert_eq!(keys.seal(&state, &binding()).unwrap().len(), expected);
        assert_eq!(
            readable(1).seal(&state, &binding()).unwrap().len(),
            expected
        );
    }
    assert_eq!(keys.sealed_len(&"x".repeat(100_000)).unwrap(), 133_435);
}

#[test]
fn a_string_longer_than_the_cap_is_refused_before_it_is_decoded() {
    let keys = ring(1);
    // Past the cap, a string is refused for its length, whatever it holds.
    let long = format!("{}A", "x".repeat(MAX_SEALED_LEN));
    assert_eq!(
        open(&keys, &long, &binding()),
        Err(StateError::Oversized {
            length: MAX_SEALED_LEN + 1
        })
    );
    assert_eq!(
        open(&keys, &"A".repeat(MAX_SEALED_LEN), &binding()),
        Err(StateError::Malformed)
    );
}

/// The table of the state guide's "Sizes" section: (JSON bytes, sealed characters).
fn guide_sizes() -> Vec<(usize, usize)> {
    let guide = include_str!("../../elicit-runtime/docs/state.md");
    let section = guide.split("\n## Sizes\n").nth(1).expect("a Sizes section");
    let section = section.split("\n## ").next().unwrap();
    section
        .lines()
        .filter(|line| {
            line.starts_with("| ") && line.chars().nth(2).is_some_and(|c| c.is_ascii_digit())
        })
        .map(|line| {
            let cells: Vec<usize> = line
                .split('|')
                .skip(1)
                .take(2)
                .map(|cell| cell.trim().replace([' ', ','], "").parse().unwrap())
                .collect();
            (cells[0], cells[1])
        })
        .collect()
}

#[test]
fn the_guide_gives_the_measured_sizes() {
    let sizes = guide_sizes();
    assert!(sizes.len() >= 5, "{sizes:?}");
    for (payload, expected) in sizes {
        let state = "x".repeat(payload - 2);
        assert_eq!(serde_json::to_vec(&state).unwrap().len(), payload);
        for keys in [ring(1), readable(1)] {
            let sealed = keys.seal(&state, &binding()).unwrap();
            assert_eq!(sealed.len(), expected, "{payload} bytes");
        }
    }
}

// Replays: one-time use

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

#[test]
fn a_one_time_state_opens_once() {
    let keys = ring(1);
    let guard = MemoryReplayGuard::new();
    let sealed = sealed();
    assert_eq!(
        block_on(keys.open_once::<Progress>(&sealed, &binding(), &guard)),
        Ok(progress())
    );
    assert_eq!(
        block_on(keys.open_once::<Progress>(&sealed, &binding(), &guard)),
        Err(StateError::AlreadyUsed)
    );
    // Another seal of the same value is another state.
    let again = keys.seal(&progress(), &binding()).unwrap();
    assert_eq!(
        block_on(keys.open_once::<Progress>(&again, &binding(), &guard)),
        Ok(progress())
    );
    // Without the guard, a replay opens: the seal alone cannot tell.
    assert_eq!(open(&keys, &sealed, &binding()), Ok(progress()));
}

#[test]
fn a_refused_state_uses_up_nothing() {
    let keys = ring(1);
    let guard = MemoryReplayGuard::new();
    let sealed = sealed();
    let mut bytes = decode(&sealed);
    bytes[PAYLOAD_AT] ^= 1;
    for _ in 0..3 {
        assert_eq!(
            block_on(keys.open_once::<Progress>(&encode(&bytes), &binding(), &guard)),
            Err(StateError::Tampered)
        );
        assert_eq!(
            block_on(keys.open_once::<Progress>(&sealed, &bob(), &guard)),
            Err(StateError::WrongPrincipal)
        );
    }
    assert!(guard.is_empty());
    assert_eq!(
        block_on(keys.open_once::<Progress>(&sealed, &binding(), &guard)),
        Ok(progress())
    );
}

#[test]
fn a_guard_that_cannot_answer_refuses_the_state() {
    let error =
        block_on(ring(1).open_once::<Progress>(&sealed(), &binding(), &Unavailable)).unwrap_err();
    assert_eq!(error, StateError::GuardFailed("connection refused".into()));
    assert_eq!(client_answer(&error), UNIFORM);
}

#[test]
fn the_memory_guard_forgets_passed_states_and_refuses_when_full() {
    // Without a margin, to see an entry forgotten without waiting for one.
    let guard = MemoryReplayGuard::with_capacity(2).with_margin(Duration::ZERO);
    let used =
        |byte, until| StateUse::new(StateId::from_bytes([byte; 24]), Owner::Tool([1; 16]), until);
    // A state whose last moment (and the margin after it) has passed is forgotten at the
    // next record: no ring opens it.
    let past = SystemTime::now() - Duration::from_secs(1);
    let later = SystemTime::now() + Duration::from_secs(600);
    assert_eq!(guard.record(used(1, past)), Ok(true));
    assert_eq!(guard.len(), 1);
    assert_eq!(guard.record(used(2, later)), Ok(true));
    assert_eq!(guard.len(), 1);
    assert_eq!(guard.record(used(3, later)), Ok(true));
    assert_eq!(guard.len(), 2);
    // Full of live entries: refused, rather than forget one that could be replayed.
    let full = guard.record(used(4, later)).unwrap_err();
    assert_eq!(full, GuardFull::Capacity { capacity: 2 });
    assert_eq!(guard.record(used(2, later)), Ok(false));
    assert_eq!(guard.record(used(3, later)), Ok(false));
    // A forgotten state could be recorded again, but its expiry already refuses it.
    assert_eq!(guard.record(used(1, past)), Err(full));
    // With the margin, a state whose last moment has just passed is still remembered:
    // another server's clock may be behind this one.
    let guard = MemoryReplayGuard::new();
    let just = SystemTime::now() - Duration::from_secs(1);
    assert_eq!(guard.record(used(5, just)), Ok(true));
    assert_eq!(guard.record(used(6, later)), Ok(true));
    assert_eq!(guard.record(used(5, just)), Ok(false));

    // Through open_once, a full guard refuses the state.
    let guard = MemoryReplayGuard::with_capacity(0);
    let keys = ring(1);
    let error = block_on(keys.open_once::<Progress>(&sealed(), &binding(), &guard)).unwrap_err();
    assert_eq!(
        error,
        StateError::GuardFailed(GuardFull::Capacity { capacity: 0 }.to_string())
    );
}

/// A replay guard that remembers what it was asked.
#[derive(Default)]
struct Recording(Mutex<Vec<StateUse>>);

impl ReplayGuard for Recording {
    fn first_use(&self, used: StateUse) -> GuardFuture<'_> {
        self.0.lock().unwrap().push(used);
        Box::pin(std::future::ready(Ok(true)))
    }
}

#[test]
fn the_guard_is_given_the_nonce_the_owner_and_the_last_moment_the_state_opens() {
    let keys = ring(1).with_clock_skew(Duration::from_secs(30));
    let guard = Recording::default();
    let sealed = keys
        .seal_until(&progress(), &binding(), at(4_000_000_000))
        .unwrap();
    let adas = keys
        .seal_until(&progress(), &ada(), at(4_000_000_000))
        .unwrap();
    block_on(keys.open_once::<Progress>(&sealed, &binding(), &guard)).unwrap();
    block_on(keys.open_once::<Progress>(&adas, &ada(), &guard)).unwrap();
    let nonce = |sealed: &str| {
        StateId::from_bytes(decode(sealed)[NONCE_AT..HEADER_TAG_AT].try_into().unwrap())
    };
    let used = guard.0.lock().unwrap().clone();
    assert_eq!(used.len(), 2);
    assert_eq!(used[0].id(), nonce(&sealed));
    assert_eq!(used[1].id(), nonce(&adas));
    assert_eq!(used[0].accepted_until(), at(4_000_000_030));
    // Without a principal, the tool is charged, whatever the arguments; with one, the
    // principal, whatever the tool.
    assert!(!used[0].owner().is_principal());
    assert!(used[1].owner().is_principal());
    let other_arguments = Binding::tool("deploy", &json!({"service": "db"}));
    let other_tool = Binding::tool("undeploy", &json!({}));
    let owner_of = |binding: &Binding| {
        let guard = Recording::default();
        let sealed = keys.seal(&progress(), binding).unwrap();
        block_on(keys.open_once::<Progress>(&sealed, binding, &guard)).unwrap();
        guard.0.lock().unwrap()[0].owner()
    };
    assert_eq!(owner_of(&other_arguments), used[0].owner());
    assert_ne!(owner_of(&other_tool), used[0].owner());
    assert_eq!(
        owner_of(&other_tool.with_principal("https://id.example|ada")),
        used[1].owner()
    );
}

#[test]
fn a_guard_can_be_shared_as_a_trait_object() {
    let guard: Arc<dyn ReplayGuard> = Arc::new(MemoryReplayGuard::new());
    let keys = ring(1);
    let sealed = sealed();
    assert_eq!(
        block_on(keys.open_once::<Progress>(&sealed, &binding(), guard.as_ref())),
        Ok(progress())
    );
    assert_eq!(
        block_on(keys.open_once::<Progress>(&sealed, &binding(), guard.as_ref())),
        Err(StateError::AlreadyUsed)
    );
}

/// Seconds since the epoch, as `SystemTime` rounds them: the fraction too.
fn since_epoch(at: SystemTime) -> Duration {
    at.duration_since(UNIX_EPOCH).unwrap()
}

/// Sleeps until the system clock reads `at`.
fn sleep_until(at: SystemTime) {
    if let Ok(wait) = at.duration_since(SystemTime::now()) {
        std::thread::sleep(wait);
    }
}

#[test]
fn a_used_state_stays_used_in_the_last_second_of_its_life() {
    // The ring accepts a state until its expiry (and the skew allowance after it); the
    // guard must remember it at least that long, however its clock rounds.
    let keys = ring(1);
    let guard = MemoryReplayGuard::new();
    let now = since_epoch(SystemTime::now());
    let expiry = UNIX_EPOCH + Duration::from_secs(now.as_secs() + 2);
    let sealed = keys.seal_until(&progress(), &binding(), expiry).unwrap();
    assert_eq!(
        block_on(keys.open_once::<Progress>(&sealed, &binding(), &guard)),
        Ok(progress())
    );
    // Half a second before the expiry the header names (readable by anyone): the ring
    // still accepts the state, so the guard must still refuse it, as often as it is sent.
    sleep_until(expiry - Duration::from_millis(500));
    assert!(SystemTime::now() < expiry);
    for _ in 0..3 {
        assert_eq!(
            block_on(keys.open_once::<Progress>(&sealed, &binding(), &guard)),
            Err(StateError::AlreadyUsed)
        );
    }
}

#[test]
fn one_principal_cannot_fill_the_guard_for_everyone() {
    // A caller who uses one state after another holds at most the guard's quota of live
    // entries: past it their states are refused, and everyone else's still open.
    let keys = ring(1);
    let guard = MemoryReplayGuard::new();
    let mallory = binding().with_principal("https://id.example|mallory");
    let mut refused = None;
    for used in 0..=MemoryReplayGuard::DEFAULT_CAPACITY {
        let sealed = keys.seal(&progress(), &mallory).unwrap();
        if let Err(error) = block_on(keys.open_once::<Progress>(&sealed, &mallory, &guard)) {
            refused = Some((used, error));
            break;
        }
    }
    let (used, error) = refused.expect("the guard refuses one principal at some point");
    assert_eq!(used, MemoryReplayGuard::DEFAULT_QUOTA);
    assert!(matches!(error, StateError::GuardFailed(_)), "{error:?}");
    let sealed = keys.seal(&progress(), &ada()).unwrap();
    assert_eq!(
        block_on(keys.open_once::<Progress>(&sealed, &ada(), &guard)),
        Ok(progress())
    );
}

#[test]
fn a_one_time_state_must_expire() {
    // A state that never expires would be remembered forever: `open_once` refuses it.
    let keys = ring(1);
    let guard = MemoryReplayGuard::new();
    let forever = keys.seal_without_expiry(&progress(), &binding()).unwrap();
    assert_eq!(
        block_on(keys.open_once::<Progress>(&forever, &binding(), &guard)),
        Err(StateError::NeverExpires)
    );
    assert!(guard.is_empty());
    // Opened without the guard, it still opens: the refusal is `once`'s.
    assert_eq!(open(&keys, &forever, &binding()), Ok(progress()));
}

// Hostile input

#[test]
fn flipping_any_bit_of_any_byte_is_refused() {
    for keys in [ring(1), readable(1)] {
        let sealed = keys.seal(&progress(), &binding()).unwrap();
        let bytes = decode(&sealed);
        for index in 0..bytes.len() {
            for bit in 0..8 {
                let mut altered = bytes.clone();
                altered[index] ^= 1 << bit;
                let error = open(&keys, &encode(&altered), &binding()).unwrap_err();
                // The first byte is the format: another value is unknown, or the other format,
                // whose seal cannot hold.
                if index == 0 {
                    assert!(
                        matches!(error, StateError::Malformed | StateError::Tampered),
                        "bit {bit}: {error:?}"
                    );
                } else {
                    assert_eq!(error, StateError::Tampered, "byte {index}, bit {bit}");
                }
                assert_eq!(client_answer(&error), UNIFORM);
            }
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
    let keys = readable(1);
    let mut first = decode(&keys.seal(&progress(), &binding()).unwrap());
    let other = Progress {
        step: 9,
        name: "Bob".into(),
        cups: 1,
    };
    let second = decode(&keys.seal(&other, &binding()).unwrap());
    // Same length payloads: splice the second's payload under the first's tag.
    let tag_at = first.len() - TAG_LEN;
    first[PAYLOAD_AT..tag_at].copy_from_slice(&second[PAYLOAD_AT..tag_at]);
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
    bytes[PAYLOAD_AT + 1] ^= 1;
    assert_eq!(
        open(&ring(2), &encode(&bytes), &binding()),
        Err(StateError::Foreign)
    );
}

#[test]
fn a_state_of_the_first_format_is_malformed() {
    // The first format: byte 1, then 61 bytes of header and tag around the JSON.
    let mut old = vec![1];
    old.extend_from_slice(&id_bytes(&key(1)));
    old.extend_from_slice(&[0; 8 + 16]);
    old.extend_from_slice(br#"{"step":2,"name":"Ada","cups":3}"#);
    old.extend_from_slice(&[0; 32]);
    assert_eq!(
        open(&ring(1), &encode(&old), &binding()),
        Err(StateError::Malformed)
    );
}

#[test]
fn an_authentic_state_of_another_type_is_unreadable() {
    let keys = ring(1);
    let sealed = keys.seal("text", &binding()).unwrap();
    let error = keys.open::<Progress>(&sealed, &binding()).unwrap_err();
    assert_eq!(
        error,
        StateError::Unreadable {
            category: serde_json::error::Category::Data,
            line: 1,
            column: 6,
        }
    );
    assert_eq!(
        error.to_string(),
        "request state is unreadable: a value that does not fit the type at line 1 column 6 of its payload"
    );
}

#[test]
fn an_unreadable_state_is_described_without_its_content() {
    // Authentic states whose payload serde refuses: its messages quote what they refuse.
    let keys = ring(1);
    let card = "4242 4242 4242 4242";
    for (state, column) in [
        (json!({"step": card}), 29),
        (json!({"step": 2, "name": "Ada", "cups": -4242}), 35),
        (json!([card]), 22),
    ] {
        let sealed = keys.seal(&state, &binding()).unwrap();
        let error = keys.open::<Progress>(&sealed, &binding()).unwrap_err();
        let StateError::Unreadable {
            line, column: at, ..
        } = error
        else {
            panic!("{error:?}");
        };
        assert_eq!((line, at), (1, column), "{state}");
        for shown in [error.to_string(), format!("{error:?}")] {
            assert!(!shown.contains("4242"), "{shown}");
        }
    }
}

#[test]
fn a_state_that_cannot_be_json_is_not_sealed() {
    let state: BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into();
    assert!(matches!(
        ring(1).seal(&state, &binding()),
        Err(SealError::Json(_))
    ));
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
    ] {
        assert_eq!(
            open(&keys, garbage, &binding()),
            Err(StateError::Malformed),
            "{garbage}"
        );
    }
    for long in [huge, huge_garbage] {
        assert_eq!(
            open(&keys, &long, &binding()),
            Err(StateError::Oversized { length: 1 << 20 })
        );
    }
}

#[test]
fn every_truncation_is_refused() {
    for keys in [ring(1), readable(1)] {
        let sealed = keys.seal(&progress(), &binding()).unwrap();
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
            let expected = if end < PAYLOAD_AT + TAG_LEN {
                StateError::Malformed
            } else {
                StateError::Tampered
            };
            assert_eq!(error, expected, "{end}");
        }
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

/// One side of a seal or an open: the key, the audience, the principal, the call.
#[derive(Debug, Clone, PartialEq)]
struct Side {
    key: u8,
    audience: Option<&'static str>,
    principal: Option<&'static str>,
    tool: &'static str,
    argument: u8,
}

impl Side {
    fn ring(&self, readable: bool) -> StateKeys {
        let keys = ring(self.key);
        let keys = match self.audience {
            Some(audience) => keys.with_audience(audience),
            None => keys,
        };
        if readable { keys.readable() } else { keys }
    }

    fn binding(&self) -> Binding {
        let binding = Binding::tool(self.tool, &json!({"n": self.argument}));
        match self.principal {
            Some(principal) => binding.with_principal(principal),
            None => binding,
        }
    }

    /// The reason `self`'s ring refuses what `sealer` sealed, if any, in the order of the
    /// checks. A ring without an audience has the audience `""`; a binding without a
    /// principal differs from one with the principal `""`.
    fn refusal(&self, sealer: &Self) -> Option<StateError> {
        if self.key != sealer.key {
            Some(StateError::Foreign)
        } else if self.audience.unwrap_or("") != sealer.audience.unwrap_or("") {
            Some(StateError::WrongAudience)
        } else if self.principal != sealer.principal {
            Some(StateError::WrongPrincipal)
        } else if (self.tool, self.argument) != (sealer.tool, sealer.argument) {
            Some(StateError::WrongCall)
        } else {
            None
        }
    }
}

fn side() -> impl Strategy<Value = Side> {
    (
        1u8..4,
        prop::option::of(prop::sample::select(vec![
            "https://a.example",
            "https://b.example",
            "",
        ])),
        prop::option::of(prop::sample::select(vec!["ada", "bob", ""])),
        prop::sample::select(vec!["deploy", "pay"]),
        0u8..3,
    )
        .prop_map(|(key, audience, principal, tool, argument)| Side {
            key,
            audience,
            principal,
            tool,
            argument,
        })
}

/// How a sealed string is altered.
#[derive(Debug, Clone)]
enum Alteration {
    /// XOR a byte of the decoded form with a non-zero value.
    Byte(usize, u8),
    /// Cut the decoded form to this many bytes (modulo its length).
    Truncate(usize),
    /// Append these bytes to the decoded form.
    Extend(Vec<u8>),
    /// Re-encode: standard alphabet, padded; URL-safe, padded; standard, unpadded.
    Reencode(u8),
}

fn alteration() -> impl Strategy<Value = Alteration> {
    prop_oneof![
        (any::<usize>(), 1u8..=255).prop_map(|(at, xor)| Alteration::Byte(at, xor)),
        any::<usize>().prop_map(Alteration::Truncate),
        prop::collection::vec(any::<u8>(), 1..40).prop_map(Alteration::Extend),
        (0u8..3).prop_map(Alteration::Reencode),
    ]
}

/// `sealed` altered, or `None` when the alteration leaves it as it was.
fn alter(sealed: &str, alteration: &Alteration) -> Option<String> {
    let mut bytes = decode(sealed);
    let altered = match alteration {
        Alteration::Byte(at, xor) => {
            let at = at % bytes.len();
            bytes[at] ^= xor;
            encode(&bytes)
        }
        Alteration::Truncate(length) => encode(&bytes[..length % bytes.len()]),
        Alteration::Extend(tail) => {
            bytes.extend_from_slice(tail);
            encode(&bytes)
        }
        Alteration::Reencode(0) => STANDARD.encode(&bytes),
        Alteration::Reencode(1) => URL_SAFE.encode(&bytes),
        Alteration::Reencode(_) => STANDARD_NO_PAD.encode(&bytes),
    };
    (altered != sealed).then_some(altered)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn opening_a_sealed_value_gives_it_back(state in json_value(), arguments in json_value(), readable in any::<bool>()) {
        let keys = if readable { self::readable(1) } else { ring(1) };
        let binding = Binding::tool("t", &arguments);
        let sealed = keys.seal(&state, &binding).unwrap();
        prop_assert_eq!(sealed.len(), keys.sealed_len(&state).unwrap());
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
    fn any_key_audience_principal_or_call_mixed_is_refused_for_its_reason(
        sealer in side(),
        opener in side(),
        readable in any::<bool>(),
    ) {
        let sealed = sealer.ring(readable).seal(&progress(), &sealer.binding()).unwrap();
        let result = open(&opener.ring(!readable), &sealed, &opener.binding());
        match opener.refusal(&sealer) {
            None => prop_assert_eq!(result, Ok(progress())),
            Some(reason) => {
                let error = result.unwrap_err();
                prop_assert_eq!(client_answer(&error), UNIFORM);
                prop_assert_eq!(error, reason);
            }
        }
    }

    #[test]
    fn any_alteration_is_refused_with_the_one_answer(
        alteration in alteration(),
        readable in any::<bool>(),
        state in json_value(),
    ) {
        let keys = if readable { self::readable(1) } else { ring(1) };
        let sealed = keys.seal(&state, &binding()).unwrap();
        if let Some(altered) = alter(&sealed, &alteration) {
            let error = keys.open::<Value>(&altered, &binding()).unwrap_err();
            prop_assert!(
                matches!(error, StateError::Malformed | StateError::Tampered),
                "{:?}: {:?}", alteration, error
            );
            prop_assert_eq!(client_answer(&error), UNIFORM);
        }
    }

    #[test]
    fn any_string_is_refused_without_panicking(garbage in ".{0,400}") {
        let error = ring(1).open::<Value>(&garbage, &binding()).unwrap_err();
        prop_assert_eq!(client_answer(&error), UNIFORM);
    }

    #[test]
    fn any_base64_is_refused_without_panicking(garbage in "[A-Za-z0-9_-]{0,400}") {
        let error = ring(1).open::<Value>(&garbage, &binding()).unwrap_err();
        prop_assert_eq!(client_answer(&error), UNIFORM);
    }

    #[test]
    fn any_bytes_behind_a_real_header_are_refused(tail in prop::collection::vec(any::<u8>(), 0..200), readable in any::<bool>()) {
        let keys = if readable { self::readable(1) } else { ring(1) };
        let mut bytes = decode(&keys.seal(&progress(), &binding()).unwrap())[..PAYLOAD_AT].to_vec();
        bytes.extend(tail);
        let error = keys.open::<Value>(&encode(&bytes), &binding()).unwrap_err();
        prop_assert!(matches!(error, StateError::Malformed | StateError::Tampered), "{:?}", error);
    }
}
