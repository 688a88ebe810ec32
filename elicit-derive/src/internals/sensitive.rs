//! Field names that read as secrets. The MCP specification forbids requesting passwords, API
//! keys, payment card data and other sensitive information through a form (the client shows
//! the answer to the model and may log it); such a question belongs in URL mode. A form field
//! whose wire name reads as one is a compile error unless marked `#[elicit(not_sensitive)]`.
//!
//! # How a name is read
//!
//! The name is split into lowercase words at every separator and case or digit boundary
//! (`userPassword`, `API_KEY`, `APIKey`, `card-number2`). A word that glues a known secret to
//! known words, as `rename_all = "lowercase"` makes them, is split too: `accesstoken` is
//! `access token` and `maxtokens` is `max tokens`, while `tokenizer` and `secretary` stay
//! whole words and match nothing. The words are then searched for a phrase, of three kinds:
//!
//! - **Secrets**: passwords in every spelling (`password`, `passwd`, `pwd`, `pw`,
//!   `passphrase`, `pass` on its own or after `user`, `db`, `smtp` and the like), secrets,
//!   tokens, API, private, SSH, PGP and other keys, credentials, session ids and cookies,
//!   seed and recovery phrases, mnemonics, security answers; PINs, one-time passwords
//!   (`otp`, `totp`, `hotp`), MFA and 2FA codes and verification, security, auth,
//!   confirmation, recovery and backup codes; payment card numbers, CVV/CVC, card expiry.
//!   A secret phrase is refused unless a **modifier** turns the name into a number or a
//!   property *about* the secret: a word after it such as `count`, `length`, `limit`,
//!   `used`, `type`, `format`, `policy`, `hint`, `expiry`, `ttl`, `path`, `url`, `id` or
//!   `name` (`token_count`, `password_length`, `tokens_used`, `token_type`, `password_hint`,
//!   `ssh_key_path`), or a quantity before it such as `max`, `min`, `num`, `total` or
//!   `per` (`max_tokens`, `num_tokens`, `cost_per_token`). A token also counts as a number
//!   after the words language models count tokens by (`input_tokens`, `prompt_tokens`).
//!   Words that keep the value secret (`password_confirmation`, `new_password`,
//!   `reset_token`, `password2`) are no modifiers, and neither is an unknown word:
//!   when in doubt, the name is refused.
//! - **Personal identifiers**: government identifiers (`ssn`, `social_security`,
//!   `national_id`, `passport`, `driver_license`, `tax_id`, …) and financial account
//!   numbers (`iban`, `account_number`, `bank_account`) are sensitive personal data rather
//!   than credentials, but the same rule applies: a form must not collect them, so they
//!   are refused too. An identifier counts only as the head of the name, followed by nothing
//!   or by words that still name its value (`number`, `no`, `id`, `last4`): `passport_number`
//!   is refused, `passport_country` and `tax_id_type` are not.
//!
//! Some words are ambiguous and are refused anyway, since a false alarm costs one
//! `#[elicit(not_sensitive)]` while a miss sends a secret through the model: `pin` and
//! `pin_code` (also the Indian postal code), `tokens` alone (a count or a list of secrets),
//! `pwd` (also a working directory), `mnemonic` (also a menu accelerator), `cookie`,
//! `account_number` (also a customer number). Others pass: `seed` (a random seed),
//! `exp_year` (years of experience), `routing_number` and `swift_code` (they name a bank,
//! not a person), `vat_number` (a business's), and a secret followed by `id`, which names
//! the secret rather than holding it (`api_key_id`, `token_id`, AWS's `access_key_id`; a
//! `session_id` is itself the secret). A `bool` field is never refused, whatever its name
//! (`remember_password`).

/// What a sensitive name looks like it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sensitive {
    /// A password, secret, token, key, credential, session id or seed phrase.
    Credential,
    /// A PIN, one-time password or verification code.
    Code,
    /// A card number, CVV or card expiry.
    PaymentCard,
    /// A social security, passport, driver's license, national or tax identifier.
    GovernmentId,
    /// An IBAN or bank account number.
    FinancialAccount,
}

impl Sensitive {
    /// How the error message describes it: "field `x` looks like …".
    pub(crate) fn description(self) -> &'static str {
        match self {
            Self::Credential => "a credential",
            Self::Code => "a PIN or one-time code",
            Self::PaymentCard => "payment card data",
            Self::GovernmentId => "a government identifier (sensitive personal data)",
            Self::FinancialAccount => "a financial account number (sensitive personal data)",
        }
    }
}

