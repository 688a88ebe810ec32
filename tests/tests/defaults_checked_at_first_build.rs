//! Every default is checked once, when the form's schema is first built, and a wrong one is a
//! loud panic naming the form, the field and the broken constraint (`set::default`); so is a
//! field whose merged constraints leave no valid value (`set::check_satisfiable`).

use elicit_core::__private::set::FieldSchema;
use elicit_core::__private::{Facts, Value, set};
use elicit_core::ElicitField;
use elicit_core::schema::{
    NumberKind, NumberSchema, Pattern, PropertySchema, SelectOption, StringFormat, StringSchema,
    TitledMultiSelectSchema, UntitledSingleSelectSchema,
};
use serde_json::json;

fn string(schema: StringSchema) -> PropertySchema {
    PropertySchema::String(schema)
}

fn integer(min: i64, max: i64) -> PropertySchema {
    PropertySchema::Number(NumberSchema {
        kind: NumberKind::Integer,
        minimum: Some(min.into()),
        maximum: Some(max.into()),
        ..NumberSchema::default()
    })
}

fn options(count: usize) -> Vec<SelectOption> {
    (0..count)
        .map(|i| SelectOption::new(format!("o{i}"), format!("O{i}")))
        .collect()
}

fn multi(min_items: Option<u64>, max_items: Option<u64>, count: usize) -> PropertySchema {
    PropertySchema::TitledMultiSelect(TitledMultiSelectSchema {
        options: options(count),
        min_items,
        max_items,
        ..TitledMultiSelectSchema::default()
    })
}

/// A schema built by hand, with no Rust type behind it.
fn untyped(schema: PropertySchema) -> FieldSchema {
    FieldSchema::new(schema, Facts::UNKNOWN)
}

/// The schema of field type `T`, with what `T` allows, as generated code starts from.
fn typed<T: ElicitField>() -> FieldSchema {
    FieldSchema::new(T::field_schema(), T::FACTS)
}

/// `set::default` on `schema`, returning the schema it leaves.
fn with_default(schema: PropertySchema, default: Value) -> PropertySchema {
    with_default_on(untyped(schema), default)
}

/// `set::default` on a field's schema, returning the schema it leaves.
fn with_default_on(mut field: FieldSchema, default: Value) -> PropertySchema {
    set::default(&mut field, Some(default), "Settings", "retries");
    field.into_schema()
}

#[test]
fn a_valid_default_is_stored() {
    let schema = with_default(integer(0, 10), json!(3));
    assert_eq!(schema.default_value(), Some(json!(3)));
    let schema = with_default(multi(Some(1), Some(2), 3), json!(["o0", "o2"]));
    assert_eq!(schema.default_value(), Some(json!(["o0", "o2"])));
    // No default: nothing to check, nothing stored.
    let mut field = untyped(integer(0, 10));
    set::default(&mut field, None, "Settings", "retries");
    assert_eq!(field.into_schema().default_value(), None);
}

#[test]
#[should_panic(
    expected = "elicit: the default of field `retries` of form `Settings` is invalid: expected an integer, got string"
)]
fn wrong_type() {
    with_default(integer(0, 10), json!("3"));
}

#[test]
#[should_panic(
    expected = "elicit: the default of field `retries` of form `Settings` is invalid: must be at most 10, got 11"
)]
fn above_maximum() {
    with_default(integer(0, 10), json!(11));
}

#[test]
#[should_panic(expected = "is invalid: must be at least 0, got -1")]
fn below_minimum() {
    with_default(integer(0, 10), json!(-1));
}

#[test]
#[should_panic(expected = "is invalid: must be a whole number, got 2.5")]
fn not_an_integer() {
    with_default(integer(0, 10), json!(2.5));
}

#[test]
#[should_panic(expected = "is invalid: must be at least 3 characters, got 2")]
fn too_short_in_scalar_values() {
    // Two scalar values, though six bytes.
    with_default(
        string(StringSchema {
            min_length: Some(3),
            ..StringSchema::default()
        }),
        json!("éé"),
    );
}

#[test]
#[should_panic(expected = "is invalid: must be at most 2 characters, got 3")]
fn too_long() {
    with_default(
        string(StringSchema {
            max_length: Some(2),
            ..StringSchema::default()
        }),
        json!("abc"),
    );
}

#[test]
#[should_panic(expected = "is invalid: must be a valid e-mail address")]
fn bad_format() {
    with_default(
        string(StringSchema {
            format: Some(StringFormat::Email),
            ..StringSchema::default()
        }),
        json!("not an address"),
    );
}

#[test]
#[should_panic(expected = "is invalid: must match the pattern `^[a-z]+$`")]
fn pattern_mismatch() {
    with_default(
        string(StringSchema {
            pattern: Some(Pattern::new("^[a-z]+$").unwrap()),
            ..StringSchema::default()
        }),
        json!("ABC"),
    );
}

#[test]
#[should_panic(expected = "is invalid: \"Red\" is not one of the options")]
fn unknown_option_by_wire_name() {
    // The options are matched by wire name, not by Rust variant name.
    with_default(
        PropertySchema::UntitledSingleSelect(UntitledSingleSelectSchema {
            options: vec!["red".into(), "blue".into()],
            ..UntitledSingleSelectSchema::default()
        }),
        json!("Red"),
    );
}

#[test]
#[should_panic(expected = "is invalid: select at least 2 options, got 1")]
fn too_few_items() {
    with_default(multi(Some(2), None, 3), json!(["o0"]));
}

#[test]
#[should_panic(expected = "is invalid: select at most 1 option, got 2")]
fn too_many_items() {
    with_default(multi(None, Some(1), 3), json!(["o0", "o1"]));
}

