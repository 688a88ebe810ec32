//! A compile-time error message assembled from pieces, and the string equality const code
//! needs: what the facts' checks and the derive's other const proofs report with.

/// A compile-time error message assembled from pieces (a const panic takes one `&str`).
pub struct ConstMessage {
    bytes: [u8; 1024],
    len: usize,
}

impl ConstMessage {
    /// An empty message.
    pub const fn new() -> Self {
        Self {
            bytes: [0; 1024],
            len: 0,
        }
    }

    /// Appends `text`, whole, if it fits (so the message stays valid UTF-8).
    #[must_use]
    pub const fn push(mut self, text: &str) -> Self {
        let text = text.as_bytes();
        if self.len + text.len() <= self.bytes.len() {
            let mut index = 0;
            while index < text.len() {
                self.bytes[self.len + index] = text[index];
                index += 1;
            }
            self.len += text.len();
        }
        self
    }

    /// Appends `value` in decimal (a const panic cannot format numbers).
    #[must_use]
    pub const fn push_int(self, value: i128) -> Self {
        let mut digits = [0_u8; 40];
        let mut start = digits.len();
        let mut rest = value.unsigned_abs();
        loop {
            start -= 1;
            digits[start] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        if value < 0 {
            start -= 1;
            digits[start] = b'-';
        }
        match std::str::from_utf8(digits.split_at(start).1) {
            Ok(text) => self.push(text),
            Err(_) => self,
        }
    }

    /// The message so far.
    pub const fn as_str(&self) -> &str {
        match std::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            Err(_) => "",
        }
    }
}

impl Default for ConstMessage {
    fn default() -> Self {
        Self::new()
    }
}

/// String equality in const code.
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}
