//! What the product says to people, in each language: the catalogues under `locales/` (Project
//! Fluent: `server.ftl`, the answers' words; `mail.ftl`, the mails'; `formats.ftl`, how money and
//! times are written, which the web reads too), built in and read once.
//! The rules decide what to say by a code ([`Message`]); this module puts it in words, with money
//! and dates in each language's format. Both edges say things through it: the gateway its answers,
//! the adapters their mails. The product's own messages (docs/product.md) are kept word for word
//! in zh-TW, the default and the fallback.

use std::sync::LazyLock;

use chrono::{Datelike, NaiveDateTime, Timelike};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use icu_decimal::DecimalFormatter;
use icu_decimal::input::Decimal;

use crate::error::{Arg, Message};
use crate::shared::{Language, Money};

/// Each language's files, in `Language::ALL`'s order.
const SOURCES: [(Language, [&str; 3]); 3] = [
    (
        Language::ZhTw,
        [
            include_str!("../../../locales/zh-TW/server.ftl"),
            include_str!("../../../locales/zh-TW/mail.ftl"),
            include_str!("../../../locales/zh-TW/formats.ftl"),
        ],
    ),
    (
        Language::Vi,
        [
            include_str!("../../../locales/vi/server.ftl"),
            include_str!("../../../locales/vi/mail.ftl"),
            include_str!("../../../locales/vi/formats.ftl"),
        ],
    ),
    (
        Language::En,
        [
            include_str!("../../../locales/en/server.ftl"),
            include_str!("../../../locales/en/mail.ftl"),
            include_str!("../../../locales/en/formats.ftl"),
        ],
    ),
];

/// Each language's catalogue. A file that does not read is a bug the tests catch, so it fails at
/// once.
static CATALOGUES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|(lang, sources)| {
            let id = lang.tag().parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // The words go into plain text (mails, JSON, status messages): no isolation marks.
            bundle.set_use_isolating(false);
            for source in sources {
                let resource = FluentResource::try_new((*source).to_owned())
                    .unwrap_or_else(|(_, e)| panic!("locales/{}: {e:?}", lang.tag()));
                bundle
                    .add_resource(resource)
                    .unwrap_or_else(|e| panic!("locales/{}: {e:?}", lang.tag()));
            }
            bundle
        })
        .collect()
});

fn catalogue(lang: Language) -> &'static FluentBundle<FluentResource> {
    &CATALOGUES[lang.index()]
}

/// A message code as a Fluent id: `order.lead_time` is `order-lead_time`.
fn id_of(code: &str) -> String {
    code.replace('.', "-")
}

/// Whether `lang`'s catalogue has words for `code`.
pub fn has_words(code: &str, lang: Language) -> bool {
    catalogue(lang).has_message(&id_of(code))
}

/// The words of `code` with `args`, in `lang`, or in the default language when `lang` lacks them.
fn words(code: &str, args: Option<&FluentArgs>, lang: Language) -> Option<String> {
    let id = id_of(code);
    [lang, Language::default()].into_iter().find_map(|lang| {
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

/// A message in words in `lang`. A code no catalogue has is said as the code itself (the tests
/// keep every code the domain uses in every catalogue). A number is passed as a number, so a
/// language's plural rules choose the words around it.
pub fn say(message: &Message, lang: Language) -> String {
    let mut args = FluentArgs::new();
    for (name, arg) in &message.args {
        let value = match arg {
            // Only a number written as a number reads is one (`007` stays as it is).
            Arg::Value(v) => match v.parse::<i64>() {
                Ok(n) if n.to_string() == *v => FluentValue::from(n),
                _ => FluentValue::from(v.clone()),
            },
            Arg::Term(code) => FluentValue::from(term(code, lang)),
            Arg::Money(amount) => FluentValue::from(money(Money::vnd(*amount), lang)),
        };
        args.set(*name, value);
    }
    words(message.code, Some(&args), lang).unwrap_or_else(|| message.to_string())
}

/// A term of the catalogue (a state's, a method's name) in words.
pub fn term(code: &str, lang: Language) -> String {
    words(code, None, lang).unwrap_or_else(|| code.to_owned())
}

/// A number with the language's digit grouping (CLDR): `1,250,000` in zh-TW and en,
/// `1.250.000` in vi. The formatter reads data built into the binary, so making one is cheap.
pub fn number(n: i64, lang: Language) -> String {
    let locale = lang.tag().parse::<icu_locale_core::Locale>().ok();
    match locale.and_then(|l| DecimalFormatter::try_new((&l).into(), Default::default()).ok()) {
        Some(digits) => digits.format(&Decimal::from(n)).to_string(),
        None => n.to_string(),
    }
}

/// An amount in the language's money format (`money` in its catalogue): the same words the web
/// shows, since it reads the same message and groups digits by the same rules.
pub fn money(amount: Money, lang: Language) -> String {
    let mut args = FluentArgs::new();
    args.set("amount", number(amount.amount().saturating_abs(), lang));
    args.set("sign", if amount.amount() < 0 { "minus" } else { "plus" });
    words("money", Some(&args), lang).unwrap_or_else(|| amount.to_string())
}

/// A Vietnam wall-clock time in the language's order of day, month and year (`datetime`); with
/// `year: false`, the short form a deadline uses (`daytime`).
pub fn date_time(at: NaiveDateTime, lang: Language, year: bool) -> String {
    let mut args = FluentArgs::new();
    args.set("year", at.year().to_string());
    args.set("month", format!("{:02}", at.month()));
    args.set("day", format!("{:02}", at.day()));
    args.set("time", format!("{:02}:{:02}", at.hour(), at.minute()));
    let code = if year { "datetime" } else { "daytime" };
    words(code, Some(&args), lang).unwrap_or_else(|| at.format("%Y-%m-%d %H:%M").to_string())
}

#[cfg(test)]
mod tests;
