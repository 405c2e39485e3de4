//! What the server says to people, in the caller's language: the words of the domain's messages
//! ([`domain::error::Message`]) and of the terms they mention (an order's state, an action, a
//! payment method). The domain decides what to say by a code; the words are in the catalogues
//! under `locales/` (Project Fluent, `server.ftl` per language), built in and read once. The
//! product's own messages (docs/product.md) are kept word for word in zh-TW, the default.

use std::future::Future;
use std::sync::LazyLock;

use domain::error::{Arg, Message};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// The languages the product speaks; Traditional Chinese is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    ZhTw,
    Vi,
    En,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::ZhTw, Lang::Vi, Lang::En];

    /// The language's BCP 47 tag.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::ZhTw => "zh-TW",
            Lang::Vi => "vi",
            Lang::En => "en",
        }
    }

    /// Ours that a language tag names (`zh-Hant-TW`, `vi-VN`, `en-GB`…); Chinese of any script
    /// or region is read in Traditional Chinese.
    pub fn of_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim().to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Lang::ZhTw),
            "vi" => Some(Lang::Vi),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The best of ours for an `Accept-Language` header, by its weights; the default when none
    /// of them is ours.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let Some(lang) = pieces.next().and_then(Lang::of_tag) else {
                continue;
            };
            let weight = pieces
                .find_map(|p| p.trim().strip_prefix("q=").map(str::parse::<f32>))
                .map_or(1.0, |q| q.unwrap_or(0.0));
            if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, lang));
            }
        }
        best.map_or(Lang::default(), |(_, lang)| lang)
    }

    /// The language a request's `Accept-Language` asks for; the default without one.
    pub fn of_headers(headers: &http::HeaderMap) -> Lang {
        headers
            .get(http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map_or_else(Lang::default, Lang::from_accept_language)
    }

    /// Its place in [`Lang::ALL`], where per-language tables keep it.
    pub fn index(self) -> usize {
        self as usize
    }
}

tokio::task_local! {
    /// The language of the request being answered.
    static LANG: Lang;
}

/// The language of the request being answered; the default outside one.
pub fn current() -> Lang {
    LANG.try_with(|lang| *lang).unwrap_or_default()
}

/// Runs `work` answering in `lang`.
pub async fn speaking<F: Future>(lang: Lang, work: F) -> F::Output {
    LANG.scope(lang, work).await
}

const SOURCES: [(Lang, &str); 3] = [
    (
        Lang::ZhTw,
        include_str!("../../../locales/zh-TW/server.ftl"),
    ),
    (Lang::Vi, include_str!("../../../locales/vi/server.ftl")),
    (Lang::En, include_str!("../../../locales/en/server.ftl")),
];

/// Each language's catalogue, in `Lang::ALL`'s order. A file that does not read is a bug the
/// tests catch, so it fails at once.
static CATALOGUES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|(lang, source)| {
            let resource = FluentResource::try_new((*source).to_owned())
                .unwrap_or_else(|(_, e)| panic!("locales/{}/server.ftl: {e:?}", lang.tag()));
            let id = lang.tag().parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // The words go into plain text (mails, JSON, status messages): no isolation marks.
            bundle.set_use_isolating(false);
            bundle
                .add_resource(resource)
                .unwrap_or_else(|e| panic!("locales/{}/server.ftl: {e:?}", lang.tag()));
            bundle
        })
        .collect()
});

fn catalogue(lang: Lang) -> &'static FluentBundle<FluentResource> {
    &CATALOGUES[lang.index()]
}

/// A message code as a Fluent id: `order.lead_time` is `order-lead_time`.
fn id_of(code: &str) -> String {
    code.replace('.', "-")
}

/// Whether `lang`'s catalogue has words for `code`.
pub fn has_words(code: &str, lang: Lang) -> bool {
    catalogue(lang).has_message(&id_of(code))
}

/// The words of `code` with `args`, in `lang`, or in the default language when `lang` lacks them.
fn words(code: &str, args: Option<&FluentArgs>, lang: Lang) -> Option<String> {
    let id = id_of(code);
    [lang, Lang::default()].into_iter().find_map(|lang| {
        let bundle = catalogue(lang);
        let pattern = bundle.get_message(&id)?.value()?;
        let mut errors = Vec::new();
        Some(
            bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned(),
        )
    })
}

/// A message in words, in the language of the request being answered.
pub fn render(message: &Message) -> String {
    render_in(message, current())
}

