//! What the client learns when a URL-mode form cannot be had: one short, stable sentence
//! (expired, used, not yours, refused), the call answered with it as an error text; never the
//! store's own error, a principal, or a field's value. The precise reason goes to the
//! server's log, without the answer's content. One test in this binary: it installs the
//! process's `tracing` subscriber.

mod url_form_support;

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use elicit_core::dialog::{Connection, Dialog, DialogSettings, Halt, Sending};
use elicit_core::protocol::ProtocolVersion;
use elicit_core::state::{Binding, StateKeys};
use elicit_core::url_form::{
    Created, LinkAnswer, LinkId, MemoryStore, NewLink, StoreError, StoreFuture, Stored,
    UrlFormStore,
};
use serde_json::{Value, json};
use url_form_support::{BASE, Connect, forms_on, keys};

/// What the store behind the forms does wrong.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// Creating a link fails.
    Create,
    /// Reading a link fails.
    Get,
    /// The link reads as taken already.
    Taken,
    /// The link's record is sealed for somebody else.
    Foreign,
    /// The answer stored does not fit the form (and holds a would-be secret).
    Unfit,
}

/// The store's own words, which must never reach the client.
const STORE_TEXT: &str = "READONLY You can't write against a read only replica (10.1.2.3:6379)";
/// A value typed into a page, which must reach neither the client nor the log.
const TYPED: &str = "sk-live-TYPED-SECRET-0123456789-0123456789-0123456789-0123456789-XYZ";

struct Faulty {
    inner: MemoryStore,
    fault: Fault,
    keys: StateKeys,
}

impl Faulty {
    fn failed() -> StoreError {
        StoreError::new(STORE_TEXT)
    }
}

impl UrlFormStore for Faulty {
    fn create(&self, link: NewLink<'_>) -> StoreFuture<'_, Created> {
        match self.fault {
            Fault::Create => Box::pin(async { Err(Self::failed()) }),
            Fault::Foreign => {
                // The same record, sealed for Bob.
                let id = link.id.as_str();
                let ada = Binding::new("elicit/url-form", id, &Value::Null).with_principal("ada");
                let bob = Binding::new("elicit/url-form", id, &Value::Null).with_principal("bob");
                let opened: Value = self.keys.open(&link.record, &ada).expect("Ada's record");
                let resealed = self
                    .keys
                    .seal_until(&opened, &bob, SystemTime::now() + Duration::from_secs(60))
                    .expect("sealed for Bob");
                self.inner.create(NewLink {
                    record: resealed,
                    ..link
                })
            }
            _ => self.inner.create(link),
        }
    }

    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>> {
        let id = id.clone();
        Box::pin(async move {
            let stored = self.inner.get(&id).await?;
            match self.fault {
                Fault::Get => Err(Self::failed()),
                Fault::Taken => Ok(stored.map(|stored| Stored {
                    answer: LinkAnswer::Taken,
                    ..stored
                })),
                Fault::Unfit => Ok(stored.map(|stored| Stored {
                    answer: self.unfit(&id),
                    ..stored
                })),
                _ => Ok(stored),
            }
        })
    }

    fn settle(&self, id: &LinkId, answer: LinkAnswer, keep: Duration) -> StoreFuture<'_, bool> {
        self.inner.settle(id, answer, keep)
    }

    fn find(&self, question: &str) -> StoreFuture<'_, Option<LinkId>> {
        self.inner.find(question)
    }

    fn take(&self, id: &LinkId) -> StoreFuture<'_, LinkAnswer> {
        match self.fault {
            Fault::Unfit => {
                let answer = self.unfit(id);
                Box::pin(async move { Ok(answer) })
            }
            _ => self.inner.take(id),
        }
    }
}

impl Faulty {
    /// An answer, sealed for Ada and this link as the page seals one, whose key is longer
    /// than the form allows (64 characters).
    fn unfit(&self, id: &LinkId) -> LinkAnswer {
        let binding =
            Binding::new("elicit/url-form answer", id.as_str(), &Value::Null).with_principal("ada");
        let content = json!({
            "api_key": TYPED, "name": "Ada Lovelace", "seats": 3, "remember": false,
            "region": "eu", "units": "metric", "alerts": ["Rain"],
        });
        let sealed = self
            .keys
            .seal_until(
                &content,
                &binding,
                SystemTime::now() + Duration::from_secs(60),
            )
            .expect("sealed");
        LinkAnswer::Submitted(sealed)
    }
}

