//! JSON numbers against a number schema's bounds and `multipleOf`: compared exactly, whatever
//! mix of `i64`, `u64` and `f64` they are, and an `f32` field's as the `f32` it holds.

use std::cmp::Ordering;

use serde_json::Number;

use crate::error::FieldErrorKind;
use crate::raw::{TWO_TO_THE_63, TWO_TO_THE_64, past_the_integers};
use crate::schema::{NumberKind, NumberSchema};

/// Whether `value` is within the integer bounds of `schema` and nothing else bounds it; false
/// when it cannot tell so (a float bound, an exclusive bound, a `multipleOf`).
#[inline]
pub(super) fn integer_within(schema: &NumberSchema, value: i128) -> bool {
    let within = |bound: &Option<Number>, beyond: Ordering| match bound {
        None => true,
        Some(bound) => exact_integer(bound).is_some_and(|bound| value.cmp(&bound) != beyond),
    };
    schema.exclusive_minimum.is_none()
        && schema.exclusive_maximum.is_none()
        && schema.multiple_of.is_none()
        && within(&schema.minimum, Ordering::Less)
        && within(&schema.maximum, Ordering::Greater)
}

/// [`integer_within`] for a float.
#[inline]
pub(super) fn float_within(schema: &NumberSchema, value: f64) -> bool {
    let within = |bound: &Option<Number>, beyond: Ordering| match bound {
        None => true,
        Some(bound) => exact_f64(bound)
            .and_then(|bound| value.partial_cmp(&bound))
            .is_some_and(|ordering| ordering != beyond),
    };
    schema.exclusive_minimum.is_none()
        && schema.exclusive_maximum.is_none()
        && schema.multiple_of.is_none()
        && within(&schema.minimum, Ordering::Less)
        && within(&schema.maximum, Ordering::Greater)
}

/// 2^53: every integer up to it, and none past it, is held exactly by an `f64`.
const TWO_TO_THE_53: u64 = 1 << 53;

/// The `f64` that is exactly `number`, if one is: a float, or an integer within ±2^53.
#[inline]
pub(crate) fn exact_f64(number: &Number) -> Option<f64> {
    #[allow(clippy::cast_precision_loss)]
    if let Some(i) = number.as_i64() {
        return (i.unsigned_abs() <= TWO_TO_THE_53).then_some(i as f64);
    }
    #[allow(clippy::cast_precision_loss)]
    if let Some(u) = number.as_u64() {
        return (u <= TWO_TO_THE_53).then_some(u as f64);
    }
    number.as_f64()
}

/// `float32`: the value is read into an `f32` (its type's facts say so).
pub(super) fn check_number(
    schema: &NumberSchema,
    number: &Number,
    float32: bool,
) -> Result<(), FieldErrorKind> {
    if schema.kind == NumberKind::Integer && !is_whole(number) {
        return Err(FieldErrorKind::NotAnInteger {
            value: number.clone(),
        });
    }
    // An `f32` field holds the `f32` nearest to the number, and that is what must be in
    // bounds; the errors still quote the number as sent.
    let rounded = if float32 { as_f32_value(number) } else { None };
    let compared = rounded.as_ref().unwrap_or(number);
    // An integer given as a float past the 64-bit integers may stand for any integer its
    // rounding covers: on a bound it is beyond it.
    let edge = schema.kind == NumberKind::Integer
        && number.as_i64().is_none()
        && number.as_u64().is_none()
        && number.as_f64().is_some_and(past_the_integers);
    let beyond = |ordering: Option<Ordering>, side: Ordering| {
        ordering == Some(side) || (edge && ordering == Some(Ordering::Equal))
    };
    if let Some(minimum) = &schema.minimum
        && beyond(compare(compared, minimum), Ordering::Less)
    {
        return Err(FieldErrorKind::BelowMinimum {
            minimum: minimum.clone(),
            value: number.clone(),
        });
    }
    if let Some(maximum) = &schema.maximum
        && beyond(compare(compared, maximum), Ordering::Greater)
    {
        return Err(FieldErrorKind::AboveMaximum {
            maximum: maximum.clone(),
            value: number.clone(),
        });
    }
    if let Some(bound) = &schema.exclusive_minimum
        && compare(compared, bound) != Some(Ordering::Greater)
    {
        return Err(FieldErrorKind::Invalid {
            reason: format!("must be greater than {bound}, got {number}"),
        });
    }
    if let Some(bound) = &schema.exclusive_maximum
        && compare(compared, bound) != Some(Ordering::Less)
    {
        return Err(FieldErrorKind::Invalid {
            reason: format!("must be less than {bound}, got {number}"),
        });
    }
    if let Some(divisor) = &schema.multiple_of
        && !is_multiple(number, divisor)
    {
        return Err(FieldErrorKind::Invalid {
            reason: format!("must be a multiple of {divisor}, got {number}"),
        });
    }
    Ok(())
}

/// `multipleOf` as JSON Schema validators compute it: exactly for two integers, otherwise
/// the `f64` quotient must be a whole number (so `0.3` is not a multiple of `0.1`, as Ajv and
/// Python's `jsonschema` say too).
fn is_multiple(number: &Number, divisor: &Number) -> bool {
    if let (Some(n), Some(d)) = (exact_integer(number), exact_integer(divisor)) {
        return d != 0 && n % d == 0;
    }
    match (number.as_f64(), divisor.as_f64()) {
        (Some(n), Some(d)) if d > 0.0 => {
            let quotient = n / d;
            quotient.is_finite() && quotient.fract() == 0.0
        }
        _ => false,
    }
}

