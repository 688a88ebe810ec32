//! A select's answer against its options: one option named, or several, each once, within
//! the item counts; and which of the options offered it names.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::error::{FieldErrorKind, JsonType};
use crate::raw::{Raw, expect_array, expect_str, raw_str, same_str};
use crate::schema::PropertySchema;
use crate::schema::facts::Facts;

/// Up to this many names or items, a scan beats hashing and needs no allocation.
pub(super) const SCAN_LIMIT: usize = 16;

impl PropertySchema {
    pub(super) fn check_option(&self, chosen: &str) -> Result<(), FieldErrorKind> {
        // Matched per kind rather than through `option_values()`, whose boxed iterator
        // would cost an allocation per checked value.
        let known = match self {
            Self::UntitledSingleSelect(s) => contains(&s.options, chosen),
            Self::LegacyTitledEnum(s) => contains(&s.options, chosen),
            Self::UntitledMultiSelect(s) => contains(&s.options, chosen),
            Self::TitledSingleSelect(s) => s.options.iter().any(|o| same_str(&o.value, chosen)),
            Self::TitledMultiSelect(s) => s.options.iter().any(|o| same_str(&o.value, chosen)),
            Self::String(_) | Self::Number(_) | Self::Boolean(_) => false,
        };
        if known {
            Ok(())
        } else {
            Err(FieldErrorKind::unknown_option(chosen, self.option_values()))
        }
    }

    pub(super) fn check_options(
        &self,
        value: &Value,
        min_items: Option<u64>,
        max_items: Option<u64>,
    ) -> Result<(), FieldErrorKind> {
        let items = expect_array(value)?;
        if items.len() > SCAN_LIMIT {
            self.check_many_options(items)?;
        } else {
            for (index, item) in items.iter().enumerate() {
                let chosen = expect_str(item)?;
                self.check_option(chosen)?;
                let repeated = items[..index]
                    .iter()
                    .any(|earlier| earlier.as_str() == Some(chosen));
                if repeated {
                    return Err(FieldErrorKind::duplicate_option(chosen));
                }
            }
        }
        check_item_count(items.len(), min_items, max_items)
    }
}

impl PropertySchema {
    /// `check_options` of a value as the reader found it.
    pub(super) fn check_raw_options(
        &self,
        raw: &Raw<'_>,
        min_items: Option<u64>,
        max_items: Option<u64>,
    ) -> Result<(), FieldErrorKind> {
        let Raw::Array(items) = raw else {
            return Err(raw.wrong_type(JsonType::Array));
        };
        if items.len() > SCAN_LIMIT {
            // Long: through the hash sets of `check_many_options`, on a `Value`.
            return self.check(&raw.to_value());
        }
        for (index, item) in items.iter().enumerate() {
            let chosen = raw_str(item)?;
            self.check_option(chosen)?;
            let repeated = items[..index].iter().any(|earlier| {
                earlier
                    .as_str()
                    .is_some_and(|earlier| same_str(earlier, chosen))
            });
            if repeated {
                return Err(FieldErrorKind::duplicate_option(chosen));
            }
        }
        check_item_count(items.len(), min_items, max_items)
    }

    /// `check_options` for a long answer, with the same verdicts in the same order, through
    /// hash sets: scanning the options and the earlier items for each item would make a
    /// large (server-sent) multi-select quadratic.
    fn check_many_options(&self, items: &[Value]) -> Result<(), FieldErrorKind> {
        let options: HashSet<&str> = self.option_values().collect();
        let mut seen = HashSet::with_capacity(items.len().min(options.len()));
        for item in items {
            let chosen = expect_str(item)?;
            if !options.contains(chosen) {
                return Err(FieldErrorKind::unknown_option(chosen, self.option_values()));
            }
            if !seen.insert(chosen) {
                return Err(FieldErrorKind::duplicate_option(chosen));
            }
        }
        Ok(())
    }
}

impl PropertySchema {
    /// How many options a select offers; none for the other kinds.
    pub(crate) fn option_count(&self) -> usize {
        match self {
            Self::UntitledSingleSelect(s) => s.options.len(),
            Self::LegacyTitledEnum(s) => s.options.len(),
            Self::UntitledMultiSelect(s) => s.options.len(),
            Self::TitledSingleSelect(s) => s.options.len(),
            Self::TitledMultiSelect(s) => s.options.len(),
            Self::String(_) | Self::Number(_) | Self::Boolean(_) => 0,
        }
    }

