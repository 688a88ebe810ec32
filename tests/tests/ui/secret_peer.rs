// rmcp's peer sends `elicitation/create` in form mode: each of its form methods refuses a
// form that holds a secret, and so does the 2026-07-28 `form_input_required`.
use elicit_core::rmcp::{PeerElicitExt, form_input_required};
use elicit_core::url_form::SecretString;
use elicit_core::{Elicit, Form};
use rmcp::{Peer, RoleServer};

/// Sign in to the weather service
#[derive(Elicit)]
struct Login {
    user: String,
    password: SecretString,
}

async fn ask(peer: &Peer<RoleServer>) {
    let _ = peer.elicit_form::<Login>().await;
    let _ = peer.elicit_form_with::<Login>("Sign in").await;
    let _ = peer.elicit_form_of(Form::<Login>::new()).await;
    let _ = form_input_required::<Login>("login");
}

fn main() {
    let _ = ask;
}
