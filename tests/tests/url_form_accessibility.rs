//! The pages held to an accessibility checker: axe-core (pinned in scripts/axe/, installed by
//! scripts/axe.sh) run in headless Chromium through WebDriver, on the form's first view, the
//! form shown again with an error on every kind of field, and a refusal notice, in the light
//! and in the dark color scheme. Every rule axe runs by default (WCAG 2.x A and AA, text
//! contrast of 4.5:1 among them, and its best practices) must find nothing, and leave nothing
//! undecided (for a person to review). Skipped, saying why, where chromium, chromedriver or
//! axe-core is missing, unless `ELICIT_REQUIRE_SERVICES=1`.
//!
//! WebDriver runs the checker as the test's own script, outside the page's policy, which lets
//! no script of the page's run: the pages themselves stay free of JavaScript.

mod url_form_support;

use std::fmt::Write as _;
use std::time::Duration;

use axum::Router;
use axum::routing::get;
use elicit_core::protocol::UrlPolicy;
use elicit_core::state::Principal;
use elicit_core::url_form::{MemoryStore, UrlForms};
use fantoccini::{Client, Locator};
use serde::Deserialize;
use url_form_support::browser::{css, heading_becomes, session_with};
use url_form_support::services::{Service, chromedriver, require_file};
use url_form_support::{connect_form, identify, keys, login};

/// Where scripts/axe.sh installs the checker, from the repository's root.
const AXE: &str = "scripts/axe/node_modules/axe-core/axe.min.js";

/// The form's prompt, the page's heading.
const PROMPT: &str = "Connect <script>alert(\"x\")</script> the weather service";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Scheme {
    Light,
    Dark,
}

impl Scheme {
    fn name(self) -> &'static str {
        match self {
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }

    /// The switch that makes Chromium prefer this scheme (`prefers-color-scheme`):
    /// Blink's `PreferredColorScheme`, 0 dark and 1 light.
    fn switch(self) -> &'static str {
        match self {
            Self::Light => "--blink-settings=preferredColorScheme=1",
            Self::Dark => "--blink-settings=preferredColorScheme=0",
        }
    }
}

/// What axe says of a page: the rules it found broken, those it could not decide, and those
/// that found nothing wrong.
#[derive(Deserialize)]
struct Results {
    version: String,
    violations: Vec<Rule>,
    incomplete: Vec<Rule>,
    passes: Vec<Rule>,
}

#[derive(Deserialize)]
struct Rule {
    id: String,
    impact: Option<String>,
    help: String,
    #[serde(rename = "helpUrl")]
    help_url: String,
    nodes: Vec<Node>,
}

#[derive(Deserialize)]
struct Node {
    target: String,
    html: String,
    summary: Option<String>,
}

/// Runs axe on the whole document and hands back its results, trimmed to what a failure
/// shows. WebDriver's asynchronous script: the last argument is the callback.
const RUN_AXE: &str = "\
const done = arguments[arguments.length - 1];
const rules = (list) => list.map((rule) => ({
  id: rule.id, impact: rule.impact, help: rule.help, helpUrl: rule.helpUrl,
  nodes: rule.nodes.map((node) => ({
    target: node.target.join(' '), html: node.html, summary: node.failureSummary || null,
  })),
}));
axe.run(document).then(
  (results) => done({
    version: axe.version,
    violations: rules(results.violations),
    incomplete: rules(results.incomplete),
    passes: rules(results.passes),
  }),
  (error) => done({error: String(error)}),
);";

/// The rules that must have run on something on every page (a check that looked at nothing
/// proves nothing), and on a page with a form.
const RAN_ON_EVERY_PAGE: [&str; 4] = [
    "color-contrast",
    "document-title",
    "html-has-lang",
    "page-has-heading-one",
];
const RAN_ON_A_FORM: [&str; 2] = ["label", "aria-valid-attr-value"];

/// Injects axe into the page shown and runs it; every violation, and every check it could not
/// decide (a contrast over an image, say: left for a person to review), each on the lines of
/// `report`, under `page`.
async fn check(client: &Client, axe: &str, page: &str, form: bool, report: &mut String) {
    let injected = client
        .execute(
            &format!("{axe}\nreturn typeof axe === 'object' && axe.version;"),
            vec![],
        )
        .await
        .unwrap_or_else(|error| panic!("{page}: axe could not be injected: {error}"));
    assert_eq!(
        injected.as_str(),
        Some(pinned_version().as_str()),
        "{page}: not the pinned axe-core (run scripts/axe.sh)"
    );
    let value = client
        .execute_async(RUN_AXE, vec![])
        .await
        .unwrap_or_else(|error| panic!("{page}: axe.run failed: {error}"));
    let results: Results = serde_json::from_value(value.clone())
        .unwrap_or_else(|error| panic!("{page}: axe answered {value}: {error}"));
    let on_a_form = if form { &RAN_ON_A_FORM[..] } else { &[] };
    for rule in RAN_ON_EVERY_PAGE.iter().chain(on_a_form) {
        let ran = results
            .passes
            .iter()
            .chain(&results.violations)
            .any(|found| found.id == *rule && !found.nodes.is_empty());
        assert!(ran, "{page}: axe {} did not run {rule}", results.version);
    }
    for (what, rule) in results
        .violations
        .iter()
        .map(|rule| ("violation", rule))
        .chain(results.incomplete.iter().map(|rule| ("undecided", rule)))
    {
        let _ = writeln!(
            report,
            "{page}: {what} {} ({}): {} <{}>",
            rule.id,
            rule.impact.as_deref().unwrap_or("no impact given"),
            rule.help,
            rule.help_url
        );
        for node in &rule.nodes {
            let _ = writeln!(report, "    {}: {}", node.target, node.html);
            if let Some(summary) = &node.summary {
                for line in summary.lines() {
                    let _ = writeln!(report, "        {line}");
                }
            }
        }
    }
}

