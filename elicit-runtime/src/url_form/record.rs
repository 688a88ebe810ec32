//! What a store keeps for a link, sealed with the server's keys: the link's [`LinkRecord`],
//! and its answer. Each is bound to the link and to the person asked, so that a store (or
//! whoever can write to it) cannot move a record or an answer to another link or person, and
//! a browser signed in as somebody else cannot open it.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use zeroize::Zeroize;

use super::content::Content;
use super::link::LinkId;
use crate::schema::RequestedSchema;
use crate::state::{Binding, Principal, SealError, StateError, StateKeys};

/// A pending link: which elicitation, which form, and the page's CSRF secret.
#[derive(Serialize, Deserialize)]
pub(crate) struct LinkRecord {
    /// The elicitation the link answers.
    pub(crate) elicitation: String,
    /// The form's name, for an instance that did not mint the link.
    pub(crate) form: String,
    /// The prompt, the page's title.
    pub(crate) prompt: String,
    /// The schema the page shows.
    pub(crate) schema: RequestedSchema,
    /// The wire names of the secret fields.
    pub(crate) secrets: Vec<String>,
    /// The CSRF secret (see `csrf`).
    pub(crate) csrf: String,
    /// The last moment the link takes a post, in milliseconds since the Unix epoch (its
    /// sealed expiry, and the allowance for clocks): for the server that finds it again.
    #[serde(default)]
    pub(crate) closes_ms: u64,
}

/// Wipes the CSRF secret, in place; the rest (the prompt, the schema, the form's name) is the
/// server's.
impl Zeroize for LinkRecord {
    fn zeroize(&mut self) {
        self.csrf.zeroize();
    }
}

impl Drop for LinkRecord {
    fn drop(&mut self) {
        self.zeroize();
        #[cfg(test)]
        crate::state::observed::dropped("LinkRecord", self.csrf.clone());
    }
}

fn link_binding(id: &LinkId, principal: &Principal) -> Binding {
    Binding::new("elicit/url-form", id.as_str(), &Value::Null).with_principal(principal)
}

fn answer_binding(id: &LinkId, principal: &Principal) -> Binding {
    Binding::new("elicit/url-form answer", id.as_str(), &Value::Null).with_principal(principal)
}

/// Seals a link's record, to open until `expires`.
pub(crate) fn seal_link(
    keys: &StateKeys,
    record: &LinkRecord,
    id: &LinkId,
    principal: &Principal,
    expires: SystemTime,
) -> Result<String, SealError> {
    keys.seal_until(record, &link_binding(id, principal), expires)
}

/// Opens a link's record for the person `principal`:
/// [`WrongPrincipal`](StateError::WrongPrincipal) when it was minted for somebody else,
/// [`Expired`](StateError::Expired) past its expiry.
pub(crate) fn open_link(
    keys: &StateKeys,
    sealed: &str,
    id: &LinkId,
    principal: &Principal,
) -> Result<LinkRecord, StateError> {
    keys.open(sealed, &link_binding(id, principal))
}

/// Seals an answer, to open until `until`.
pub(crate) fn seal_answer(
    keys: &StateKeys,
    content: &Map<String, Value>,
    id: &LinkId,
    principal: &Principal,
    until: SystemTime,
) -> Result<String, SealError> {
    keys.seal_until(content, &answer_binding(id, principal), until)
}

/// Opens an answer for the person `principal`: a [`Content`], wiped when dropped (the
/// decrypted JSON it is read from is wiped by the state module).
pub(crate) fn open_answer(
    keys: &StateKeys,
    sealed: &str,
    id: &LinkId,
    principal: &Principal,
) -> Result<Content, StateError> {
    keys.open(sealed, &answer_binding(id, principal))
        .map(Content)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use serde_json::json;

    use super::*;
    use crate::state::StateKey;
    use crate::state::observed::take_dropped;

    fn keys() -> StateKeys {
        StateKeys::new(StateKey::new(&[3; 32]).unwrap())
    }

    fn link() -> LinkId {
        LinkId::parse(&"A".repeat(43)).unwrap()
    }

    #[test]
    fn an_opened_answer_is_wiped_when_dropped() {
        let (keys, id, ada) = (keys(), link(), Principal::new("ada"));
        let Value::Object(content) = json!({"key": "sk-live-1234", "seats": 2}) else {
            unreachable!("an object")
        };
        let until = SystemTime::now() + Duration::from_secs(60);
        let sealed = seal_answer(&keys, &content, &id, &ada, until).unwrap();
        let opened = open_answer(&keys, &sealed, &id, &ada).unwrap();
        assert_eq!(*opened, content);
        take_dropped("Content");
        drop(opened);
        assert_eq!(take_dropped("Content"), [""]);
    }

    #[test]
    fn a_link_record_wipes_its_csrf_secret_when_dropped() {
        let (keys, id, ada) = (keys(), link(), Principal::new("ada"));
        let record = LinkRecord {
            elicitation: "e-1".into(),
            form: "Key".into(),
            prompt: "Your API key".into(),
            schema: RequestedSchema::default(),
            secrets: vec!["key".into()],
            csrf: "csrf-secret".into(),
            closes_ms: 0,
        };
        let until = SystemTime::now() + Duration::from_secs(60);
        let sealed = seal_link(&keys, &record, &id, &ada, until).unwrap();
        let mut opened = open_link(&keys, &sealed, &id, &ada).unwrap();
        assert_eq!(opened.csrf, "csrf-secret");
        take_dropped("LinkRecord");
        drop(record);
        assert_eq!(take_dropped("LinkRecord"), [""]);
        opened.zeroize();
        assert_eq!(opened.csrf, "");
    }
}