/// A message in words in `lang`. A code no catalogue has is said as the code itself (the tests
/// below keep every code the domain uses in every catalogue). A number is passed as a number, so
/// a language's plural rules choose the words around it.
pub fn render_in(message: &Message, lang: Lang) -> String {
    let mut args = FluentArgs::new();
    for (name, arg) in &message.args {
        let value = match arg {
            // Only a number written as a number reads is one (`007` stays as it is).
            Arg::Value(v) => match v.parse::<i64>() {
                Ok(n) if n.to_string() == *v => FluentValue::from(n),
                _ => FluentValue::from(v.clone()),
            },
            Arg::Term(code) => FluentValue::from(term_in(code, lang)),
        };
        args.set(*name, value);
    }
    words(message.code, Some(&args), lang).unwrap_or_else(|| message.to_string())
}

/// A term of the catalogue (a state's, a method's name) in words, in the request's language.
pub fn term(code: &'static str) -> String {
    term_in(code, current())
}

fn term_in(code: &str, lang: Lang) -> String {
    words(code, None, lang).unwrap_or_else(|| code.to_owned())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use domain::error::msg;

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
        codes_in(&root.join("../domain/src"), &mut codes);
        codes_in(&root.join("../adapters/src"), &mut codes);
        codes_in(&root.join("src"), &mut codes);
        codes.retain(|c| {
            c.contains('.')
                && c.chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch == '_' || ch == '.')
        });
        assert!(codes.len() > 100, "only {} codes found", codes.len());
        for lang in Lang::ALL {
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
        let default = messages_of(SOURCES[0].1);
        assert!(default.len() > 200, "{}", default.len());
        for (lang, source) in &SOURCES[1..] {
            let theirs = messages_of(source);
            let ids = |m: &std::collections::BTreeMap<String, Vec<String>>| {
                m.keys().cloned().collect::<Vec<_>>()
            };
            assert_eq!(ids(&theirs), ids(&default), "{}", lang.tag());
            for (id, values) in &default {
                assert_eq!(&theirs[id], values, "{} {id}", lang.tag());
            }
        }
    }

    #[test]
    fn the_same_refusal_in_three_languages_with_their_plurals() {
        let lead = msg("order.lead_time").with("hours", 1);
        assert_eq!(
            render_in(&lead, Lang::ZhTw),
            "請預約 1 小時後的時段（越南時間）"
        );
        assert_eq!(
            render_in(&lead, Lang::Vi),
            "Vui lòng đặt khung giờ sau 1 giờ nữa (giờ Việt Nam)"
        );
        assert_eq!(
            render_in(&lead, Lang::En),
            "Book a time at least 1 hour from now (Vietnam time)"
        );
        assert_eq!(
            render_in(&msg("order.lead_time").with("hours", 4), Lang::En),
            "Book a time at least 4 hours from now (Vietnam time)"
        );
        let forbids = msg("order.state_forbids")
            .term("state", "order.state.paid")
            .term("action", "order.action.cancel");
        assert_eq!(
            render_in(&forbids, Lang::En),
            "The order is paid and cannot cancel"
        );
        assert_eq!(
            render_in(&forbids, Lang::Vi),
            "Đơn hàng đã thanh toán, không thể hủy"
        );
    }

    #[test]
    fn a_request_says_which_language_it_reads() {
        // Per-language tables are kept in `ALL`'s order.
        for (i, lang) in Lang::ALL.into_iter().enumerate() {
            assert_eq!(lang.index(), i);
        }
        assert_eq!(
            Lang::from_accept_language("vi-VN,vi;q=0.9,en;q=0.8"),
            Lang::Vi
        );
        assert_eq!(Lang::from_accept_language("en-US,en;q=0.9"), Lang::En);
        assert_eq!(Lang::from_accept_language("zh-Hant-TW"), Lang::ZhTw);
        assert_eq!(
            Lang::from_accept_language("fr-FR,en;q=0.5,vi;q=0.7"),
            Lang::Vi
        );
        assert_eq!(Lang::from_accept_language("fr, de;q=0.5"), Lang::ZhTw);
        assert_eq!(Lang::from_accept_language("en;q=0, vi;q=0.1"), Lang::Vi);
        assert_eq!(Lang::from_accept_language(""), Lang::ZhTw);
    }

    #[test]
    fn values_and_terms_are_said_in_place() {
        assert_eq!(
            render(&msg("order.lead_time").with("hours", 4)),
            "請預約 4 小時後的時段（越南時間）"
        );
        assert_eq!(
            render(
                &msg("order.state_forbids")
                    .term("state", "order.state.paid")
                    .term("action", "order.action.cancel")
            ),
            "訂單已付款，無法取消"
        );
        assert_eq!(render(&msg("no.such.code")), "no.such.code");
        assert_eq!(
            render(&msg("favorites.unknown").with("id", "{max}")),
            "找不到按摩師 {max}"
        );
    }
}
