//! `Dialog::ask_url_form`: a form with a secret asked through a page of the server's own, on
//! every revision, the page answered in process as a browser would (tower's `oneshot`).
//! 2025-11-25 sends the URL on the connection, waits for the page and tells the client it is
//! complete; 2026-07-28 answers with the URL request and finds the answer on the retry by the
//! link id sealed in the state (never the secret); a decline, a cancel, an abandoned or
//! expired link is an outcome; what cannot be asked is a clear error, before anything is
//! minted.

mod url_form_support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use elicit_core::dialog::{Connection, Dialog, DialogSettings, Halt, Sending};
use elicit_core::protocol::ProtocolVersion;
use elicit_core::state::Binding;
use elicit_core::url_form::{ExposeSecret, MemoryStore, UrlForms};
use elicit_core::{Elicit, ElicitOutcome};
use serde_json::{Value, json};
use url_form_support::{BASE, Connect, KEY, forms_on, get, good_post, keys, path_of, post};

/// The forms (keys 7, links living `ttl`), their router, and dialog settings with both.
fn server(ttl: Duration) -> (UrlForms, Router, DialogSettings) {
    let forms = forms_on(MemoryStore::new(), BASE, 7, ttl);
    let settings = DialogSettings::new().keys(&keys(7)).url_forms(&forms);
    let router = forms.router();
    (forms, router, settings)
}

/// `user`'s browser: opens the page of `url` and posts `body` with the page's token.
async fn answer_page(router: &Router, url: &str, user: &str, body: &str) -> u16 {
    let path = path_of(url);
    let page = get(router, &path, Some(user)).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let token = page.token();
    let reply = post(router, &path, Some(user), &format!("_csrf={token}&{body}")).await;
    assert!(
        !reply.body.contains(KEY),
        "a page never shows the secret back"
    );
    reply.status.as_u16()
}

/// What the body answers: the outcome, the key's length and last four characters.
async fn connect(d: Dialog) -> Result<Value, Halt> {
    Ok(match d.ask_url_form::<Connect>("connect").await? {
        ElicitOutcome::Accepted(connect) => {
            let key = connect.api_key.expose_secret();
            json!({"accepted": connect.name, "last4": &key[key.len() - 4..]})
        }
        ElicitOutcome::Declined => json!("declined"),
        ElicitOutcome::Cancelled => json!("cancelled"),
    })
}

/// A 2025-11-25 client: records every message it is sent; answers each URL elicitation with
/// `action`, and, when `body` is given, has Ada's browser post the page.
#[derive(Clone)]
struct Client {
    sent: Arc<Mutex<Vec<Value>>>,
    action: &'static str,
    body: Option<String>,
    router: Router,
}

impl Client {
    fn new(router: &Router, action: &'static str, body: Option<String>) -> Self {
        Self {
            sent: Arc::default(),
            action,
            body,
            router: router.clone(),
        }
    }

    fn sent(&self) -> Vec<Value> {
        self.sent.lock().unwrap().clone()
    }
}

impl Connection for Client {
    fn request(&self, request: Value) -> Sending<'_, Value> {
        Box::pin(async move {
            self.sent.lock().unwrap().push(request.clone());
            if let (Some(body), Some(url)) = (&self.body, request["params"]["url"].as_str()) {
                let (router, url, body) = (self.router.clone(), url.to_owned(), body.clone());
                tokio::spawn(async move { answer_page(&router, &url, "ada", &body).await });
            }
            Ok(json!({"action": self.action}))
        })
    }

    fn notify(&self, notification: Value) -> Sending<'_, ()> {
        self.sent.lock().unwrap().push(notification);
        Box::pin(async { Ok(()) })
    }
}

fn live(settings: &DialogSettings, client: &Client, capabilities: Value) -> Dialog {
    Dialog::new(
        ProtocolVersion::V2025_11_25,
        Binding::tool("connect", &json!({})),
    )
    .with_client_capabilities(capabilities)
    .with_connection(client.clone())
    .with_settings(settings)
    .principal("ada")
}

fn url_mode() -> Value {
    json!({"elicitation": {"form": {}, "url": {}}})
}

#[tokio::test]
async fn on_2025_11_25_the_call_waits_for_the_page_then_says_it_is_complete() {
    let (_, router, settings) = server(Duration::from_secs(60));
    let client = Client::new(&router, "accept", Some(good_post()));
    let result: Value = live(&settings, &client, url_mode())
        .run(connect)
        .await
        .unwrap();
    assert_eq!(result, json!({"accepted": "Ada Lovelace", "last4": "1e9a"}));

    let sent = client.sent();
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert_eq!(sent[0]["method"], "elicitation/create");
    let params = &sent[0]["params"];
    assert_eq!(params["mode"], "url");
    assert!(params["url"].as_str().unwrap().starts_with(BASE));
    assert!(
        params["message"]
            .as_str()
            .unwrap()
            .contains("weather service")
    );
    assert_eq!(sent[1]["method"], "notifications/elicitation/complete");
    assert_eq!(
        sent[1]["params"]["elicitationId"], params["elicitationId"],
        "the completion names the elicitation"
    );
    let everything = serde_json::to_string(&sent).unwrap();
    assert!(
        !everything.contains(KEY),
        "the key never reaches the client"
    );
}

