//! Why a link could not be minted, or an answer not had: [`UrlFormError`].

use std::fmt;

use super::store::StoreError;
use crate::ContentError;
use crate::protocol::UrlError;
use crate::state::{SealError, StateError};

/// Why [`UrlForms`](super::UrlForms) could not be built, mint a link, or hand an answer over.
///
/// An answer not (yet) given is not an error: [`take`](super::UrlForms::take) answers `None`
/// while the page waits. What ends a link without an answer is:
/// [`Expired`](Self::Expired), [`Abandoned`](Self::Abandoned),
/// [`AlreadyTaken`](Self::AlreadyTaken) or [`Unknown`](Self::Unknown).
///
/// ```
/// use elicit_core::url_form::UrlFormError;
///
/// assert_eq!(UrlFormError::Expired.to_string(), "the link expired before the form was answered");
/// assert_eq!(
///     UrlFormError::SecretNotAField { field: "token".into() }.to_string(),
///     "`token` is named a secret, but the form has no such field",
/// );
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum UrlFormError {
    /// The base URL the router is reached at is refused.
    BaseUrl(UrlError),
    /// The base URL has a query or a fragment: the link's id is appended to its path.
    BaseUrlNotAPath {
        /// The URL given.
        url: String,
    },
    /// A field named a secret ([`UrlForm::secret`](super::UrlForm::secret)) is not a field
    /// of the form.
    SecretNotAField {
        /// The name given.
        field: String,
    },
    /// A field named a secret is not a string field: only text is typed into a password
    /// input.
    SecretNotText {
        /// The field.
        field: String,
    },
    /// The operating system gave no randomness for the link's id or its CSRF secret.
    NoRandomness(String),
    /// The link could not be sealed (its form is too large for a sealed state, say).
    Seal(SealError),
    /// What the store holds for the link could not be opened with this server's keys, or not
    /// for this principal ([`StateError::WrongPrincipal`]: the link was minted for somebody
    /// else).
    Open(StateError),
    /// The store failed.
    Store(StoreError),
    /// The person has `limit` links open already ([`UrlFormsBuilder::links_per_person`](super::UrlFormsBuilder::links_per_person)):
    /// none is minted until one is answered, abandoned or closed.
    TooManyLinks {
        /// How many links one person may have open.
        limit: usize,
    },
    /// The link expired before the form was answered.
    Expired,
    /// The link was [abandoned](super::UrlForms::abandon) before the form was answered.
    Abandoned,
    /// The answer was taken before (by an earlier [`take`](super::UrlForms::take) or
    /// [`wait`](super::UrlForms::wait)).
    AlreadyTaken,
    /// No link has this id: never minted here, or forgotten after its retention.
    Unknown,
    /// The answer stored does not fit the form it is taken with (a form changed between the
    /// page and the taking): every field's error.
    Invalid(ContentError),
}

impl fmt::Display for UrlFormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BaseUrl(error) => write!(f, "the pages' base URL is refused: {error}"),
            Self::BaseUrlNotAPath { url } => write!(
                f,
                "the pages' base URL {url:?} has a query or a fragment; give the path the router is mounted at"
            ),
            Self::SecretNotAField { field } => write!(
                f,
                "`{field}` is named a secret, but the form has no such field"
            ),
            Self::SecretNotText { field } => write!(
                f,
                "`{field}` is named a secret, but it is not a string field"
            ),
            Self::NoRandomness(error) => {
                write!(f, "the operating system gave no randomness: {error}")
            }
            Self::Seal(error) => write!(f, "the link could not be sealed: {error}"),
            Self::Open(error) => write!(f, "the link's record could not be opened: {error}"),
            Self::Store(error) => write!(f, "the store of links failed: {error}"),
            Self::TooManyLinks { limit } => write!(
                f,
                "the person has {limit} links open, as many as one person may have"
            ),
            Self::Expired => f.write_str("the link expired before the form was answered"),
            Self::Abandoned => f.write_str("the link was abandoned before the form was answered"),
            Self::AlreadyTaken => f.write_str("the answer was already taken"),
            Self::Unknown => f.write_str("no link has this id"),
            Self::Invalid(error) => write!(f, "the answer stored does not fit the form: {error}"),
        }
    }
}

impl std::error::Error for UrlFormError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::BaseUrl(error) => Some(error),
            Self::Seal(error) => Some(error),
            Self::Open(error) => Some(error),
            Self::Store(error) => Some(error),
            Self::Invalid(error) => Some(error),
            _ => None,
        }
    }
}

impl From<StoreError> for UrlFormError {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}
