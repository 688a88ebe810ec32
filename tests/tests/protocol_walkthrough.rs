//! The code of the protocol walkthrough (`elicit-runtime/docs/protocol.md`, part of the
//! `protocol` module's docs), block by block, so that it is compiled and run even where the
//! doctests are not. Keep the two in step.

#[test]
fn a_form_from_request_to_typed_answer() {
    use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
    use elicit_core::{Elicit, ElicitOutcome};
    use serde_json::json;

    /// Please provide your contact information
    #[derive(Elicit, Debug, PartialEq)]
    #[elicit(untitled)]
    struct Contact {
        /// Your full name
        name: String,
        /// Your email address
        #[elicit(format = "email")]
        email: String,
        /// Your age
        #[elicit(minimum = 18)]
        age: Option<u8>,
    }

    // Server: did the client declare form mode in `initialize`? Then send the request.
    let capabilities = json!({"elicitation": {}}); // `{}` means form mode only
    let support = ElicitationSupport::from_client_capabilities(&capabilities).unwrap();
    let request = ElicitRequest::form::<Contact>();
    support.check(&request).unwrap();
    assert_eq!(
        request.to_jsonrpc(2),
        json!({
            "jsonrpc": "2.0",
            "id": 2,
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": "Please provide your contact information",
                "requestedSchema": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "description": "Your full name"},
                        "email": {"type": "string", "description": "Your email address", "format": "email"},
                        "age": {"type": "integer", "description": "Your age", "minimum": 18, "maximum": 255}
                    },
                    "required": ["name", "email"]
                }
            }
        })
    );

    // Server: the client's response, parsed and validated into the type.
    let response = json!({
        "jsonrpc": "2.0",
        "id": 2,
        "result": {"action": "accept", "content": {"name": "Monalisa Octocat", "email": "octocat@github.com", "age": 30}}
    });
    match ElicitOutcome::<Contact>::from_result(&response).unwrap() {
        ElicitOutcome::Accepted(contact) => assert_eq!(contact.age, Some(30)),
        ElicitOutcome::Declined | ElicitOutcome::Cancelled => unreachable!(),
    }

    // "reject" (the 2025-06-18 word) is a decline; invalid content keeps every field's error.
    let declined = json!({"action": "reject"});
    assert_eq!(
        ElicitOutcome::<Contact>::from_result(&declined).unwrap(),
        ElicitOutcome::Declined
    );
    let invalid =
        json!({"action": "accept", "content": {"name": "Mona", "email": "mona", "age": 12}});
    let error = ElicitOutcome::<Contact>::from_result(&invalid).unwrap_err();
    let fields: Vec<&str> = error
        .content_error()
        .unwrap()
        .errors()
        .iter()
        .map(|e| e.field())
        .collect();
    assert_eq!(fields, ["email", "age"]);
}

#[test]
fn the_client_side() {
    use elicit_core::protocol::{ElicitRequest, ElicitResult};
    use serde_json::json;

    let wire = r#"{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{
        "message":"Shipping details",
        "requestedSchema":{"type":"object","properties":{
            "zip":{"type":"string","pattern":"^[0-9]{5}$"},
            "express":{"type":"boolean","default":false}},"required":["zip"]}}}"#;
    let request: ElicitRequest = serde_json::from_str(wire).unwrap();
    let schema = request.requested_schema().unwrap();

    let mut answer = json!({"zip": "1234"}).as_object().unwrap().clone();
    schema.apply_defaults(&mut answer);
    let error = schema.validate(&answer).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`zip`: must match the pattern `^[0-9]{5}$`"
    );

    answer.insert("zip".into(), json!("12345"));
    schema.validate(&answer).unwrap();
    assert_eq!(
        ElicitResult::accept(answer).to_jsonrpc(7),
        json!({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {"zip": "12345", "express": false}}}),
    );
}