/// How the words around a phrase decide whether the name holds the secret.
#[derive(Clone, Copy)]
enum Rule {
    /// Refused unless a property word follows it (`password_length`) or a quantity word
    /// ([`LEADS`], or `leads`) precedes it (`max_tokens`).
    Secret { leads: &'static [&'static str] },
    /// As [`Rule::Secret`], but only as the whole name (`pass`) or right after one of
    /// `context` (`db_pass`): `boarding_pass` and `pass_fail` are not passwords.
    Bare { context: &'static [&'static str] },
    /// Refused when nothing but [`ID_TAILS`] follows it: `passport`, `passport_number`,
    /// but not `passport_country`.
    Identifier,
}

struct Phrase {
    words: &'static [&'static str],
    kind: Sensitive,
    rule: Rule,
}

const fn secret(words: &'static [&'static str], kind: Sensitive) -> Phrase {
    Phrase {
        words,
        kind,
        rule: Rule::Secret { leads: &[] },
    }
}

const fn identifier(words: &'static [&'static str], kind: Sensitive) -> Phrase {
    Phrase {
        words,
        kind,
        rule: Rule::Identifier,
    }
}

use Sensitive::{Code, Credential, FinancialAccount, GovernmentId, PaymentCard};

/// The phrases, as word sequences, searched in this order (the first that holds names the
/// kind). The last word also matches with a plural `s`.
const PHRASES: &[Phrase] = &[
    // Government identifiers.
    identifier(&["ssn"], GovernmentId),
    identifier(&["social", "security"], GovernmentId),
    identifier(&["social", "insurance"], GovernmentId),
    identifier(&["national", "id"], GovernmentId),
    identifier(&["national", "identity"], GovernmentId),
    identifier(&["national", "identification"], GovernmentId),
    identifier(&["national", "insurance"], GovernmentId),
    identifier(&["passport"], GovernmentId),
    identifier(&["driver", "license"], GovernmentId),
    identifier(&["driver", "licence"], GovernmentId),
    identifier(&["drivers", "license"], GovernmentId),
    identifier(&["drivers", "licence"], GovernmentId),
    identifier(&["driving", "license"], GovernmentId),
    identifier(&["driving", "licence"], GovernmentId),
    identifier(&["tax", "id"], GovernmentId),
    identifier(&["tax", "identification"], GovernmentId),
    identifier(&["tax", "number"], GovernmentId),
    identifier(&["taxpayer", "id"], GovernmentId),
    identifier(&["taxpayer", "identification"], GovernmentId),
    identifier(&["taxpayer", "number"], GovernmentId),
    identifier(&["id", "card"], GovernmentId),
    identifier(&["identity", "card"], GovernmentId),
    identifier(&["voter", "id"], GovernmentId),
    identifier(&["aadhaar"], GovernmentId),
    // Financial account numbers.
    identifier(&["iban"], FinancialAccount),
    identifier(&["bank", "account"], FinancialAccount),
    identifier(&["account", "number"], FinancialAccount),
    identifier(&["account", "no"], FinancialAccount),
    identifier(&["account", "num"], FinancialAccount),
    identifier(&["acct", "number"], FinancialAccount),
    identifier(&["acct", "no"], FinancialAccount),
    identifier(&["acct", "num"], FinancialAccount),
    // Payment cards.
    secret(&["credit", "card"], PaymentCard),
    secret(&["debit", "card"], PaymentCard),
    secret(&["card", "number"], PaymentCard),
    secret(&["card", "no"], PaymentCard),
    secret(&["card", "num"], PaymentCard),
    secret(&["card", "pan"], PaymentCard),
    secret(&["cc", "number"], PaymentCard),
    secret(&["cc", "num"], PaymentCard),
    secret(&["cc", "no"], PaymentCard),
    secret(&["cc", "exp"], PaymentCard),
    secret(&["cc", "expiry"], PaymentCard),
    secret(&["cc", "expiration"], PaymentCard),
    secret(&["card", "exp"], PaymentCard),
    secret(&["card", "expiry"], PaymentCard),
    secret(&["card", "expiration"], PaymentCard),
    secret(&["card", "expires"], PaymentCard),
    secret(&["exp", "month"], PaymentCard),
    secret(&["expiry", "month"], PaymentCard),
    secret(&["expiry", "year"], PaymentCard),
    secret(&["expiration", "month"], PaymentCard),
    secret(&["expiration", "year"], PaymentCard),
    secret(&["card", "security", "code"], PaymentCard),
    secret(&["card", "verification"], PaymentCard),
    secret(&["card", "code"], PaymentCard),
    secret(&["cvv"], PaymentCard),
    secret(&["cvc"], PaymentCard),
    // PINs and one-time codes.
    secret(&["pin"], Code),
    secret(&["pin", "code"], Code),
    secret(&["otp"], Code),
    secret(&["totp"], Code),
    secret(&["hotp"], Code),
    secret(&["mfa"], Code),
    secret(&["2", "fa"], Code),
    secret(&["two", "factor"], Code),
    secret(&["one", "time", "password"], Code),
    secret(&["one", "time", "code"], Code),
    secret(&["passcode"], Code),
    secret(&["pass", "code"], Code),
    secret(&["verification", "code"], Code),
    secret(&["security", "code"], Code),
    secret(&["auth", "code"], Code),
    secret(&["authentication", "code"], Code),
    secret(&["authorization", "code"], Code),
    secret(&["confirmation", "code"], Code),
    secret(&["access", "code"], Code),
    secret(&["login", "code"], Code),
    secret(&["sms", "code"], Code),
    secret(&["recovery", "code"], Code),
    secret(&["backup", "code"], Code),
    secret(&["reset", "code"], Code),
    secret(&["activation", "code"], Code),
    secret(&["unlock", "code"], Code),
    // Passwords, keys, tokens and other credentials.
    secret(&["password"], Credential),
    secret(&["passwd"], Credential),
    secret(&["pswd"], Credential),
    secret(&["pwd"], Credential),
    secret(&["pw"], Credential),
    secret(&["pass", "word"], Credential),
    secret(&["passphrase"], Credential),
    secret(&["pass", "phrase"], Credential),
    Phrase {
        words: &["pass"],
        kind: Credential,
        rule: Rule::Bare {
            context: PASS_CONTEXT,
        },
    },
    secret(&["secret"], Credential),
    Phrase {
        words: &["token"],
        kind: Credential,
        rule: Rule::Secret { leads: TOKEN_LEADS },
    },
    secret(&["bearer"], Credential),
    secret(&["jwt"], Credential),
    secret(&["api", "key"], Credential),
    secret(&["private", "key"], Credential),
    secret(&["access", "key"], Credential),
    secret(&["signing", "key"], Credential),
    secret(&["encryption", "key"], Credential),
    secret(&["decryption", "key"], Credential),
    secret(&["master", "key"], Credential),
    secret(&["license", "key"], Credential),
    secret(&["product", "key"], Credential),
    secret(&["auth", "key"], Credential),
    secret(&["recovery", "key"], Credential),
    secret(&["ssh", "key"], Credential),
    secret(&["pgp", "key"], Credential),
    secret(&["gpg", "key"], Credential),
    secret(&["credential"], Credential),
    secret(&["session", "id"], Credential),
    secret(&["session", "key"], Credential),
    secret(&["cookie"], Credential),
    secret(&["seed", "phrase"], Credential),
    secret(&["seed", "word"], Credential),
    secret(&["wallet", "seed"], Credential),
    secret(&["recovery", "phrase"], Credential),
    secret(&["backup", "phrase"], Credential),
    secret(&["mnemonic"], Credential),
    secret(&["security", "answer"], Credential),
];

