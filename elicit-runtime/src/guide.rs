//! The guide: what `#[derive(Elicit)]` accepts and what it makes of it, in chapters.
//!
//! - `first_tool` (features `rmcp`, `state` and `testing`): **start here**: your first tool
//!   that asks, from `cargo new` to a test on every protocol revision, in one page.
//! - [`types`]: what each field type becomes in the schema and how its value is read back,
//!   and how to make a type of your own a field.
//! - [`attributes`]: every `#[elicit(…)]` key, doc comments, serde attributes, defaults,
//!   narrowing, and the `pattern` dialect.
//! - [`flatten`]: a form flattened into another, and newtypes that carry their constraints.
//! - [`choices`]: enums as single and multi-selects, and their three option styles.
//! - [`shaped`]: forms shaped at run time: options from data, defaults, bounds, texts and
//!   checks decided when the form is asked, still checked against what was offered.
//! - [`compile_errors`]: what the derive refuses, and what it says.
//! - `rounds` (features `rmcp`, `state` and `testing`): several forms in one call, on both
//!   protocol generations; asking again; a client that cannot be asked.
//! - `arguments` (features `rmcp`, `state` and `testing`): tool arguments the model left out
//!   (or got wrong), asked of the person: `#[elicit(ask_if_missing)]` and `Asked<T>`.
//! - `state` (feature `state`): the sealed `requestState`: what a client can see, change and
//!   replay, keys and rotation, the user and server it is bound to, sizes.
//! - `url_forms` (feature `url-forms`): secrets the specification's way: URL-mode forms the
//!   server serves itself, the page, the link and the person, stores for a fleet, and the
//!   threat model.
//! - `serving` (features `rmcp` and `url-forms`): a server over streamable HTTP: who calls (a
//!   bearer token checked by a layer, the principal taken from it), request limits from tower's
//!   and tower-http's layers, and the pages on the same origin; with rmcp and rust-mcp-sdk.
//! - `sdks` (features `rmcp`, `rust-mcp-sdk` and `testing`): the same tool on rmcp and on
//!   rust-mcp-sdk 2.0, what rust-mcp-sdk's typed models lose and how elicit goes around them,
//!   testing each, what the feature costs, and the SDK's limitations upstream.
//!
//! The exchange around a form (requests, answers, URL mode, protocol revisions) is in the
//! [`protocol`](crate::protocol) module, rmcp in `rmcp` (feature `rmcp`) and rust-mcp-sdk in
//! `rust_mcp_sdk` (feature `rust-mcp-sdk`).
//!
//! These pages have no items: each is a chapter of text whose examples are compiled and run
//! as doctests. They live in `elicit-runtime/docs/*.md`.

#[cfg(all(feature = "rmcp", feature = "state", feature = "testing"))]
#[cfg_attr(
    docsrs,
    doc(cfg(all(feature = "rmcp", feature = "state", feature = "testing")))
)]
pub mod first_tool {
    #![doc = include_str!("../docs/first_tool.md")]
}

pub mod types {
    #![doc = include_str!("../docs/types.md")]
    // The example that needs chrono and url is only part of the page when those features are
    // on (as on docs.rs, and in `cargo test -p elicit-core --all-features`), so it is always
    // compiled where it is shown.
    #![cfg_attr(
        all(feature = "chrono", feature = "url"),
        doc = include_str!("../docs/types_ecosystem.md")
    )]
}

pub mod attributes {
    #![doc = include_str!("../docs/attributes.md")]
}

pub mod flatten {
    #![doc = include_str!("../docs/flatten.md")]
}

pub mod choices {
    #![doc = include_str!("../docs/choices.md")]
}

pub mod shaped {
    #![doc = include_str!("../docs/shaped.md")]
    // How a dialog asks it, on every revision, is only part of the page with the features it
    // needs (as on docs.rs), so it is always compiled where it is shown.
    #![cfg_attr(
        all(feature = "rmcp", feature = "state", feature = "testing"),
        doc = include_str!("../docs/shaped_rounds.md")
    )]
}

pub mod compile_errors {
    #![doc = include_str!("../docs/compile_errors.md")]
}

#[cfg(all(feature = "rmcp", feature = "state", feature = "testing"))]
#[cfg_attr(
    docsrs,
    doc(cfg(all(feature = "rmcp", feature = "state", feature = "testing")))
)]
pub mod rounds {
    #![doc = include_str!("../docs/rounds.md")]
}

#[cfg(all(feature = "rmcp", feature = "state", feature = "testing"))]
#[cfg_attr(
    docsrs,
    doc(cfg(all(feature = "rmcp", feature = "state", feature = "testing")))
)]
pub mod arguments {
    #![doc = include_str!("../docs/arguments.md")]
}

#[cfg(all(feature = "rmcp", feature = "rust-mcp-sdk", feature = "testing"))]
#[cfg_attr(
    docsrs,
    doc(cfg(all(feature = "rmcp", feature = "rust-mcp-sdk", feature = "testing")))
)]
pub mod sdks {
    #![doc = include_str!("../docs/sdks.md")]
}

// How to take the principal from rmcp's request context is only part of the page with the
// `rmcp` feature (as on docs.rs), so it is always compiled where it is shown.
#[cfg(feature = "state")]
#[cfg_attr(docsrs, doc(cfg(feature = "state")))]
#[doc = include_str!("../docs/state.md")]
#[cfg_attr(feature = "rmcp", doc = include_str!("../docs/state_rmcp.md"))]
pub mod state {}

// The rust-mcp-sdk server is only part of the page with the SDK's HTTP handler (its
// `streamable-http` feature, which `testing` turns on), as on docs.rs.
#[cfg(all(feature = "rmcp", feature = "url-forms"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "rmcp", feature = "url-forms"))))]
#[doc = include_str!("../docs/serving.md")]
#[cfg_attr(
    all(feature = "rust-mcp-sdk", feature = "testing"),
    doc = include_str!("../docs/serving_rust_mcp_sdk.md")
)]
pub mod serving {}

// How to test a URL-mode tool with the kit is only part of the page with the features it
// needs (as on docs.rs), so it is always compiled where it is shown.
#[cfg(feature = "url-forms")]
#[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
#[doc = include_str!("../docs/url_forms.md")]
#[cfg_attr(
    all(feature = "rmcp", feature = "testing"),
    doc = include_str!("../docs/url_forms_testing.md")
)]
pub mod url_forms {}
