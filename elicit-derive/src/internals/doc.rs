//! Doc comments: a struct's becomes the prompt, a field's its description, a variant's
//! first line its title.
//!
//! A doc attribute is usually a string literal (`///` and `/** */` both are), but it may be
//! any expression that expands to one: `#[doc = include_str!("…")]`,
//! `#[doc = concat!(…)]`. Those are passed through to the generated code inside `concat!`,
//! where they expand in the user's crate, as schemars does; dropping them would lose the
//! documentation silently.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// A doc comment: plain text, or an expression that builds it at compile time.
#[derive(Clone)]
pub(crate) enum Doc {
    Text(String),
    Expr(TokenStream),
}

impl Doc {
    /// The text when the derive knows it (no macro in the doc attributes).
    pub(crate) fn text(&self) -> Option<&str> {
        match self {
            Self::Text(text) => Some(text),
            Self::Expr(_) => None,
        }
    }
}

impl ToTokens for Doc {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Self::Text(text) => text.to_tokens(tokens),
            Self::Expr(expr) => expr.to_tokens(tokens),
        }
    }
}

/// One line of the comment: text, or a macro's expansion.
enum Line {
    Text(String),
    Expr(TokenStream),
}

/// The doc comment of an item: one leading space stripped from each line (and a block
/// comment's leading `*`), blank lines trimmed at both ends, lines joined with `\n`. `None`
/// when there is none.
pub(crate) fn doc_comment(attrs: &[Attribute]) -> Option<Doc> {
    let mut lines: Vec<Line> = Vec::new();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("doc")) {
        let Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(text),
                ..
            }) => lines.extend(text_lines(&text.value()).into_iter().map(Line::Text)),
            other => lines.push(Line::Expr(other.to_token_stream())),
        }
    }
    let blank = |line: &Line| matches!(line, Line::Text(text) if text.trim().is_empty());
    let first = lines.iter().position(|line| !blank(line))?;
    let last = lines.iter().rposition(|line| !blank(line))?;
    let lines = &lines[first..=last];
    if lines.iter().all(|line| matches!(line, Line::Text(_))) {
        let text: Vec<&str> = lines
            .iter()
            .filter_map(|line| match line {
                Line::Text(text) => Some(text.as_str()),
                Line::Expr(_) => None,
            })
            .collect();
        return Some(Doc::Text(text.join("\n")));
    }
    let mut pieces: Vec<TokenStream> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if index > 0 {
            pieces.push(quote!("\n"));
        }
        match line {
            Line::Text(text) => pieces.push(text.to_token_stream()),
            Line::Expr(expr) => pieces.push(expr.clone()),
        }
    }
    Some(Doc::Expr(quote!(::core::concat!(#(#pieces),*))))
}

/// The lines of one doc string. `split`, not `lines`: an empty `///` line is a paragraph
/// break to keep. A block comment (`/** … */`) whose lines all start with `*` loses them.
fn text_lines(text: &str) -> Vec<String> {
    let raw: Vec<&str> = text.split('\n').collect();
    let starred = raw.len() > 1
        && raw
            .iter()
            .skip(1)
            .filter(|line| !line.trim().is_empty())
            .all(|line| line.trim_start().starts_with('*'));
    raw.iter()
        .map(|line| {
            let line = if starred {
                let trimmed = line.trim_start();
                trimmed.strip_prefix('*').unwrap_or(trimmed)
            } else {
                line
            };
            line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_comments_lose_their_stars() {
        assert_eq!(
            text_lines("*\n * First line\n *\n * Second\n "),
            ["", "First line", "", "Second", ""]
        );
        assert_eq!(text_lines(" a * b"), ["a * b"]);
    }
}