/// Words after a secret that make the name a number or a property about it rather than the
/// secret itself: `token_count`, `password_length`, `tokens_used`, `token_type`.
#[rustfmt::skip]
const PROPERTIES: &[&str] = &[
    // How many, how long, how much.
    "count", "cnt", "length", "len", "size", "limit", "max", "maximum", "min", "minimum",
    "budget", "quota", "cap", "used", "usage", "remaining", "left", "total", "consumed",
    "spent", "rate", "per", "cost", "price", "balance", "allowance", "allowed", "estimate",
    "estimated", "threshold", "window", "digit", "bit", "amount", "supply", "decimal",
    "attempt", "tries", "retries", "failure", "lockout",
    // What kind, what shape, what rules.
    "type", "kind", "format", "style", "algorithm", "algo", "scheme", "encoding", "version",
    "strength", "score", "complexity", "entropy", "policy", "policies", "rule",
    "requirement", "pattern", "regex", "symbol", "language", "locale", "question",
    // Words about it shown to the user.
    "hint", "prompt", "label", "name", "description", "title", "placeholder", "help",
    "tooltip", "message", "error", "icon", "color", "colour",
    // When.
    "expiry", "expires", "expiration", "expire", "expired", "ttl", "lifetime", "age",
    "timeout", "duration", "validity", "valid", "interval", "period", "rotation", "at",
    "time", "timestamp", "since", "until", "changed", "updated", "created", "rotated",
    "issued",
    // Where it is kept or sent, and who issues it.
    "path", "file", "filename", "dir", "directory", "folder", "location", "position",
    "latitude", "longitude", "lat", "lng", "env", "var", "variable", "url", "uri",
    "endpoint", "host", "server", "domain", "header", "param", "parameter", "source",
    "provider", "issuer", "audience", "scope", "method", "channel", "delivery", "sent",
    "manager", "vault", "store", "storage", "ref", "reference", "arn", "address",
    "contract", "phone", "email", "device", "app", "in", "out", "id",
    // Which one, whether, or a harmless part of it.
    "fingerprint", "prefix", "last", "masked", "redacted", "hidden", "visible",
    "visibility", "enabled", "disabled", "required", "optional", "needed", "status",
    "state", "holder", "brand", "network", "country", "region", "currency", "consent",
    "banner", "settings", "config", "options",
];

