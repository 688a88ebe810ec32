//! The test kit drives URL-mode forms (`elicit_core::testing`): a client signed in as a
//! person on both SDKs, an in-process `Browser` signed in to the app, and `Answer::open_page`
//! filling and posting the page, so a tool that asks `d.ask_url_form` completes
//! deterministically on 2025-11-25 and 2026-07-28 with what was typed, and no answer
//! scripted twice. Also: another person's browser is refused and stores nothing, a refused
//! post shows its errors, and the three ways a client replies to a URL request (at once,
//! held until the server says the form is complete, never) each end the call.

use std::time::{Duration, Instant};

use axum::http::Uri;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use elicit_core::dialog::{Dialog, DialogSettings, Halt};
use elicit_core::protocol::{ElicitAction, ElicitMode, ElicitationSupport, UrlPolicy, UrlRequest};
use elicit_core::rmcp::with_dialogs;
use elicit_core::state::{Principal, StateKey, StateKeys};
use elicit_core::testing::{Answer, Browser, KitError, Page, TestClient, text};
use elicit_core::url_form::{ExposeSecret, MemoryStore, SecretString, UrlForms, cookie};
use elicit_core::{Elicit, ElicitOutcome};
use http::StatusCode;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

const ORIGIN: &str = "https://mcp.example.com";
const ISSUER: &str = "https://id.example.com";
/// The secret typed into the page.
const KEY: &str = "sk-live-8c2f1e9a";
/// What the tool answers once it has `KEY` for Europe.
const CONNECTED: &str = "Connected in Europe with a key of 16 characters ending in 1e9a";

// ------------------------------------------------------------------------- the server

/// Where the weather comes from
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
enum Region {
    /// Europe
    #[elicit(rename = "eu")]
    Europe,
    /// United States
    #[elicit(rename = "us")]
    UnitedStates,
}

/// Connect the weather service
#[derive(Elicit)]
struct WeatherKey {
    /// The API key from your account page
    #[elicit(title = "API key", min_length = 12)]
    api_key: SecretString,
    region: Region,
}

/// The tool's body, on either SDK: what it answers says what was typed, never the key.
async fn connect(d: &Dialog) -> Result<String, Halt> {
    Ok(match d.ask_url_form::<WeatherKey>("weather_key").await? {
        ElicitOutcome::Accepted(answer) => {
            let key = answer.api_key.expose_secret();
            let last4 = &key[key.len().saturating_sub(4)..];
            format!(
                "Connected in {:?} with a key of {} characters ending in {last4}",
                answer.region,
                key.len()
            )
        }
        ElicitOutcome::Declined => "declined".to_owned(),
        ElicitOutcome::Cancelled => "cancelled".to_owned(),
    })
}

#[derive(Clone)]
struct Weather {
    dialogs: DialogSettings,
}

