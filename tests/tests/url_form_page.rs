//! The page of a URL-mode form, rendered from the form's schema: every field kind, parsed by
//! a real HTML parser (labels, help tied by `aria-describedby`, required marks, bounds as
//! attributes, selects and multi-selects, the secret as a password), escaping, and the headers
//! every page carries.

mod url_form_support;

use std::time::Duration;

use base64::Engine as _;
use elicit_core::state::Principal;
use elicit_core::url_form::MemoryStore;
use sha2::{Digest, Sha256};
use url_form_support::{BASE, Reply, connect_form, forms_on, get, path_of};

/// The page of a new link for Ada, as Ada's browser gets it.
async fn page() -> Reply {
    let forms = forms_on(MemoryStore::new(), BASE, 1, Duration::from_secs(60));
    let link = forms
        .mint(&Principal::new("ada"), "e-1", connect_form())
        .await
        .expect("minted");
    let reply = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply
}

/// The element the label of `text` is for.
fn labelled(reply: &Reply, text: &str) -> String {
    let html = reply.html();
    let selector = scraper::Selector::parse("label").unwrap();
    let label = html
        .select(&selector)
        .find(|label| label.text().collect::<String>().starts_with(text))
        .unwrap_or_else(|| panic!("no label {text:?} in {}", reply.body));
    label.value().attr("for").expect("a `for`").to_owned()
}

#[tokio::test]
async fn the_secret_is_a_password_input_with_its_bounds() {
    let reply = page().await;
    let id = labelled(&reply, "API key");
    let input = format!("input#{id}");
    assert_eq!(reply.attr(&input, "type").as_deref(), Some("password"));
    assert_eq!(reply.attr(&input, "name").as_deref(), Some("api_key"));
    assert_eq!(reply.attr(&input, "autocomplete").as_deref(), Some("off"));
    assert_eq!(reply.attr(&input, "minlength").as_deref(), Some("8"));
    assert_eq!(reply.attr(&input, "maxlength").as_deref(), Some("64"));
    assert!(reply.attr(&input, "required").is_some());
    assert_eq!(reply.attr(&input, "value"), None);
    // The description is its help, tied to it.
    let described = reply.attr(&input, "aria-describedby").expect("described");
    let help = described.split(' ').next().unwrap();
    assert_eq!(
        reply.text(&format!("#{help}")),
        "The key from your account page"
    );
    // The required mark is shown, and hidden from screen readers (`required` says it).
    assert_eq!(reply.text(&format!("label[for={id}] .req")), " *");
    assert_eq!(
        reply
            .attr(&format!("label[for={id}] .req"), "aria-hidden")
            .as_deref(),
        Some("true")
    );
}

#[tokio::test]
async fn text_number_and_checkbox_inputs_carry_their_schema() {
    let reply = page().await;
    let name = format!("input#{}", labelled(&reply, "Your <script>"));
    assert_eq!(reply.attr(&name, "type").as_deref(), Some("text"));
    assert_eq!(reply.attr(&name, "minlength").as_deref(), Some("2"));
    assert_eq!(reply.attr(&name, "maxlength").as_deref(), Some("40"));
    // JSON Schema's pattern is unanchored, HTML's anchored: wrapped to mean the same.
    assert_eq!(
        reply.attr(&name, "pattern").as_deref(),
        Some(".*(?:^[A-Za-z ]+$).*")
    );
    let hint = reply.attr(&name, "aria-describedby").unwrap();
    assert!(hint.contains("-help") && hint.contains("-hint"), "{hint}");

    let email = format!("input#{}", labelled(&reply, "Email"));
    assert_eq!(reply.attr(&email, "type").as_deref(), Some("email"));
    assert_eq!(reply.attr(&email, "required"), None);

    let seats = format!("input#{}", labelled(&reply, "Seats"));
    assert_eq!(reply.attr(&seats, "type").as_deref(), Some("number"));
    assert_eq!(reply.attr(&seats, "step").as_deref(), Some("1"));
    assert_eq!(reply.attr(&seats, "min").as_deref(), Some("1"));
    assert_eq!(reply.attr(&seats, "max").as_deref(), Some("12"));
    assert!(reply.attr(&seats, "required").is_some());

    let budget = format!("input#{}", labelled(&reply, "Budget"));
    assert_eq!(reply.attr(&budget, "step").as_deref(), Some("any"));
    assert_eq!(reply.attr(&budget, "min").as_deref(), Some("0.5"));
    assert_eq!(reply.attr(&budget, "max").as_deref(), Some("99.5"));

    let remember = format!("input#{}", labelled(&reply, "Remember"));
    assert_eq!(reply.attr(&remember, "type").as_deref(), Some("checkbox"));
    assert_eq!(reply.attr(&remember, "value").as_deref(), Some("true"));
    assert_eq!(reply.attr(&remember, "checked"), None);

    let start = format!("input#{}", labelled(&reply, "Start"));
    assert_eq!(reply.attr(&start, "type").as_deref(), Some("date"));
}