/// Words before a secret that make the name a quantity of it: `max_tokens`, `num_tokens`,
/// `cost_per_token`, `public_key`.
#[rustfmt::skip]
const LEADS: &[&str] = &[
    "max", "maximum", "min", "minimum", "num", "number", "count", "total", "remaining",
    "used", "spent", "consumed", "estimated", "available", "average", "avg", "mean",
    "median", "per", "allowed", "reserved", "public",
];

/// Words before `token` that make it the unit a language model counts (`input_tokens`,
/// `prompt_tokens`) or a vocabulary entry (`eos_token`), not a credential.
#[rustfmt::skip]
const TOKEN_LEADS: &[&str] = &[
    "prompt", "completion", "input", "output", "cached", "cache", "reasoning", "context",
    "response", "generated", "thinking", "audio", "text", "image", "embedding", "billable",
    "vocab", "special", "stop", "bos", "eos", "pad", "unk", "sep", "cls", "mask",
];

/// Words before `pass` that make it a password: `db_pass`, `smtp_pass`.
#[rustfmt::skip]
const PASS_CONTEXT: &[&str] = &[
    "user", "username", "db", "database", "admin", "root", "login", "account", "smtp",
    "ftp", "sftp", "mail", "email", "wifi", "proxy", "ldap", "sql", "mysql", "postgres",
    "redis", "sudo", "vpn", "router",
];

/// Words after an identifier that still name its value: `passport_number`, `ssn_last4`.
/// Numbers count too.
#[rustfmt::skip]
const ID_TAILS: &[&str] = &[
    "number", "no", "num", "nr", "id", "identifier", "code", "value", "digit", "last",
    "four", "string", "text", "input",
];

/// Words that neither qualify nor name a secret but may be glued to one
/// (`passwordconfirmation`, `newpassword`): known so that such a word can be split.
#[rustfmt::skip]
const KEEPS: &[&str] = &[
    "confirmation", "confirm", "confirmed", "again", "repeat", "repeated", "retype",
    "verify", "value", "hash", "hashed", "salt", "new", "old", "current", "previous",
    "plain", "plaintext", "raw", "string", "date", "month", "year", "data", "details",
    "info", "for", "of", "my", "your", "client", "refresh", "access", "bearer", "auth",
    "oauth", "webhook", "shared", "signing", "app", "key", "code",
];

/// Phrases never looked for inside a longer word, where they are often part of another:
/// `pallbearer`, `fortunecookie`.
const NOT_GLUED: &[&str] = &["bearer", "cookie"];

/// What `name` looks like it holds, if it reads as a secret.
pub(crate) fn classify(name: &str) -> Option<Sensitive> {
    let glued = glued_phrases();
    let words: Vec<String> = words(name)
        .into_iter()
        .flat_map(|word| unglue(word, &glued))
        .collect();
    PHRASES
        .iter()
        .find(|phrase| phrase.holds_in(&words))
        .map(|phrase| phrase.kind)
}

impl Phrase {
    fn holds_in(&self, words: &[String]) -> bool {
        let len = self.words.len();
        (0..(words.len() + 1).saturating_sub(len)).any(|start| {
            let window = &words[start..start + len];
            let found = window
                .iter()
                .zip(self.words)
                .enumerate()
                .all(|(i, (word, wanted))| {
                    word == wanted || (i == len - 1 && word.strip_suffix('s') == Some(wanted))
                });
            found && self.rule.holds(&words[..start], &words[start + len..])
        })
    }
}

impl Rule {
    fn holds(self, before: &[String], after: &[String]) -> bool {
        let unqualified = |leads: &[&str]| {
            !after.iter().any(|word| is_in(word, PROPERTIES))
                && !before
                    .iter()
                    .any(|word| is_in(word, LEADS) || is_in(word, leads))
        };
        match self {
            Self::Secret { leads } => unqualified(leads),
            Self::Bare { context } => {
                (before.is_empty() && after.is_empty())
                    || (before.last().is_some_and(|word| is_in(word, context)) && unqualified(&[]))
            }
            Self::Identifier => after
                .iter()
                .all(|word| is_number(word) || is_in(word, ID_TAILS)),
        }
    }
}

