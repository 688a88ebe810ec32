//! A link's id ([`LinkId`]) and what minting one gives ([`PendingLink`]).

use std::fmt;
use std::time::SystemTime;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// Random bytes in an id: 256 bits from the operating system, so that nobody guesses one.
const ID_BYTES: usize = 32;
/// Their length in URL-safe base64 without padding.
const ID_LEN: usize = 43;

/// The opaque id of one link: 256 random bits from the operating system, written as 43
/// characters of URL-safe base64. It is the only thing the link's URL carries: it names the
/// pending form, and grants nothing by itself (the page still asks who the browser is).
///
/// Its `Debug` form shows the first six characters only, so that a log line names a link
/// without handing it out.
///
/// ```
/// use elicit_core::url_form::LinkId;
///
/// let id = LinkId::parse(&"Q".repeat(43)).unwrap();
/// assert_eq!(id.as_str().len(), 43);
/// assert_eq!(format!("{id:?}"), "LinkId(QQQQQQ…)");
/// // 43 characters hold 258 bits: the last two must be zero, as an encoder writes them.
/// assert!(LinkId::parse(&"R".repeat(43)).is_none());
/// assert!(LinkId::parse("short").is_none());
/// assert!(LinkId::parse(&"a+".repeat(22)[..43]).is_none());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LinkId(String);

impl LinkId {
    /// A new id from the operating system's randomness.
    pub(crate) fn generate() -> Result<Self, getrandom::Error> {
        let mut bytes = [0u8; ID_BYTES];
        getrandom::fill(&mut bytes)?;
        Ok(Self(URL_SAFE_NO_PAD.encode(bytes)))
    }

    /// Reads an id as a URL carries it; `None` for anything that is not 43 characters of
    /// URL-safe base64 encoding 32 bytes.
    ///
    /// ```
    /// use elicit_core::url_form::LinkId;
    ///
    /// assert!(LinkId::parse(&"A".repeat(43)).is_some());
    /// assert!(LinkId::parse(&"A".repeat(44)).is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Self> {
        let canonical = text.len() == ID_LEN
            && URL_SAFE_NO_PAD
                .decode(text)
                .is_ok_and(|bytes| bytes.len() == ID_BYTES);
        canonical.then(|| Self(text.to_owned()))
    }

    /// The id as the URL carries it.
    ///
    /// ```
    /// use elicit_core::url_form::LinkId;
    ///
    /// let text = "b".repeat(42) + "A";
    /// assert_eq!(LinkId::parse(&text).unwrap().as_str(), text);
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for LinkId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for LinkId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LinkId({}…)", &self.0[..6])
    }
}

/// A link minted by [`UrlForms::mint`](super::UrlForms::mint): the URL to send in a URL-mode
/// elicitation, its id (to [wait](super::UrlForms::wait) for, [take](super::UrlForms::take)
/// or [abandon](super::UrlForms::abandon) the answer), the elicitation it belongs to, and
/// when it expires.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::state::{Principal, StateKeys};
/// use elicit_core::url_form::{UrlForm, UrlForms};
///
/// /// Which region?
/// #[derive(Elicit)]
/// struct Region { region: String }
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let nobody = |_: &http::request::Parts| None;
/// let keys = StateKeys::generate().unwrap();
/// let forms = UrlForms::builder("https://mcp.example.com/connect", keys, nobody).build().unwrap();
/// let link = forms.mint(&Principal::new("ada"), "e-1", UrlForm::<Region>::new()).await.unwrap();
/// assert_eq!(link.url(), format!("https://mcp.example.com/connect/{}", link.id()));
/// assert_eq!(link.elicitation_id(), "e-1");
/// assert!(link.expires_at() > std::time::SystemTime::now());
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct PendingLink {
    pub(crate) id: LinkId,
    pub(crate) url: String,
    pub(crate) elicitation_id: String,
    pub(crate) expires_at: SystemTime,
}

impl PendingLink {
    /// The link's id.
    ///
    /// ```
    /// # use elicit_core::url_form::PendingLink;
    /// fn id_of(link: &PendingLink) -> &str { link.id().as_str() }
    /// ```
    pub fn id(&self) -> &LinkId {
        &self.id
    }

    /// The URL to send (`url` of a URL-mode `elicitation/create`): the router's base, then
    /// the id.
    ///
    /// ```
    /// # use elicit_core::url_form::PendingLink;
    /// fn url_of(link: &PendingLink) -> &str { link.url() }
    /// ```
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The elicitation the link answers, as given to [`mint`](super::UrlForms::mint).
    ///
    /// ```
    /// # use elicit_core::url_form::PendingLink;
    /// fn elicitation_of(link: &PendingLink) -> &str { link.elicitation_id() }
    /// ```
    pub fn elicitation_id(&self) -> &str {
        &self.elicitation_id
    }

    /// When the page stops accepting an answer.
    ///
    /// ```
    /// # use elicit_core::url_form::PendingLink;
    /// fn expired(link: &PendingLink) -> bool { link.expires_at() <= std::time::SystemTime::now() }
    /// ```
    pub fn expires_at(&self) -> SystemTime {
        self.expires_at
    }
}

#[cfg(test)]
mod tests {
    use super::LinkId;

    /// An id is only ever one this crate could have drawn: 43 characters of URL-safe base64
    /// that decode to its 32 bytes. The right length alone lets nothing through.
    #[test]
    fn only_a_drawn_id_parses() {
        let drawn = LinkId::generate().unwrap();
        assert_eq!(LinkId::parse(drawn.as_str()), Some(drawn.clone()));
        assert_eq!(LinkId::parse(&"!".repeat(43)), None);
        assert_eq!(LinkId::parse(&format!("{}=", &drawn.as_str()[..42])), None);
        assert_eq!(LinkId::parse(&drawn.as_str()[..42]), None);
    }
}
