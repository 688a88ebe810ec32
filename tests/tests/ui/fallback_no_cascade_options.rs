// A mistake in a form filled at run time is reported once: the code that shapes and asks
// the form compiles without further errors.
use elicit_core::Elicit;
use elicit_core::dialog::Dialog;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options, colour = "red")]
    date: String,
    #[elicit(options)]
    extras: Vec<u32>,
    #[elicit(maximum = 9)]
    travellers: u8,
}

async fn rebook(dialog: &Dialog) {
    let form = Rebook::form()
        .date(|f| f.options(["2026-12-27".to_owned()]).default("2026-12-27".to_owned()))
        .extras(|f| f.options([1_u32, 2]).max_items(1))
        .travellers(|f| f.maximum(4).check(|n: &u8, form: &Rebook| {
            if form.extras.len() > usize::from(*n) { Err("too many extras") } else { Ok(()) }
        }))
        .with_message("Pick another date");
    let _ = dialog.ask_form("rebook", form).attempts(3).await;
    let _ = Rebook::form().date(|f| f.options(["x".to_owned()])).extras(|f| f.options([1_u32])).build();
}

fn main() {
    let _ = rebook;
}
