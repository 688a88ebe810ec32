//! The post's CSRF token: a synchronizer token (OWASP's CSRF cheat sheet) bound to the link
//! and to the person the browser is signed in as.
//!
//! Each link's record holds a secret of 256 random bits, sealed with the rest; the token the
//! page carries is the HMAC-SHA-256 of the principal's name under that secret. Another site
//! cannot read the page (no CORS, no framing: `frame-ancestors 'none'`), so it cannot learn
//! the token; another link's token, or the same link's for another person, differs; and the
//! token is compared in constant time (`Mac::verify_slice`).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use zeroize::Zeroizing;

use crate::state::Principal;

/// The name of the hidden field that carries the token.
pub(crate) const FIELD: &str = "_csrf";

/// What the HMAC's input starts with, so that a token is never another use's MAC.
const LABEL: &[u8] = b"elicit url-form csrf v1\0";

/// A new secret: 256 random bits, in URL-safe base64.
pub(crate) fn new_secret() -> Result<String, getrandom::Error> {
    let mut bytes = Zeroizing::new([0u8; 32]);
    getrandom::fill(bytes.as_mut())?;
    Ok(URL_SAFE_NO_PAD.encode(bytes.as_ref()))
}

fn mac(secret: &str, principal: &Principal) -> Option<Hmac<Sha256>> {
    let key = Zeroizing::new(URL_SAFE_NO_PAD.decode(secret).ok()?);
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&key).ok()?;
    mac.update(LABEL);
    mac.update(principal.as_str().as_bytes());
    Some(mac)
}

/// The token for `principal` on the link whose secret is `secret`; empty when the secret is
/// not one this module made (which no sealed record holds).
pub(crate) fn token(secret: &str, principal: &Principal) -> String {
    mac(secret, principal).map_or_else(String::new, |mac| {
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    })
}

/// Whether `token` is the token for `principal` on that link, compared in constant time.
pub(crate) fn verify(secret: &str, principal: &Principal, token: &str) -> bool {
    let Ok(tag) = URL_SAFE_NO_PAD.decode(token) else {
        return false;
    };
    mac(secret, principal).is_some_and(|mac| mac.verify_slice(&tag).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_holds_for_its_link_and_person_only() {
        let secret = new_secret().unwrap();
        let other = new_secret().unwrap();
        let ada = Principal::new("ada");
        let bob = Principal::new("bob");
        let token = token(&secret, &ada);
        assert!(verify(&secret, &ada, &token));
        assert!(!verify(&secret, &bob, &token));
        assert!(!verify(&other, &ada, &token));
        assert!(!verify(&secret, &ada, ""));
        assert!(!verify(&secret, &ada, "not base64!"));
        assert!(!verify(&secret, &ada, &token[..20]));
    }
}