#[tool_router]
impl Weather {
    #[tool(description = "Connects the weather service")]
    async fn connect_weather(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let text = connect(&d).await?;
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Weather {}

/// A server that waits for the client's reply to its URL request before it says the
/// interaction is complete: the shape that deadlocks with a client that holds its reply.
#[derive(Clone)]
struct ReplyFirst;

#[tool_router]
impl ReplyFirst {
    #[tool(description = "Sends the user to a URL, then says it is complete")]
    async fn connect(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let request = UrlRequest::with_policy(
            "Connect your account",
            "http://127.0.0.1:9/connect",
            "connect-1",
            UrlPolicy::AllowLoopbackHttp,
        )
        .unwrap();
        dialog
            .run(|d| async move {
                let action = d.ask_url("connect", request).await?;
                if action == ElicitAction::Accept {
                    d.complete_url("connect-1").await?;
                }
                Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                    "url {action}"
                ))]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for ReplyFirst {}

/// The demo sign-in: `GET /login?user=<user>` sets the `session` cookie the pages read.
async fn login(uri: Uri) -> Response {
    let user = uri
        .query()
        .into_iter()
        .flat_map(|query| query.split('&'))
        .find_map(|pair| pair.strip_prefix("user="))
        .filter(|user| !user.is_empty() && user.bytes().all(|b| b.is_ascii_alphanumeric()));
    match user {
        Some(user) => (
            [(SET_COOKIE, format!("session={user}; Path=/; HttpOnly"))],
            format!("Signed in as {user}"),
        )
            .into_response(),
        None => (StatusCode::BAD_REQUEST, "GET /login?user=<user>").into_response(),
    }
}

/// The person a name stands for, on the MCP side and in the browser alike.
fn person(user: &str) -> Principal {
    Principal::issuer_subject(ISSUER, user)
}

/// Who a browser is: the user its `session` cookie names, shown by that name.
fn identify(request: &http::request::Parts) -> Option<Principal> {
    cookie(request, "session").map(|user| person(user).with_display_name(user))
}

/// The server's web app (the pages and the sign-in) and its dialogs' settings.
struct App {
    router: axum::Router,
    dialogs: DialogSettings,
}

fn app(ttl: Duration) -> App {
    let keys = StateKeys::new(StateKey::new(&[9; 32]).unwrap());
    let forms = UrlForms::builder(format!("{ORIGIN}/connect"), keys.clone(), identify)
        .store(MemoryStore::new())
        .ttl(ttl)
        .poll_interval(Duration::from_millis(20))
        .build()
        .unwrap();
    App {
        router: forms.router().route("/login", get(login)),
        dialogs: DialogSettings::new().keys(&keys).url_forms(&forms),
    }
}

impl App {
    /// `user`'s browser, signed in to the app.
    async fn browser(&self, user: &str) -> Browser {
        let browser = Browser::new(self.router.clone());
        let page = browser
            .open(&format!("{ORIGIN}/login?user={user}"))
            .await
            .unwrap();
        assert_eq!(page.status(), 200, "{}", page.text());
        browser
    }

    fn weather(&self) -> Weather {
        Weather {
            dialogs: self.dialogs.clone(),
        }
    }
}

/// A client of `version` that can be sent to a page, signed in as `user`.
fn client(version: fn() -> TestClient, user: &str) -> TestClient {
    version()
        .elicitation(ElicitationSupport::ALL)
        .signed_in_as(person(user))
}

fn revisions() -> [fn() -> TestClient; 2] {
    [TestClient::v2025_11_25, TestClient::v2026_07_28]
}

/// What a person types: the key, and Europe.
fn typed(page: Page) -> Page {
    page.fill("api_key", KEY).choose("region", "eu")
}

// ------------------------------------------------------------------------------ tests

#[tokio::test]
async fn the_call_completes_with_what_was_typed_on_the_page() {
    for version in revisions() {
        let app = app(Duration::from_secs(60));
        let ada = app.browser("ada").await;
        let session = client(version, "ada")
            .answer(Answer::open_page(&ada, typed))
            .connect(app.weather())
            .await
            .unwrap();
        let revision = session.version();

        let result = session.call_tool("connect_weather", None).await.unwrap();

        assert_eq!(text(&result), CONNECTED, "{revision}");
        assert!(session.script_left().is_empty());
        let requests = session.requests();
        assert_eq!(requests.len(), 1, "one URL request, answered once");
        assert_eq!(requests[0].mode(), Some(ElicitMode::Url));
        assert!(requests[0].url().unwrap().starts_with(ORIGIN));
        // The form the browser was served, then what its post came back with.
        let pages = session.pages();
        assert_eq!(pages.len(), 2, "{pages:?}");
        assert_eq!(pages[0].heading(), "Connect the weather service");
        assert_eq!(pages[0].signed_in_as(), Some("ada"));
        assert_eq!(pages[0].url(), requests[0].url().unwrap());
        let key = pages[0].field("api_key").unwrap();
        assert_eq!(
            (key.kind(), key.label(), key.required()),
            ("password", "API key", true)
        );
        let region = pages[0].field("region").unwrap();
        let regions: Vec<&str> = region
            .options()
            .iter()
            .map(|option| option.label())
            .collect();
        assert_eq!(regions, ["Europe", "United States"]);
        assert_eq!(pages[1].heading(), "Thank you");
        assert!(!pages[1].has_form());
        if revision.uses_input_required() {
            assert!(
                session.completions().is_empty(),
                "no completion on 2026-07-28"
            );
        } else {
            assert_eq!(
                session.completions(),
                [requests[0].elicitation_id().unwrap()],
                "the server said the form was complete"
            );
        }
        // The key was typed into the page, and crossed no MCP message.
        for message in session.server_messages() {
            assert!(!message.contains(KEY), "{revision}: {message}");
        }
        for request in &requests {
            assert!(!request.raw_message().contains(KEY));
        }
        assert!(!format!("{result:?}").contains(KEY));
    }
}

#[tokio::test]
async fn another_persons_browser_is_refused_and_the_right_one_answers() {
    for version in revisions() {
        let app = app(Duration::from_secs(60));
        let (eve, ada) = (app.browser("eve").await, app.browser("ada").await);
        let stolen = |page: Page| {
            page.fill("api_key", "sk-stolen-000000")
                .choose("region", "us")
        };
        let session = client(version, "ada")
            .answer(Answer::open_page(&eve, stolen).then_open(&ada, typed))
            .connect(app.weather())
            .await
            .unwrap();

        let result = session.call_tool("connect_weather", None).await.unwrap();

        assert_eq!(text(&result), CONNECTED, "Ada's answer, not Eve's");
        let pages = session.pages();
        let headings: Vec<&str> = pages.iter().map(Page::heading).collect();
        assert_eq!(
            headings,
            [
                "This link is not for you",
                "Connect the weather service",
                "Thank you"
            ]
        );
        let refused = &pages[0];
        assert_eq!(refused.status(), 403);
        assert_eq!(refused.signed_in_as(), Some("eve"));
        assert!(!refused.has_form(), "nothing to fill for Eve");
        assert!(
            refused
                .text()
                .contains("Nothing was shown and nothing was saved.")
        );
    }
}

#[tokio::test]
async fn another_persons_browser_alone_fails_the_call_and_stores_nothing() {
    for version in revisions() {
        let app = app(Duration::from_secs(60));
        let eve = app.browser("eve").await;
        let session = client(version, "ada")
            .answer(Answer::open_page(&eve, typed))
            .connect(app.weather())
            .await
            .unwrap();

        let error = session
            .call_tool("connect_weather", None)
            .await
            .unwrap_err();

        let KitError::Page {
            request: Some(request),
            page,
            problem,
        } = &error
        else {
            panic!("{error}");
        };
        assert!(request.starts_with("elicitation/create (url)"), "{error}");
        assert!(
            page.contains("\"This link is not for you\" (403)"),
            "{error}"
        );
        assert!(problem.contains("the page did not take a post"), "{error}");
        // Nothing was stored: the link still shows Ada her form.
        let url = session.requests()[0].url().unwrap().to_owned();
        let page = app.browser("ada").await.open(&url).await.unwrap();
        assert_eq!(page.status(), 200, "{}", page.text());
        assert!(page.field("api_key").is_some());
    }
}

#[tokio::test]
async fn a_refused_post_shows_its_errors_and_can_be_corrected() {
    for version in revisions() {
        let app = app(Duration::from_secs(60));
        let ada = app.browser("ada").await;
        let too_short = |page: Page| page.fill("api_key", "sk-short").choose("region", "eu");
        let session = client(version, "ada")
            .answer(
                Answer::open_page(&ada, too_short)
                    .then_correct(|page: Page| page.fill("api_key", KEY)),
            )
            .connect(app.weather())
            .await
            .unwrap();

        let result = session.call_tool("connect_weather", None).await.unwrap();

        assert_eq!(text(&result), CONNECTED);
        let pages = session.pages();
        assert_eq!(pages.len(), 3, "{pages:?}");
        let refused = &pages[1];
        assert_eq!(refused.status(), 422);
        assert_eq!(refused.title(), "Error: Connect the weather service");
        assert_eq!(refused.errors().len(), 1, "{:?}", refused.errors());
        assert!(
            refused.errors()[0].starts_with("API key: "),
            "{:?}",
            refused.errors()
        );
        let key = refused.field("api_key").unwrap();
        assert!(
            key.error().is_some_and(|error| error.contains("12")),
            "{key:?}"
        );
        assert!(
            key.values() == [""],
            "a secret is never written back: {key:?}"
        );
        let region = refused.field("region").unwrap();
        assert_eq!(region.value(), Some("eu"), "what was chosen is kept");
        assert!(region.error().is_none());
        assert!(!refused.html().contains("sk-short"));
        assert_eq!(pages[2].heading(), "Thank you");
    }
}

#[tokio::test]
async fn a_refused_post_left_uncorrected_fails_the_call_naming_the_error() {
    let app = app(Duration::from_secs(60));
    let ada = app.browser("ada").await;
    let session = client(TestClient::v2026_07_28, "ada")
        .answer(Answer::open_page(&ada, |page| {
            page.fill("api_key", "sk-short").choose("region", "eu")
        }))
        .connect(app.weather())
        .await
        .unwrap();

    let error = session
        .call_tool("connect_weather", None)
        .await
        .unwrap_err();

    let message = error.to_string();
    assert!(matches!(error, KitError::Page { .. }), "{message}");
    assert!(message.contains("(422)"), "{message}");
    assert!(
        message.contains("the post was refused, so the form is not answered: API key: "),
        "{message}"
    );
}

#[tokio::test]
async fn a_field_the_page_has_not_fails_the_call_naming_it() {
    for version in revisions() {
        let app = app(Duration::from_secs(60));
        let ada = app.browser("ada").await;
        let session = client(version, "ada")
            .answer(Answer::open_page(&ada, |page| {
                page.fill("apikey", KEY).choose("region", "asia")
            }))
            .connect(app.weather())
            .await
            .unwrap();

        let error = session
            .call_tool("connect_weather", None)
            .await
            .unwrap_err();

        let message = error.to_string();
        assert!(
            message.contains(
                "cannot type into `apikey`: the form has no field `apikey` (its fields: api_key, region)"
            ),
            "{message}"
        );
        assert!(
            message.contains("\"Connect the weather service\" (200)"),
            "{message}"
        );
        assert_eq!(session.pages().len(), 1, "the form, never submitted");
    }
}

// ------------------------------------------------ how a client replies (2025-11-25)

#[tokio::test]
async fn a_client_that_holds_its_reply_until_the_completion_is_not_kept_waiting() {
    let app = app(Duration::from_secs(60));
    let ada = app.browser("ada").await;
    let session = client(TestClient::v2025_11_25, "ada")
        .timeout(Duration::from_secs(5))
        .answer(Answer::open_page(&ada, typed).when_complete())
        .connect(app.weather())
        .await
        .unwrap();

    // A server that waited for the reply before it watched the page would never send the
    // completion, and the client would never reply: a timeout here.
    let result = session.call_tool("connect_weather", None).await.unwrap();

    assert_eq!(text(&result), CONNECTED);
    let id = session.requests()[0].elicitation_id().unwrap().to_owned();
    assert_eq!(session.completions(), [id.as_str()]);
    // The completion crossed before the tool's result did.
    let messages = session.server_messages();
    let at = |needle: &str| {
        messages
            .iter()
            .position(|message| message.contains(needle))
            .unwrap_or_else(|| panic!("no message holds {needle:?}: {messages:#?}"))
    };
    assert!(at("notifications/elicitation/complete") < at(CONNECTED));
}

#[tokio::test]
async fn a_holding_client_waits_for_the_completion_a_server_sends_only_after_the_reply() {
    let held = TestClient::v2025_11_25()
        .elicitation(ElicitationSupport::ALL)
        .timeout(Duration::from_millis(500))
        .answer(Answer::accept_url().when_complete())
        .connect(ReplyFirst)
        .await
        .unwrap();
    let error = held.call_tool("connect", None).await.unwrap_err();
    assert!(matches!(error, KitError::Timeout { .. }), "{error}");
    assert!(held.completions().is_empty());

    let at_once = TestClient::v2025_11_25()
        .elicitation(ElicitationSupport::ALL)
        .answer(Answer::accept_url())
        .connect(ReplyFirst)
        .await
        .unwrap();
    let result = at_once.call_tool("connect", None).await.unwrap();
    assert_eq!(text(&result), "url accept");
    at_once.completion("connect-1").await.unwrap();
}

#[tokio::test]
async fn a_client_that_replies_at_once_then_posts_the_page_completes() {
    let app = app(Duration::from_secs(60));
    let ada = app.browser("ada").await;
    let session = client(TestClient::v2025_11_25, "ada")
        .timeout(Duration::from_secs(5))
        .answer(Answer::open_page(&ada, typed))
        .connect(app.weather())
        .await
        .unwrap();

    let result = session.call_tool("connect_weather", None).await.unwrap();

    assert_eq!(text(&result), CONNECTED);
    assert_eq!(session.completions().len(), 1);
    assert_eq!(
        session.pages().len(),
        2,
        "the pages are in before the call returns"
    );
}

/// Whether a call that `took` so long ended when a link of `ttl` closed: a link's expiry is
/// sealed to the second, so it closes in the last second of its `ttl`.
fn ends_with_the_link(took: Duration, ttl: Duration) -> bool {
    took >= ttl - Duration::from_secs(1) && took <= ttl + Duration::from_millis(500)
}

#[tokio::test]
async fn a_client_that_never_replies_ends_the_call_when_the_link_expires() {
    let ttl = Duration::from_secs(2);
    let app = app(ttl);
    let session = client(TestClient::v2025_11_25, "ada")
        .answer(Answer::never())
        .connect(app.weather())
        .await
        .unwrap();

    let started = Instant::now();
    let result = session.call_tool("connect_weather", None).await.unwrap();
    let took = started.elapsed();

    assert_eq!(text(&result), "cancelled");
    assert!(ends_with_the_link(took, ttl), "{took:?}");
    assert!(session.completions().is_empty(), "nothing was completed");
}

#[tokio::test]
async fn a_holding_client_whose_page_is_never_posted_ends_when_the_link_expires() {
    let ttl = Duration::from_secs(2);
    let app = app(ttl);
    let session = client(TestClient::v2025_11_25, "ada")
        .answer(Answer::accept_url().when_complete())
        .connect(app.weather())
        .await
        .unwrap();

    let started = Instant::now();
    let result = session.call_tool("connect_weather", None).await.unwrap();
    let took = started.elapsed();

    assert_eq!(text(&result), "cancelled");
    assert!(ends_with_the_link(took, ttl), "{took:?}");
    assert!(session.completions().is_empty());
}

#[tokio::test]
async fn on_2026_07_28_a_client_that_never_replies_stops_retrying() {
    let app = app(Duration::from_secs(60));
    let session = client(TestClient::v2026_07_28, "ada")
        .answer(Answer::never())
        .connect(app.weather())
        .await
        .unwrap();

    let error = session
        .call_tool("connect_weather", None)
        .await
        .unwrap_err();

    assert!(matches!(error, KitError::Unanswered { .. }), "{error}");
    assert!(error.input_required().is_some());
}

#[tokio::test]
async fn when_complete_on_an_answer_that_is_no_url_acceptance_fits_nothing() {
    let app = app(Duration::from_secs(60));
    let session = client(TestClient::v2025_11_25, "ada")
        .answer(Answer::decline().when_complete())
        .connect(app.weather())
        .await
        .unwrap();

    let error = session
        .call_tool("connect_weather", None)
        .await
        .unwrap_err();

    assert!(matches!(error, KitError::Unexpected { .. }), "{error}");
    assert!(
        error
            .to_string()
            .contains("decline (when_complete does not apply to this answer)"),
        "{error}"
    );
}

// ------------------------------------------------------- the signed-in principal

#[tokio::test]
async fn the_link_is_minted_for_the_principal_the_client_signed_in_as() {
    for version in revisions() {
        let app = app(Duration::from_secs(60));
        let ada = app.browser("ada").await;
        // The MCP client is Eve's: the link is hers, and Ada's browser is refused.
        let session = client(version, "eve")
            .answer(Answer::open_page(&ada, typed))
            .connect(app.weather())
            .await
            .unwrap();

        let error = session
            .call_tool("connect_weather", None)
            .await
            .unwrap_err();

        assert!(
            error
                .to_string()
                .contains("\"This link is not for you\" (403)"),
            "{error}"
        );
        assert_eq!(session.pages()[0].signed_in_as(), Some("ada"));
    }
}

#[tokio::test]
async fn a_client_not_signed_in_names_nobody_to_mint_a_link_for() {
    for version in revisions() {
        let app = app(Duration::from_secs(60));
        let ada = app.browser("ada").await;
        let session = version()
            .elicitation(ElicitationSupport::ALL)
            .answer(Answer::open_page(&ada, typed))
            .connect(app.weather())
            .await
            .unwrap();

        let error = session
            .call_tool("connect_weather", None)
            .await
            .unwrap_err();

        assert!(matches!(error, KitError::Service { .. }), "{error}");
        assert!(
            error.to_string().contains("this call names nobody"),
            "{error}"
        );
        assert!(session.pages().is_empty(), "no link, no page");
    }
}

// ---------------------------------------------------------------------- rust-mcp-sdk

/// The same tool on rust-mcp-sdk (2026-07-28), served through the SDK's own HTTP handler.
#[cfg(feature = "rust-mcp-sdk")]
mod on_rust_mcp_sdk {
    use super::*;

    /// The tool, on the SDK's router.
    fn rust_mcp_sdk_server(app: &App) -> elicit_core::rust_mcp_sdk::Router {
        async fn connect_weather(
            d: Dialog,
            (): (),
        ) -> Result<rust_mcp_sdk::schema::CallToolResult, Halt> {
            let text = connect(&d).await?;
            Ok(rust_mcp_sdk::schema::CallToolResult::text_content(vec![
                text.into(),
            ]))
        }
        elicit_core::rust_mcp_sdk::Router::new(app.dialogs.clone()).tool(
            "connect_weather",
            "Connects the weather service",
            connect_weather,
        )
    }

    #[tokio::test]
    async fn on_rust_mcp_sdk_the_same_tool_completes_for_the_signed_in_person() {
        let app = app(Duration::from_secs(60));
        let ada = app.browser("ada").await;
        let session = client(TestClient::v2026_07_28, "ada")
            .answer(Answer::open_page(&ada, typed))
            .connect_rust_mcp_sdk(rust_mcp_sdk_server(&app))
            .unwrap();

        let result = session.call_tool("connect_weather", None).await.unwrap();

        assert_eq!(text(&result), CONNECTED);
        let pages = session.pages();
        assert_eq!(pages[0].signed_in_as(), Some("ada"));
        assert_eq!(pages[1].heading(), "Thank you");
        let exchanges = session.exchanges();
        assert_eq!(exchanges.len(), 2, "the call, and its retry after the post");
        for exchanged in &exchanges {
            assert!(!exchanged.request().contains(KEY));
            assert!(!exchanged.response().contains(KEY));
        }
    }

    #[tokio::test]
    async fn on_rust_mcp_sdk_the_link_is_minted_for_the_principal_the_client_signed_in_as() {
        let app = app(Duration::from_secs(60));
        let ada = app.browser("ada").await;
        let session = client(TestClient::v2026_07_28, "eve")
            .answer(Answer::open_page(&ada, typed))
            .connect_rust_mcp_sdk(rust_mcp_sdk_server(&app))
            .unwrap();

        let error = session
            .call_tool("connect_weather", None)
            .await
            .unwrap_err();

        assert!(
            error
                .to_string()
                .contains("\"This link is not for you\" (403)"),
            "{error}"
        );
        // Not signed in, the SDK names nobody.
        let session = TestClient::v2026_07_28()
            .elicitation(ElicitationSupport::ALL)
            .answer(Answer::open_page(&ada, typed))
            .connect_rust_mcp_sdk(rust_mcp_sdk_server(&app))
            .unwrap();
        let error = session
            .call_tool("connect_weather", None)
            .await
            .unwrap_err();
        assert!(
            error.to_string().contains("this call names nobody"),
            "{error}"
        );
    }

    #[test]
    fn on_rust_mcp_sdk_a_principal_no_token_names_cannot_sign_in() {
        let app = app(Duration::from_secs(60));
        let Err(error) = TestClient::v2026_07_28()
            .signed_in_as(Principal::new("ada"))
            .connect_rust_mcp_sdk(rust_mcp_sdk_server(&app))
        else {
            panic!("signed in as a principal the SDK cannot name");
        };
        assert!(matches!(error, KitError::SignIn(_)), "{error}");
        assert!(
            error.to_string().contains("Principal::issuer_subject"),
            "{error}"
        );
        // Nor can an exchange of the test's own carry one.
        let echo = |request: String| async move { Ok::<_, String>(request) };
        let Err(error) = TestClient::v2026_07_28()
            .signed_in_as(person("ada"))
            .exchange(echo)
        else {
            panic!("an exchange carries no principal");
        };
        assert!(matches!(error, KitError::SignIn(_)), "{error}");
    }
}