#[test]
fn url_mode() {
    use elicit_core::protocol::{
        ElicitRequest, ElicitResult, ElicitationComplete, UrlElicitationRequired, UrlError,
        UrlPolicy, UrlRequest, new_elicitation_id,
    };
    use serde_json::json;

    let id = new_elicitation_id(); // a random UUID: unguessable
    let url = format!("https://mcp.example.com/connect?elicitationId={id}");
    let request =
        ElicitRequest::url("Please connect your Example Co account.", &url, id.clone()).unwrap();
    assert_eq!(
        request.to_jsonrpc(3)["params"],
        json!({
            "mode": "url",
            "message": "Please connect your Example Co account.",
            "url": url,
            "elicitationId": id,
        })
    );

    assert_eq!(
        ElicitRequest::url("…", "/connect", "e").unwrap_err(),
        UrlError::NotAbsolute
    );
    assert_eq!(
        ElicitRequest::url("…", "https://me:pw@example.com/", "e").unwrap_err(),
        UrlError::Credentials
    );
    assert_eq!(
        ElicitRequest::url("…", "http://example.com/", "e").unwrap_err(),
        UrlError::NotHttps { loopback: false }
    );
    assert!(
        ElicitRequest::url_with_policy(
            "…",
            "http://localhost:8080/",
            "e",
            UrlPolicy::AllowLoopbackHttp
        )
        .is_ok()
    );

    // The client's `accept` only means the user agreed to open the URL.
    let consent = ElicitResult::from_value(&json!({"action": "accept"})).unwrap();
    assert_eq!(consent, ElicitResult::accept_url());

    // When the browser flow is done, the server may notify the client...
    let done = ElicitationComplete::for_request(&request).unwrap();
    assert_eq!(
        done.to_jsonrpc(),
        json!({
            "jsonrpc": "2.0",
            "method": "notifications/elicitation/complete",
            "params": {"elicitationId": id},
        })
    );

    // ...or refuse a request until the user has been through the URL (-32042).
    let connect = UrlRequest::new("Authorization is required.", &url, id.clone()).unwrap();
    let error =
        UrlElicitationRequired::new("This request requires more information.", connect).unwrap();
    assert_eq!(error.to_jsonrpc(4)["error"]["code"], -32042);
}

#[test]
fn protocol_revisions() {
    use elicit_core::Elicit;
    use elicit_core::protocol::{ElicitRequest, ProtocolVersion, RenderError};
    use serde_json::json;

    /// Pick a size
    #[derive(Elicit)]
    enum Size {
        /// Small (8 oz)
        Small,
        /// Large (16 oz)
        Large,
    }

    /// Your order
    #[derive(Elicit)]
    #[elicit(untitled)]
    struct Order {
        #[elicit(default = "Large")]
        size: Size,
        #[elicit(default = false)]
        decaf: bool,
    }

    let params = ElicitRequest::form::<Order>()
        .render(ProtocolVersion::V2025_06_18)
        .unwrap();
    assert_eq!(
        params,
        json!({
            "message": "Your order",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "size": {"type": "string", "enum": ["Small", "Large"], "enumNames": ["Small (8 oz)", "Large (16 oz)"]},
                    "decaf": {"type": "boolean", "default": false}
                }
            }
        })
    );

    #[derive(Elicit)]
    enum Extra {
        Sugar,
        Cinnamon,
    }

    /// Your order, with extras
    #[derive(Elicit)]
    #[elicit(untitled)]
    struct FancyOrder {
        extras: Vec<Extra>,
    }

    let error = ElicitRequest::form::<FancyOrder>()
        .render(ProtocolVersion::V2025_06_18)
        .unwrap_err();
    assert!(matches!(&error, RenderError::MultiSelect { fields, .. } if fields == &["extras"]));
    assert!(
        error
            .to_string()
            .starts_with("field `extras` is a multi-select")
    );
}

#[test]
fn the_2026_07_28_exchange() {
    use elicit_core::protocol::{
        ElicitRequest, ElicitResult, ElicitationSupport, InputRequiredResult, InputResponses,
    };
    use elicit_core::{Elicit, ElicitOutcome};
    use serde_json::json;

    /// Please provide your GitHub username
    #[derive(Elicit, Debug, PartialEq)]
    #[elicit(untitled)]
    struct GitHub {
        name: String,
    }

    // Server, on `tools/call`:
    let call = json!({"name": "star_repo", "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}
    }});
    let request = ElicitRequest::form::<GitHub>();
    ElicitationSupport::from_request_meta(&call)
        .unwrap()
        .check(&request)
        .unwrap();
    let result = InputRequiredResult::new("github", request).with_state("opaque-1");
    assert_eq!(
        result.to_value()["inputRequests"]["github"]["method"],
        "elicitation/create"
    );

    // Client: answer under the same key and retry.
    let content = json!({"name": "octocat"}).as_object().unwrap().clone();
    let responses = InputResponses::new().with("github", &ElicitResult::accept(content));
    let retry = json!({"name": "star_repo", "inputResponses": responses.to_value(), "requestState": "opaque-1"});

    // Server, on the retried `tools/call`:
    let answers = InputResponses::from_value(&retry).unwrap();
    assert_eq!(
        answers.outcome::<GitHub>("github").unwrap(),
        ElicitOutcome::Accepted(GitHub {
            name: "octocat".into()
        }),
    );
}
