//! The conversions between the crate's protocol types and rmcp's model, and the
//! 2026-07-28 helpers, without a transport.

use elicit_core::dialog::Halt;
use elicit_core::protocol::{
    ElicitAction, ElicitMode, ElicitRequest, ElicitResult, ElicitationSupport, OutcomeError,
    ProtocolVersion, UrlRequest,
};
use elicit_core::rmcp::{
    form_input_required, form_outcome, input_request, input_required, protocol_version,
    url_input_required, url_outcome,
};
use elicit_core::schema::{PropertySchema, RequestedSchema};
use elicit_core::{ContentError, Elicit, ElicitOutcome, FieldError, FieldErrorKind};
use rmcp::model::{
    self as m, ClientCapabilities, ElicitRequestParams, ElicitationAction, ElicitationCapability,
    ElicitationSchema, ErrorCode, FormElicitationCapability, InputResponses,
    UrlElicitationCapability,
};
use serde_json::{Value, json};

// ---------------------------------------------------------------- forms

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(untitled, rename_all = "lowercase")]
enum Status {
    Active,
    Inactive,
    Pending,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
enum Hero {
    /// Superman
    #[elicit(rename = "hero-1")]
    Hero1,
    /// Green Lantern
    #[elicit(rename = "hero-2")]
    Hero2,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(legacy_enum_names, rename_all = "lowercase")]
enum Pet {
    /// Cats
    Pet1,
    /// Dogs
    Pet2,
}

/// Every kind of property, declared out of alphabetical order
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
#[elicit(rename_all = "camelCase")]
struct Everything {
    /// Your full name
    #[elicit(title = "Name", min_length = 1, max_length = 80)]
    zed_name: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(format = "uri")]
    homepage: Option<String>,
    #[elicit(format = "date", default = "2000-01-01")]
    birthdate: String,
    #[elicit(minimum = 1, maximum = 100, default = 42)]
    integer: i32,
    #[elicit(minimum = 0, maximum = 1000, default = 3.5)]
    number: f64,
    #[elicit(default = true)]
    check: bool,
    #[elicit(default = Status::Active)]
    status: Status,
    #[elicit(default = Hero::Hero1)]
    hero: Hero,
    pet: Option<Pet>,
    #[elicit(min_items = 1, max_items = 2, default = [Status::Pending])]
    statuses: Vec<Status>,
    #[elicit(min_items = 1)]
    heroes: Vec<Hero>,
}

/// What rmcp's model cannot hold
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Loose {
    #[elicit(pattern = "^[A-Z]{3}$")]
    code: String,
    // Widened past I-JSON's 2^53 − 1 to the type's own range, beyond rmcp's `i64`.
    #[elicit(maximum = 18446744073709551615)]
    count: u64,
    offset: i64,
}

/// Numbers compared by value: rmcp holds `number` bounds as `f64`, which print as `0.0`.
fn normalized(value: Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64().unwrap()),
        Value::Array(items) => Value::Array(items.into_iter().map(normalized).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, normalized(v))).collect())
        }
        other => other,
    }
}

fn names(schema: &RequestedSchema) -> Vec<&str> {
    schema
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect()
}

// ---------------------------------------------------------------- schema

