//! A small HTML reader for the pages the kit's [`Browser`](super::Browser) is served: a tree
//! of elements and text, enough to find a form's controls, labels and errors.
//!
//! The pages are this crate's own templates (`templates/url_form/`), which close every element
//! they open and quote every attribute, so no HTML5 parser is needed (nor a dependency for
//! one). It still reads any text without panicking: an unclosed element ends with the
//! document, an end tag that matches nothing is dropped, and an `<option>`, `<li>` or `<p>`
//! closes the one before it, as HTML's implied end tags do.

/// A node of the tree.
#[derive(Clone, Debug)]
pub(super) enum Node {
    Element(Element),
    Text(String),
}

/// An element: its name (lowercase), its attributes (values decoded), its children.
#[derive(Clone, Debug, Default)]
pub(super) struct Element {
    pub(super) name: String,
    attributes: Vec<(String, String)>,
    pub(super) children: Vec<Node>,
}

/// Elements with no content and no end tag.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// Elements whose content is text up to their end tag: no tags inside (`title` and
/// `textarea` decode character references in it; `style` and `script` do not).
const RAW: &[&str] = &["script", "style", "title", "textarea"];

/// Block elements that close an open `<p>`, as HTML's parser does.
const CLOSES_P: &[&str] = &[
    "div", "p", "ul", "ol", "form", "fieldset", "h1", "h2", "h3", "h4", "h5", "h6", "main",
    "table", "section",
];

impl Element {
    /// The value of the attribute `name`, if it has one.
    pub(super) fn attr(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// Whether it has the attribute `name` (a boolean attribute such as `checked`).
    pub(super) fn has(&self, name: &str) -> bool {
        self.attributes.iter().any(|(key, _)| key == name)
    }

    /// Whether its `class` lists `class`.
    pub(super) fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|classes| classes.split_ascii_whitespace().any(|c| c == class))
    }

    /// Every element under it (not itself), in document order.
    pub(super) fn descendants(&self) -> Vec<&Element> {
        let mut found = Vec::new();
        collect(self, &mut found);
        found
    }

    /// The first element under it that `matches`.
    pub(super) fn find(&self, matches: impl Fn(&Element) -> bool) -> Option<&Element> {
        self.descendants()
            .into_iter()
            .find(|element| matches(element))
    }

    /// Its text as a person reads it on the page: whitespace collapsed, without what is
    /// hidden from sight (`visually-hidden`, for screen readers) or from screen readers
    /// (`aria-hidden`: the asterisk of a required field's label), nor style or script.
    pub(super) fn text(&self) -> String {
        let mut text = String::new();
        shown_text(self, &mut text);
        collapse(&text)
    }

    /// All its text, hidden parts included (what a page says, for a test to search).
    pub(super) fn all_text(&self) -> String {
        let mut text = String::new();
        every_text(self, &mut text);
        collapse(&text)
    }
}

fn collect<'a>(element: &'a Element, found: &mut Vec<&'a Element>) {
    for child in &element.children {
        if let Node::Element(child) = child {
            found.push(child);
            collect(child, found);
        }
    }
}

fn hidden(element: &Element) -> bool {
    element.attr("aria-hidden") == Some("true")
        || element.has_class("visually-hidden")
        || matches!(element.name.as_str(), "style" | "script")
}

fn shown_text(element: &Element, text: &mut String) {
    for child in &element.children {
        match child {
            Node::Text(part) => text.push_str(part),
            Node::Element(child) if !hidden(child) => shown_text(child, text),
            Node::Element(_) => {}
        }
    }
}

fn every_text(element: &Element, text: &mut String) {
    for child in &element.children {
        match child {
            Node::Text(part) => text.push_str(part),
            Node::Element(child) if matches!(child.name.as_str(), "style" | "script") => {}
            Node::Element(child) => {
                every_text(child, text);
                // Block boundaries separate words, as a browser lays them out.
                text.push(' ');
            }
        }
    }
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads `html` into a tree under a root element named `#document`.
pub(super) fn parse(html: &str) -> Element {
    let mut reader = Reader {
        html,
        at: 0,
        open: vec![Element {
            name: "#document".to_owned(),
            ..Element::default()
        }],
    };
    reader.run();
    reader.finish()
}

struct Reader<'h> {
    html: &'h str,
    at: usize,
    /// The elements open, the document first.
    open: Vec<Element>,
}

