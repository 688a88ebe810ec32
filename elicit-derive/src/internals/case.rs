//! `rename_all` casings, with serde's exact rules so a type deriving both has one wire name.

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
}