#[test]
fn every_property_kind_converts_to_the_same_json() {
    let ours = Everything::requested_schema();
    let theirs = ElicitationSchema::from(ours);
    assert_eq!(
        normalized(serde_json::to_value(&theirs).unwrap()),
        normalized(serde_json::to_value(ours).unwrap())
    );
    // Each kind lands in rmcp's matching type.
    let kind = |name: &str| match &theirs.properties[name] {
        m::PrimitiveSchemaDefinition::String(_) => "string",
        m::PrimitiveSchemaDefinition::Integer(_) => "integer",
        m::PrimitiveSchemaDefinition::Number(_) => "number",
        m::PrimitiveSchemaDefinition::Boolean(_) => "boolean",
        m::PrimitiveSchemaDefinition::Enum(m::EnumSchema::Single(
            m::SingleSelectEnumSchema::Untitled(_),
        )) => "untitled single",
        m::PrimitiveSchemaDefinition::Enum(m::EnumSchema::Single(
            m::SingleSelectEnumSchema::Titled(_),
        )) => "titled single",
        m::PrimitiveSchemaDefinition::Enum(m::EnumSchema::Legacy(_)) => "legacy",
        m::PrimitiveSchemaDefinition::Enum(m::EnumSchema::Multi(
            m::MultiSelectEnumSchema::Untitled(_),
        )) => "untitled multi",
        m::PrimitiveSchemaDefinition::Enum(m::EnumSchema::Multi(
            m::MultiSelectEnumSchema::Titled(_),
        )) => "titled multi",
        _ => "other",
    };
    assert_eq!(
        names(ours).into_iter().map(kind).collect::<Vec<_>>(),
        [
            "string",
            "string",
            "string",
            "string",
            "integer",
            "number",
            "boolean",
            "untitled single",
            "titled single",
            "legacy",
            "untitled multi",
            "titled multi"
        ]
    );
}

#[test]
fn the_declared_order_survives_rmcp_serialization() {
    let theirs = ElicitationSchema::from(Everything::requested_schema());
    assert_eq!(
        theirs.property_order.as_deref().unwrap(),
        names(Everything::requested_schema())
    );
    // As text, and as a `Value` (the route rmcp's request params take): `preserve_order`
    // is on with the `rmcp` feature.
    let text = serde_json::to_string(&theirs).unwrap();
    let value = serde_json::to_value(&theirs).unwrap();
    for written in [text, value.to_string()] {
        assert!(
            written.starts_with(
                r#"{"type":"object","properties":{"zedName":{"type":"string","title":"Name""#
            ),
            "{written}"
        );
        let positions: Vec<usize> = names(Everything::requested_schema())
            .iter()
            .map(|name| written.find(&format!("\"{name}\":{{")).unwrap())
            .collect();
        assert!(positions.is_sorted(), "{written}");
    }
}

#[test]
fn what_rmcp_cannot_hold_is_left_out_and_still_enforced() {
    let theirs = ElicitationSchema::from(Loose::requested_schema());
    assert_eq!(
        serde_json::to_value(&theirs).unwrap(),
        json!({
            "type": "object",
            "properties": {
                "code": {"type": "string"},
                "count": {"type": "integer", "minimum": 0},
                "offset": {"type": "integer", "minimum": -9_007_199_254_740_991_i64, "maximum": 9_007_199_254_740_991_i64}
            },
            "required": ["code", "count", "offset"]
        })
    );
    let error = Loose::from_content(
        json!({"code": "abc", "count": 1, "offset": 0})
            .as_object()
            .unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "`code`: must match the pattern `^[A-Z]{3}$`"
    );
}

#[test]
fn rmcp_schemas_read_back_in_wire_order() {
    let theirs = ElicitationSchema::from(Everything::requested_schema());
    let ours = RequestedSchema::try_from(&theirs).unwrap();
    assert_eq!(names(&ours), names(Everything::requested_schema()));
    assert_eq!(ours.required, Everything::requested_schema().required);
    // rmcp's own builder: its order is the BTreeMap's, unless `property_order` says otherwise.
    let mut built = ElicitationSchema::builder()
        .required_string("zeta")
        .optional_bool("alpha", true)
        .build()
        .unwrap();
    assert_eq!(
        names(&RequestedSchema::try_from(&built).unwrap()),
        ["alpha", "zeta"]
    );
    built.property_order = Some(vec!["zeta".into(), "alpha".into()]);
    let ours = RequestedSchema::try_from(&built).unwrap();
    assert_eq!(names(&ours), ["zeta", "alpha"]);
    assert!(
        matches!(ours.property("alpha"), Some(PropertySchema::Boolean(b)) if b.default == Some(true))
    );
}