/// A 2025-11-25 client that accepts every URL elicitation (and opens nothing).
#[derive(Clone, Default)]
struct Accepting {
    sent: Arc<Mutex<Vec<Value>>>,
}

impl Connection for Accepting {
    fn request(&self, request: Value) -> Sending<'_, Value> {
        self.sent.lock().unwrap().push(request);
        Box::pin(async { Ok(json!({"action": "accept"})) })
    }

    fn notify(&self, notification: Value) -> Sending<'_, ()> {
        self.sent.lock().unwrap().push(notification);
        Box::pin(async { Ok(()) })
    }
}

/// The text the call is answered with when the store does `fault`, and what the client was
/// sent.
async fn answered(fault: Fault) -> (Value, Vec<Value>) {
    // The URL forms' keys: the same bytes as `forms_on` gives them (encrypting).
    let store = Faulty {
        inner: MemoryStore::new(),
        fault,
        keys: keys(7),
    };
    let forms = forms_on(store, BASE, 7, Duration::from_secs(60));
    let settings = DialogSettings::new().keys(&keys(7)).url_forms(&forms);
    let client = Accepting::default();
    let dialog = Dialog::new(
        ProtocolVersion::V2025_11_25,
        Binding::tool("connect", &json!({})),
    )
    .with_client_capabilities(json!({"elicitation": {"url": {}}}))
    .with_connection(client.clone())
    .with_settings(&settings)
    .principal("ada");
    let result: Value = dialog
        .run(|d| async move {
            let outcome = d.ask_url_form::<Connect>("connect").await?;
            Ok::<_, Halt>(json!(format!("{:?}", outcome.action())))
        })
        .await
        .expect("answered with a text, not an error");
    let sent = client.sent.lock().unwrap().clone();
    (result, sent)
}

/// Every `tracing` event, as `level target field=value …`.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<String>>>);

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
        struct Fields<'a>(&'a mut String);
        impl tracing::field::Visit for Fields<'_> {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                self.0.push_str(&format!(" {}={value:?}", field.name()));
            }
        }
        let mut line = format!("{} {}", event.metadata().level(), event.metadata().target());
        event.record(&mut Fields(&mut line));
        self.0.lock().unwrap().push(line);
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

#[test]
fn the_client_learns_one_stable_sentence_and_the_log_the_reason() {
    let capture = Capture::default();
    tracing::subscriber::set_global_default(capture.clone()).expect("the only subscriber");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let cases = [
        (
            Fault::Create,
            "The form `connect` could not be completed: ask again.",
            STORE_TEXT,
        ),
        (
            Fault::Get,
            "The form `connect` could not be completed: ask again.",
            STORE_TEXT,
        ),
        (
            Fault::Taken,
            "The link for `connect` was already used: ask again for a new one.",
            "already taken",
        ),
        (
            Fault::Foreign,
            "The link for `connect` was made for someone else.",
            "principal",
        ),
        (
            Fault::Unfit,
            "The form `connect` could not be completed: ask again.",
            "api_key (too_long)",
        ),
    ];
    for (fault, sentence, reason) in cases {
        capture.0.lock().unwrap().clear();
        let (result, sent) = runtime.block_on(answered(fault));
        let reply: Value = serde_json::from_value(result.clone()).unwrap();
        assert_eq!(
            reply,
            json!({"content": [{"type": "text", "text": sentence}], "isError": true}),
            "{fault:?}"
        );
        let everything = format!("{result} {}", serde_json::to_string(&sent).unwrap());
        // The principals as they would be written (the random ids may hold any three letters).
        for never in [
            STORE_TEXT,
            "10.1.2.3",
            TYPED,
            "principal",
            "\"bob\"",
            "\"ada\"",
        ] {
            assert!(
                !everything.contains(never),
                "{fault:?}: the client saw {never:?}: {everything}"
            );
        }
        let log = capture.0.lock().unwrap().join("\n");
        let line = log
            .lines()
            .find(|line| line.contains("elicit_core::url_form") && line.contains("not answered"))
            .unwrap_or_else(|| panic!("{fault:?}: no log line in\n{log}"));
        assert!(line.starts_with("WARN"), "{line}");
        assert!(line.contains("key=\"connect\""), "{line}");
        assert!(line.contains(reason), "{fault:?}: {line}");
        assert!(
            !log.contains(TYPED),
            "{fault:?}: the log holds what was typed: {log}"
        );
    }
}