    /// The index of option `chosen`, if it is one: by scanning, or through a hash map for a
    /// long list (built for one lookup: a single select is asked once per answer).
    fn option_index(&self, chosen: &str) -> Option<usize> {
        match self {
            Self::UntitledSingleSelect(s) => s.options.iter().position(|o| same_str(o, chosen)),
            Self::LegacyTitledEnum(s) => s.options.iter().position(|o| same_str(o, chosen)),
            Self::UntitledMultiSelect(s) => s.options.iter().position(|o| same_str(o, chosen)),
            Self::TitledSingleSelect(s) => {
                s.options.iter().position(|o| same_str(&o.value, chosen))
            }
            Self::TitledMultiSelect(s) => s.options.iter().position(|o| same_str(&o.value, chosen)),
            Self::String(_) | Self::Number(_) | Self::Boolean(_) => None,
        }
    }

    /// [`check_raw`](Self::check_raw) of a single select's answer that its type has read (a
    /// string among the type's options): whether it is among this property's options.
    pub(crate) fn check_chosen_option(
        &self,
        raw: &Raw<'_>,
        facts: &Facts,
    ) -> Result<(), FieldErrorKind> {
        match (self, raw.as_str()) {
            (
                Self::UntitledSingleSelect(_)
                | Self::TitledSingleSelect(_)
                | Self::LegacyTitledEnum(_),
                Some(chosen),
            ) => self.check_option(chosen),
            _ => self.check_raw(raw, facts),
        }
    }

    /// [`check_raw`](Self::check_raw) of a multi-select's answer that its type has read (an
    /// array of distinct strings among the type's options): whether each is among this
    /// property's options, in order, then the item counts. A long answer, or anything the
    /// type may have read otherwise, goes through `check_raw`.
    pub(crate) fn check_chosen_options(
        &self,
        raw: &Raw<'_>,
        facts: &Facts,
    ) -> Result<(), FieldErrorKind> {
        let (min_items, max_items) = match self {
            Self::UntitledMultiSelect(s) => (s.min_items, s.max_items),
            Self::TitledMultiSelect(s) => (s.min_items, s.max_items),
            _ => return self.check_raw(raw, facts),
        };
        // Each chosen text, whether the answer came as bytes (`Raw::Array`) or as a value; an
        // item that is not a string (`None`) is left to `check_raw`'s wording.
        let counted = match raw {
            Raw::Array(items) if items.len() <= SCAN_LIMIT => {
                self.check_options_chosen(items.iter().map(Raw::as_str))
            }
            other => match other.as_value().and_then(Value::as_array) {
                Some(items) if items.len() <= SCAN_LIMIT => {
                    self.check_options_chosen(items.iter().map(Value::as_str))
                }
                _ => None,
            },
        };
        let count = match counted {
            Some(Ok(count)) => count,
            Some(Err(error)) => return Err(error),
            None => return self.check_raw(raw, facts),
        };
        check_item_count(count, min_items, max_items)
    }

