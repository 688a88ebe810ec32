//! Mistakes `#[derive(Elicit)]` must reject, each with its expected diagnostic in
//! `tests/ui/<mistake>.stderr` (rewrite them with `TRYBUILD=overwrite` when a change is
//! intended, then read every one).

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
