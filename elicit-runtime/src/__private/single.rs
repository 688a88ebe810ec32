//! What a derived choice enum's `ElicitField` impl calls: thin shims, generic over the enum,
//! over the functions of `crate::choice` that take its `VARIANTS` and `STYLE`, so that only
//! these few lines are instantiated in the user's crate once per enum.

use serde_json::Value;

use crate::error::FieldErrorKind;
use crate::field::choice::{
    ElicitEnum, parse_index_raw, single_select_schema_of, unknown, value_at,
};
use crate::raw::Raw;
use crate::schema::PropertySchema;

/// The single-select schema of `E`, in `E`'s style.
pub fn single_select_schema<E: ElicitEnum>() -> PropertySchema {
    single_select_schema_of(E::VARIANTS, E::STYLE)
}

/// Reads a single select's answer: one of the options, as a string (a `Value`'s, through
/// `Raw::Json`, or one read from bytes).
///
/// # Errors
/// `wrong_type` for anything but a string, `unknown_option` for a string that is no option.
pub fn parse_single_raw<E: ElicitEnum>(raw: &Raw<'_>) -> Result<E, FieldErrorKind> {
    let index = parse_index_raw(E::VARIANTS, raw)?;
    match E::from_index(index) {
        Some(choice) => Ok(choice),
        None => Err(unknown(E::VARIANTS, value_at(E::VARIANTS, index))),
    }
}

/// The `const` of `choice`, as JSON.
pub fn single_to_json<E: ElicitEnum>(choice: &E) -> Value {
    crate::field::choice::single_to_json(choice)
}