    /// Each of `chosen` among this property's options, in order: how many there were, the
    /// first refusal, or `None` when one is not a string.
    fn check_options_chosen<'t>(
        &self,
        chosen: impl Iterator<Item = Option<&'t str>>,
    ) -> Option<Result<usize, FieldErrorKind>> {
        let mut count = 0;
        for text in chosen {
            if let Err(error) = self.check_option(text?) {
                return Some(Err(error));
            }
            count += 1;
        }
        Some(Ok(count))
    }

    /// A multi-select's item counts, on an answer whose items its type has read.
    pub(crate) fn check_item_count_raw(&self, raw: &Raw<'_>) -> Result<(), FieldErrorKind> {
        let (min_items, max_items) = match self {
            Self::UntitledMultiSelect(s) => (s.min_items, s.max_items),
            Self::TitledMultiSelect(s) => (s.min_items, s.max_items),
            _ => return Ok(()),
        };
        check_item_count(raw.array_len().unwrap_or(0), min_items, max_items)
    }

    /// The index of the option a single select's answer names.
    ///
    /// # Errors
    /// As [`check_raw`](Self::check_raw): not a string, or not one of the options.
    pub(crate) fn picked_index(&self, raw: &Raw<'_>) -> Result<usize, FieldErrorKind> {
        let chosen = raw_str(raw)?;
        self.option_index(chosen)
            .ok_or_else(|| FieldErrorKind::unknown_option(chosen, self.option_values()))
    }

    /// Hands `take` the indices of the options a multi-select's answer names, in the order
    /// chosen, with the verdicts of [`check_raw`](Self::check_raw) in its order: not an array,
    /// an item that is no string or no option, one chosen twice, then the item counts. Linear
    /// in the answer, however long the list of options.
    ///
    /// # Errors
    /// The first of those the answer breaks.
    pub(crate) fn picked_indices(
        &self,
        raw: &Raw<'_>,
        take: &mut dyn FnMut(usize),
    ) -> Result<(), FieldErrorKind> {
        match raw {
            Raw::Array(items) => self.pick_all(items.iter().map(raw_str), take)?,
            other => match other.as_value() {
                Some(value) => {
                    let items = expect_array(value)?;
                    self.pick_all(items.iter().map(expect_str), take)?;
                }
                None => return Err(other.wrong_type(JsonType::Array)),
            },
        }
        self.check_item_count_raw(raw)
    }

    /// [`picked_indices`](Self::picked_indices) of the items' texts, each an error if the item
    /// is no string.
    fn pick_all<'s>(
        &self,
        texts: impl Iterator<Item = Result<&'s str, FieldErrorKind>>,
        take: &mut dyn FnMut(usize),
    ) -> Result<(), FieldErrorKind> {
        let count = self.option_count();
        let index: Option<HashMap<&str, usize>> = (count > SCAN_LIMIT).then(|| {
            self.option_values()
                .enumerate()
                .map(|(i, o)| (o, i))
                .collect()
        });
        let mut seen = Seen::new(count);
        for text in texts {
            let chosen = text?;
            let at = match &index {
                Some(index) => index.get(chosen).copied(),
                None => self.option_index(chosen),
            };
            let Some(at) = at else {
                return Err(FieldErrorKind::unknown_option(chosen, self.option_values()));
            };
            if !seen.insert(at) {
                return Err(FieldErrorKind::duplicate_option(chosen));
            }
            take(at);
        }
        Ok(())
    }
}

fn contains(options: &[String], chosen: &str) -> bool {
    options.iter().any(|option| same_str(option, chosen))
}

/// A multi-select's `minItems` and `maxItems`, checked after its items.
pub(crate) fn check_item_count(
    len: usize,
    min_items: Option<u64>,
    max_items: Option<u64>,
) -> Result<(), FieldErrorKind> {
    let count = len as u64;
    if let Some(min_items) = min_items.filter(|min| count < *min) {
        return Err(FieldErrorKind::TooFewItems { min_items, count });
    }
    if let Some(max_items) = max_items.filter(|max| count > *max) {
        return Err(FieldErrorKind::TooManyItems { max_items, count });
    }
    Ok(())
}

/// The options chosen so far: a bit set on the stack for up to 128 options (every enum a
/// person would pick from), so reading an answer does not allocate for it.
pub(crate) enum Seen {
    Bits(u128),
    Many(Vec<bool>),
}

impl Seen {
    pub(crate) fn new(options: usize) -> Self {
        if options <= 128 {
            Self::Bits(0)
        } else {
            Self::Many(vec![false; options])
        }
    }

    /// Marks `index`; false if it was already marked. Out-of-range indices (a hand-written
    /// `ElicitEnum` could return one) are never reported as repeats.
    pub(crate) fn insert(&mut self, index: usize) -> bool {
        match self {
            Self::Bits(bits) => {
                let Some(bit) = u32::try_from(index)
                    .ok()
                    .and_then(|index| 1u128.checked_shl(index))
                else {
                    return true;
                };
                let fresh = *bits & bit == 0;
                *bits |= bit;
                fresh
            }
            Self::Many(seen) => match seen.get_mut(index) {
                Some(true) => false,
                Some(slot) => {
                    *slot = true;
                    true
                }
                None => true,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_marks_each_index_once() {
        for options in [3, 128, 129, 300] {
            let mut seen = Seen::new(options);
            assert!(seen.insert(0));
            assert!(seen.insert(options - 1));
            assert!(!seen.insert(0));
            assert!(!seen.insert(options - 1));
            // An index a hand-written `ElicitEnum` should never return is never a repeat.
            assert!(seen.insert(options + 200));
            assert!(seen.insert(options + 200));
        }
    }
}
