//! The names the derive generates never collide with the user's: a form `Trip` with a field
//! `day` next to the user's own `TripForm`, `TripOffers`, `DayOptions` and `DayOptionsGiven`
//! (the names of its builder, its states and their markers, and a name an earlier expansion
//! used) compiles, and each name means the user's type inside the form as outside it. This
//! file compiling is most of the test; the assertions show the user's types were the ones
//! read.

use elicit_core::Elicit;
use serde_json::json;

/// The user's own type named like the builder of `Trip`.
#[derive(Elicit, Debug, PartialEq)]
pub struct TripForm {
    /// A nested form, flattened into `Trip`
    pub note: String,
}

/// Named like an old expansion's offers struct.
#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
pub enum TripOffers {
    Window,
    Aisle,
}

/// Named like the state marker of `Trip`'s `day`.
#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
pub enum DayOptionsGiven {
    Yes,
    No,
}

/// Named like the state parameter of `Trip`'s `day`.
#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
pub enum DayOptions {
    Morning,
    Evening,
}

/// Book a trip
#[derive(Elicit, Debug)]
pub struct Trip {
    #[elicit(options)]
    pub day: String,
    pub seat: TripOffers,
    pub given: DayOptionsGiven,
    #[elicit(default = DayOptions::Evening)]
    pub time: DayOptions,
    /// A default named through the crate's path, which the expansion's module of that name
    /// must not hide.
    #[elicit(default = elicit_core::protocol::ProtocolVersion::V2025_11_25.as_str().len() as u8)]
    pub digits: u8,
}

/// The same names, on a form of fixed fields, with a flattened `TripForm`.
#[derive(Elicit, Debug)]
#[elicit(shaped)]
pub struct Journey {
    pub seat: TripOffers,
    #[elicit(flatten)]
    pub trip: TripForm,
    pub time: DayOptions,
}

#[test]
fn a_form_with_options_reads_the_users_types() {
    let form = Trip::form()
        .day(|f| f.options(["Mon".to_owned(), "Tue".to_owned()]))
        .build()
        .unwrap();
    let answer = json!({"day": "Tue", "seat": "Aisle", "given": "Yes"});
    let trip = form.read(answer.as_object().unwrap()).unwrap();
    assert_eq!(trip.day, "Tue");
    assert_eq!(trip.seat, TripOffers::Aisle);
    assert_eq!(trip.given, DayOptionsGiven::Yes);
    assert_eq!(trip.time, DayOptions::Evening);
    assert_eq!(trip.digits, 10, "the default named through `elicit_core::`");
}

#[test]
fn a_static_form_flattens_the_users_trip_form() {
    let answer = json!({"seat": "Window", "note": "by the door", "time": "Morning"});
    let journey = Journey::from_content(answer.as_object().unwrap()).unwrap();
    assert_eq!(
        journey.trip,
        TripForm {
            note: "by the door".to_owned()
        }
    );
    assert_eq!(journey.seat, TripOffers::Window);
    // The builder of `Journey` is `JourneyForm`; `TripForm` stays the user's struct.
    let shaped = Journey::form()
        .time(|f| f.default(DayOptions::Morning))
        .build()
        .unwrap();
    assert_eq!(
        shaped
            .schema()
            .property("time")
            .and_then(|time| time.default_value()),
        Some(json!("Morning"))
    );
}

#[test]
fn a_form_declared_in_a_function_sees_its_neighbours() {
    /// A type local to the function, named like the local form's builder.
    #[derive(Elicit, Debug, PartialEq, Clone, Copy)]
    enum LocalForm {
        A,
        B,
    }

    /// Local
    #[derive(Elicit, Debug)]
    #[elicit(shaped)]
    struct Local {
        pick: LocalForm,
    }

    let local = Local::from_content(json!({"pick": "B"}).as_object().unwrap()).unwrap();
    assert_eq!(local.pick, LocalForm::B);
    let _shaped = Local::form().pick(|f| f.title("Pick one")).build().unwrap();
}

/// A form without a builder (no `shaped`) has no builder methods for its fields to collide
/// with: it may name them `build` and `with_message`.
#[derive(Elicit, Debug, PartialEq)]
struct Order {
    build: String,
    with_message: bool,
}

#[test]
fn a_form_without_a_builder_may_name_its_fields_like_the_builders_methods() {
    let order = Order::from_content(
        json!({"build": "kit", "with_message": true})
            .as_object()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        order,
        Order {
            build: "kit".to_owned(),
            with_message: true
        }
    );
    let schema = serde_json::to_value(Order::requested_schema()).unwrap();
    assert_eq!(schema["required"], json!(["build", "with_message"]));
}

/// Code generic over forms with a builder starts one through `Shaped`.
fn narrowed<T: elicit_core::shape::Shaped>() -> T::Builder {
    T::builder()
}

#[test]
fn a_shaped_forms_builder_is_reached_generically_and_through_the_trait() {
    let through_trait = narrowed::<Tickets>()
        .count(|f| f.maximum(2))
        .build()
        .unwrap();
    let through_elicit = <Tickets as Elicit>::form()
        .count(|f| f.maximum(3))
        .build()
        .unwrap();
    let max = |form: &elicit_core::Form<Tickets>| {
        serde_json::to_value(form.schema()).unwrap()["properties"]["count"]["maximum"].clone()
    };
    assert_eq!(
        (max(&through_trait), max(&through_elicit)),
        (json!(2), json!(3))
    );
}

/// Tickets
#[derive(Elicit, Debug)]
#[elicit(shaped)]
struct Tickets {
    #[elicit(minimum = 1, maximum = 10)]
    count: u8,
}
