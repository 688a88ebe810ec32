//! What the derive emits, for a few representative inputs, held to committed files
//! (`snapshots/<name>.rs`, pretty-printed): a change to the expansion shows in review as a
//! change to these files. `ELICIT_BLESS=1 cargo test -p elicit-derive` writes them anew.
//!
//! Each file starts with the number of lines it has, the figure a change to the derive's
//! output is measured by (the build cost of a form follows it).

use std::path::PathBuf;

use syn::DeriveInput;

/// The representative inputs: one of each shape the derive writes.
fn inputs() -> Vec<(&'static str, DeriveInput)> {
    // The 13-field form the benchmarks build a hundred times over (its build cost is figure 3a).
    let bench = syn::parse_file(include_str!("../../benches/benches/forms/ours.rs"))
        .expect("the benchmarks' form parses");
    let everything = bench
        .items
        .into_iter()
        .find_map(|item| match item {
            syn::Item::Struct(item) if item.ident == "Everything" => Some(DeriveInput::from(item)),
            _ => None,
        })
        .expect("the benchmarks' form is `Everything`");
    let booking = || -> DeriveInput {
        syn::parse_quote! {
            /// Book a table
            #[derive(Elicit)]
            #[elicit(rename_all = "camelCase")]
            pub struct Booking {
                /// Your name
                #[elicit(min_length = 1, max_length = 40)]
                pub name: String,
                #[elicit(minimum = 1, maximum = 12, default = 2)]
                pub party_size: u8,
                #[elicit(format = "email")]
                pub email: Option<String>,
                pub seating: Seating,
                #[elicit(min_items = 1)]
                pub extras: Vec<Extra>,
                #[elicit(check = Self::not_too_late)]
                pub time: String,
            }
        }
    };
    let mut shaped = booking();
    shaped.attrs.push(syn::parse_quote!(#[elicit(shaped)]));
    vec![
        ("bench_form", everything),
        ("static_form", booking()),
        // The same form with a builder: what `shaped` adds.
        ("shaped_form", shaped),
        (
            "flattened_form",
            syn::parse_quote! {
                /// Sign up
                #[derive(Elicit)]
                pub struct SignUp {
                    pub user_name: String,
                    #[elicit(flatten)]
                    pub address: Address,
                    #[elicit(skip)]
                    pub referrer: Option<String>,
                }
            },
        ),
        (
            "options_form",
            syn::parse_quote! {
                /// That date is full: pick another one
                #[derive(Elicit)]
                pub struct Rebooking {
                    #[elicit(options)]
                    pub date: String,
                    #[elicit(minimum = 1, maximum = 9, default = 1)]
                    pub travellers: u8,
                    #[elicit(options)]
                    pub extras: Option<Vec<String>>,
                }
            },
        ),
        (
            "choice",
            syn::parse_quote! {
                /// Where to sit
                #[derive(Elicit)]
                pub enum Seating {
                    /// By the window
                    Window,
                    Aisle,
                    #[elicit(rename = "bar")]
                    AtTheBar,
                }
            },
        ),
        (
            "newtype",
            syn::parse_quote! {
                /// A percentage
                #[derive(Elicit)]
                pub struct Percent(#[elicit(minimum = 0, maximum = 100)] pub u8);
            },
        ),
        (
            "mistake",
            syn::parse_quote! {
                /// A form with a mistake: the stand-ins the derive emits after one (its
                /// builder's too: it asks for one)
                #[derive(Elicit)]
                #[elicit(shaped)]
                pub struct Broken {
                    #[elicit(no_such_key = 1)]
                    pub name: String,
                    pub age: u8,
                }
            },
        ),
    ]
}

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("snapshots")
        .join(format!("{name}.rs"))
}

/// The expansion of `input`, pretty-printed, headed by its line count.
fn pretty(input: &DeriveInput) -> String {
    let tokens = crate::expand::derive(input);
    let file: syn::File = match syn::parse2(tokens.clone()) {
        Ok(file) => file,
        Err(error) => panic!("the expansion does not parse ({error}): {tokens}"),
    };
    let body = prettyplease::unparse(&file);
    format!(
        "// {} lines: the expansion of the input in elicit-derive/src/snapshots.rs\n{body}",
        body.lines().count()
    )
}

#[test]
fn every_expansion_is_the_committed_one() {
    let bless = std::env::var_os("ELICIT_BLESS").is_some();
    let mut differ = Vec::new();
    for (name, input) in inputs() {
        let now = pretty(&input);
        let path = path(name);
        if bless {
            std::fs::write(&path, &now).expect("the snapshot is written");
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != now {
            differ.push(name);
        }
    }
    assert!(
        differ.is_empty(),
        "the expansion of {differ:?} differs from elicit-derive/snapshots/: review the change, then write them anew with ELICIT_BLESS=1 cargo test -p elicit-derive"
    );
}
