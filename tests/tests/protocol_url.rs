//! URL mode: what `ElicitRequest::url` accepts and refuses, the URL accessors a client shows
//! the user, and fresh elicitation ids.

use std::collections::HashSet;

use elicit_core::protocol::{
    ElicitRequest, ElicitUrl, UrlError, UrlPolicy, UrlRequest, new_elicitation_id,
};

const MESSAGE: &str = "Please continue in your browser";

fn refused(url: &str) -> UrlError {
    ElicitRequest::url(MESSAGE, url, "id-1").expect_err(url)
}

fn refused_with_loopback(url: &str) -> UrlError {
    ElicitRequest::url_with_policy(MESSAGE, url, "id-1", UrlPolicy::AllowLoopbackHttp)
        .expect_err(url)
}

#[test]
fn accepts_https_urls() {
    for url in [
        "https://example.com",
        "https://example.com/",
        "https://mcp.example.com/ui/set_api_key",
        "https://example.com:8443/connect?elicitationId=abc&x=1#frag",
        "HTTPS://EXAMPLE.COM/Path",
        "https://192.0.2.10/pay",
        "https://[2001:db8::1]:443/",
        "https://example.com/%E2%9C%93",
        "https://a-b.c_d.example/",
        "https://example.com./trailing-dot",
        "https://example.com:/empty-port",
        "https://example.com/path@with-at-in-path?q=@",
    ] {
        let request = ElicitRequest::url(MESSAGE, url, "id-1").expect(url);
        let ElicitRequest::Url(url_request) = request else {
            panic!("{url}: not a URL request");
        };
        assert_eq!(url_request.url().as_str(), url);
        assert!(url_request.url().is_https());
    }
}

#[test]
fn refuses_relative_and_schemeless_urls() {
    for url in [
        "",
        "example.com",
        "/connect",
        "//example.com/connect",
        "?q=1",
        "1https://example.com",
        "https:example.com",
        "https:/example.com",
        "mailto:someone@example.com",
        "urn:isbn:0451450523",
    ] {
        assert_eq!(refused(url), UrlError::NotAbsolute, "{url:?}");
    }
}

#[test]
fn refuses_credentials_without_echoing_them() {
    for url in [
        "https://user:hunter2@example.com/",
        "https://user@example.com/",
        "https://:hunter2@example.com/",
        "https://@example.com/",
        "https://user:p%zz ss@example.com/",
        "https://example.com\\@evil.example/",
        "http://admin:admin@localhost/",
    ] {
        let error = refused(url);
        assert_eq!(error, UrlError::Credentials, "{url}");
        assert!(!error.to_string().contains("hunter2"));
        assert!(!error.to_string().contains("admin"));
    }
    // Userinfo is refused even where loopback http is allowed.
    assert_eq!(
        refused_with_loopback("http://admin:admin@localhost/"),
        UrlError::Credentials
    );
}

#[test]
fn refuses_other_schemes() {
    for (url, scheme) in [
        ("ftp://example.com/file", "ftp"),
        ("file://localhost/etc/passwd", "file"),
        ("ws://example.com/", "ws"),
        ("javascript://example.com/%0Aalert(1)", "javascript"),
        ("data://example.com/x", "data"),
    ] {
        assert_eq!(
            refused(url),
            UrlError::UnsupportedScheme {
                scheme: scheme.into()
            },
            "{url}"
        );
    }
}

#[test]
fn refuses_malformed_urls() {
    for url in [
        "https://exa mple.com/",
        "https://example.com/a b",
        "https://example.com/\u{e9}",
        "https://ex\u{e4}mple.com/",
        "https://example.com/%zz",
        "https://example.com/%2",
        "https://example.com/#a#b",
        "https://example.com/\\path",
        "https://example.com/<script>",
        "https://example.com/\"quoted\"",
    ] {
        assert_eq!(refused(url), UrlError::Malformed, "{url:?}");
    }
}

#[test]
fn refuses_bad_hosts_and_ports() {
    assert_eq!(refused("https:///path"), UrlError::EmptyHost);
    assert_eq!(refused("https://:443/"), UrlError::EmptyHost);
    assert_eq!(refused("https://?q"), UrlError::EmptyHost);
    for url in [
        "https://exa%6Dple.com/",
        "https://example..com/",
        "https://.example.com/",
        "https://[::1/",
        "https://[zz::1]/",
        "https://[fe80::1%25eth0]/",
        "https://[v1.fe80::1]/",
        "https://[::1]x/",
        "https://127.1/",
        "https://2130706433/",
        "https://0x7f000001/",
        "https://example.0x1f/",
        "https://1.2.3.256/",
        "https://a:b:c/",
        "https://[::1]:80:80/",
        "https://ex!ample.com/",
    ] {
        let error = refused(url);
        assert!(
            matches!(
                error,
                UrlError::InvalidHost { .. } | UrlError::InvalidPort { .. }
            ),
            "{url}: {error:?}"
        );
    }
    let long_label = format!("https://{}.example.com/", "a".repeat(64));
    assert!(matches!(refused(&long_label), UrlError::InvalidHost { .. }));
    let long_name = format!("https://{}example.com/", "abcdefghi.".repeat(26));
    assert!(matches!(refused(&long_name), UrlError::InvalidHost { .. }));
    for (url, port) in [
        ("https://example.com:99999/", "99999"),
        ("https://example.com:65536/", "65536"),
        ("https://example.com:8a/", "8a"),
        ("https://example.com:-1/", "-1"),
    ] {
        assert_eq!(
            refused(url),
            UrlError::InvalidPort { port: port.into() },
            "{url}"
        );
    }
    let error = refused("https://[::1]x/");
    assert_eq!(error, UrlError::InvalidPort { port: "x".into() });
}