impl<'h> Reader<'h> {
    fn rest(&self) -> &'h str {
        self.html.get(self.at..).unwrap_or_default()
    }

    fn run(&mut self) {
        while self.at < self.html.len() {
            let rest = self.rest();
            let Some(lt) = rest.find('<') else {
                self.text(rest);
                self.at = self.html.len();
                break;
            };
            if lt > 0 {
                self.text(&rest[..lt]);
                self.at += lt;
                continue;
            }
            let rest = self.rest();
            if rest.starts_with("<!--") {
                self.skip_past("-->");
            } else if rest.starts_with("<!") || rest.starts_with("<?") {
                self.skip_past(">");
            } else if rest.starts_with("</") {
                self.end_tag();
            } else if rest[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
                self.start_tag();
            } else {
                // A `<` that opens no tag is text.
                self.text("<");
                self.at += 1;
            }
        }
    }

    fn skip_past(&mut self, end: &str) {
        self.at = self
            .rest()
            .find(end)
            .map_or(self.html.len(), |found| self.at + found + end.len());
    }

    fn text(&mut self, raw: &str) {
        let decoded = decode(raw);
        self.append(Node::Text(decoded));
    }

    fn append(&mut self, node: Node) {
        if let Some(current) = self.open.last_mut() {
            current.children.push(node);
        }
    }

    /// `</name>`: closes the innermost open element of that name, and those inside it.
    fn end_tag(&mut self) {
        let rest = self.rest();
        let end = rest.find('>').map_or(rest.len(), |found| found + 1);
        let name = rest[2..end]
            .trim_end_matches('>')
            .trim()
            .to_ascii_lowercase();
        self.at += end;
        if let Some(depth) = self.open.iter().rposition(|open| open.name == name)
            && depth > 0
        {
            while self.open.len() > depth {
                self.close_one();
            }
        }
    }

    fn close_one(&mut self) {
        if self.open.len() > 1
            && let Some(element) = self.open.pop()
        {
            self.append(Node::Element(element));
        }
    }

    fn start_tag(&mut self) {
        let bytes = self.html.as_bytes();
        let mut at = self.at + 1;
        while at < bytes.len() && !is_tag_end(bytes[at]) {
            at += 1;
        }
        let name = self.html[self.at + 1..at].to_ascii_lowercase();
        let mut attributes = Vec::new();
        let mut self_closing = false;
        loop {
            while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            match bytes.get(at) {
                None => break,
                Some(b'>') => {
                    at += 1;
                    break;
                }
                Some(b'/') => {
                    self_closing = bytes.get(at + 1) == Some(&b'>');
                    at += 1;
                    continue;
                }
                Some(_) => {}
            }
            let start = at;
            while at < bytes.len() && !is_tag_end(bytes[at]) && bytes[at] != b'=' {
                at += 1;
            }
            let key = self.html[start..at].to_ascii_lowercase();
            let mut value = String::new();
            let mut after = at;
            while after < bytes.len() && bytes[after].is_ascii_whitespace() {
                after += 1;
            }
            if bytes.get(after) == Some(&b'=') {
                at = after + 1;
                while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                    at += 1;
                }
                if let Some(&quote @ (b'"' | b'\'')) = bytes.get(at) {
                    let from = at + 1;
                    let to = self.html[from..]
                        .find(char::from(quote))
                        .map_or(self.html.len(), |found| from + found);
                    value = decode(&self.html[from..to]);
                    at = (to + 1).min(self.html.len());
                } else {
                    let from = at;
                    while at < bytes.len() && !bytes[at].is_ascii_whitespace() && bytes[at] != b'>'
                    {
                        at += 1;
                    }
                    value = decode(&self.html[from..at]);
                }
            }
            // `=value` with no name before it (its value was read past) is dropped.
            if !key.is_empty() {
                attributes.push((key, value));
            }
        }
        self.at = at.min(self.html.len());
        self.implied_ends(&name);
        let element = Element {
            name,
            attributes,
            children: Vec::new(),
        };
        if self_closing || VOID.contains(&element.name.as_str()) {
            self.append(Node::Element(element));
        } else if RAW.contains(&element.name.as_str()) {
            self.raw(element);
        } else {
            self.open.push(element);
        }
    }

    /// The end tags HTML implies before a start tag `name`.
    fn implied_ends(&mut self, name: &str) {
        let current = self.open.last().map(|open| open.name.as_str());
        let closes = match name {
            "option" => current == Some("option"),
            "li" => current == Some("li"),
            _ => CLOSES_P.contains(&name) && current == Some("p"),
        };
        if closes {
            self.close_one();
        }
    }

    /// An element whose content is text up to its end tag.
    fn raw(&mut self, mut element: Element) {
        let end = format!("</{}", element.name);
        let rest = self.rest();
        let found = rest.to_ascii_lowercase().find(&end);
        let (content, consumed) = match found {
            Some(found) => {
                let close = rest[found..]
                    .find('>')
                    .map_or(rest.len(), |gt| found + gt + 1);
                (&rest[..found], close)
            }
            None => (rest, rest.len()),
        };
        let text = if matches!(element.name.as_str(), "title" | "textarea") {
            decode(content)
        } else {
            content.to_owned()
        };
        element.children.push(Node::Text(text));
        self.at += consumed;
        self.append(Node::Element(element));
    }

    fn finish(mut self) -> Element {
        while self.open.len() > 1 {
            self.close_one();
        }
        self.open.pop().unwrap_or_default()
    }
}

