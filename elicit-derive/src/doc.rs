//! Doc comments: a struct's becomes the prompt, a field's its description, a variant's
//! first line its title.

use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The doc comment of an item: one leading space stripped from each line, blank lines
/// trimmed at both ends, lines joined with `\n`. `None` when there is none.
pub(crate) fn doc_comment(attrs: &[Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|attr| attr.path().is_ident("doc"))
        .filter_map(|attr| match &attr.meta {
            Meta::NameValue(nv) => match &nv.value {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(text),
                    ..
                }) => Some(text.value()),
                _ => None,
            },
            _ => None,
        })
        .flat_map(|text| {
            // `split`, not `lines`: an empty `///` line is a paragraph break to keep.
            text.split('\n')
                .map(|line| line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned())
                .collect::<Vec<_>>()
        })
        .collect();
    let first = lines.iter().position(|line| !line.trim().is_empty())?;
    let last = lines.iter().rposition(|line| !line.trim().is_empty())?;
    Some(lines[first..=last].join("\n"))
}