#[test]
fn http_needs_a_loopback_host_and_the_opt_in() {
    for url in [
        "http://localhost/",
        "http://localhost:8080/connect",
        "http://LOCALHOST/",
        "http://localhost./",
        "http://127.0.0.1:3000/",
        "http://127.255.255.254/",
        "http://[::1]/",
        "http://[::1]:8080/x",
        "http://[::ffff:127.0.0.1]/",
    ] {
        assert_eq!(
            refused(url),
            UrlError::NotHttps { loopback: true },
            "{url}: needs the opt-in"
        );
        let request =
            ElicitRequest::url_with_policy(MESSAGE, url, "id-1", UrlPolicy::AllowLoopbackHttp)
                .unwrap_or_else(|error| panic!("{url}: {error}"));
        let ElicitRequest::Url(request) = request else {
            unreachable!()
        };
        assert!(request.url().is_loopback());
        assert!(!request.url().is_https());
    }
    for url in [
        "http://example.com/",
        "http://localhost.example.com/",
        "http://mylocalhost/",
        "http://128.0.0.1/",
        "http://126.255.255.255/",
        "http://10.0.0.1/",
        "http://0.0.0.0/",
        "http://[::2]/",
        "http://[::]/",
        "http://[::ffff:10.0.0.1]/",
    ] {
        assert_eq!(
            refused_with_loopback(url),
            UrlError::NotHttps { loopback: false },
            "{url}"
        );
        assert_eq!(
            refused(url),
            UrlError::NotHttps { loopback: false },
            "{url}"
        );
    }
    // Ambiguous numeric hosts are refused outright, not mistaken for loopback.
    assert!(matches!(
        refused_with_loopback("http://127.1/"),
        UrlError::InvalidHost { .. }
    ));
    assert!(matches!(
        refused_with_loopback("http://%6Cocalhost/"),
        UrlError::InvalidHost { .. }
    ));
}

#[test]
fn refuses_an_empty_elicitation_id() {
    assert_eq!(
        ElicitRequest::url(MESSAGE, "https://example.com/", "").unwrap_err(),
        UrlError::EmptyElicitationId
    );
    assert_eq!(
        UrlRequest::new(MESSAGE, "https://example.com/", String::new()).unwrap_err(),
        UrlError::EmptyElicitationId
    );
}

#[test]
fn every_refusal_says_what_is_wrong() {
    let cases = [
        (UrlError::NotAbsolute, "not absolute"),
        (UrlError::Malformed, "characters a URI may not"),
        (
            UrlError::UnsupportedScheme {
                scheme: "ftp".into(),
            },
            "\"ftp\"",
        ),
        (UrlError::Credentials, "credentials"),
        (UrlError::EmptyHost, "no host"),
        (
            UrlError::InvalidHost {
                host: "127.1".into(),
                reason: "is numeric",
            },
            "\"127.1\" is numeric",
        ),
        (
            UrlError::InvalidPort {
                port: "99999".into(),
            },
            "\"99999\"",
        ),
        (
            UrlError::NotHttps { loopback: true },
            "UrlPolicy::AllowLoopbackHttp",
        ),
        (UrlError::NotHttps { loopback: false }, "loopback host"),
        (UrlError::EmptyElicitationId, "elicitationId is empty"),
    ];
    for (error, needle) in cases {
        let text = error.to_string();
        assert!(text.contains(needle), "{text:?} lacks {needle:?}");
    }
}

