//! No password in any message, log context or explain() field: 28,000 userinfo shapes
//! (user names that are not ASCII or not UTF-8, `:` and `@` in the password, tabs, invalid
//! hosts, with and without a scheme), each run through every operation that reports a URL.
//!
//! Every shape puts the marker `QZXQ` where the parser reads the password (after an explicit
//! authority, or in a scheme-less input whose user name cannot be a scheme), so the marker
//! must never appear in what a log or a message shows.

use url_normalize_core::{
    canonicalize, equivalent, explain, host_type, normalize, registrable_domain, resolve,
    same_site, to_display, Flags, OptionValue, Options, UrlError,
};

const MARKER: &str = "QZXQ";

const PREFIXES: &[&[u8]] = &[
    b"",
    b"https://",
    b"HTTP://",
    b"ftp://",
    b"//",
    b"ws://",
    b"foo://",
    b"https:\\\\",
    b"https:",
    b"  \t https://",
];
const USERS: &[&[u8]] = &[
    "jürgen".as_bytes(),
    "ü".as_bytes(),
    b"j\xfcrgen",
    b"a b",
    b"",
    b"x@y",
    b"%6Aoe",
];
const PASSWORDS: &[&[u8]] = &[
    b"QZXQ",
    b"pa:QZXQ",
    b"QZXQ:ss",
    "é QZXQ".as_bytes(),
    b"QZXQ\xff",
    b"\tQZXQ%20",
    b"QZXQ@x",
    b"QZXQ%23",
];
const HOSTS: &[&[u8]] = &[
    b"example.com",
    b"exa mple.com",
    b"ex%00ample.com",
    b"[::1",
    b"127.0.0.1",
    "bücher.de".as_bytes(),
    b"xn--a.com",
    b"",
    b"a.com:99999",
    b"localhost",
];
const TAILS: &[&[u8]] = &[b"/", b"/a b", b"", b"?q@x#f", b"/..\\x"];

fn shapes() -> impl Iterator<Item = Vec<u8>> {
    PREFIXES.iter().flat_map(|prefix| {
        USERS.iter().flat_map(move |user| {
            PASSWORDS.iter().flat_map(move |password| {
                HOSTS.iter().flat_map(move |host| {
                    TAILS
                        .iter()
                        .map(move |tail| [*prefix, user, b":", password, b"@", host, tail].concat())
                })
            })
        })
    })
}

/// What a log or a message would show of `shown`, for the failure message.
fn leaks(shown: &[u8]) -> bool {
    String::from_utf8_lossy(shown).contains(MARKER)
}

fn check_error(err: &UrlError, what: &str, input: &[u8], leaked: &mut Vec<String>) {
    let host = err.host().unwrap_or_default();
    if leaks(err.to_string().as_bytes()) || leaks(host.as_bytes()) {
        leaked.push(format!(
            "{what} {:?}: {err} (host {host:?})",
            String::from_utf8_lossy(input)
        ));
    }
}

#[test]
fn no_password_reaches_a_message_a_log_record_or_explain() {
    let options = Options::default();
    let mut strict = Options::default();
    strict.set("strict", OptionValue::Bool(true)).unwrap();
    let mut leaked = Vec::new();
    let mut count = 0;
    let page = b"https://example.com/page";
    for input in shapes() {
        count += 1;
        let show = |label: &str, bytes: &[u8], leaked: &mut Vec<String>| {
            if leaks(&options.loggable(bytes)) {
                leaked.push(format!("{label} {:?}", String::from_utf8_lossy(&input)));
            }
        };
        // The lenient warning's `url` and the debug record's `original`.
        show("logged input", &input, &mut leaked);
        match normalize(&input, &options) {
            Ok(url) => show("logged normalized", url.as_bytes(), &mut leaked),
            Err(err) => check_error(&err, "normalize", &input, &mut leaked),
        }
        match canonicalize(&input, Flags::AGGRESSIVE, &strict) {
            Ok(key) => show("logged key", key.as_bytes(), &mut leaked),
            Err(err) => check_error(&err, "canonicalize", &input, &mut leaked),
        }
        for result in [
            resolve(&input, page, &options),
            resolve(b"x", &input, &options),
        ] {
            if let Err(err) = result {
                check_error(&err, "resolve", &input, &mut leaked);
            }
        }
        for err in [
            equivalent(&input, page, Flags::SAFE, &options).err(),
            same_site(page, &input, false, &options).err(),
            host_type(&input, &options).err(),
            registrable_domain(&input, &options).err(),
            to_display(&input, &options).err(),
        ]
        .into_iter()
        .flatten()
        {
            check_error(&err, "a site or display method", &input, &mut leaked);
        }
        let explained = explain(&input, &options);
        for field in [&explained.result, &explained.reason].into_iter().flatten() {
            if leaks(field.as_bytes()) {
                leaked.push(format!(
                    "explain {:?}: {field}",
                    String::from_utf8_lossy(&input)
                ));
            }
        }
    }
    assert_eq!(count, 28_000);
    assert!(
        leaked.is_empty(),
        "{} leaks, such as:\n{}",
        leaked.len(),
        leaked[..leaked.len().min(20)].join("\n")
    );
}

#[test]
fn log_credentials_shows_the_password() {
    let mut options = Options::default();
    options
        .set("log_credentials", OptionValue::Bool(true))
        .unwrap();
    let input = "jürgen:QZXQ@exa mple.com/".as_bytes();
    assert!(leaks(&options.loggable(input)));
    assert!(leaks(
        normalize(input, &options)
            .unwrap_err()
            .to_string()
            .as_bytes()
    ));
    assert!(leaks(explain(input, &options).reason.unwrap().as_bytes()));
    let valid = "jürgen:QZXQ@example.com/".as_bytes();
    assert!(leaks(explain(valid, &options).result.unwrap().as_bytes()));
}