#[tokio::test]
async fn selects_are_radio_groups_or_drop_downs_and_multi_selects_checkbox_groups() {
    let reply = page().await;
    // Three titled options: a radio group in a fieldset, its legend the field's title.
    assert_eq!(
        reply.count("fieldset[role=radiogroup] input[type=radio][name=region]"),
        3
    );
    let region_labels: Vec<String> = ["Europe", "United States", "Asia & Pacific"]
        .iter()
        .map(|title| labelled(&reply, title))
        .collect();
    assert_eq!(
        reply
            .attr(&format!("input#{}", region_labels[0]), "value")
            .as_deref(),
        Some("eu")
    );
    assert!(
        reply
            .attr(&format!("input#{}", region_labels[2]), "required")
            .is_some()
    );
    // `enumNames` titles its options.
    let metric = labelled(&reply, "Metric (°C, km/h)");
    assert_eq!(
        reply.attr(&format!("input#{metric}"), "value").as_deref(),
        Some("metric")
    );
    // Five options: a drop-down; optional, so its first option is no answer.
    let plan = labelled(&reply, "Plan");
    assert_eq!(reply.count(&format!("select#{plan} option")), 6);
    assert_eq!(reply.text(&format!("select#{plan} option")), "No answer");
    assert_eq!(reply.attr(&format!("select#{plan}"), "required"), None);
    // Multi-selects: checkboxes in a fieldset, their bounds said in a hint.
    assert_eq!(reply.count("fieldset input[type=checkbox][name=alerts]"), 3);
    let wind = labelled(&reply, "Strong wind");
    assert_eq!(
        reply.attr(&format!("input#{wind}"), "value").as_deref(),
        Some("Wind")
    );
    let alerts_fieldset = reply.html();
    let legend = scraper::Selector::parse("fieldset legend").unwrap();
    let legends: Vec<String> = alerts_fieldset
        .select(&legend)
        .map(|l| l.text().collect::<String>())
        .collect();
    assert!(legends.iter().any(|l| l == "Alerts *"), "{legends:?}");
    assert!(reply.body.contains("Choose from 1 to 2."));
    assert_eq!(reply.count("fieldset input[type=checkbox][name=days]"), 3);
}

#[tokio::test]
async fn titles_and_descriptions_are_text_never_markup() {
    let reply = page().await;
    assert_eq!(reply.count("script"), 0, "{}", reply.body);
    assert_eq!(reply.count("b"), 0);
    assert_eq!(
        reply.text("h1"),
        "Connect <script>alert(\"x\")</script> the weather service"
    );
    assert!(
        reply.body.contains("&#60;script&#62;"),
        "escaped, not dropped"
    );
    let name = labelled(&reply, "Your <script>alert(1)</script> name");
    let help = reply
        .attr(&format!("input#{name}"), "aria-describedby")
        .unwrap();
    assert_eq!(
        reply.text(&format!("#{}", help.split(' ').next().unwrap())),
        "Letters & spaces <b>only</b>"
    );
}

