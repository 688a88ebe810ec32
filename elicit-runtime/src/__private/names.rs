//! Const helpers for the wire names of a form: their concatenation and their clashes.

use crate::schema::facts::str_eq;

/// The wire names of a form's parts (its own fields, its flattened forms) as one array; the
/// derive computes `N`, their total length.
pub const fn concat_names<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    concat(parts, "")
}

/// Whether each field of a form's parts needs a value (is not an `Option`), as one array.
pub const fn concat_flags<const N: usize>(parts: &[&[bool]]) -> [bool; N] {
    concat(parts, false)
}

const fn concat<T: Copy, const N: usize>(parts: &[&[T]], fill: T) -> [T; N] {
    let mut all = [fill; N];
    let mut filled = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut index = 0;
        while index < parts[part].len() {
            all[filled] = parts[part][index];
            filled += 1;
            index += 1;
        }
        part += 1;
    }
    all
}

/// Whether any of a form's fields is a secret (its `FormFields::SECRET`).
pub const fn any_secret(flags: &[bool]) -> bool {
    let mut index = 0;
    while index < flags.len() {
        if flags[index] {
            return true;
        }
        index += 1;
    }
    false
}

/// A form's secrecy as a type: `Secrecy<true>` for a form that holds a secret field, which
/// is no [`NoSecret`], so that [`FormMode`](crate::FormMode) holds only without one.
pub struct Secrecy<const SECRET: bool>;

/// Implemented by `Secrecy<false>` alone.
pub trait NoSecret {}

impl NoSecret for Secrecy<false> {}

/// No field of a flattened `Option` of a form needs a value: the first `len` of these.
pub const NONE_NEEDED: [bool; 4096] = [false; 4096];

/// The first name of `added` that one of the `earlier` parts (each described, with its
/// names) also has: `(name, description of that part)`.
pub const fn name_clash(
    earlier: &[(&'static str, &'static [&'static str])],
    added: &[&'static str],
) -> Option<(&'static str, &'static str)> {
    let mut index = 0;
    while index < added.len() {
        let mut part = 0;
        while part < earlier.len() {
            let (who, names) = earlier[part];
            let mut other = 0;
            while other < names.len() {
                if str_eq(added[index], names[other]) {
                    return Some((added[index], who));
                }
                other += 1;
            }
            part += 1;
        }
        index += 1;
    }
    None
}
