//! Headless Chromium through WebDriver (`chromedriver`), driven by fantoccini.

use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

use super::services::Service;

/// A new browser session: headless Chromium with a fresh profile of its own (`profile`
/// names it under the driver's temporary directory), so that no cookie or cache is shared
/// with another session.
pub async fn session(driver: &Service, profile: &str) -> Client {
    session_with(driver, profile, &[]).await
}

/// As [`session`], with more of Chromium's command-line switches (`extra`).
pub async fn session_with(driver: &Service, profile: &str, extra: &[&str]) -> Client {
    let dir = driver.dir.0.join(profile);
    std::fs::create_dir_all(&dir).expect("profile directory");
    let mut args = vec![
        "--headless".to_owned(),
        "--no-sandbox".to_owned(),
        "--disable-gpu".to_owned(),
        "--disable-quic".to_owned(),
        "--no-first-run".to_owned(),
        "--disable-background-networking".to_owned(),
        "--disable-component-update".to_owned(),
        "--disable-sync".to_owned(),
        "--disable-dev-shm-usage".to_owned(),
        format!("--user-data-dir={}", dir.display()),
    ];
    args.extend(extra.iter().map(|switch| (*switch).to_owned()));
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args}
    });
    let serde_json::Value::Object(capabilities) = capabilities else {
        unreachable!("an object")
    };
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a WebDriver session with chromium")
}

/// The element `selector` finds, once the page has it (up to ten seconds).
pub async fn css(client: &Client, selector: &str) -> Element {
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css(selector))
        .await
        .unwrap_or_else(|error| panic!("{selector}: {error}"))
}

/// Waits until the page's heading is `expected` (a navigation may still be landing).
pub async fn heading_becomes(client: &Client, expected: &str) {
    let mut last = String::new();
    for _ in 0..100 {
        if let Ok(heading) = client.find(Locator::Css("h1")).await {
            last = heading.text().await.unwrap_or_default();
            if last == expected {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "the heading is {last:?}, not {expected:?}: {}",
        client.source().await.unwrap_or_default()
    );
}