#[tokio::test]
async fn the_form_posts_to_its_link_with_a_token() {
    let reply = page().await;
    assert_eq!(reply.attr("form", "method").as_deref(), Some("post"));
    let action = reply.attr("form", "action").unwrap();
    assert!(action.starts_with("/connect/") && action.len() == "/connect/".len() + 43);
    let token = reply.token();
    assert_eq!(token.len(), 43, "an HMAC-SHA-256 in base64");
    assert_eq!(reply.count("input[type=hidden]"), 1);
}

#[tokio::test]
async fn every_page_is_unstored_unframed_and_runs_nothing() {
    let reply = page().await;
    let header = |name: &str| {
        reply
            .headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(header("content-type"), "text/html; charset=utf-8");
    assert_eq!(header("cache-control"), "no-store");
    assert_eq!(header("x-frame-options"), "DENY");
    assert_eq!(header("referrer-policy"), "no-referrer");
    assert_eq!(header("x-content-type-options"), "nosniff");
    let policy = header("content-security-policy");
    assert!(policy.starts_with("default-src 'none'; "), "{policy}");
    assert!(policy.contains("frame-ancestors 'none'"));
    assert!(policy.contains("form-action 'self'"));
    assert!(!policy.contains("script-src") && !policy.contains("unsafe"));
    // The style the policy allows is exactly the page's own.
    let style = reply.text("style");
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(style.as_bytes()));
    assert!(
        policy.contains(&format!("style-src 'sha256-{hash}'")),
        "{policy}"
    );

    // A refusal page carries them too.
    let forms = forms_on(MemoryStore::new(), BASE, 1, Duration::from_secs(60));
    let refused = get(
        &forms.router(),
        &format!("/connect/{}", "A".repeat(43)),
        Some("ada"),
    )
    .await;
    assert_eq!(refused.status, 404);
    assert_eq!(refused.headers.get("cache-control").unwrap(), "no-store");
    assert_eq!(refused.text("h1"), "Link not found");
}

#[tokio::test]
async fn defaults_fill_the_first_page() {
    use elicit_core::Elicit;

    /// Defaults
    #[derive(Elicit, Debug)]
    struct Defaults {
        #[elicit(default = "Ada")]
        name: String,
        #[elicit(default = 4)]
        seats: u8,
        #[elicit(default = true)]
        remember: bool,
        #[elicit(default = url_form_support::Plan::Team)]
        plan: url_form_support::Plan,
        #[elicit(default = [url_form_support::Alert::Wind])]
        alerts: Vec<url_form_support::Alert>,
    }
    let forms = forms_on(MemoryStore::new(), BASE, 1, Duration::from_secs(60));
    let link = forms
        .mint(
            &Principal::new("ada"),
            "e-1",
            elicit_core::url_form::UrlForm::<Defaults>::new(),
        )
        .await
        .unwrap();
    let reply = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
    assert_eq!(
        reply.attr("input[name=name]", "value").as_deref(),
        Some("Ada")
    );
    assert_eq!(
        reply.attr("input[name=seats]", "value").as_deref(),
        Some("4")
    );
    assert!(reply.attr("input[name=remember]", "checked").is_some());
    assert_eq!(reply.text("select[name=plan] option[selected]"), "team");
    // A field with a default is optional (left blank, it is the default): a blank option.
    assert_eq!(reply.count("select[name=plan] option"), 6);
    assert_eq!(reply.attr("select[name=plan]", "required"), None);
    assert!(
        reply
            .attr("input[name=alerts][value=Wind]", "checked")
            .is_some()
    );
    assert!(
        reply
            .attr("input[name=alerts][value=Rain]", "checked")
            .is_none()
    );
}

/// Forms whose hook names the browser's person with a display name (`<script>` in it, to be
/// shown as text), and which say where to sign out when `sign_out` is given.
fn named_forms(sign_out: Option<&str>) -> elicit_core::url_form::UrlForms {
    let identify = |request: &http::request::Parts| {
        elicit_core::url_form::cookie(request, "user").map(|user| {
            Principal::new(user).with_display_name(format!("{user} <script>x</script>@example.com"))
        })
    };
    let mut builder =
        elicit_core::url_form::UrlForms::builder(BASE, url_form_support::keys(1), identify)
            .ttl(Duration::from_secs(60));
    if let Some(sign_out) = sign_out {
        builder = builder.sign_out_url(sign_out);
    }
    builder.build().expect("forms")
}

