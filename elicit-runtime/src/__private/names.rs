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

/// A part of a derived form, as the proof that no flattened form brings a wire name the form
/// already has sees it: its description for the error ("field `zip`", "flattened field
/// `billing`"), and how many of the form's wire names are its own (a run of them, in the order
/// of the parts).
#[derive(Clone, Copy)]
pub enum FormPart {
    /// A field of the form's own: one name.
    Own(&'static str),
    /// A flattened form: this many names.
    Flattened(&'static str, usize),
}

impl FormPart {
    const fn described(self) -> (&'static str, usize) {
        match self {
            Self::Own(who) => (who, 1),
            Self::Flattened(who, len) => (who, len),
        }
    }
}

/// The first wire name the flattened form `parts[which]` brings that one of the form's own
/// fields, or a flattened form before it, also has; `names` is the form's every wire name
/// (its `NAMES`). Its own fields are looked at first, then the flattened forms in order:
/// `(name, description of that part)`.
pub const fn name_clash(
    names: &[&'static str],
    parts: &[FormPart],
    which: usize,
) -> Option<(&'static str, &'static str)> {
    let mut start = 0;
    let mut part = 0;
    while part < which && part < parts.len() {
        start += parts[part].described().1;
        part += 1;
    }
    let end = if which < parts.len() {
        start + parts[which].described().1
    } else {
        start
    };
    let mut added = start;
    while added < end && added < names.len() {
        // The form's own fields first, then the flattened forms before `which`.
        let mut pass = 0;
        while pass < 2 {
            let mut part = 0;
            let mut at = 0;
            while part < parts.len() {
                let (who, len) = parts[part].described();
                let looked = match parts[part] {
                    FormPart::Own(_) => pass == 0,
                    FormPart::Flattened(..) => pass == 1 && part < which,
                };
                let mut other = at;
                while looked && other < at + len && other < names.len() {
                    if str_eq(names[added], names[other]) {
                        return Some((names[added], who));
                    }
                    other += 1;
                }
                at += len;
                part += 1;
            }
            pass += 1;
        }
        added += 1;
    }
    None
}
