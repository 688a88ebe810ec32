//! The values attributes take: numbers (possibly negative), strings, and defaults.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::parse::ParseStream;
use syn::{Lit, LitBool, LitStr, Token};

/// A number written in an attribute, with the tokens that wrote it (for error spans).
#[derive(Clone)]
pub(crate) struct NumberLit {
    pub(crate) value: Number,
    pub(crate) tokens: TokenStream,
}

#[derive(Clone, Copy, PartialEq, PartialOrd)]
pub(crate) enum Number {
    Int(i128),
    Float(f64),
}

impl Number {
    pub(crate) fn as_f64(self) -> f64 {
        match self {
            #[allow(clippy::cast_precision_loss)]
            Self::Int(i) => i as f64,
            Self::Float(f) => f,
        }
    }

    /// The value as an integer, when it is a whole number (`1.0` is `1`).
    #[allow(clippy::cast_possible_truncation, clippy::float_cmp)]
    pub(crate) fn as_integer(self) -> Option<i128> {
        match self {
            Self::Int(i) => Some(i),
            // Whole and within ±2^64: the cast is exact there.
            Self::Float(f) if f.fract() == 0.0 && f.abs() <= 1.9e19 => Some(f as i128),
            Self::Float(_) => None,
        }
    }

    /// `a > b`, exact for two integers.
    pub(crate) fn greater_than(self, other: Self) -> bool {
        match (self, other) {
            (Self::Int(a), Self::Int(b)) => a > b,
            (a, b) => a.as_f64() > b.as_f64(),
        }
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Int(i) => write!(f, "{i}"),
            Self::Float(x) => write!(f, "{x}"),
        }
    }
}

/// Parses an optionally negated integer or float literal, the value of `key`.
pub(crate) fn parse_number(input: ParseStream, key: &str) -> syn::Result<NumberLit> {
    let expected = || format!("expected a number literal for `{key}`");
    let mut tokens = TokenStream::new();
    let negative = if input.peek(Token![-]) {
        let minus: Token![-] = input.parse()?;
        minus.to_tokens(&mut tokens);
        true
    } else {
        false
    };
    let lit: Lit = input
        .parse()
        .map_err(|error| syn::Error::new(error.span(), expected()))?;
    lit.to_tokens(&mut tokens);
    let value = match &lit {
        Lit::Int(int) => {
            let magnitude: i128 = int.base10_parse()?;
            Number::Int(if negative { -magnitude } else { magnitude })
        }
        Lit::Float(float) => {
            let magnitude: f64 = float.base10_parse()?;
            if !magnitude.is_finite() {
                return Err(syn::Error::new_spanned(&lit, "expected a finite number"));
            }
            Number::Float(if negative { -magnitude } else { magnitude })
        }
        _ => return Err(syn::Error::new_spanned(&lit, expected())),
    };
    Ok(NumberLit { value, tokens })
}

/// Parses a non-negative integer literal (`min_length = 3`), the value of `key`.
pub(crate) fn parse_count(input: ParseStream, key: &str) -> syn::Result<(u64, TokenStream)> {
    let expected = || format!("expected a non-negative integer literal for `{key}`");
    let lit: Lit = input
        .parse()
        .map_err(|error| syn::Error::new(error.span(), expected()))?;
    match &lit {
        Lit::Int(int) if int.base10_digits().starts_with('-') => Err(syn::Error::new_spanned(
            &lit,
            format!("`{key}` counts characters or options, so it cannot be negative"),
        )),
        Lit::Int(int) => Ok((int.base10_parse()?, lit.to_token_stream())),
        _ => Err(syn::Error::new_spanned(&lit, expected())),
    }
}

/// Parses a string literal, with a message naming the key on failure.
pub(crate) fn parse_str(input: ParseStream, key: &str) -> syn::Result<LitStr> {
    let span = input.span();
    match input.parse::<Lit>() {
        Ok(Lit::Str(lit)) => Ok(lit),
        Ok(other) => Err(syn::Error::new_spanned(
            other,
            format!("expected a string literal for `{key}`"),
        )),
        Err(_) => Err(syn::Error::new(
            span,
            format!("expected a string literal for `{key}`"),
        )),
    }
}

