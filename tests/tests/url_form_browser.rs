//! The page in a real browser: headless Chromium driven through WebDriver (`chromedriver`),
//! which the test starts itself (skipped, saying why, where either is missing, unless
//! `ELICIT_REQUIRE_SERVICES=1`). The page renders every field kind with its style (the
//! policy's hash holds), a bad post comes back with its errors and without the secret, a good
//! one shows the done page and is taken typed, and another person's browser is refused.

mod url_form_support;

use std::time::Duration;

use axum::Router;
use axum::routing::get;
use elicit_core::state::Principal;
use elicit_core::url_form::{ExposeSecret, MemoryStore, UrlForms};
use fantoccini::{Client, Locator};
use url_form_support::browser::{css, heading_becomes};
use url_form_support::services::chromedriver;
use url_form_support::{Alert, KEY, Region, Units, browser, connect_form, forms_on, login};

/// Serves the forms' pages and the sign-in on a free port of 127.0.0.1.
async fn serve() -> (UrlForms, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    let forms = forms_on(
        MemoryStore::new(),
        &format!("{origin}/connect"),
        7,
        Duration::from_secs(120),
    );
    let app = Router::new()
        .route("/login", get(login))
        .merge(forms.router());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (forms, origin)
}

async fn count(client: &Client, selector: &str) -> usize {
    client.find_all(Locator::Css(selector)).await.unwrap().len()
}

async fn computed(client: &Client, selector: &str, property: &str) -> String {
    let script = format!(
        "return getComputedStyle(document.querySelector('{selector}')).getPropertyValue('{property}');"
    );
    client
        .execute(&script, vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn the_person_asked_answers(client: &Client, forms: &UrlForms, origin: &str) {
    let ada = Principal::new("ada");
    let link = forms.mint(&ada, "e-1", connect_form()).await.unwrap();
    client
        .goto(&format!("{origin}/login?user=ada"))
        .await
        .unwrap();
    client.goto(link.url()).await.unwrap();
    heading_becomes(
        client,
        "Connect <script>alert(\"x\")</script> the weather service",
    )
    .await;

    // Every field kind, as the browser built it.
    assert_eq!(
        css(client, "input[name=api_key]")
            .await
            .attr("type")
            .await
            .unwrap()
            .as_deref(),
        Some("password")
    );
    assert_eq!(count(client, "input[type=text][name=name]").await, 1);
    assert_eq!(count(client, "input[type=email][name=email]").await, 1);
    assert_eq!(count(client, "input[type=number][name=seats]").await, 1);
    assert_eq!(count(client, "input[type=number][name=budget]").await, 1);
    assert_eq!(
        count(client, "input[type=checkbox][name=remember]").await,
        1
    );
    assert_eq!(count(client, "input[type=radio][name=region]").await, 3);
    assert_eq!(count(client, "select[name=plan] option").await, 6);
    assert_eq!(count(client, "input[type=radio][name=units]").await, 2);
    assert_eq!(count(client, "input[type=checkbox][name=alerts]").await, 3);
    assert_eq!(count(client, "input[type=checkbox][name=days]").await, 3);
    assert_eq!(count(client, "input[type=date][name=start]").await, 1);
    assert_eq!(count(client, "script").await, 0);
    // The inline style applies: the policy allows it by its hash.
    assert_eq!(computed(client, "main", "max-width").await, "640px");

    // A post the browser lets through but the form refuses: no alert ticked (at least one).
    css(client, "input[name=api_key]")
        .await
        .send_keys(KEY)
        .await
        .unwrap();
    css(client, "input[name=name]")
        .await
        .send_keys("Ada Lovelace")
        .await
        .unwrap();
    css(client, "input[name=seats]")
        .await
        .send_keys("3")
        .await
        .unwrap();
    css(client, "input[name=region][value=eu]")
        .await
        .click()
        .await
        .unwrap();
    css(client, "input[name=units][value=metric]")
        .await
        .click()
        .await
        .unwrap();
    css(client, "input[name=days][value=tue]")
        .await
        .click()
        .await
        .unwrap();
    css(client, "button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    let summary = css(client, ".summary").await;
    assert!(
        summary
            .text()
            .await
            .unwrap()
            .contains("Alerts: select at least 1 option, got 0")
    );
    assert_eq!(
        computed(client, ".summary", "border-top-width").await,
        "3px"
    );
    let alerts_error = css(client, "fieldset .error").await.text().await.unwrap();
    // "Error: " is for screen readers only (positioned out of sight, hence its own line).
    let alerts_error = alerts_error
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(alerts_error, "Error: select at least 1 option, got 0");
    // What was typed is kept; the secret is not.
    let name = css(client, "input[name=name]").await;
    assert_eq!(
        name.prop("value").await.unwrap().as_deref(),
        Some("Ada Lovelace")
    );
    assert_eq!(
        css(client, "input[name=api_key]")
            .await
            .prop("value")
            .await
            .unwrap()
            .as_deref(),
        Some("")
    );
    assert!(
        css(client, "input[name=days][value=tue]")
            .await
            .is_selected()
            .await
            .unwrap()
    );
    assert!(!client.source().await.unwrap().contains(KEY));
    assert!(
        forms
            .take(link.id(), &ada, connect_form().form())
            .await
            .unwrap()
            .is_none()
    );

    // Corrected: the key typed again, an alert ticked.
    css(client, "input[name=api_key]")
        .await
        .send_keys(KEY)
        .await
        .unwrap();
    css(client, "input[name=alerts][value=Wind]")
        .await
        .click()
        .await
        .unwrap();
    css(client, "button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    heading_becomes(client, "Thank you").await;

    let value = forms
        .take(link.id(), &ada, connect_form().form())
        .await
        .unwrap()
        .expect("answered");
    assert_eq!(value.api_key.expose_secret(), KEY);
    assert_eq!(value.name, "Ada Lovelace");
    assert_eq!(
        (value.seats, value.region, value.units),
        (3, Region::Europe, Units::Metric)
    );
    assert_eq!(value.alerts, [Alert::Wind]);
    assert_eq!(
        value.days.as_deref(),
        Some(&[url_form_support::Day::Tue][..])
    );
    assert!(!value.remember);

    // Back to the link: used.
    client.goto(link.url()).await.unwrap();
    heading_becomes(client, "This link has been used").await;
}

async fn another_person_is_refused(client: &Client, forms: &UrlForms, origin: &str) {
    let ada = Principal::new("ada");
    let link = forms.mint(&ada, "e-2", connect_form()).await.unwrap();
    client
        .goto(&format!("{origin}/login?user=mallory"))
        .await
        .unwrap();
    client.goto(link.url()).await.unwrap();
    heading_becomes(client, "This link is not for you").await;
    assert_eq!(count(client, "form").await, 0);
    assert!(
        forms
            .take(link.id(), &ada, connect_form().form())
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn the_page_in_a_real_browser() {
    let Some(driver) = chromedriver("the_page_in_a_real_browser") else {
        return;
    };
    let (forms, origin) = serve().await;
    let run = async {
        let ada = browser::session(&driver, "ada").await;
        the_person_asked_answers(&ada, &forms, &origin).await;
        ada.close().await.unwrap();
        // Another browser, its own profile and cookies.
        let mallory = browser::session(&driver, "mallory").await;
        another_person_is_refused(&mallory, &forms, &origin).await;
        mallory.close().await.unwrap();
    };
    tokio::time::timeout(Duration::from_secs(90), run)
        .await
        .expect("within 90 s");
}