#[tokio::test]
async fn on_2025_11_25_a_decline_or_cancel_closes_the_link() {
    let (_, router, settings) = server(Duration::from_secs(60));
    for (action, outcome) in [("decline", "declined"), ("cancel", "cancelled")] {
        let client = Client::new(&router, action, None);
        let result: Value = live(&settings, &client, url_mode())
            .run(connect)
            .await
            .unwrap();
        assert_eq!(result, json!(outcome));
        let sent = client.sent();
        assert_eq!(sent.len(), 1, "no completion for a link never answered");
        // The link is closed: its page is refused.
        let url = sent[0]["params"]["url"].as_str().unwrap();
        let page = get(&router, &path_of(url), Some("ada")).await;
        assert_eq!(page.status, 410, "{}", page.body);
    }
}

#[tokio::test]
async fn on_2025_11_25_a_link_that_expires_unanswered_ends_the_wait() {
    let forms = UrlForms::builder(
        BASE,
        keys(7).with_clock_skew(Duration::ZERO),
        url_form_support::identify,
    )
    .ttl(Duration::from_secs(1))
    .poll_interval(Duration::from_millis(50))
    .build()
    .unwrap();
    let settings = DialogSettings::new().keys(&keys(7)).url_forms(&forms);
    let client = Client::new(&forms.router(), "accept", None);
    let run = live(&settings, &client, url_mode()).run::<Value, _, _, _>(connect);
    let result = tokio::time::timeout(Duration::from_secs(10), run)
        .await
        .expect("the wait ends with the link")
        .unwrap();
    assert_eq!(result, json!("cancelled"));
}

/// A 2026-07-28 `tools/call` of `connect`, as a client that declared URL mode sends it.
fn call(extra: Value) -> Value {
    let mut params = json!({
        "name": "connect",
        "arguments": {},
        "_meta": {"io.modelcontextprotocol/clientCapabilities": url_mode()},
    });
    if let (Value::Object(params), Value::Object(extra)) = (&mut params, extra) {
        params.extend(extra);
    }
    params
}

async fn retried(settings: &DialogSettings, params: &Value) -> Value {
    Dialog::from_params("tools/call", params, ProtocolVersion::V2026_07_28)
        .unwrap()
        .with_settings(settings)
        .principal("ada")
        .run(connect)
        .await
        .unwrap()
}

#[tokio::test]
async fn on_2026_07_28_the_retry_finds_the_answer_by_the_sealed_link() {
    let (_, router, settings) = server(Duration::from_secs(60));
    let first = retried(&settings, &call(json!({}))).await;
    assert_eq!(first["resultType"], "input_required", "{first}");
    let request = &first["inputRequests"]["connect"];
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["mode"], "url");
    let url = request["params"]["url"].as_str().unwrap().to_owned();
    let state = first["requestState"].as_str().unwrap().to_owned();

    // The client retries before the page is posted: the same link again.
    let early = json!({"inputResponses": {"connect": {"action": "accept"}}, "requestState": state});
    let again = retried(&settings, &call(early)).await;
    assert_eq!(again["resultType"], "input_required", "{again}");
    assert_eq!(again["inputRequests"]["connect"]["params"]["url"], url);
    let state = again["requestState"].as_str().unwrap().to_owned();

    assert_eq!(answer_page(&router, &url, "ada", &good_post()).await, 200);
    let retry = json!({"inputResponses": {"connect": {"action": "accept"}}, "requestState": state});
    let done = retried(&settings, &call(retry.clone())).await;
    assert_eq!(done, json!({"accepted": "Ada Lovelace", "last4": "1e9a"}));
    // The same retry again reads the same answer (it stays sealed in the store).
    assert_eq!(retried(&settings, &call(retry)).await, done);

    for message in [&first, &again, &done] {
        assert!(!message.to_string().contains(KEY), "{message}");
    }
}