#[test]
fn a_schema_the_model_cannot_fully_hold_lists_what_it_cannot_use() {
    let mut legacy = m::LegacyEnumSchema::new(vec!["a".into(), "b".into()]);
    legacy.enum_names = Some(vec!["A".into()]); // one name short
    let schema = ElicitationSchema::builder()
        .property(
            "choice",
            m::PrimitiveSchemaDefinition::Enum(m::EnumSchema::Legacy(legacy)),
        )
        .build()
        .unwrap();
    // Spec-valid (the spec does not tie `enumNames` to `enum`), so the form is read: the
    // options shown by value, the names listed as unchecked and kept for writing back.
    let ours = RequestedSchema::try_from(&schema).unwrap();
    assert!(matches!(
        ours.property("choice"),
        Some(PropertySchema::UntitledSingleSelect(s)) if s.options == ["a", "b"]
    ));
    let unchecked = ours.unchecked();
    assert_eq!(unchecked.len(), 1);
    assert_eq!(
        (
            unchecked[0].property.as_deref(),
            unchecked[0].keyword.as_str()
        ),
        (Some("choice"), "enumNames")
    );
    assert_eq!(
        serde_json::to_value(&ours).unwrap()["properties"]["choice"]["enumNames"],
        serde_json::json!(["A"])
    );
}

// ---------------------------------------------------------------- requests

#[test]
fn requests_are_written_per_revision() {
    /// No multi-selects: 2025-06-18 has none
    #[derive(Elicit)]
    #[elicit(untitled)]
    struct Older {
        #[elicit(default = Hero::Hero2)]
        hero: Hero,
        #[elicit(default = 7)]
        integer: u8,
        #[elicit(default = true)]
        check: bool,
    }

    let request = ElicitRequest::form::<Everything>();
    let form = |version| match request.to_rmcp_params(version).unwrap() {
        ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } => (message, serde_json::to_value(requested_schema).unwrap()),
        other => panic!("a form, got {other:?}"),
    };
    let (message, latest) = form(ProtocolVersion::V2025_11_25);
    assert_eq!(
        message,
        "Every kind of property, declared out of alphabetical order"
    );
    assert_eq!(
        latest["properties"]["hero"]["oneOf"][1],
        json!({"const": "hero-2", "title": "Green Lantern"})
    );

    let ElicitRequestParams::FormElicitationParams {
        requested_schema, ..
    } = ElicitRequest::form::<Older>()
        .to_rmcp_params(ProtocolVersion::V2025_06_18)
        .unwrap()
    else {
        panic!("a form")
    };
    assert_eq!(
        serde_json::to_string(&requested_schema).unwrap(),
        r#"{"type":"object","properties":{"hero":{"type":"string","enum":["hero-1","hero-2"],"enumNames":["Superman","Green Lantern"]},"integer":{"type":"integer","minimum":0,"maximum":255},"check":{"type":"boolean","default":true}}}"#
    );
}

#[test]
fn multi_selects_cannot_be_written_for_2025_06_18() {
    #[derive(Elicit)]
    enum Extra {
        Bread,
    }
    /// Extras
    #[derive(Elicit)]
    #[elicit(untitled)]
    struct Extras {
        extras: Vec<Extra>,
    }
    let error = ElicitRequest::form::<Extras>()
        .to_rmcp_params(ProtocolVersion::V2025_06_18)
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("field `extras` is a multi-select")
    );
}

#[test]
fn url_requests_both_ways() {
    let request = ElicitRequest::url("Sign in", "https://example.com/sign-in", "e-1").unwrap();
    let params = request
        .to_rmcp_params(ProtocolVersion::V2025_11_25)
        .unwrap();
    let ElicitRequestParams::UrlElicitationParams {
        url,
        elicitation_id,
        ..
    } = &params
    else {
        panic!("a URL request")
    };
    assert_eq!(
        (url.as_str(), elicitation_id.as_str()),
        ("https://example.com/sign-in", "e-1")
    );
    assert_eq!(ElicitRequest::try_from(&params).unwrap(), request);

    // 2026-07-28 has no elicitationId; rmcp writes it as "", read back as absent.
    let params = request
        .to_rmcp_params(ProtocolVersion::V2026_07_28)
        .unwrap();
    let back = ElicitRequest::try_from(&params).unwrap();
    assert_eq!(back.mode(), ElicitMode::Url);
    assert_eq!(back.to_input_request()["params"].get("elicitationId"), None);

    // No URL mode in 2025-06-18.
    assert!(
        request
            .to_rmcp_params(ProtocolVersion::V2025_06_18)
            .is_err()
    );

    let bad = ElicitRequestParams::UrlElicitationParams {
        meta: None,
        message: "m".into(),
        url: "/relative".into(),
        elicitation_id: "e".into(),
    };
    assert_eq!(ElicitRequest::try_from(&bad).unwrap_err().path(), "url");
}

