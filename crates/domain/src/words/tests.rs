//! The catalogues hold every word the code asks for, alike in every language.

use std::path::Path;

use crate::error::msg;

use super::*;

/// Every `msg("…")` and every term code in the sources of the domain, the adapters and the
/// gateway, tests left out.
fn codes_in(dir: &Path, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            codes_in(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("tests.rs") {
            let whole = std::fs::read_to_string(&path).unwrap();
            // A module's own tests may name codes that are no one's.
            let text = whole.split("#[cfg(test)]\nmod tests").next().unwrap();
            for (i, _) in text.match_indices("msg(\"") {
                let rest = &text[i + 5..];
                found.push(rest[..rest.find('"').unwrap()].to_owned());
            }
            for prefix in [
                "\"order.state.",
                "\"order.action.",
                "\"payment.method.",
                "\"category.",
                "\"option.",
                "\"line.",
                "\"ledger.",
                "\"mail.",
                "\"thing.",
            ] {
                for (i, _) in text.match_indices(prefix) {
                    let rest = &text[i + 1..];
                    found.push(rest[..rest.find('"').unwrap()].to_owned());
                }
            }
        }
    }
}

#[test]
fn every_code_the_domain_and_the_gateway_use_has_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut codes = Vec::new();
    for dir in ["src", "../adapters/src", "../gateway/src"] {
        codes_in(&root.join(dir), &mut codes);
    }
    codes.retain(|c| {
        c.contains('.')
            && c.chars()
                .all(|ch| ch.is_ascii_lowercase() || ch == '_' || ch == '.')
    });
    assert!(codes.len() > 100, "only {} codes found", codes.len());
    for lang in Language::ALL {
        let missing: Vec<_> = codes.iter().filter(|c| !has_words(c, lang)).collect();
        assert!(
            missing.is_empty(),
            "no words in {} for {missing:?}",
            lang.tag()
        );
    }
}

/// Each catalogue's messages (`id = words`, a select's variants on the lines below), with the
/// values each mentions.
fn messages_of(source: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut messages: Vec<(String, String)> = Vec::new();
    for line in source
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        match line.split_once(" = ") {
            Some((id, words)) if !line.starts_with(' ') => {
                messages.push((id.to_owned(), words.to_owned()));
            }
            _ => messages
                .last_mut()
                .expect("a message first")
                .1
                .push_str(line),
        }
    }
    messages
        .into_iter()
        .map(|(id, words)| {
            let mut values: Vec<String> = words
                .split('$')
                .skip(1)
                .map(|rest| {
                    rest.chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect()
                })
                .collect();
            values.sort();
            values.dedup();
            (id, values)
        })
        .collect()
}

#[test]
fn every_language_has_every_message_with_the_same_values() {
    for file in 0..SOURCES[0].1.len() {
        let default = messages_of(SOURCES[0].1[file]);
        assert!(default.len() >= 3, "{}", default.len());
        for (lang, sources) in &SOURCES[1..] {
            let theirs = messages_of(sources[file]);
            let ids = |m: &std::collections::BTreeMap<String, Vec<String>>| {
                m.keys().cloned().collect::<Vec<_>>()
            };
            assert_eq!(ids(&theirs), ids(&default), "{}", lang.tag());
            for (id, values) in &default {
                assert_eq!(&theirs[id], values, "{} {id}", lang.tag());
            }
        }
    }
}

#[test]
fn the_same_refusal_in_three_languages_with_their_plurals() {
    let lead = msg("order.lead_time").with("hours", 1);
    assert_eq!(
        say(&lead, Language::ZhTw),
        "請預約 1 小時後的時段（越南時間）"
    );
    assert_eq!(
        say(&lead, Language::Vi),
        "Vui lòng đặt khung giờ sau 1 giờ nữa (giờ Việt Nam)"
    );
    assert_eq!(
        say(&lead, Language::En),
        "Book a time at least 1 hour from now (Vietnam time)"
    );
    assert_eq!(
        say(&msg("order.lead_time").with("hours", 4), Language::En),
        "Book a time at least 4 hours from now (Vietnam time)"
    );
    let forbids = msg("order.state_forbids")
        .term("state", "order.state.paid")
        .term("action", "order.action.cancel");
    assert_eq!(
        say(&forbids, Language::En),
        "The order is paid and cannot cancel"
    );
    assert_eq!(
        say(&forbids, Language::Vi),
        "Đơn hàng đã thanh toán, không thể hủy"
    );
}

#[test]
fn values_and_terms_are_said_in_place() {
    assert_eq!(
        say(&msg("order.lead_time").with("hours", 4), Language::ZhTw),
        "請預約 4 小時後的時段（越南時間）"
    );
    assert_eq!(
        say(
            &msg("order.state_forbids")
                .term("state", "order.state.paid")
                .term("action", "order.action.cancel"),
            Language::ZhTw
        ),
        "訂單已付款，無法取消"
    );
    assert_eq!(say(&msg("no.such.code"), Language::ZhTw), "no.such.code");
    assert_eq!(
        say(
            &msg("favorites.unknown").with("id", "{max}"),
            Language::ZhTw
        ),
        "找不到按摩師 {max}"
    );
}

#[test]
fn money_numbers_and_dates_follow_the_language() {
    let amount = Money::vnd(1_250_000);
    assert_eq!(money(amount, Language::ZhTw), "VND\u{a0}1,250,000");
    assert_eq!(money(amount, Language::Vi), "1.250.000\u{a0}₫");
    assert_eq!(money(amount, Language::En), "VND\u{a0}1,250,000");
    assert_eq!(money(Money::vnd(-5_000), Language::Vi), "-5.000\u{a0}₫");
    assert_eq!(number(480_000, Language::En), "480,000");
    let at = chrono::NaiveDate::from_ymd_opt(2026, 12, 4)
        .and_then(|d| d.and_hms_opt(9, 5, 0))
        .unwrap();
    assert_eq!(date_time(at, Language::ZhTw, true), "2026/12/04 09:05");
    assert_eq!(date_time(at, Language::Vi, true), "04/12/2026 09:05");
    assert_eq!(date_time(at, Language::En, true), "04/12/2026 09:05");
    assert_eq!(date_time(at, Language::ZhTw, false), "12/04 09:05");
    assert_eq!(date_time(at, Language::Vi, false), "04/12 09:05");
    let refusal = msg("refund.range").money("paid", Money::vnd(480_000));
    assert!(
        say(&refusal, Language::Vi).contains("480.000\u{a0}₫"),
        "{}",
        say(&refusal, Language::Vi)
    );
}