#[tokio::test]
async fn the_page_says_who_it_answers_as_before_anything_is_typed() {
    for sign_out in [Some("/logout?next=%2F"), None] {
        let forms = named_forms(sign_out);
        let link = forms
            .mint(&Principal::new("ada"), "e-1", connect_form())
            .await
            .unwrap();
        let reply = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        // The server's own name for the browser's person, escaped.
        assert_eq!(
            reply.text("#signed-in strong"),
            "ada <script>x</script>@example.com"
        );
        assert!(!reply.body.contains("<script>x"), "escaped");
        let line = reply.text("#signed-in");
        assert!(line.starts_with("Signed in as ada"), "{line}");
        assert!(line.contains("not you?"), "{line}");
        assert!(line.ends_with("then open the link again."), "{line}");
        match sign_out {
            Some(url) => {
                assert_eq!(reply.attr("#signed-in a", "href").as_deref(), Some(url));
                assert_eq!(reply.text("#signed-in a"), "Sign out");
            }
            None => {
                assert_eq!(reply.count("#signed-in a"), 0);
                assert!(line.contains("Sign out of this site"), "{line}");
            }
        }
        // Before the form: nothing is typed before it is read.
        let banner = reply.body.find("id=\"signed-in\"").unwrap();
        let form = reply.body.find("<form").unwrap();
        assert!(banner < form);
        // And on the page shown again after a refused post.
        let token = reply.token();
        let posted = url_form_support::post(
            &forms.router(),
            &path_of(link.url()),
            Some("ada"),
            &format!("_csrf={token}&name=x"),
        )
        .await;
        assert_eq!(posted.status, 422);
        assert_eq!(
            posted.text("#signed-in strong"),
            "ada <script>x</script>@example.com"
        );
    }
}

#[tokio::test]
async fn a_browser_signed_in_as_somebody_else_is_told_who_it_is() {
    let forms = named_forms(Some("/logout"));
    let link = forms
        .mint(&Principal::new("ada"), "e-1", connect_form())
        .await
        .unwrap();
    let reply = get(&forms.router(), &path_of(link.url()), Some("mallory")).await;
    assert_eq!(reply.status, 403);
    assert_eq!(reply.text("h1"), "This link is not for you");
    assert_eq!(
        reply.text("#signed-in strong"),
        "mallory <script>x</script>@example.com"
    );
    assert_eq!(
        reply.attr("#signed-in a", "href").as_deref(),
        Some("/logout")
    );
    assert_eq!(reply.count("form"), 0);
}

#[tokio::test]
async fn without_a_display_name_the_page_names_the_principal() {
    let reply = page().await;
    assert_eq!(reply.text("#signed-in strong"), "ada");
}

#[tokio::test]
async fn labels_are_the_fields_titles_acronyms_written_as_people_write_them() {
    use elicit_core::Elicit;

    /// Where to send the events
    #[derive(Elicit, Debug)]
    struct Webhook {
        callback_url: String,
        #[elicit(min_length = 3)]
        user_id: String,
        allowed_ips: Option<String>,
        idle_minutes: Option<u32>,
        #[elicit(title = "Signing key version")]
        key_version: Option<u8>,
    }
    let forms = forms_on(MemoryStore::new(), BASE, 1, Duration::from_secs(60));
    let link = forms
        .mint(
            &Principal::new("ada"),
            "e-1",
            elicit_core::url_form::UrlForm::<Webhook>::new(),
        )
        .await
        .unwrap();
    let reply = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
    let label_of = |name: &str| {
        let id = reply
            .attr(&format!("[name={name}]"), "id")
            .unwrap_or_else(|| panic!("no input {name}: {}", reply.body));
        reply.text(&format!("label[for={id}]"))
    };
    assert_eq!(label_of("callback_url"), "Callback URL *");
    assert_eq!(label_of("user_id"), "User ID *");
    assert_eq!(label_of("allowed_ips"), "Allowed IPs");
    assert_eq!(label_of("idle_minutes"), "Idle minutes");
    assert_eq!(label_of("key_version"), "Signing key version");
}

