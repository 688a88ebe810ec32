//! What a field whose type holds a secret (`ElicitField::SECRET`: `secrecy::SecretString`, a
//! newtype or an `Option` of one) refuses: every key that would put a value of the secret into
//! the form's schema, the page or the source. Only the compiler knows whether a type holds a
//! secret, so each refusal is written as a proof (`expand::proofs::secret_assertions`): the
//! const evaluation of the type's secrecy, failing with the message worded here, on the key.

use proc_macro2::TokenStream;
use quote::ToTokens as _;

use super::ast::Field;
use super::attr::keys;
use super::lit::DefaultValue;

/// A key the field refuses if its type holds a secret.
pub(crate) struct Refusal {
    /// The key as written: the error points there.
    pub(crate) key: TokenStream,
    /// The error, should the type hold a secret.
    pub(crate) message: String,
}

/// What a secret field takes instead of a value written for it.
const TYPED_ON_THE_PAGE: &str =
    "a secret field takes none: the person types it on the server's own page";

/// What a default of a field asked does with its value.
const WHAT_A_DEFAULT_DOES: &str =
    "written into the form's schema and read as the answer when the field is left empty";

/// The keys of `field` that it refuses should its type hold a secret, each with its error.
///
/// Each key of a form field (`keys::on(Place::Field)`), and whether it can carry a value of
/// the secret:
/// - `default` (bare, a literal or an expression), and serde's `default` on the field or the
///   struct: the value becomes the schema's `default` (what anything that prints the schema
///   shows) and is read as the answer when the field is left empty. Refused. On a skipped
///   field a default is only the value the struct is built with, never sent: refused there
///   only when written out as a literal, which puts the secret in the source (the type's
///   `Default`, or an expression, is the server's own business).
/// - `options`: the values offered are listed in the schema and on the page. Refused.
/// - `ask_if_missing`: asks the field in form mode, where the client and the model see the
///   answer. Refused.
/// - `title`, `description`: the author's prose about the field, not a value of it.
/// - `rename`: the field's wire name.
/// - `format`, `pattern`, `min_length`, `max_length`, `minimum`, `maximum`, `min_items`,
///   `max_items`: they describe what an answer looks like (the page states them as the
///   input's attributes), not what it is.
/// - `skip`: leaves the field out of the form, so nothing of it is sent (its default is
///   judged above).
/// - `not_sensitive`: says the field's name is no secret's; it carries no value.
/// - `flatten`: the field is a form, whose own fields its own derive judges (and it takes no
///   other key).
/// - `check`: a function the server runs on the answer; nothing of it is sent.
pub(crate) fn refusals(field: &Field) -> Vec<Refusal> {
    if field.is_flattened() {
        return Vec::new();
    }
    let name = &field.wire_name;
    let mut refusals = Vec::new();
    if field.is_skipped() {
        // `options` and `ask_if_missing` on a skipped field are refused whatever its type
        // (`valid`).
        let literal = matches!(
            field.attrs.default(),
            Some(
                DefaultValue::Str(_)
                    | DefaultValue::Number(_)
                    | DefaultValue::Bool(_)
                    | DefaultValue::Array(_)
            )
        );
        if let Some(entry) = field.attrs.get(&keys::DEFAULT)
            && literal
        {
            refusals.push(Refusal {
                key: entry.path.clone(),
                message: format!(
                    "`{name}` holds a secret, and a literal default writes one into the source: compute it where the server keeps its secrets (`default = load_key()`), or drop `default`"
                ),
            });
        }
        return refusals;
    }
    for entry in field.attrs.entries() {
        let message = if entry.key == &keys::DEFAULT {
            format!(
                "`{name}` holds a secret, and a default would be {WHAT_A_DEFAULT_DOES}: drop `default`; {TYPED_ON_THE_PAGE}"
            )
        } else if entry.key == &keys::OPTIONS {
            format!(
                "`{name}` holds a secret, and `options` would list values of it in the form's schema and on the page: drop `options`; {TYPED_ON_THE_PAGE}"
            )
        } else if entry.key == &keys::ASK_IF_MISSING {
            format!(
                "`{name}` holds a secret, and a tool argument marked `ask_if_missing` is asked in form mode, where the client and the model see the answer: drop `ask_if_missing` and ask it through URL mode (`Dialog::ask_url_form`) in the tool"
            )
        } else {
            continue;
        };
        refusals.push(Refusal {
            key: entry.path.clone(),
            message,
        });
    }
    if let Some(default) = &field.attrs.serde.default {
        let written = serde_default_as_written(default);
        refusals.push(Refusal {
            key: default.tokens(),
            message: format!(
                "`{name}` holds a secret, and `{written}` would give it a default, {WHAT_A_DEFAULT_DOES}: drop it from the field; {TYPED_ON_THE_PAGE}"
            ),
        });
    }
    if let Some(DefaultValue::FromContainer(default)) = &field.container_default {
        let written = serde_default_as_written(default);
        refusals.push(Refusal {
            key: default.tokens(),
            message: format!(
                "`{name}` holds a secret, and the struct's `{written}` would give it a default, {WHAT_A_DEFAULT_DOES}: drop it from the struct and give the other fields theirs one by one; {TYPED_ON_THE_PAGE}"
            ),
        });
    }
    refusals
}

/// `#[serde(default)]` or `#[serde(default = "path")]`.
fn serde_default_as_written(default: &DefaultValue) -> String {
    match default {
        DefaultValue::Function(path) => format!(
            "#[serde(default = \"{}\")]",
            path.to_token_stream().to_string().replace(' ', "")
        ),
        _ => "#[serde(default)]".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use crate::internals::attr::{Place, keys};

    /// Every key of a form field has been judged (`refusals`' list): a key added to the table
    /// must be added there, refused or not.
    #[test]
    fn every_key_of_a_form_field_is_judged() {
        let refused = ["default", "options", "ask_if_missing"];
        let carry_no_value = [
            "title",
            "description",
            "rename",
            "format",
            "min_length",
            "max_length",
            "pattern",
            "minimum",
            "maximum",
            "min_items",
            "max_items",
            "skip",
            "not_sensitive",
            "flatten",
            "check",
        ];
        let mut judged: Vec<&str> = refused.iter().chain(&carry_no_value).copied().collect();
        let mut keys: Vec<&str> = keys::on(Place::Field).map(|key| key.name).collect();
        judged.sort_unstable();
        keys.sort_unstable();
        assert_eq!(judged, keys);
    }
}