#[test]
fn url_accessors_for_clients() {
    let url = ElicitUrl::parse("https://Mcp.Example.com:8443/connect?id=1").unwrap();
    assert_eq!(url.scheme(), "https");
    assert_eq!(url.host(), "Mcp.Example.com");
    assert_eq!(url.port(), Some(8443));
    assert!(!url.is_loopback());
    assert!(!url.has_punycode());
    assert_eq!(url.to_string(), "https://Mcp.Example.com:8443/connect?id=1");

    let v6 = ElicitUrl::parse("http://[::1]:3000/").unwrap();
    assert_eq!(v6.host(), "[::1]");
    assert_eq!(v6.port(), Some(3000));
    assert_eq!(v6.scheme(), "http");

    let ip = ElicitUrl::parse("https://192.0.2.1/").unwrap();
    assert_eq!((ip.host(), ip.port()), ("192.0.2.1", None));

    let punycode = ElicitUrl::parse("https://xn--pple-43d.com/login").unwrap();
    assert!(punycode.has_punycode());
    assert!(
        ElicitUrl::parse("https://login.XN--80ak6aa92e.com/")
            .unwrap()
            .has_punycode()
    );
    assert!(
        !ElicitUrl::parse("https://xn.example.com/")
            .unwrap()
            .has_punycode()
    );

    // `parse` is what a client accepts: http anywhere, https anywhere; `check` is the
    // server's rule.
    let http = ElicitUrl::parse("http://example.com/").unwrap();
    assert_eq!(
        http.check(UrlPolicy::AllowLoopbackHttp),
        Err(UrlError::NotHttps { loopback: false })
    );
    assert_eq!(UrlPolicy::default(), UrlPolicy::HttpsOnly);
}

#[test]
fn url_serde() {
    let url: ElicitUrl = serde_json::from_str("\"https://example.com/x\"").unwrap();
    assert_eq!(
        serde_json::to_string(&url).unwrap(),
        "\"https://example.com/x\""
    );
    let error = serde_json::from_str::<ElicitUrl>("\"https://u:p@example.com/\"").unwrap_err();
    assert!(error.to_string().contains("credentials"));
    assert!(serde_json::from_str::<ElicitUrl>("7").is_err());
}

fn is_uuid_v4(id: &str) -> bool {
    let bytes = id.as_bytes();
    bytes.len() == 36
        && bytes.iter().enumerate().all(|(index, b)| match index {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => matches!(b, b'0'..=b'9' | b'a'..=b'f'),
        })
        && bytes[14] == b'4'
        && matches!(bytes[19], b'8' | b'9' | b'a' | b'b')
}

#[test]
fn elicitation_ids_are_fresh_uuids() {
    let ids: HashSet<String> = (0..10_000).map(|_| new_elicitation_id()).collect();
    assert_eq!(ids.len(), 10_000);
    for id in &ids {
        assert!(is_uuid_v4(id), "{id}");
    }
    // Roughly half of the random bits are set: a stuck generator would not pass.
    let ones: u32 = ids
        .iter()
        .take(1000)
        .flat_map(|id| id.chars().filter_map(|c| c.to_digit(16)))
        .map(u32::count_ones)
        .sum();
    let bits = 1000 * 32 * 4;
    assert!(
        ones > bits * 45 / 100 && ones < bits * 55 / 100,
        "{ones} of {bits}"
    );
}

#[test]
fn ids_are_distinct_across_threads() {
    let handles: Vec<_> = (0..8)
        .map(|_| std::thread::spawn(|| (0..500).map(|_| new_elicitation_id()).collect::<Vec<_>>()))
        .collect();
    let mut all = HashSet::new();
    for handle in handles {
        for id in handle.join().unwrap() {
            assert!(all.insert(id));
        }
    }
    assert_eq!(all.len(), 4000);
}

#[test]
fn an_id_works_in_the_url_and_the_request() {
    let id = new_elicitation_id();
    let url = format!("https://mcp.example.com/connect?elicitationId={id}");
    let request = UrlRequest::new("Connect your account", &url, id.clone()).unwrap();
    assert_eq!(request.elicitation_id(), Some(id.as_str()));
    assert_eq!(request.url().as_str(), url);
    assert_eq!(request.message(), "Connect your account");
}

/// A small deterministic generator, so the sweep below is reproducible.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn parsing_never_panics_and_accepted_urls_are_consistent() {
    let alphabet: Vec<char> = "hHtTpPsS:/[]@%.0123456789abcfx-_?#:\\ é:[::1]"
        .chars()
        .collect();
    let prefixes = [
        "",
        "https://",
        "http://",
        "http://[",
        "https://u@",
        "http://127.",
    ];
    let mut random = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut accepted = 0;
    for _ in 0..50_000 {
        let prefix = prefixes[(random.next() % prefixes.len() as u64) as usize];
        let length = (random.next() % 24) as usize;
        let tail: String = (0..length)
            .map(|_| alphabet[(random.next() % alphabet.len() as u64) as usize])
            .collect();
        let text = format!("{prefix}{tail}");
        if let Ok(url) = ElicitUrl::parse(&text) {
            accepted += 1;
            assert_eq!(url.as_str(), text);
            assert!(text.contains(url.host()), "{text}");
            assert!(!url.host().is_empty(), "{text}");
            assert!(
                !text[..text.find(url.host()).unwrap()].contains('@'),
                "{text}"
            );
            assert!(
                url.check(UrlPolicy::AllowLoopbackHttp).is_ok()
                    == (url.is_https() || url.is_loopback()),
                "{text}"
            );
        }
    }
    assert!(
        accepted > 100,
        "the sweep should reach valid URLs too: {accepted}"
    );
}