/// A first view of the page of `Connect` and the page after a post refused for every kind of
/// field (nothing typed, a checkbox sending `maybe`, a drop-down an option it lacks).
async fn first_and_refused() -> (Reply, Reply) {
    let forms = forms_on(MemoryStore::new(), BASE, 1, Duration::from_secs(60));
    let link = forms
        .mint(&Principal::new("ada"), "e-1", connect_form())
        .await
        .expect("minted");
    let path = path_of(link.url());
    let first = get(&forms.router(), &path, Some("ada")).await;
    let body = format!("_csrf={}&remember=maybe&plan=premium", first.token());
    let refused = url_form_support::post(&forms.router(), &path, Some("ada"), &body).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    (first, refused)
}

#[tokio::test]
async fn every_error_is_tied_to_its_field_and_the_summary_links_to_its_input() {
    let (_, reply) = first_and_refused().await;
    let html = reply.html();
    let select = |css: &str| scraper::Selector::parse(css).unwrap();
    let ids = |element: scraper::ElementRef<'_>| -> Vec<String> {
        element
            .value()
            .attr("aria-describedby")
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    // Each field refused, as each kind of widget: its error paragraph, said by the input
    // (every option of a group), which is marked invalid.
    let refused = [
        ("api_key", "password", false),
        ("name", "text", false),
        ("seats", "number", false),
        ("remember", "checkbox", false),
        ("region", "radio", true),
        ("plan", "select", false),
        ("units", "radio", true),
        ("alerts", "checkbox", true),
    ];
    for (name, kind, group) in refused {
        let inputs: Vec<_> = html.select(&select(&format!("[name={name}]"))).collect();
        assert!(!inputs.is_empty(), "{name}");
        let field = if group {
            let fieldset = html
                .select(&select("fieldset"))
                .find(|fieldset| {
                    fieldset
                        .select(&select(&format!("[name={name}]")))
                        .next()
                        .is_some()
                })
                .unwrap_or_else(|| panic!("{name} is in no fieldset"));
            let id = fieldset.value().attr("id").unwrap().to_owned();
            // Help and hint on the group; the error on each option, said once.
            assert!(
                !ids(fieldset).contains(&format!("{id}-error")),
                "{name}: {:?}",
                ids(fieldset)
            );
            id
        } else {
            assert_eq!(inputs.len(), 1, "{name}");
            inputs[0].value().attr("id").unwrap().to_owned()
        };
        let error = format!("{field}-error");
        let paragraph = reply.text(&format!("p#{error}.error"));
        assert!(paragraph.starts_with("Error: "), "{name}: {paragraph:?}");
        for input in &inputs {
            let tag = input.value().name();
            let what = if tag == "select" {
                "select"
            } else {
                input.value().attr("type").unwrap_or_default()
            };
            assert_eq!(what, kind, "{name}");
            assert!(ids(*input).contains(&error), "{name}: {:?}", ids(*input));
            assert_eq!(input.value().attr("aria-invalid"), Some("true"), "{name}");
        }
    }
    // The others are neither invalid nor said to be.
    for name in ["email", "budget", "days", "start"] {
        for input in html.select(&select(&format!("[name={name}]"))) {
            assert_eq!(input.value().attr("aria-invalid"), None, "{name}");
            assert!(
                !ids(input).iter().any(|id| id.ends_with("-error")),
                "{name}"
            );
        }
    }
    assert_eq!(reply.count(".error"), refused.len());

    // The summary: a link per error, in the fields' order, to the input (a group's first
    // option), named by the field's label.
    let links: Vec<_> = html.select(&select(".summary li a")).collect();
    assert_eq!(links.len(), refused.len());
    for (link, (name, _, group)) in links.iter().zip(refused) {
        let href = link.value().attr("href").unwrap();
        let target = html
            .select(&select(href))
            .next()
            .unwrap_or_else(|| panic!("{name}: {href} is nowhere"));
        assert_eq!(target.value().attr("name"), Some(name), "{href}");
        if group {
            let first = html
                .select(&select(&format!("[name={name}]")))
                .next()
                .unwrap();
            assert_eq!(target.id(), first.id(), "{name}: the first option");
        }
        let text = link.text().collect::<String>();
        let id = target.value().attr("id").unwrap();
        let label = if group {
            let fieldset = id.rsplit_once('-').unwrap().0;
            reply.text(&format!("#{fieldset} > legend"))
        } else {
            reply.text(&format!("label[for={id}]"))
        };
        let label = label.trim_end_matches(" *");
        assert!(
            text.starts_with(&format!("{label}: ")),
            "{text:?} {label:?}"
        );
    }
    assert!(
        reply.text(".summary li a").starts_with("API key: "),
        "the title, not the wire name"
    );
}

