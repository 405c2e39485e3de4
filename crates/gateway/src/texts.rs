//! What the server says to people, in the caller's language: the language a request reads (its
//! `Accept-Language`), kept for the task that answers it, and the domain's words
//! ([`domain::words`]) said in it.

use std::future::Future;

use domain::error::Message;
pub use domain::shared::Language;

/// The best of ours for an `Accept-Language` header, by its weights; the default when none of
/// them is ours.
pub fn from_accept_language(header: &str) -> Language {
    let mut best: Option<(f32, Language)> = None;
    for part in header.split(',') {
        let mut pieces = part.split(';');
        let Some(lang) = pieces.next().and_then(Language::of_tag) else {
            continue;
        };
        let weight = pieces
            .find_map(|p| p.trim().strip_prefix("q=").map(str::parse::<f32>))
            .map_or(1.0, |q| q.unwrap_or(0.0));
        if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, lang));
        }
    }
    best.map_or(Language::default(), |(_, lang)| lang)
}

/// The language a request's `Accept-Language` asks for; none without the header.
pub fn asked_by(headers: &http::HeaderMap) -> Option<Language> {
    headers
        .get(http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(from_accept_language)
}

/// The language a request's `Accept-Language` asks for; the default without one.
pub fn of_headers(headers: &http::HeaderMap) -> Language {
    asked_by(headers).unwrap_or_default()
}

tokio::task_local! {
    /// The language of the request being answered.
    static LANG: Language;
}

/// The language of the request being answered; the default outside one.
pub fn current() -> Language {
    LANG.try_with(|lang| *lang).unwrap_or_default()
}

/// Runs `work` answering in `lang`.
pub async fn speaking<F: Future>(lang: Language, work: F) -> F::Output {
    LANG.scope(lang, work).await
}

/// A message in words, in the language of the request being answered.
pub fn render(message: &Message) -> String {
    domain::words::say(message, current())
}

/// A term of the catalogue (a state's, a method's name) in words, in the request's language.
pub fn term(code: &'static str) -> String {
    domain::words::term(code, current())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_says_which_language_it_reads() {
        // Per-language tables are kept in `ALL`'s order.
        for (i, lang) in Language::ALL.into_iter().enumerate() {
            assert_eq!(lang.index(), i);
        }
        assert_eq!(
            from_accept_language("vi-VN,vi;q=0.9,en;q=0.8"),
            Language::Vi
        );
        assert_eq!(from_accept_language("en-US,en;q=0.9"), Language::En);
        assert_eq!(from_accept_language("zh-Hant-TW"), Language::ZhTw);
        assert_eq!(
            from_accept_language("fr-FR,en;q=0.5,vi;q=0.7"),
            Language::Vi
        );
        assert_eq!(from_accept_language("fr, de;q=0.5"), Language::ZhTw);
        assert_eq!(from_accept_language("en;q=0, vi;q=0.1"), Language::Vi);
        assert_eq!(from_accept_language(""), Language::ZhTw);
    }
}