// ---------------------------------------------------------------- results and outcomes

#[test]
fn results_both_ways() {
    for ours in [
        ElicitResult::accept(json!({"a": 1}).as_object().unwrap().clone()),
        ElicitResult::accept_url(),
        ElicitResult::decline(),
        ElicitResult::cancel(),
    ] {
        let theirs = m::ElicitResult::from(&ours);
        assert_eq!(serde_json::to_value(&theirs).unwrap(), ours.to_value());
        assert_eq!(ElicitResult::try_from(&theirs).unwrap(), ours);
    }
    // Content on a decline is ignored; `null` content is none.
    let theirs = m::ElicitResult::new(ElicitationAction::Decline).with_content(json!({"x": 1}));
    assert_eq!(
        ElicitResult::try_from(&theirs).unwrap(),
        ElicitResult::decline()
    );
    let theirs = m::ElicitResult::new(ElicitationAction::Accept).with_content(Value::Null);
    assert_eq!(
        ElicitResult::try_from(&theirs).unwrap(),
        ElicitResult::accept_url()
    );
}

#[test]
fn outcomes_both_ways() {
    let answer = json!({"code": "ABC", "count": 3, "offset": -1});
    let theirs = m::ElicitResult::new(ElicitationAction::Accept).with_content(answer.clone());
    let outcome = ElicitOutcome::<Loose>::try_from(&theirs).unwrap();
    assert_eq!(
        outcome,
        ElicitOutcome::Accepted(Loose {
            code: "ABC".into(),
            count: 3,
            offset: -1
        })
    );
    assert_eq!(m::ElicitResult::from(&outcome).content, Some(answer));

    let invalid =
        m::ElicitResult::new(ElicitationAction::Accept).with_content(json!({"code": "abc"}));
    let error = ElicitOutcome::<Loose>::try_from(&invalid).unwrap_err();
    let fields: Vec<&str> = error
        .content_error()
        .unwrap()
        .errors()
        .iter()
        .map(FieldError::field)
        .collect();
    assert_eq!(fields, ["code", "count", "offset"]);

    let not_an_object = m::ElicitResult::new(ElicitationAction::Accept).with_content(json!([1]));
    assert!(matches!(
        ElicitOutcome::<Loose>::try_from(&not_an_object),
        Err(OutcomeError::Malformed(_))
    ));
}

// ---------------------------------------------------------------- capabilities and versions

#[test]
fn capabilities() {
    let with = |elicitation| {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = elicitation;
        ElicitationSupport::from(&capabilities)
    };
    assert_eq!(with(None), ElicitationSupport::NONE);
    assert_eq!(
        with(Some(ElicitationCapability::new())),
        ElicitationSupport::FORM
    );
    assert_eq!(
        with(Some(
            ElicitationCapability::new().with_url(UrlElicitationCapability::new())
        )),
        ElicitationSupport {
            form: false,
            url: true
        }
    );
    assert_eq!(
        with(Some(
            ElicitationCapability::new()
                .with_form(FormElicitationCapability::new())
                .with_url(UrlElicitationCapability::new())
        )),
        ElicitationSupport::ALL
    );
}

#[test]
fn versions() {
    for version in ProtocolVersion::ALL {
        assert_eq!(
            protocol_version(&m::ProtocolVersion::from(version)),
            version
        );
    }
    assert_eq!(
        protocol_version(&m::ProtocolVersion::V_2024_11_05),
        ProtocolVersion::V2025_06_18
    );
}

// ---------------------------------------------------------------- 2026-07-28 helpers