/// The headings of `reply`, in order: (level, text).
fn headings(reply: &Reply) -> Vec<(u8, String)> {
    let html = reply.html();
    let selector = scraper::Selector::parse("h1, h2, h3, h4, h5, h6").unwrap();
    html.select(&selector)
        .map(|heading| {
            let level = heading.value().name()[1..].parse().unwrap();
            (level, heading.text().collect::<String>())
        })
        .collect()
}

/// One `h1` first, no level skipped, no heading empty or said twice.
fn assert_headings(reply: &Reply, what: &str) -> Vec<(u8, String)> {
    let headings = headings(reply);
    assert_eq!(
        headings.first().map(|h| h.0),
        Some(1),
        "{what}: {headings:?}"
    );
    assert_eq!(
        headings.iter().filter(|h| h.0 == 1).count(),
        1,
        "{what}: {headings:?}"
    );
    for pair in headings.windows(2) {
        assert!(pair[1].0 <= pair[0].0 + 1, "{what}: {headings:?}");
    }
    for (index, (_, text)) in headings.iter().enumerate() {
        assert!(!text.trim().is_empty(), "{what}: {headings:?}");
        assert!(
            !headings[..index].iter().any(|(_, earlier)| earlier == text),
            "{what}: {text:?} twice"
        );
    }
    headings
}

#[tokio::test]
async fn each_page_has_one_h1_and_no_heading_repeats_or_skips_a_level() {
    let (first, refused) = first_and_refused().await;
    let prompt = "Connect <script>alert(\"x\")</script> the weather service";
    assert_eq!(
        assert_headings(&first, "the first view"),
        [(1, prompt.to_owned())]
    );
    assert_eq!(
        assert_headings(&refused, "the refused post"),
        [
            (1, prompt.to_owned()),
            (2, "8 fields need correcting".to_owned())
        ]
    );
    assert_eq!(refused.text("title"), format!("Error: {prompt}"));
    // A legend names its group: no heading says it again.
    let legends = refused.html();
    let legend = scraper::Selector::parse("legend").unwrap();
    for legend in legends.select(&legend) {
        let text = legend.text().collect::<String>();
        assert!(
            !headings(&refused)
                .iter()
                .any(|(_, heading)| *heading == text),
            "{text}"
        );
    }

    // A notice: its one heading.
    let forms = forms_on(MemoryStore::new(), BASE, 1, Duration::from_secs(60));
    let notice = get(
        &forms.router(),
        &format!("/connect/{}", "A".repeat(43)),
        Some("ada"),
    )
    .await;
    assert_eq!(
        assert_headings(&notice, "a notice"),
        [(1, "Link not found".to_owned())]
    );
}

#[tokio::test]
async fn a_blank_prompt_still_heads_the_page() {
    let forms = forms_on(MemoryStore::new(), BASE, 1, Duration::from_secs(60));
    let form = elicit_core::url_form::UrlForm::from_form(
        elicit_core::Form::<url_form_support::Connect>::new().message(" \n"),
    )
    .secret("api_key");
    let link = forms
        .mint(&Principal::new("ada"), "e-1", form)
        .await
        .unwrap();
    let reply = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(
        assert_headings(&reply, "a blank prompt"),
        [(1, "Please answer this form".to_owned())]
    );
    assert_eq!(reply.text("title"), "Please answer this form");
}
