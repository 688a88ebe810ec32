//! A URL-mode form on a client that cannot send the person to a page (it declared form mode
//! only, or no elicitation, or speaks 2025-06-18, which has no URL mode): by default the call
//! fails with `-32021` in words for the person; with `or_reply_with_link()` it is answered
//! with a text holding the person's link, and the next call of the same tool by the same
//! person completes with what the page was sent. Each behaviour on each revision.

mod url_form_support;

use std::time::Duration;

use axum::Router;
use elicit_core::ElicitOutcome;
use elicit_core::dialog::{Dialog, DialogSettings, Halt};
use elicit_core::protocol::ProtocolVersion;
use elicit_core::state::Binding;
use elicit_core::url_form::{ExposeSecret, MemoryStore, UrlForms};
use serde_json::{Value, json};
use url_form_support::{BASE, Connect, KEY, forms_on, get, good_post, keys, path_of, post};

fn server() -> (UrlForms, Router, DialogSettings) {
    let forms = forms_on(MemoryStore::new(), BASE, 8, Duration::from_secs(60));
    let settings = DialogSettings::new().keys(&keys(8)).url_forms(&forms);
    let router = forms.router();
    (forms, router, settings)
}

/// The revisions, each with a client that cannot send the person to a page.
fn clients() -> [(ProtocolVersion, Value); 4] {
    [
        (ProtocolVersion::V2025_06_18, json!({"elicitation": {}})),
        (
            ProtocolVersion::V2025_11_25,
            json!({"elicitation": {"form": {}}}),
        ),
        (ProtocolVersion::V2025_11_25, json!({})),
        (
            ProtocolVersion::V2026_07_28,
            json!({"elicitation": {"form": {}}}),
        ),
    ]
}

/// A call of `connect` by `user` on `version`, from a client that declared `capabilities`.
fn call(
    version: ProtocolVersion,
    capabilities: &Value,
    settings: &DialogSettings,
    user: &str,
) -> Dialog {
    Dialog::new(version, Binding::tool("connect", &json!({})))
        .with_client_capabilities(capabilities.clone())
        .with_settings(settings)
        .with_name("connect")
        .principal(user)
}

/// The tool: the key's last four characters, or the outcome; the link in its answer when
/// `with_link`.
async fn run(
    dialog: Dialog,
    with_link: bool,
) -> Result<Value, elicit_core::protocol::JsonRpcError> {
    dialog
        .run(|d| async move {
            let ask = d.ask_url_form::<Connect>("connect");
            let ask = if with_link {
                ask.or_reply_with_link()
            } else {
                ask
            };
            Ok::<_, Halt>(match ask.await? {
                ElicitOutcome::Accepted(connect) => {
                    let key = connect.api_key.expose_secret();
                    json!({"last4": &key[key.len() - 4..]})
                }
                other => json!(format!("{:?}", other.action())),
            })
        })
        .await
}

/// The link in a reply's text, and the text.
fn link_in(reply: &Value) -> (String, String) {
    assert_eq!(reply["isError"], false, "{reply}");
    let text = reply["content"][0]["text"]
        .as_str()
        .expect("a text")
        .to_owned();
    let url = text
        .split_whitespace()
        .find(|word| word.starts_with(BASE))
        .unwrap_or_else(|| panic!("no link in {text:?}"))
        .to_owned();
    (url, text)
}

/// `user`'s browser posts the page of `url`.
async fn answer(router: &Router, url: &str, user: &str) -> u16 {
    let path = path_of(url);
    let page = get(router, &path, Some(user)).await;
    if page.status != 200 {
        return page.status.as_u16();
    }
    let token = page.token();
    post(
        router,
        &path,
        Some(user),
        &format!("_csrf={token}&{}", good_post()),
    )
    .await
    .status
    .as_u16()
}

#[tokio::test]
async fn by_default_the_person_is_told_why_the_tool_cannot_ask() {
    let (_, _, settings) = server();
    for (version, capabilities) in clients() {
        let error = run(call(version, &capabilities, &settings, "ada"), false)
            .await
            .unwrap_err();
        assert_eq!(error.code, -32021, "{version}");
        assert!(
            error.message.contains("on a page of its own"),
            "{version}: {}",
            error.message
        );
        assert!(
            !error.message.contains(BASE),
            "no link minted: {}",
            error.message
        );
    }
}

#[tokio::test]
async fn with_the_link_in_the_reply_the_next_call_completes_from_the_page() {
    let (_, router, settings) = server();
    for (version, capabilities) in clients() {
        // The first call answers with Ada's link, and what to do with it.
        let first = run(call(version, &capabilities, &settings, "ada"), true)
            .await
            .unwrap();
        let (url, text) = link_in(&first);
        assert!(text.starts_with("To answer \u{201c}Connect"), "{text}");
        assert!(text.contains("signed in as ada"), "{text}");
        assert!(
            text.ends_with("Once you have sent the form, ask me again."),
            "{text}"
        );

        // Called again before the page was posted: the same link.
        let again = run(call(version, &capabilities, &settings, "ada"), true)
            .await
            .unwrap();
        assert_eq!(
            link_in(&again).0,
            url,
            "{version}: one link for one question"
        );

        // Bob's call is his own: another link; Bob's browser cannot answer Ada's.
        let bob = run(call(version, &capabilities, &settings, "bob"), true)
            .await
            .unwrap();
        assert_ne!(link_in(&bob).0, url);
        assert_eq!(answer(&router, &url, "bob").await, 403);

        // Ada posts the page; her next call completes with it.
        assert_eq!(answer(&router, &url, "ada").await, 200);
        let done = run(call(version, &capabilities, &settings, "ada"), true)
            .await
            .unwrap();
        assert_eq!(done, json!({"last4": &KEY[KEY.len() - 4..]}), "{version}");
        assert!(!done.to_string().contains(KEY));

        // Taken once: the call after asks anew, with a new link.
        let anew = run(call(version, &capabilities, &settings, "ada"), true)
            .await
            .unwrap();
        assert_ne!(link_in(&anew).0, url, "{version}");
    }
}

#[tokio::test]
async fn a_client_that_can_send_the_person_to_a_page_is_asked_as_ever() {
    let (_, _, settings) = server();
    // 2026-07-28 with URL mode: the URL request, not a text.
    let dialog = call(
        ProtocolVersion::V2026_07_28,
        &json!({"elicitation": {"url": {}}}),
        &settings,
        "ada",
    );
    let result = run(dialog, true).await.unwrap();
    assert_eq!(result["resultType"], "input_required", "{result}");
    assert_eq!(
        result["inputRequests"]["connect"]["params"]["mode"], "url",
        "{result}"
    );
}
