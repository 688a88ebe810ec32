//! `rename_all` casings, with serde's exact rules so a type deriving both has one wire name.

use std::borrow::Cow;

use syn::LitStr;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// The accepted spellings, as the error message lists them.
pub(crate) const RULE_NAMES: &str = "\"camelCase\", \"snake_case\", \"kebab-case\", \"SCREAMING_SNAKE_CASE\", \"SCREAMING-KEBAB-CASE\", \"lowercase\", \"UPPERCASE\" or \"PascalCase\"";

impl RenameRule {
    const ALL: [Self; 8] = [
        Self::Lower,
        Self::Upper,
        Self::Pascal,
        Self::Camel,
        Self::Snake,
        Self::ScreamingSnake,
        Self::Kebab,
        Self::ScreamingKebab,
    ];

    pub(crate) fn parse(lit: &LitStr) -> Option<Self> {
        let name = lit.value();
        Self::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// The rule as it is written: `"camelCase"`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Lower => "lowercase",
            Self::Upper => "UPPERCASE",
            Self::Pascal => "PascalCase",
            Self::Camel => "camelCase",
            Self::Snake => "snake_case",
            Self::ScreamingSnake => "SCREAMING_SNAKE_CASE",
            Self::Kebab => "kebab-case",
            Self::ScreamingKebab => "SCREAMING-KEBAB-CASE",
        }
    }

    /// Renames a field, written in `snake_case`.
    pub(crate) fn apply_to_field(self, field: &str) -> String {
        match self {
            Self::Lower | Self::Snake => field.to_owned(),
            Self::Upper | Self::ScreamingSnake => field.to_ascii_uppercase(),
            Self::Pascal => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            Self::Camel => lower_first(&Self::Pascal.apply_to_field(field)),
            Self::Kebab => field.replace('_', "-"),
            Self::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// Renames a variant, written in `PascalCase`.
    pub(crate) fn apply_to_variant(self, variant: &str) -> String {
        match self {
            Self::Pascal => variant.to_owned(),
            Self::Lower => variant.to_ascii_lowercase(),
            Self::Upper => variant.to_ascii_uppercase(),
            Self::Camel => lower_first(variant),
            Self::Snake => {
                let mut snake = String::new();
                for (index, ch) in variant.char_indices() {
                    if index > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            Self::ScreamingSnake => Self::Snake.apply_to_variant(variant).to_ascii_uppercase(),
            Self::Kebab => Self::Snake.apply_to_variant(variant).replace('_', "-"),
            Self::ScreamingKebab => Self::ScreamingSnake
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// A variant name as words for a title: `DarkBlue` → `Dark Blue`, `HTTPServer` →
/// `HTTP Server`, `Size_XL` → `Size XL`.
pub(crate) fn words(ident: &str) -> String {
    let chars: Vec<char> = ident.chars().collect();
    let mut out = String::new();
    for (index, &ch) in chars.iter().enumerate() {
        if ch == '_' {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
            continue;
        }
        if index > 0 && ch.is_uppercase() && !out.is_empty() && !out.ends_with(' ') {
            let previous = chars[index - 1];
            let next_is_lower = chars.get(index + 1).is_some_and(|c| c.is_lowercase());
            if previous.is_lowercase()
                || previous.is_ascii_digit()
                || (previous.is_uppercase() && next_is_lower)
            {
                out.push(' ');
            }
        }
        out.push(ch);
    }
    out
}

/// The acronyms a default title writes in capitals, as a person writes them: a whole word of
/// a field's name that is one of these (in any case), or one of these followed by a lowercase
/// `s` (its plural), is spelled so: `api_key` is "API key", `user_ids` "User IDs". Any other
/// word is left as it is ("Idle time", "Mp3 player"); `title = "…"` says anything else.
/// Listed in `elicit-runtime/docs/attributes.md`: keep the two the same.
pub(crate) const ACRONYMS: [&str; 46] = [
    "API", "CLI", "CSS", "CSV", "CVC", "CVV", "DNS", "FTP", "GPS", "HTML", "HTTP", "HTTPS", "IBAN",
    "ID", "IMAP", "IP", "IPv4", "IPv6", "ISBN", "JSON", "JWT", "MFA", "OAuth", "OTP", "PDF", "PIN",
    "QR", "SDK", "SFTP", "SMS", "SMTP", "SQL", "SSH", "SSL", "SSN", "SSO", "TLS", "TTL", "UI",
    "URI", "URL", "UTC", "UUID", "VAT", "VPN", "XML",
];

/// `word` as a title writes it: an acronym of [`ACRONYMS`] (or its plural) in its capitals,
/// any other word as it is.
fn spelled(word: &str) -> Cow<'_, str> {
    if let Some(acronym) = ACRONYMS
        .iter()
        .find(|acronym| word.eq_ignore_ascii_case(acronym))
    {
        return Cow::Borrowed(acronym);
    }
    // A plural: the acronym and a lowercase `s` (`IDs`; `IDS` is a word of its own); an
    // acronym ending in `S` (`HTTPS`, `SMS`) has none. Whole words first: `https` is HTTPS.
    word.strip_suffix('s')
        .and_then(|stem| {
            ACRONYMS
                .iter()
                .find(|acronym| !acronym.ends_with('S') && stem.eq_ignore_ascii_case(acronym))
        })
        .map_or(Cow::Borrowed(word), |acronym| {
            Cow::Owned(format!("{acronym}s"))
        })
}

/// A field's default title: its Rust name in words, acronyms in capitals ([`ACRONYMS`]), the
/// first letter capitalized (`party_size` is "Party size", `api_key` "API key"), as pydantic
/// titles fields for the Python SDK, and as a person writes an acronym.
pub(crate) fn field_title(name: &str) -> String {
    let words = words(name);
    let spelled: Vec<Cow<'_, str>> = words.split(' ').map(spelled).collect();
    let title = spelled.join(" ");
    let mut chars = title.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A type name as the snake-case name of a property, reading acronyms as words as `heck`
/// does: `HTTPMethod` → `http_method`, `DarkBlue` → `dark_blue`.
pub(crate) fn snake_words(ident: &str) -> String {
    words(ident).to_lowercase().replace(' ', "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_compatible_rules() {
        assert_eq!(RenameRule::Camel.apply_to_field("first_line"), "firstLine");
        assert_eq!(RenameRule::Pascal.apply_to_field("first_line"), "FirstLine");
        assert_eq!(RenameRule::Kebab.apply_to_field("first_line"), "first-line");
        assert_eq!(
            RenameRule::ScreamingSnake.apply_to_field("first_line"),
            "FIRST_LINE"
        );
        assert_eq!(RenameRule::Snake.apply_to_variant("DarkBlue"), "dark_blue");
        assert_eq!(RenameRule::Kebab.apply_to_variant("DarkBlue"), "dark-blue");
        assert_eq!(RenameRule::Camel.apply_to_variant("DarkBlue"), "darkBlue");
        assert_eq!(RenameRule::Lower.apply_to_variant("DarkBlue"), "darkblue");
        assert_eq!(
            RenameRule::ScreamingKebab.apply_to_variant("DarkBlue"),
            "DARK-BLUE"
        );
    }

    #[test]
    fn titles_from_names() {
        assert_eq!(words("DarkBlue"), "Dark Blue");
        assert_eq!(words("HTTPServer"), "HTTP Server");
        assert_eq!(words("Red"), "Red");
        assert_eq!(words("Size_XL"), "Size XL");
        assert_eq!(words("Mp3Player"), "Mp3 Player");
        assert_eq!(words("party_size"), "party size");
        assert_eq!(snake_words("HTTPMethod"), "http_method");
        assert_eq!(snake_words("DarkBlue"), "dark_blue");
        assert_eq!(snake_words("Color"), "color");
    }

    #[test]
    fn field_titles_spell_acronyms_as_people_write_them() {
        assert_eq!(field_title("party_size"), "Party size");
        assert_eq!(field_title("api_key"), "API key");
        assert_eq!(field_title("user_id"), "User ID");
        assert_eq!(field_title("callback_url"), "Callback URL");
        assert_eq!(field_title("id"), "ID");
        assert_eq!(field_title("url"), "URL");
        assert_eq!(field_title("ssh_public_key"), "SSH public key");
        assert_eq!(field_title("https_only"), "HTTPS only");
        assert_eq!(field_title("sms_otp"), "SMS OTP");
        assert_eq!(field_title("iban"), "IBAN");
        assert_eq!(field_title("vat_number"), "VAT number");
        assert_eq!(field_title("json_body"), "JSON body");
        assert_eq!(field_title("oauth_client_id"), "OAuth client ID");
        assert_eq!(field_title("ipv6_address"), "IPv6 address");
        assert_eq!(field_title("apiKey"), "API Key");
        // Plurals: a lowercase `s` after the acronym.
        assert_eq!(field_title("user_ids"), "User IDs");
        assert_eq!(field_title("allowed_urls"), "Allowed URLs");
        assert_eq!(field_title("dns"), "DNS");
        assert_eq!(field_title("sms"), "SMS");
        // Whole words only: a word that begins or holds one is left as it is.
        assert_eq!(field_title("idle_time"), "Idle time");
        assert_eq!(field_title("mp3_player"), "Mp3 player");
        assert_eq!(field_title("pinned"), "Pinned");
        assert_eq!(field_title("ideas"), "Ideas");
        assert_eq!(field_title("rapid_ui_test"), "Rapid UI test");
        assert_eq!(field_title("smss"), "Smss");
        assert_eq!(field_title(""), "");
    }

    #[test]
    fn the_acronyms_are_listed_once_in_order_each_with_a_capital() {
        for pair in ACRONYMS.windows(2) {
            assert!(
                pair[0].to_ascii_lowercase() < pair[1].to_ascii_lowercase(),
                "{pair:?}"
            );
        }
        for acronym in ACRONYMS {
            assert!(acronym.starts_with(|c: char| c.is_ascii_uppercase()));
            assert_eq!(spelled(&acronym.to_ascii_lowercase()), acronym);
        }
    }

    #[test]
    fn the_attributes_guide_lists_the_acronyms() {
        // In the workspace only: the published crate has no guide beside it.
        let guide = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../elicit-runtime/docs/attributes.md");
        let Ok(guide) = std::fs::read_to_string(guide) else {
            return;
        };
        let guide = guide.split_whitespace().collect::<Vec<_>>().join(" ");
        let list = format!("The list is fixed: {}.", ACRONYMS.join(", "));
        assert!(guide.contains(&list), "the guide should say: {list}");
    }
}