#[tokio::test]
async fn on_2026_07_28_a_decline_closes_the_link() {
    let (_, router, settings) = server(Duration::from_secs(60));
    let first = retried(&settings, &call(json!({}))).await;
    let url = first["inputRequests"]["connect"]["params"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let state = first["requestState"].as_str().unwrap();
    let retry =
        json!({"inputResponses": {"connect": {"action": "decline"}}, "requestState": state});
    assert_eq!(retried(&settings, &call(retry)).await, json!("declined"));
    assert_eq!(get(&router, &path_of(&url), Some("ada")).await.status, 410);
}

#[tokio::test]
async fn a_url_form_is_replayed_when_the_body_asks_more_after_it() {
    /// Anything else?
    #[derive(Elicit)]
    struct Note {
        note: String,
    }

    let (_, router, settings) = server(Duration::from_secs(60));
    let run = |params: Value| {
        let settings = settings.clone();
        async move {
            Dialog::from_params("tools/call", &params, ProtocolVersion::V2026_07_28)
                .unwrap()
                .with_settings(&settings)
                .principal("ada")
                .run(|d| async move {
                    let connect = d.ask_url_form::<Connect>("connect").await?;
                    let note = d.ask::<Note>("note").await?;
                    let name = connect.accepted().map(|c| c.name).unwrap_or_default();
                    let note = note.accepted().map(|n| n.note).unwrap_or_default();
                    Ok(format!("{name}: {note}"))
                })
                .await
                .unwrap()
        }
    };
    let first: Value = run(call(json!({}))).await;
    let url = first["inputRequests"]["connect"]["params"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    answer_page(&router, &url, "ada", &good_post()).await;
    let state = first["requestState"].as_str().unwrap();
    let retry = json!({"inputResponses": {"connect": {"action": "accept"}}, "requestState": state});
    let second = run(call(retry)).await;
    assert_eq!(second["inputRequests"]["note"]["params"]["mode"], "form");
    let state = second["requestState"].as_str().unwrap();
    let retry = json!({"inputResponses": {"note": {"action": "accept", "content": {"note": "hi"}}}, "requestState": state});
    assert_eq!(run(call(retry)).await, json!("Ada Lovelace: hi"));
}

#[tokio::test]
async fn what_cannot_be_asked_is_a_clear_error_before_anything_is_minted() {
    let (_, router, settings) = server(Duration::from_secs(60));
    let message = |dialog: Dialog| async move {
        dialog
            .run::<Value, _, _, _>(connect)
            .await
            .unwrap_err()
            .message
    };
    let client = Client::new(&router, "accept", None);

    // 2025-06-18 has no URL mode.
    let old = Dialog::new(
        ProtocolVersion::V2025_06_18,
        Binding::tool("connect", &json!({})),
    )
    .with_client_capabilities(url_mode())
    .with_connection(client.clone())
    .with_settings(&settings)
    .principal("ada");
    let error = old.run::<Value, _, _, _>(connect).await.unwrap_err();
    assert_eq!(error.code, -32021, "{error:?}");
    assert!(
        error
            .message
            .starts_with("This tool asks \"Connect <script>")
            && error.message.ends_with(
                "cannot send them there (it has no URL-mode elicitation): use a client that can"
            ),
        "{error:?}"
    );
    assert_eq!(
        error.data,
        Some(json!({"requiredCapabilities": {"elicitation": {"url": {}}}}))
    );

    // A client that declared form mode only.
    let form_only = live(&settings, &client, json!({"elicitation": {"form": {}}}));
    let error = form_only.run::<Value, _, _, _>(connect).await.unwrap_err();
    assert_eq!(error.code, -32021, "{error:?}");

    // A server that gave its dialogs no URL-mode forms.
    let bare = live(&DialogSettings::new(), &client, url_mode());
    assert!(message(bare).await.contains("DialogSettings::url_forms"));

    // A call that names nobody to bind the link to.
    let nobody = Dialog::new(
        ProtocolVersion::V2025_11_25,
        Binding::tool("connect", &json!({})),
    )
    .with_client_capabilities(url_mode())
    .with_connection(client.clone())
    .with_settings(&settings);
    assert!(message(nobody).await.contains("names nobody"));

    assert!(client.sent().is_empty(), "nothing was sent");
}

// A form with a secret asked in form mode, by `ask`, `ask_form` (its own form or a shaped
// one), `Inputs`, `Asked`, `Form::request` or rmcp's peer, does not compile
// (`tests/ui/secret_*.rs`); the run-time check behind them is `secret_refused.rs`.

#[test]
fn a_forms_secrets_are_found_from_its_field_types() {
    use elicit_core::FormMode;
    use elicit_core::url_form::{SecretString, UrlForm};

    /// A secret through a newtype.
    #[derive(Elicit)]
    struct Token(SecretString);

    // Names that read as secrets, and no `not_sensitive`: a secret type is what they call for.
    #[derive(Elicit)]
    struct Login {
        user: String,
        password: SecretString,
    }

    #[derive(Elicit)]
    struct Account {
        name: String,
        #[elicit(flatten)]
        login: Login,
        api_token: Option<Token>,
    }

    #[derive(Elicit)]
    struct Plain {
        city: String,
    }

    assert_eq!(UrlForm::<Login>::new().secrets(), ["password"]);
    assert_eq!(
        UrlForm::<Account>::new().secrets(),
        ["password", "api_token"]
    );
    assert!(UrlForm::<Plain>::new().secrets().is_empty());
    // A form without a secret is asked in form mode as ever.
    fn form_mode<T: FormMode>() {}
    form_mode::<Plain>();
}

/// A 2025-11-25 client as the MCP Inspector is: it holds its reply to a URL elicitation until
/// `notifications/elicitation/complete` names it (or, `never`, replies not at all); Ada's
/// browser posts the page when `body` is given.
#[derive(Clone)]
struct Holding {
    sent: Arc<Mutex<Vec<Value>>>,
    completed: Arc<tokio::sync::Notify>,
    never: bool,
    body: Option<String>,
    router: Router,
}

impl Holding {
    fn new(router: &Router, never: bool, body: Option<String>) -> Self {
        Self {
            sent: Arc::default(),
            completed: Arc::default(),
            never,
            body,
            router: router.clone(),
        }
    }
}

impl Connection for Holding {
    fn request(&self, request: Value) -> Sending<'_, Value> {
        Box::pin(async move {
            self.sent.lock().unwrap().push(request.clone());
            let id = request["params"]["elicitationId"].clone();
            let completed = self.completed.notified();
            if let (Some(body), Some(url)) = (&self.body, request["params"]["url"].as_str()) {
                let (router, url, body) = (self.router.clone(), url.to_owned(), body.clone());
                tokio::spawn(async move { answer_page(&router, &url, "ada", &body).await });
            }
            if self.never {
                std::future::pending::<()>().await;
            }
            // Held until the completion of this elicitation comes.
            completed.await;
            let sent = self.sent.lock().unwrap().clone();
            assert!(
                sent.iter()
                    .any(|message| message["params"]["elicitationId"] == id
                        && message["method"] == "notifications/elicitation/complete")
            );
            Ok(json!({"action": "accept"}))
        })
    }

    fn notify(&self, notification: Value) -> Sending<'_, ()> {
        self.sent.lock().unwrap().push(notification);
        self.completed.notify_waiters();
        Box::pin(async { Ok(()) })
    }
}