/// The exact value of the `f32` an `f32` field makes of `number` (as `f32::from_json` does:
/// through the nearest `f64`), or `None` when it is out of `f32`'s range.
pub(crate) fn as_f32_value(number: &Number) -> Option<Number> {
    #[allow(clippy::cast_possible_truncation)]
    let narrow = number.as_f64()? as f32;
    if narrow.is_finite() {
        Number::from_f64(f64::from(narrow))
    } else {
        None
    }
}

fn is_whole(number: &Number) -> bool {
    number.is_i64()
        || number.is_u64()
        || number
            .as_f64()
            .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

/// Exact comparison of two JSON numbers, whatever mix of `i64`, `u64` and `f64` they are
/// (a float and a large integer are not compared through a lossy cast).
pub(crate) fn compare(a: &Number, b: &Number) -> Option<Ordering> {
    match (exact_integer(a), exact_integer(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        (Some(x), None) => compare_float_integer(b.as_f64()?, x).map(Ordering::reverse),
        (None, Some(y)) => compare_float_integer(a.as_f64()?, y),
        (None, None) => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

fn exact_integer(number: &Number) -> Option<i128> {
    number
        .as_i64()
        .map(i128::from)
        .or_else(|| number.as_u64().map(i128::from))
}

/// Compares float `f` with integer `i` exactly.
fn compare_float_integer(f: f64, i: i128) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // Every i128 from an i64 or u64 lies strictly inside ±2^64, so a float beyond that
    // compares by sign alone and the truncating cast below is exact.
    if f >= TWO_TO_THE_64 {
        return Some(Ordering::Greater);
    }
    if f <= -TWO_TO_THE_64 {
        return Some(Ordering::Less);
    }
    // Through `i64` where it fits: a float-to-`i128` cast is a library call, not an instruction.
    let truncated = f.trunc();
    #[allow(clippy::cast_possible_truncation)]
    let whole = if truncated.abs() < TWO_TO_THE_63 {
        i128::from(truncated as i64)
    } else {
        truncated as i128
    };
    Some(whole.cmp(&i).then_with(|| {
        let fraction = f - f.trunc();
        if fraction > 0.0 {
            Ordering::Greater
        } else if fraction < 0.0 {
            Ordering::Less
        } else {
            Ordering::Equal
        }
    }))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::raw::expect_integer;
    use crate::schema::{NumberKind, PropertySchema};

    fn n(value: serde_json::Value) -> Number {
        match value {
            serde_json::Value::Number(n) => n,
            _ => unreachable!(),
        }
    }

    #[test]
    fn compares_across_representations() {
        use serde_json::json;
        assert_eq!(compare(&n(json!(1)), &n(json!(1.0))), Some(Ordering::Equal));
        assert_eq!(
            compare(&n(json!(1.5)), &n(json!(1))),
            Some(Ordering::Greater)
        );
        assert_eq!(
            compare(&n(json!(-1)), &n(json!(0u64))),
            Some(Ordering::Less)
        );
        assert_eq!(
            compare(&n(json!(u64::MAX)), &n(json!(TWO_TO_THE_64))),
            Some(Ordering::Less)
        );
        assert_eq!(compare(&n(json!(-0.5)), &n(json!(0))), Some(Ordering::Less));
        assert_eq!(
            compare(&n(json!(i64::MIN)), &n(json!(-1e300))),
            Some(Ordering::Greater)
        );
        // Around 2^63, where the float is truncated through `i128` rather than `i64`.
        assert_eq!(
            compare(&n(json!(TWO_TO_THE_63)), &n(json!(i64::MAX))),
            Some(Ordering::Greater)
        );
        assert_eq!(
            compare(&n(json!(-TWO_TO_THE_63)), &n(json!(i64::MIN))),
            Some(Ordering::Equal)
        );
        assert_eq!(
            compare(&n(json!(9.2e18)), &n(json!(9_200_000_000_000_000_001_u64))),
            Some(Ordering::Less)
        );
    }

    #[test]
    fn a_float_at_the_edge_of_the_integers_is_in_no_range() {
        use serde_json::json;
        // `-9223372036854775809`, one below `i64::MIN`, reaches us as the float -2^63.
        let below_i64: Value = serde_json::from_str("-9223372036854775809").unwrap();
        assert_eq!(below_i64, json!(-TWO_TO_THE_63));
        assert_eq!(expect_integer(&below_i64), Ok(i128::MIN));
        assert_eq!(expect_integer(&json!(TWO_TO_THE_64)), Ok(i128::MAX));
        // Strictly inside, a whole float is the integer it is.
        let inside = -TWO_TO_THE_63 + 2048.0;
        #[allow(clippy::cast_possible_truncation)]
        let exact = inside as i128;
        assert_eq!(expect_integer(&json!(inside)), Ok(exact));
        assert_eq!(
            expect_integer(&json!(18_446_744_073_709_549_568.0)),
            Ok(18_446_744_073_709_549_568)
        );
        // On a bound at that edge, the float is beyond it; the integer itself is not.
        let wide = PropertySchema::Number(NumberSchema {
            kind: NumberKind::Integer,
            minimum: Some(i64::MIN.into()),
            maximum: Some(u64::MAX.into()),
            ..NumberSchema::default()
        });
        assert!(matches!(
            wide.check(&below_i64),
            Err(FieldErrorKind::BelowMinimum { .. })
        ));
        assert_eq!(wide.check(&json!(i64::MIN)), Ok(()));
        assert!(wide.check(&json!(inside)).is_ok());
        // A number field holds the float as it is.
        let number = PropertySchema::Number(NumberSchema {
            minimum: Some(i64::MIN.into()),
            ..NumberSchema::default()
        });
        assert_eq!(number.check(&below_i64), Ok(()));
    }
}
