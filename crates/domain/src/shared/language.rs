//! The languages the product speaks. Traditional Chinese is the default and the fallback: every
//! word exists in it first.

use crate::error::{DomainError, DomainResult, msg};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub enum Language {
    #[default]
    ZhTw,
    Vi,
    En,
}

impl Language {
    /// In the order per-language tables keep them ([`Language::index`]).
    pub const ALL: [Language; 3] = [Language::ZhTw, Language::Vi, Language::En];

    /// The language's BCP 47 tag, as profiles store it and the catalogues' folders are named.
    pub const fn tag(self) -> &'static str {
        match self {
            Language::ZhTw => "zh-TW",
            Language::Vi => "vi",
            Language::En => "en",
        }
    }

    /// Ours that a language tag names (`zh-Hant-TW`, `vi-VN`, `en-GB`…); Chinese of any script
    /// or region is read in Traditional Chinese.
    pub fn of_tag(tag: &str) -> Option<Language> {
        let primary = tag.split(['-', '_']).next()?.trim().to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Language::ZhTw),
            "vi" => Some(Language::Vi),
            "en" => Some(Language::En),
            _ => None,
        }
    }

    /// A profile's choice: one of our own tags exactly (case aside).
    pub fn parse(tag: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(tag))
            .ok_or_else(|| DomainError::invalid("preferred_language", msg("profile.language")))
    }

    /// The languages beside the default, which the catalogue's own words are translated into.
    pub const TRANSLATED: [Language; 2] = [Language::Vi, Language::En];

    /// Its place in [`Language::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_read_and_tables_keep_the_order() {
        for (i, lang) in Language::ALL.into_iter().enumerate() {
            assert_eq!(lang.index(), i);
            assert_eq!(Language::parse(lang.tag()).ok(), Some(lang));
            assert_eq!(Language::of_tag(lang.tag()), Some(lang));
        }
        assert_eq!(Language::of_tag("zh-Hans-CN"), Some(Language::ZhTw));
        assert_eq!(Language::of_tag("vi_VN"), Some(Language::Vi));
        assert_eq!(Language::of_tag("fr"), None);
        assert!(Language::parse("vi-VN").is_err());
    }
}