/// What `default = …` says.
pub(crate) enum DefaultValue {
    /// `default`, or `#[serde(default)]`: `Default::default()` of the field's type.
    TypeDefault(Span),
    /// `#[serde(default = "path")]`: calls the function (the path, parsed, as tokens).
    Function(TokenStream),
    /// A string literal.
    Str(LitStr),
    /// A number literal.
    Number(NumberLit),
    /// `true` / `false`.
    Bool(LitBool),
    /// An array expression `[A, B]`, converted with `From`.
    Array(TokenStream),
    /// Any other expression of the field's (inner) type.
    Expr(TokenStream),
    /// The struct's `#[serde(default)]` (`TypeDefault`) or `#[serde(default = "path")]`
    /// (`Function`): the field's value in the struct's default.
    FromContainer(Box<DefaultValue>),
}

// By hand: syn's `clone-impls` feature (a tenth of syn's build) is left off, so its literals
// are copied through their constructors.
impl Clone for DefaultValue {
    fn clone(&self) -> Self {
        match self {
            Self::TypeDefault(span) => Self::TypeDefault(*span),
            Self::Function(path) => Self::Function(path.clone()),
            Self::Str(lit) => Self::Str(LitStr::new(&lit.value(), lit.span())),
            Self::Number(number) => Self::Number(number.clone()),
            Self::Bool(lit) => Self::Bool(LitBool::new(lit.value, lit.span)),
            Self::Array(tokens) => Self::Array(tokens.clone()),
            Self::Expr(tokens) => Self::Expr(tokens.clone()),
            Self::FromContainer(default) => Self::FromContainer(default.clone()),
        }
    }
}

impl DefaultValue {
    /// The tokens to point an error at.
    pub(crate) fn tokens(&self) -> TokenStream {
        match self {
            Self::TypeDefault(span) => quote::quote_spanned!(*span=> default),
            Self::Function(path) => path.clone(),
            Self::Str(lit) => lit.to_token_stream(),
            Self::Number(number) => number.tokens.clone(),
            Self::Bool(lit) => lit.to_token_stream(),
            Self::Array(tokens) | Self::Expr(tokens) => tokens.clone(),
            Self::FromContainer(default) => default.tokens(),
        }
    }
}

/// Parses the value of `default = …`: a literal, an array, or any expression up to the next
/// top-level comma.
pub(crate) fn parse_default(input: ParseStream) -> syn::Result<DefaultValue> {
    let fork = input.fork();
    if (fork.peek(Token![-]) || fork.peek(Lit)) && literal_ends(&fork) {
        if input.peek(Token![-]) || input.peek(syn::LitInt) || input.peek(syn::LitFloat) {
            return parse_number(input, "default").map(DefaultValue::Number);
        }
        return match input.parse::<Lit>()? {
            Lit::Str(lit) => Ok(DefaultValue::Str(lit)),
            Lit::Bool(lit) => Ok(DefaultValue::Bool(lit)),
            other => Err(syn::Error::new_spanned(
                other,
                "expected a string, number or boolean literal, or an expression",
            )),
        };
    }
    let is_array = input.peek(syn::token::Bracket);
    let mut tokens = TokenStream::new();
    while !input.is_empty() && !input.peek(Token![,]) {
        let tree: proc_macro2::TokenTree = input.parse()?;
        tree.to_tokens(&mut tokens);
    }
    if tokens.is_empty() {
        return Err(input.error("expected a value after `default =`"));
    }
    Ok(if is_array {
        DefaultValue::Array(tokens)
    } else {
        DefaultValue::Expr(tokens)
    })
}

/// Whether the stream holds one (optionally negated) literal and then ends or reaches a comma.
fn literal_ends(fork: ParseStream) -> bool {
    if fork.peek(Token![-]) && fork.parse::<Token![-]>().is_err() {
        return false;
    }
    fork.parse::<Lit>().is_ok() && (fork.is_empty() || fork.peek(Token![,]))
}
