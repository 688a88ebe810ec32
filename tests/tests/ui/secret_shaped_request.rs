// A shaped form's builder makes a `Form`; sending it in form mode yourself (`request()`) is
// refused for a form that holds a secret, as every other form-mode path is.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

/// Sign in to the weather service
#[derive(Elicit)]
#[elicit(shaped)]
struct Login {
    #[elicit(max_length = 64)]
    user: String,
    password: SecretString,
}

fn main() {
    let form = Login::form().user(|f| f.max_length(32)).build().unwrap();
    let _ = form.request();
}
