//! Field names that read as secrets. The MCP specification forbids requesting passwords, API
//! keys, payment card data and the like through a form (the client shows the answer to the
//! model and may log it); such a question belongs in URL mode. A form field whose wire name
//! reads as one is a compile error unless marked `#[elicit(not_sensitive)]`.
//!
//! The name is split into lowercase words at every separator and case or digit boundary, and
//! the words are searched for a phrase such as `password` or `api key`, so `userPassword`,
//! `API_KEY` and `card-number` match while `tokenizer` and `keyboard` do not.

/// What a sensitive name looks like it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sensitive {
    Credential,
    PaymentCard,
    GovernmentId,
}

impl Sensitive {
    /// How the error message describes it: "field `x` looks like …".
    pub(crate) fn description(self) -> &'static str {
        match self {
            Self::Credential => "a credential",
            Self::PaymentCard => "payment card data",
            Self::GovernmentId => "a government identifier",
        }
    }
}

/// The phrases, as word sequences. The last word also matches with a plural `s`.
const PHRASES: &[(&[&str], Sensitive)] = &[
    (&["password"], Sensitive::Credential),
    (&["passwd"], Sensitive::Credential),
    (&["pwd"], Sensitive::Credential),
    (&["passphrase"], Sensitive::Credential),
    (&["passcode"], Sensitive::Credential),
    (&["secret"], Sensitive::Credential),
    (&["token"], Sensitive::Credential),
    (&["api", "key"], Sensitive::Credential),
    (&["apikey"], Sensitive::Credential),
    (&["private", "key"], Sensitive::Credential),
    (&["privatekey"], Sensitive::Credential),
    (&["access", "key"], Sensitive::Credential),
    (&["accesskey"], Sensitive::Credential),
    (&["credit", "card"], Sensitive::PaymentCard),
    (&["creditcard"], Sensitive::PaymentCard),
    (&["card", "number"], Sensitive::PaymentCard),
    (&["cardnumber"], Sensitive::PaymentCard),
    (&["cvv"], Sensitive::PaymentCard),
    (&["cvc"], Sensitive::PaymentCard),
    (&["ssn"], Sensitive::GovernmentId),
    (&["social", "security", "number"], Sensitive::GovernmentId),
];

/// What `name` looks like it holds, if it reads as a secret.
pub(crate) fn classify(name: &str) -> Option<Sensitive> {
    let words = words(name);
    PHRASES
        .iter()
        .find(|(phrase, _)| contains_phrase(&words, phrase))
        .map(|&(_, kind)| kind)
}

fn contains_phrase(words: &[String], phrase: &[&str]) -> bool {
    words.windows(phrase.len()).any(|window| {
        let last = phrase.len() - 1;
        window
            .iter()
            .zip(phrase)
            .enumerate()
            .all(|(index, (word, wanted))| {
                word == wanted || (index == last && word.strip_suffix('s') == Some(wanted))
            })
    })
}

/// `userPassword` → `user password`, `API_KEY` → `api key`, `APIKey` → `api key`,
/// `card-number2` → `card number 2`.
fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (index, &ch) in chars.iter().enumerate() {
        if !ch.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if let Some(&previous) = index.checked_sub(1).and_then(|i| chars.get(i)) {
            let next_is_lower = chars.get(index + 1).is_some_and(|next| next.is_lowercase());
            let boundary = (previous.is_lowercase() && ch.is_uppercase())
                // The last capital of an acronym starts the next word: `APIKey`.
                || (previous.is_uppercase() && ch.is_uppercase() && next_is_lower)
                || (previous.is_alphabetic() && ch.is_numeric())
                || (previous.is_numeric() && ch.is_alphabetic());
            if boundary && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        }
        word.extend(ch.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_casing() {
        assert_eq!(words("userPassword"), ["user", "password"]);
        assert_eq!(words("API_KEY"), ["api", "key"]);
        assert_eq!(words("APIKey"), ["api", "key"]);
        assert_eq!(words("api-key"), ["api", "key"]);
        assert_eq!(words("CreditCard"), ["credit", "card"]);
        assert_eq!(words("card_number2"), ["card", "number", "2"]);
        assert_eq!(words("__x__"), ["x"]);
        assert_eq!(words(""), Vec::<String>::new());
    }

    #[test]
    fn credentials() {
        for name in [
            "password",
            "Password",
            "userPassword",
            "user_password",
            "PASSWORD_CONFIRMATION",
            "passwd",
            "pwd",
            "passphrase",
            "secret",
            "clientSecret",
            "token",
            "access_token",
            "accessToken",
            "refresh-token",
            "apiKey",
            "API_KEY",
            "api-key",
            "apikey",
            "ApiKeys",
            "openai_api_key",
            "private_key",
            "privateKey",
            "aws_access_key",
            "AccessKeyId",
        ] {
            assert_eq!(classify(name), Some(Sensitive::Credential), "{name}");
        }
    }

    #[test]
    fn payment_and_identity() {
        for name in [
            "credit_card",
            "creditCard",
            "creditcard",
            "card_number",
            "cardNumber",
            "CVV",
            "cvc",
        ] {
            assert_eq!(classify(name), Some(Sensitive::PaymentCard), "{name}");
        }
        for name in ["ssn", "SSN", "user_ssn", "socialSecurityNumber"] {
            assert_eq!(classify(name), Some(Sensitive::GovernmentId), "{name}");
        }
    }

    #[test]
    fn ordinary_names_pass() {
        for name in [
            "name",
            "email",
            "tokenizer",
            "keyboard",
            "key",
            "sort_key",
            "public_key_fingerprint_hint",
            "passport_country",
            "secretary",
            "access_level",
            "card_color",
            "api_version",
            "passage",
            "lesson",
            "private_note",
        ] {
            assert_eq!(classify(name), None, "{name}");
        }
    }
}