/// `word` is in `list`, maybe as a plural: `limits`, `policies`.
fn is_in(word: &str, list: &[&str]) -> bool {
    list.contains(&word)
        || word
            .strip_suffix('s')
            .is_some_and(|one| list.contains(&one))
        || word.strip_suffix("ies").is_some_and(|stem| {
            list.iter()
                .any(|known| known.strip_suffix('y') == Some(stem))
        })
}

fn is_number(word: &str) -> bool {
    word.chars().all(|ch| ch.is_ascii_digit())
}

/// Every phrase long enough to be spotted inside a longer word, as that word (`apikey`)
/// with its words, longest first.
fn glued_phrases() -> Vec<(String, &'static [&'static str])> {
    let mut glued: Vec<(String, &'static [&'static str])> = PHRASES
        .iter()
        .filter(|phrase| {
            !matches!(phrase.rule, Rule::Bare { .. })
                && !phrase
                    .words
                    .iter()
                    .any(|word| is_number(word) || NOT_GLUED.contains(word))
        })
        .map(|phrase| (phrase.words.concat(), phrase.words))
        .filter(|(joined, _)| joined.len() >= 5)
        .collect();
    glued.sort_by_key(|(joined, _)| std::cmp::Reverse(joined.len()));
    glued.dedup_by(|a, b| a.0 == b.0);
    glued
}

/// The longest word searched for glued phrases: far more than a real name glues together.
const MAX_GLUED: usize = 64;

/// A word every list knows.
fn is_known(word: &str) -> bool {
    word.len() >= 2
        && ([
            PROPERTIES,
            LEADS,
            TOKEN_LEADS,
            PASS_CONTEXT,
            ID_TAILS,
            KEEPS,
        ]
        .iter()
        .any(|list| is_in(word, list))
            || PHRASES.iter().any(|phrase| is_in(word, phrase.words)))
}

/// `word` split into known words and glued phrases, if it is made of nothing else:
/// `tokensused` → `tokens used`, `resettoken` → `reset token`.
fn segment(text: &str, glued: &[(String, &'static [&'static str])]) -> Option<Vec<String>> {
    // best[i]: the fewest words `text[..i]` splits into.
    let mut best: Vec<Option<Vec<String>>> = vec![None; text.len() + 1];
    best[0] = Some(Vec::new());
    for end in 1..=text.len() {
        for start in 0..end {
            let Some(head) = &best[start] else { continue };
            let Some(piece) = piece_words(&text[start..end], glued) else {
                continue;
            };
            if best[end]
                .as_ref()
                .is_none_or(|known| known.len() > head.len() + piece.len())
            {
                best[end] = Some(head.iter().cloned().chain(piece).collect());
            }
        }
    }
    best.pop().flatten()
}

/// One known word, or one glued phrase (maybe plural) as its words.
fn piece_words(piece: &str, glued: &[(String, &'static [&'static str])]) -> Option<Vec<String>> {
    if is_known(piece) {
        return Some(vec![piece.to_owned()]);
    }
    glued.iter().find_map(|(joined, words)| {
        let plural = match piece.strip_prefix(joined.as_str())? {
            "" => false,
            "s" => true,
            _ => return None,
        };
        Some(spelled(words, plural))
    })
}

fn spelled(words: &[&str], plural: bool) -> Vec<String> {
    let mut spelled: Vec<String> = words.iter().map(|&word| word.to_owned()).collect();
    if let (true, Some(last)) = (plural, spelled.last_mut()) {
        last.push('s');
    }
    spelled
}