#[test]
fn input_required_carries_the_2026_form_under_the_key() {
    let result = form_input_required::<Loose>("loose");
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(
        json,
        json!({
            "resultType": "input_required",
            "inputRequests": {"loose": {
                "method": "elicitation/create",
                "params": {
                    "mode": "form",
                    "message": "What rmcp's model cannot hold",
                    "requestedSchema": {
                        "type": "object",
                        "properties": {
                            "code": {"type": "string"},
                            "count": {"type": "integer", "minimum": 0},
                            "offset": {"type": "integer", "minimum": -9_007_199_254_740_991_i64, "maximum": 9_007_199_254_740_991_i64}
                        },
                        "required": ["code", "count", "offset"]
                    }
                }
            }}
        })
    );
    // The same entry as `input_request`, and as `input_required` with any request.
    let request = ElicitRequest::form::<Loose>();
    assert_eq!(
        serde_json::to_value(input_request(&request)).unwrap(),
        json["inputRequests"]["loose"]
    );
    assert_eq!(
        serde_json::to_value(input_required("loose", &request)).unwrap(),
        json
    );

    let url = UrlRequest::new("Pay", "https://pay.example.com/", "p-1").unwrap();
    let json = serde_json::to_value(url_input_required("pay", url)).unwrap();
    assert_eq!(json["inputRequests"]["pay"]["params"]["mode"], "url");
}

#[test]
fn outcomes_are_read_from_the_retry() {
    let mut responses = InputResponses::new();
    responses.insert(
        "loose".into(),
        json!({"action": "accept", "content": {"code": "ABC", "count": 1, "offset": 2}}),
    );
    responses.insert("pay".into(), json!({"action": "cancel"}));
    responses.insert("bad".into(), json!({"action": "later"}));
    responses.insert(
        "wrong".into(),
        json!({"action": "accept", "content": {"code": "x"}}),
    );

    assert_eq!(
        form_outcome::<Loose>(Some(&responses), "loose").unwrap(),
        Some(ElicitOutcome::Accepted(Loose {
            code: "ABC".into(),
            count: 1,
            offset: 2
        }))
    );
    assert_eq!(
        form_outcome::<Loose>(Some(&responses), "missing").unwrap(),
        None
    );
    assert_eq!(form_outcome::<Loose>(None, "loose").unwrap(), None);
    assert_eq!(
        url_outcome(Some(&responses), "pay").unwrap(),
        Some(ElicitAction::Cancel)
    );
    assert!(matches!(
        url_outcome(Some(&responses), "bad"),
        Err(Halt::Malformed { key, .. }) if key == "bad"
    ));
    assert!(matches!(
        form_outcome::<Loose>(Some(&responses), "wrong"),
        Err(Halt::Invalid { key, .. }) if key == "wrong"
    ));
}

// ---------------------------------------------------------------- errors

#[test]
fn halts_become_json_rpc_errors() {
    // Every way of asking fails with a `Halt`; rmcp's `ErrorData` is made of one in one place.
    let invalid = Halt::Invalid {
        key: String::new(),
        errors: ContentError::from(vec![FieldError::new("code", FieldErrorKind::Missing)]),
    };
    let data = rmcp::ErrorData::from(invalid);
    assert_eq!(data.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(
        data.data,
        Some(
            json!({"errors": [{"field": "code", "kind": "missing", "message": "a value is required"}]})
        )
    );

    let unsupported = ElicitationSupport::NONE
        .check(&ElicitRequest::form::<Loose>())
        .unwrap_err();
    let data = rmcp::ErrorData::from(Halt::from(unsupported));
    assert_eq!(data.code, ErrorCode(-32021));
    assert_eq!(
        data.data,
        Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}}))
    );

    // The client's own error passes through as it is.
    let refused = rmcp::ErrorData::invalid_request("no", None);
    let data = rmcp::ErrorData::from(Halt::from(refused.clone()));
    assert_eq!(data, refused);

    let internal = rmcp::ErrorData::from(Halt::internal("the transport closed"));
    assert_eq!(internal.code, ErrorCode::INTERNAL_ERROR);
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Status>();
    tests::soundness::check_form_is_sound::<Hero>();
    tests::soundness::check_form_is_sound::<Pet>();
    tests::soundness::check_form_is_sound::<Everything>();
    tests::soundness::check_form_is_sound::<Loose>();
}