fn is_tag_end(byte: u8) -> bool {
    byte.is_ascii_whitespace() || byte == b'>' || byte == b'/'
}

/// Decodes character references: numeric ones (`&#60;`, `&#x3C;`, which askama writes) and
/// the few named ones a page may hold. Anything else is left as written.
pub(super) fn decode(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut decoded = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        decoded.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let reference = rest[1..]
            .find(';')
            .filter(|&semi| semi <= 10)
            .and_then(|semi| Some((semi + 2, character(&rest[1..=semi])?)));
        if let Some((length, character)) = reference {
            decoded.push(character);
            rest = &rest[length..];
        } else {
            decoded.push('&');
            rest = &rest[1..];
        }
    }
    decoded.push_str(rest);
    decoded
}

/// The character a reference's name stands for (`#60`, `#x3c`, `amp`).
fn character(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first<'a>(root: &'a Element, name: &str) -> &'a Element {
        root.find(|element| element.name == name).unwrap()
    }

    #[test]
    fn reads_elements_attributes_and_text() {
        let root = parse(
            r#"<!DOCTYPE html><html><head><title>A &#60;b&#62; &amp; c</title><style>p>a{}</style></head>
<body><h1 class="big  x">Hi <b>there</b></h1><input type=checkbox name='n' checked value="a&#34;b"><p>one<p>two</body></html>"#,
        );
        assert_eq!(first(&root, "title").all_text(), "A <b> & c");
        let h1 = first(&root, "h1");
        assert!(h1.has_class("x") && h1.has_class("big") && !h1.has_class("bi"));
        assert_eq!(h1.text(), "Hi there");
        let input = first(&root, "input");
        assert_eq!(input.attr("type"), Some("checkbox"));
        assert_eq!(input.attr("name"), Some("n"));
        assert_eq!(input.attr("value"), Some("a\"b"));
        assert!(input.has("checked") && !input.has("required"));
        let paragraphs: Vec<String> = root
            .descendants()
            .into_iter()
            .filter(|element| element.name == "p")
            .map(Element::text)
            .collect();
        assert_eq!(paragraphs, ["one", "two"], "a <p> closes the one before");
        // A style sheet is one text, read as it is, and no part of what the page says.
        let style = first(&root, "style");
        assert!(matches!(&style.children[..], [Node::Text(css)] if css == "p>a{}"));
        assert!(!root.all_text().contains("a{}"), "{}", root.all_text());
    }

    #[test]
    fn hidden_text_is_left_out_of_what_a_person_reads() {
        let root = parse(
            r#"<label>API key<span class="req" aria-hidden="true"> *</span></label><p class="error"><span class="visually-hidden">Error: </span>too short</p>"#,
        );
        assert_eq!(first(&root, "label").text(), "API key");
        assert_eq!(first(&root, "p").text(), "too short");
        assert_eq!(first(&root, "p").all_text(), "Error: too short");
    }

    #[test]
    fn options_close_each_other_and_stray_end_tags_are_dropped() {
        let root = parse("<select><option value=a>A<option value=b selected>B</select></div>");
        let options: Vec<(Option<&str>, String)> = root
            .descendants()
            .into_iter()
            .filter(|element| element.name == "option")
            .map(|option| (option.attr("value"), option.text()))
            .collect();
        assert_eq!(
            options,
            [(Some("a"), "A".to_owned()), (Some("b"), "B".to_owned())]
        );
    }

    #[test]
    fn any_text_reads_without_panicking() {
        for text in [
            "",
            "<",
            "<a",
            "<a b=",
            "<a b=\"",
            "</",
            "<!--",
            "&",
            "&#;",
            "&#x110000;",
            "<title>",
            "<p>é<é>",
            "<a/ b>",
            "<a =x>",
            "&#99999999999;",
        ] {
            let _ = parse(text);
        }
        assert_eq!(decode("&#x110000; &bogus; &#38;"), "&#x110000; &bogus; &");
    }
}