/// Serves the forms' pages (a sign-out link on each) and the sign-in on a free port.
async fn serve() -> (UrlForms, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    let forms = UrlForms::builder(format!("{origin}/connect"), keys(9), identify)
        .store(MemoryStore::new())
        .url_policy(UrlPolicy::AllowLoopbackHttp)
        .ttl(Duration::from_secs(120))
        .sign_out_url("/logout")
        .build()
        .expect("forms");
    let app = Router::new()
        .route("/login", get(login))
        .merge(forms.router());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (forms, origin)
}

/// Lets the form be sent as it is, and makes the checkbox and the drop-down send what the
/// form refuses: the test's own script standing in for a hand-made post, so that the page
/// comes back with an error on every kind of field.
const POST_EVERYTHING_WRONG: &str = "\
document.querySelector('form').noValidate = true;
const remember = document.querySelector('input[name=remember]');
remember.value = 'maybe';
remember.checked = true;
const plan = document.querySelector('select[name=plan]');
plan.options[1].value = 'premium';
plan.selectedIndex = 1;";

/// The three pages in `scheme`: the first view, the refused post, a refusal notice.
async fn pages_in(scheme: Scheme, driver: &Service, axe: &str) {
    let (forms, origin) = serve().await;
    let client = session_with(driver, scheme.name(), &[scheme.switch()]).await;
    let mut report = String::new();
    let name = scheme.name();

    let link = forms
        .mint(&Principal::new("ada"), "e-1", connect_form())
        .await
        .unwrap();
    client
        .goto(&format!("{origin}/login?user=ada"))
        .await
        .unwrap();
    client.goto(link.url()).await.unwrap();
    heading_becomes(&client, PROMPT).await;
    let dark = client
        .execute(
            "return matchMedia('(prefers-color-scheme: dark)').matches;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        dark.as_bool(),
        Some(scheme == Scheme::Dark),
        "Chromium does not prefer the {name} scheme"
    );
    check(
        &client,
        axe,
        &format!("the first view ({name})"),
        true,
        &mut report,
    )
    .await;

    client.execute(POST_EVERYTHING_WRONG, vec![]).await.unwrap();
    css(&client, "button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    css(&client, ".summary").await;
    // An error on each kind of field: password, text, number, checkbox, radio group,
    // drop-down, radio group, checkbox group.
    let errors = client.find_all(Locator::Css(".summary li")).await.unwrap();
    assert_eq!(
        errors.len(),
        8,
        "{}",
        client.source().await.unwrap_or_default()
    );
    check(
        &client,
        axe,
        &format!("the refused post ({name})"),
        true,
        &mut report,
    )
    .await;

    client
        .goto(&format!("{origin}/login?user=mallory"))
        .await
        .unwrap();
    client.goto(link.url()).await.unwrap();
    heading_becomes(&client, "This link is not for you").await;
    check(
        &client,
        axe,
        &format!("the refusal notice ({name})"),
        false,
        &mut report,
    )
    .await;

    client.close().await.unwrap();
    assert!(report.is_empty(), "axe found:\n{report}");
}

/// The version of axe-core scripts/axe/package.json pins.
fn pinned_version() -> String {
    let manifest =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/axe/package.json");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(manifest).expect("scripts/axe/package.json"))
            .expect("JSON");
    manifest["dependencies"]["axe-core"]
        .as_str()
        .expect("axe-core pinned")
        .to_owned()
}

async fn run(test: &str, scheme: Scheme) {
    let Some(axe) = require_file(AXE, "scripts/axe.sh", test) else {
        return;
    };
    let Some(driver) = chromedriver(test) else {
        return;
    };
    let axe = std::fs::read_to_string(axe).expect("axe.min.js is readable");
    tokio::time::timeout(Duration::from_secs(120), pages_in(scheme, &driver, &axe))
        .await
        .expect("within 120 s");
}

#[tokio::test]
async fn the_pages_pass_the_accessibility_checker_in_the_light_scheme() {
    run(
        "the_pages_pass_the_accessibility_checker_in_the_light_scheme",
        Scheme::Light,
    )
    .await;
}

#[tokio::test]
async fn the_pages_pass_the_accessibility_checker_in_the_dark_scheme() {
    run(
        "the_pages_pass_the_accessibility_checker_in_the_dark_scheme",
        Scheme::Dark,
    )
    .await;
}
