//! URL-mode forms the server serves itself (feature `url-forms`): for the secrets the MCP
//! specification forbids asking in form mode (passwords, API keys, payment details), the
//! same `#[derive(Elicit)]` form, shown as a page on the MCP server's own origin and read
//! by the form's own reader.
//!
//! The tool mints a link for the person it asks ([`UrlForms::mint`]) and sends its URL in a
//! URL-mode elicitation; the person opens it in their browser; the page
//! ([`UrlForms::router`]) asks the author's [`Identify`] hook who the browser is and serves
//! only the person the link was minted for; the post is read by the form's reader, shown
//! again with its errors (never a secret), or stored, sealed; the tool takes the answer,
//! typed ([`UrlForms::wait`], [`UrlForms::take`]). The secret never passes through the MCP
//! client or the model.
//!
//! - [`UrlForms`] (built with [`UrlFormsBuilder`]): mints, serves, hands over.
//! - [`UrlForm`]: a form as a page asks it: its [`Form`](crate::Form), its secret fields, the
//!   name instances know it by. [`SecretString`] is a field type for a secret.
//! - [`PendingLink`] and [`LinkId`]: what minting gives.
//! - [`Identify`] (and [`cookie`]): who a browser is.
//! - [`UrlFormStore`], [`MemoryStore`], [`NewLink`], [`LinkOwner`], [`Created`], [`Stored`],
//!   [`LinkAnswer`], [`StoreError`], [`StoreFuture`]: where links and answers are kept, each
//!   person's open links counted; `RedisStore` (module `redis`, feature `redis`) for a fleet.
//! - [`UrlFormError`]: what went wrong, or how a link ended without an answer.
//!
//! The [guide's chapter](crate::guide::url_forms) has the whole flow, the page's rules, and
//! the threat model: what the client, the model, another user and a link thief can and
//! cannot do.
//!
//! ```
//! use elicit_core::Elicit;
//! use elicit_core::state::{Principal, StateKeys};
//! use elicit_core::url_form::{SecretString, UrlForm, UrlForms, cookie};
//!
//! /// Connect the weather service
//! #[derive(Elicit)]
//! struct WeatherKey {
//!     /// The API key from your account page
//!     // A secret type: asked through a page, never in form mode.
//!     api_key: SecretString,
//! }
//!
//! # #[tokio::main(flavor = "current_thread")] async fn main() {
//! let identify = |request: &http::request::Parts| cookie(request, "session").map(Principal::new);
//! let forms = UrlForms::builder("https://mcp.example.com/connect", StateKeys::generate().unwrap(), identify)
//!     .build()
//!     .unwrap();
//! let pages: axum::Router = forms.router(); // merged into the server's router
//! # drop(pages);
//!
//! let form = UrlForm::<WeatherKey>::new().secret("api_key");
//! let link = forms.mint(&Principal::new("ada"), "elicitation-7", form).await.unwrap();
//! assert!(link.url().starts_with("https://mcp.example.com/connect/"));
//! // Send `link.url()` in a URL-mode elicitation, then `forms.wait(link.id(), …)`.
//! # }
//! ```

mod base;
mod content;
mod csrf;
mod error;
mod form;
mod forms;
mod identify;
mod link;
mod memory_store;
mod page;
mod post;
mod record;
mod router;
mod store;

pub use error::UrlFormError;
pub use form::UrlForm;
pub use forms::{UrlForms, UrlFormsBuilder};
pub use identify::{Identify, IdentifyFuture, cookie};
pub use link::{LinkId, PendingLink};
pub use memory_store::MemoryStore;
pub use store::{
    Created, LinkAnswer, LinkOwner, NewLink, StoreError, StoreFuture, Stored, UrlFormStore,
};

/// secrecy's secret string, a field type for a secret (see its
/// [`ElicitField`](crate::ElicitField) impl), and the trait that reads it.
///
/// ```
/// use elicit_core::url_form::{ExposeSecret, SecretString};
///
/// let key = SecretString::from("sk-1234");
/// assert_eq!(key.expose_secret(), "sk-1234");
/// ```
pub use secrecy::{ExposeSecret, SecretString};