/// A word with a secret glued inside, split around it: `userpassword` → `user password`,
/// `maxtokens` → `max tokens`, `passwordhint` → `password hint`. What follows the secret must
/// be known words (`tokenizer` and `secretary` stay whole); what precedes it may be anything.
/// Words longer than [`MAX_GLUED`] are left whole, which bounds the quadratic search.
fn unglue(word: String, glued: &[(String, &'static [&'static str])]) -> Vec<String> {
    if word.len() > MAX_GLUED || !word.is_ascii() || is_known(&word) {
        return vec![word];
    }
    for (joined, words) in glued {
        for (at, _) in word.match_indices(joined.as_str()) {
            let (before, rest) = (&word[..at], &word[at + joined.len()..]);
            for (plural, after) in [(false, Some(rest)), (true, rest.strip_prefix('s'))] {
                let Some(after) = after else { continue };
                let Some(after) = (if after.is_empty() {
                    Some(Vec::new())
                } else {
                    segment(after, glued)
                }) else {
                    continue;
                };
                let before = if before.is_empty() {
                    Vec::new()
                } else {
                    segment(before, glued).unwrap_or_else(|| vec![before.to_owned()])
                };
                return before
                    .into_iter()
                    .chain(spelled(words, plural))
                    .chain(after)
                    .collect();
            }
        }
    }
    vec![word]
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

    const C: Option<Sensitive> = Some(Credential);
    const K: Option<Sensitive> = Some(Code);
    const P: Option<Sensitive> = Some(PaymentCard);
    const G: Option<Sensitive> = Some(GovernmentId);
    const F: Option<Sensitive> = Some(FinancialAccount);
    const OK: Option<Sensitive> = None;

    /// Every name with what it must be read as: refused as a kind, or `OK` to pass.
    const TABLE: &[(&str, Option<Sensitive>)] = &[
        // Passwords, in every spelling and casing.
        ("password", C),
        ("Password", C),
        ("userPassword", C),
        ("user_password", C),
        ("PASSWORD_CONFIRMATION", C),
        ("password_confirmation", C),
        ("confirm_password", C),
        ("new_password", C),
        ("currentPassword", C),
        ("password2", C),
        ("passwords", C),
        ("passwd", C),
        ("pwd", C),
        ("db_pw", C),
        ("pass", C),
        ("db_pass", C),
        ("smtp_pass", C),
        ("passphrase", C),
        ("key_passphrase", C),
        ("password_hash", C),
        ("wifi_password", C),
        ("userpassword", C),
        ("passwordconfirmation", C),
        ("USERPASSWORD", C),
        // Secrets, tokens, keys.
        ("secret", C),
        ("clientSecret", C),
        ("client_secret", C),
        ("webhook_secret", C),
        ("token", C),
        ("access_token", C),
        ("accessToken", C),
        ("accesstoken", C),
        ("refresh-token", C),
        ("reset_token", C),
        ("bearer_token", C),
        ("id_token", C),
        ("github_token", C),
        ("password_reset_token", C),
        ("tokens", C),
        ("csrf_token", C),
        ("SECRET_KEY", C),
        ("passwordReset", C),
        ("private_key_pem", C),
        ("bearer", C),
        ("jwt", C),
        ("apiKey", C),
        ("API_KEY", C),
        ("api-key", C),
        ("apikey", C),
        ("ApiKeys", C),
        ("APIKey", C),
        ("openai_api_key", C),
        ("openaiapikey", C),
        ("x-api-key", C),
        ("private_key", C),
        ("privateKey", C),
        ("aws_access_key", C),
        ("aws_secret_access_key", C),
        ("ssh_key", C),
        ("sshKey", C),
        ("pgp_key", C),
        ("gpg_key", C),
        ("encryption_key", C),
        ("license_key", C),
        ("credentials", C),
        ("credential", C),
        ("db_credentials", C),
        ("session_id", C),
        ("sessionId", C),
        ("sessionid", C),
        ("session_cookie", C),
        ("cookie", C),
        ("seed_phrase", C),
        ("seedPhrase", C),
        ("recovery_phrase", C),
        ("seed_words", C),
        ("wallet_seed", C),
        ("mnemonic", C),
        ("security_answer", C),
        // PINs and one-time codes.
        ("pin", K),
        ("PIN", K),
        ("card_pin", K),
        ("pin_code", K),
        ("pin_number", K),
        ("pincode", K),
        ("map_pin", K),
        ("otp", K),
        ("OTP", K),
        ("otp_code", K),
        ("totp", K),
        ("totp_secret", K),
        ("hotp", K),
        ("mfa", K),
        ("mfa_code", K),
        ("MFACode", K),
        ("mfa_token", K),
        ("2fa_code", K),
        ("twoFactorCode", K),
        ("one_time_password", K),
        ("passcode", K),
        ("verification_code", K),
        ("email_verification_code", K),
        ("security_code", K),
        ("auth_code", K),
        ("authorization_code", K),
        ("confirmation_code", K),
        ("access_code", K),
        ("sms_code", K),
        ("recovery_codes", K),
        ("backup_code", K),
        ("password_reset_code", K),
        // Payment cards.
        ("credit_card", P),
        ("creditCard", P),
        ("creditcard", P),
        ("debit_card", P),
        ("card_number", P),
        ("cardNumber", P),
        ("cardnumber", P),
        ("creditCardNumber", P),
        ("CREDITCARDNUMBER", P),
        ("credit_card_number", P),
        ("card_no", P),
        ("cc_number", P),
        ("CVV", P),
        ("cvv", P),
        ("cvv2", P),
        ("cvc", P),
        ("card_cvc", P),
        ("card_expiry", P),
        ("card_exp", P),
        ("card_expiration_date", P),
        ("credit_card_expiry", P),
        ("exp_month", P),
        ("expiry_year", P),
        ("card_security_code", P),
        // Government identifiers.
        ("ssn", G),
        ("SSN", G),
        ("user_ssn", G),
        ("ssn_last4", G),
        ("social_security", G),
        ("socialSecurityNumber", G),
        ("social_insurance_number", G),
        ("national_id", G),
        ("national_id_number", G),
        ("national_insurance_number", G),
        ("passport", G),
        ("passport_number", G),
        ("passportNo", G),
        ("passportnumber", G),
        ("driver_license", G),
        ("drivers_license_number", G),
        ("driving_licence", G),
        ("driverLicense", G),
        ("tax_id", G),
        ("taxId", G),
        ("tax_identification_number", G),
        ("taxpayer_id", G),
        ("id_card_number", G),
        ("aadhaar", G),
        // Financial account numbers.
        ("iban", F),
        ("IBAN", F),
        ("account_number", F),
        ("accountNumber", F),
        ("bank_account", F),
        ("bank_account_number", F),
        ("acct_no", F),
        ("accountno", F),
        ("ibanNumber", F),
        // Numbers and properties about a secret.
        ("max_tokens", OK),
        ("maxTokens", OK),
        ("MAX_TOKENS", OK),
        ("maxtokens", OK),
        ("maxoutputtokens", OK),
        ("MAXTOKENS", OK),
        ("api_token_budget", OK),
        ("token_ids", OK),
        ("max_output_tokens", OK),
        ("max_new_tokens", OK),
        ("num_tokens", OK),
        ("number_of_tokens", OK),
        ("token_count", OK),
        ("tokencount", OK),
        ("tokens_used", OK),
        ("tokensUsed", OK),
        ("total_tokens", OK),
        ("tokens_per_minute", OK),
        ("token_budget", OK),
        ("token_limit", OK),
        ("tokenLimit", OK),
        ("token_type", OK),
        ("token_usage", OK),
        ("tokens_remaining", OK),
        ("cost_per_token", OK),
        ("input_tokens", OK),
        ("output_tokens", OK),
        ("prompt_tokens", OK),
        ("completion_tokens", OK),
        ("eos_token", OK),
        ("token_endpoint", OK),
        ("token_url", OK),
        ("token_expiry", OK),
        ("token_ttl", OK),
        ("token_id", OK),
        ("token_address", OK),
        ("password_length", OK),
        ("passwordLength", OK),
        ("min_password_length", OK),
        ("password_min_length", OK),
        ("password_hint", OK),
        ("passwordhint", OK),
        ("password_policy", OK),
        ("password_strength", OK),
        ("password_expires_at", OK),
        ("password_last_changed", OK),
        ("password_reset_url", OK),
        ("password_manager", OK),
        ("pin_length", OK),
        ("pin_attempts", OK),
        ("otp_digits", OK),
        ("otp_channel", OK),
        ("otp_expiry", OK),
        ("totp_algorithm", OK),
        ("totp_issuer", OK),
        ("mfa_method", OK),
        ("mfa_phone", OK),
        ("two_factor_method", OK),
        ("verification_code_length", OK),
        ("secret_name", OK),
        ("secretRef", OK),
        ("api_key_id", OK),
        ("api_key_name", OK),
        ("api_key_prefix", OK),
        ("AccessKeyId", OK),
        ("public_api_key", OK),
        ("ssh_key_path", OK),
        ("ssh_key_fingerprint", OK),
        ("private_key_file", OK),
        ("credentials_file", OK),
        ("credential_type", OK),
        ("session_timeout", OK),
        ("session_id_length", OK),
        ("cookie_name", OK),
        ("cookie_consent", OK),
        ("jwt_algorithm", OK),
        ("bearer_format", OK),
        ("seed_phrase_length", OK),
        ("mnemonic_language", OK),
        ("pass_rate", OK),
        ("boarding_pass", OK),
        ("credit_card_type", OK),
        ("credit_card_last4", OK),
        ("card_holder_name", OK),
        ("credit_card_holder_name", OK),
        ("card_number_last4", OK),
        // Identifier properties and look-alikes.
        ("passport_country", OK),
        ("passport_expiry", OK),
        ("driver_license_state", OK),
        ("tax_id_type", OK),
        ("tax_rate", OK),
        ("bank_account_type", OK),
        ("account_number_format", OK),
        ("account_id", OK),
        ("account_name", OK),
        ("routing_number", OK),
        ("swift_code", OK),
        ("vat_number", OK),
        ("license_plate", OK),
        ("nationality", OK),
        ("social_media_handle", OK),
        ("ssn_format", OK),
        ("passport_number_length", OK),
        ("license_number", OK),
        ("taxidermy", OK),
        // Ordinary names.
        ("name", OK),
        ("email", OK),
        ("tokenizer", OK),
        ("detokenize", OK),
        ("keyboard", OK),
        ("key", OK),
        ("sort_key", OK),
        ("public_key", OK),
        ("ssh_public_key", OK),
        ("public_key_fingerprint_hint", OK),
        ("secretary", OK),
        ("access_level", OK),
        ("card_color", OK),
        ("card_type", OK),
        ("card_last4", OK),
        ("api_version", OK),
        ("passage", OK),
        ("passenger_count", OK),
        ("compass_heading", OK),
        ("bypass_cache", OK),
        ("passwordless", OK),
        ("lesson", OK),
        ("private_note", OK),
        ("pinned", OK),
        ("spinner", OK),
        ("opinion", OK),
        ("shipping_address", OK),
        ("seed", OK),
        ("random_seed", OK),
        ("author", OK),
        ("zip_code", OK),
        ("postal_code", OK),
        ("promo_code", OK),
        ("country_code", OK),
        ("code", OK),
        ("phone_number", OK),
        ("order_number", OK),
        ("expiry_date", OK),
        ("expiration_date", OK),
        ("security_question", OK),
        ("secret_question", OK),
        ("pass_fail", OK),
        ("first_pass", OK),
        ("tokenization", OK),
        ("fortunecookie", OK),
        ("exp_year", OK),
        ("session_count", OK),
        ("user_name", OK),
        ("recovery_email", OK),
        ("__x__", OK),
        ("", OK),
    ];

    #[test]
    fn table() {
        let (mut tp, mut fp, mut fn_, mut tn) = (0_u32, 0_u32, 0_u32, 0_u32);
        let mut misses = Vec::new();
        for &(name, expected) in TABLE {
            let actual = classify(name);
            match (expected, actual) {
                (Some(_), Some(_)) if actual == expected => tp += 1,
                (None, None) => tn += 1,
                (Some(_), None) => fn_ += 1,
                (None, Some(_)) => fp += 1,
                // The right refusal with the wrong words: a miss on both sides.
                (Some(_), Some(_)) => {
                    fp += 1;
                    fn_ += 1;
                }
            }
            if actual != expected {
                misses.push(format!("{name:?}: expected {expected:?}, got {actual:?}"));
            }
        }
        let precision = f64::from(tp) / f64::from((tp + fp).max(1));
        let recall = f64::from(tp) / f64::from((tp + fn_).max(1));
        println!(
            "{} names: {tp} refused rightly, {tn} passed rightly, {fp} false positives, \
             {fn_} false negatives; precision {precision:.3}, recall {recall:.3}",
            TABLE.len()
        );
        assert!(misses.is_empty(), "misread:\n{}", misses.join("\n"));
    }

    #[test]
    fn table_has_no_duplicates() {
        let mut names: Vec<&str> = TABLE.iter().map(|&(name, _)| name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before);
    }

    #[test]
    fn splits_every_casing() {
        assert_eq!(words("userPassword"), ["user", "password"]);
        assert_eq!(words("API_KEY"), ["api", "key"]);
        assert_eq!(words("APIKey"), ["api", "key"]);
        assert_eq!(words("api-key"), ["api", "key"]);
        assert_eq!(words("CreditCard"), ["credit", "card"]);
        assert_eq!(words("card_number2"), ["card", "number", "2"]);
        assert_eq!(words("MFACode"), ["mfa", "code"]);
        assert_eq!(words("2FA"), ["2", "fa"]);
        assert_eq!(words("__x__"), ["x"]);
        assert_eq!(words(""), Vec::<String>::new());
    }

    #[test]
    fn unglues_known_words_only() {
        let glued = glued_phrases();
        let unglued = |word: &str| unglue(word.to_owned(), &glued);
        assert_eq!(unglued("maxtokens"), ["max", "tokens"]);
        assert_eq!(unglued("tokensused"), ["tokens", "used"]);
        assert_eq!(unglued("userpassword"), ["user", "password"]);
        assert_eq!(
            unglued("passwordresettoken"),
            ["password", "reset", "token"]
        );
        assert_eq!(unglued("apikeys"), ["api", "keys"]);
        assert_eq!(unglued("openaiapikey"), ["openai", "api", "key"]);
        assert_eq!(unglued("tokenizer"), ["tokenizer"]);
        assert_eq!(unglued("secretary"), ["secretary"]);
        assert_eq!(unglued("pallbearer"), ["pallbearer"]);
        let long = "token".repeat(200);
        assert_eq!(unglued(&long), std::slice::from_ref(&long));
    }

    #[test]
    fn every_description_reads_after_looks_like() {
        for kind in [
            Credential,
            Code,
            PaymentCard,
            GovernmentId,
            FinancialAccount,
        ] {
            let description = kind.description();
            assert!(!description.is_empty() && !description.ends_with('.'));
            assert_eq!(description, description.trim());
        }
    }
}