#[test]
#[should_panic(expected = "is invalid: \"o1\" is selected more than once")]
fn repeated_item() {
    with_default(multi(None, None, 3), json!(["o1", "o1"]));
}

#[test]
#[should_panic(expected = "is invalid: \"o9\" is not one of the options")]
fn unknown_item() {
    with_default(multi(None, None, 3), json!(["o9"]));
}

#[test]
#[should_panic(
    expected = "elicit: the default of field `retries` of form `Settings` is invalid: it has no JSON value"
)]
fn not_representable() {
    // What `FieldDefault::to_json` gives for `f64::NAN`.
    with_default(f64::field_schema(), f64::NAN.to_json());
}

#[test]
#[should_panic(expected = "is invalid: expected a boolean, got number")]
fn boolean_of_the_wrong_type() {
    with_default(bool::field_schema(), json!(1));
}

fn satisfiable(schema: &PropertySchema) {
    set::check_satisfiable(&untyped(schema.clone()), "Settings", "retries");
}

#[test]
fn satisfiable_schemas_pass() {
    satisfiable(&integer(3, 3));
    satisfiable(&u8::field_schema());
    satisfiable(&multi(Some(3), Some(3), 3));
    satisfiable(&string(StringSchema {
        min_length: Some(2),
        max_length: Some(2),
        ..StringSchema::default()
    }));
    satisfiable(&PropertySchema::Number(NumberSchema {
        kind: NumberKind::Integer,
        minimum: Some(serde_json::Number::from_f64(0.5).unwrap()),
        maximum: Some(serde_json::Number::from_f64(1.5).unwrap()),
        ..NumberSchema::default()
    }));
}

#[test]
#[should_panic(
    expected = "elicit: field `retries` of form `Settings` can have no valid value: minimum 5 is greater than maximum 4"
)]
fn minimum_above_maximum() {
    satisfiable(&integer(5, 4));
}

#[test]
#[should_panic(
    expected = "can have no valid value: no integer lies between minimum 0.25 and maximum 0.75"
)]
fn no_integer_between() {
    satisfiable(&PropertySchema::Number(NumberSchema {
        kind: NumberKind::Integer,
        minimum: Some(serde_json::Number::from_f64(0.25).unwrap()),
        maximum: Some(serde_json::Number::from_f64(0.75).unwrap()),
        ..NumberSchema::default()
    }));
}

#[test]
#[should_panic(expected = "can have no valid value: minLength 3 is greater than maxLength 2")]
fn min_length_above_max_length() {
    satisfiable(&string(StringSchema {
        min_length: Some(3),
        max_length: Some(2),
        ..StringSchema::default()
    }));
}

#[test]
#[should_panic(expected = "can have no valid value: minItems 2 is greater than maxItems 1")]
fn min_items_above_max_items() {
    satisfiable(&multi(Some(2), Some(1), 3));
}

#[test]
#[should_panic(
    expected = "can have no valid value: minItems 4 is greater than the number of options, 3"
)]
fn min_items_above_options() {
    satisfiable(&multi(Some(4), None, 3));
}

#[test]
fn a_newtype_bound_merged_with_a_field_bound() {
    // A newtype's own `minimum = 10` and a field's `maximum = 5` merge to nothing: the
    // derive cannot see it, the first build does.
    let mut field = typed::<u8>();
    set::minimum(&mut field, 10.into());
    set::maximum(&mut field, 5.into());
    let panic = std::panic::catch_unwind(|| satisfiable(field.schema())).unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert_eq!(
        message,
        "elicit: field `retries` of form `Settings` can have no valid value: minimum 10 is greater than maximum 5"
    );
}

/// A derived form whose default (an expression, which the derive cannot check) breaks its
/// bound: the first build of the schema panics, and so does the first parse, which needs it.
#[derive(elicit_core::Elicit, Debug)]
struct Settings {
    #[elicit(maximum = 10, default = 5 + 6)]
    retries: u8,
}

#[test]
#[should_panic(expected = "the default of field `retries` of form")]
fn a_derived_form_with_a_bad_default_panics_on_first_build() {
    use elicit_core::Elicit as _;
    let _ = Settings::requested_schema();
}

#[test]
#[should_panic(expected = "is invalid: must be at most 10, got 11")]
fn a_derived_form_with_a_bad_default_panics_on_first_parse() {
    use elicit_core::Elicit as _;
    let _ = Settings::from_content(&serde_json::Map::new());
}

#[test]
#[should_panic(
    expected = "can have no valid value: minimum 0.10000000149011612 is greater than maximum 0.09999999403953552"
)]
fn an_f32_range_with_no_f32_in_it() {
    // `minimum = 0.1, maximum = 0.1` on an `f32`: no `f32` is 0.1, so none is in range.
    let mut field = typed::<f32>();
    set::minimum(&mut field, serde_json::Number::from_f64(0.1).unwrap());
    set::maximum(&mut field, serde_json::Number::from_f64(0.1).unwrap());
    satisfiable(field.schema());
}

#[test]
#[should_panic(
    expected = "can have no valid value: minimum -3.4028234663852886e+38 is greater than maximum -1e+39"
)]
fn an_f32_bound_beyond_the_type() {
    let mut field = typed::<f32>();
    set::maximum(&mut field, serde_json::Number::from_f64(-1e39).unwrap());
    satisfiable(field.schema());
}

#[test]
#[should_panic(
    expected = "is invalid: must be at most 0.09999999403953552, got 0.10000000149011612"
)]
fn an_f32_default_is_checked_as_the_f32_it_denotes() {
    // 0.1 as an `f32` is above 0.1, so `maximum = 0.1, default = 0.1` is refused.
    let mut field = typed::<f32>();
    set::maximum(&mut field, serde_json::Number::from_f64(0.1).unwrap());
    with_default_on(field, json!(0.1));
}