#[tokio::test]
async fn on_2025_11_25_a_client_that_holds_its_reply_until_the_completion_is_not_kept_waiting() {
    let (_, router, settings) = server(Duration::from_secs(60));
    let client = Holding::new(&router, false, Some(good_post()));
    let dialog = live(&settings, &Client::new(&router, "accept", None), url_mode())
        .with_connection(client.clone());
    let result: Value = tokio::time::timeout(Duration::from_secs(10), dialog.run(connect))
        .await
        .expect("no deadlock: the completion is sent when the page is posted")
        .unwrap();
    assert_eq!(result, json!({"accepted": "Ada Lovelace", "last4": "1e9a"}));
    let sent = client.sent.lock().unwrap().clone();
    let methods: Vec<&str> = sent.iter().filter_map(|m| m["method"].as_str()).collect();
    assert_eq!(
        methods,
        ["elicitation/create", "notifications/elicitation/complete"]
    );
}

#[tokio::test]
async fn on_2025_11_25_a_client_that_never_replies_has_the_answer_once_the_page_is_posted() {
    let (_, router, settings) = server(Duration::from_secs(3));
    let client = Holding::new(&router, true, Some(good_post()));
    let dialog = live(&settings, &Client::new(&router, "accept", None), url_mode())
        .with_connection(client.clone());
    let started = std::time::Instant::now();
    let result: Value = tokio::time::timeout(Duration::from_secs(10), dialog.run(connect))
        .await
        .expect("the call ends")
        .unwrap();
    assert_eq!(result, json!({"accepted": "Ada Lovelace", "last4": "1e9a"}));
    // It waited for a reply no longer than the link would have lived.
    assert!(
        started.elapsed() <= Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    let sent = client.sent.lock().unwrap().clone();
    assert_eq!(sent[1]["method"], "notifications/elicitation/complete");
}

#[tokio::test]
async fn on_2025_11_25_a_client_that_never_replies_and_a_page_never_posted_end_at_the_ttl() {
    let (_, router, settings) = server(Duration::from_secs(2));
    let client = Holding::new(&router, true, None);
    let dialog = live(&settings, &Client::new(&router, "accept", None), url_mode())
        .with_connection(client.clone());
    let started = std::time::Instant::now();
    let result: Value = tokio::time::timeout(Duration::from_secs(10), dialog.run(connect))
        .await
        .expect("the call ends with the link")
        .unwrap();
    assert_eq!(result, json!("cancelled"));
    let elapsed = started.elapsed();
    assert!(elapsed <= Duration::from_millis(2_300), "{elapsed:?}");
    assert_eq!(
        client.sent.lock().unwrap().len(),
        1,
        "no completion for a link never answered"
    );
}
