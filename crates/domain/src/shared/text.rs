//! The one rule for text that people type (names, addresses, notes, reasons, messages): it is
//! stored as Unicode NFC, trimmed, within a length, and without the characters that break a
//! database (NUL) or let text pose as other text (controls, and the bidirectional overrides that
//! can make a name read backwards to the operator who reads it). Tab and newline are kept only
//! where a field has several lines, with `\r\n` and `\r` made `\n`.

use unicode_normalization::UnicodeNormalization;

use crate::error::{DomainError, DomainResult, Message, msg};

const REFUSED: Message = msg("text.refused_characters");
/// The message for an empty field that says no more than that it is needed.
pub(crate) const REQUIRED: Message = msg("text.required");

/// C0 and C1 controls, DEL, and the bidirectional embeddings, overrides and isolates.
fn refused(c: char, multiline: bool) -> bool {
    match c {
        '\n' | '\t' => !multiline,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => true,
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => true,
        _ => false,
    }
}

/// The text as it is stored, possibly empty; refused when it holds a refused character or is
/// longer than `max` characters.
fn clean(field: &str, raw: &str, max: usize, multiline: bool) -> DomainResult<String> {
    let raw = if multiline {
        raw.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        raw.to_owned()
    };
    if raw.chars().any(|c| refused(c, multiline)) {
        return Err(DomainError::invalid(field, REFUSED));
    }
    let value: String = raw.trim().nfc().collect();
    if value.chars().count() > max {
        return Err(DomainError::invalid(
            field,
            msg("text.too_long").with("max", max),
        ));
    }
    Ok(value)
}

/// One line of 1 to `max` characters; `required` is the message when it is empty
/// ([`REQUIRED`] where nothing more can be said).
pub(crate) fn text(field: &str, raw: &str, max: usize, required: Message) -> DomainResult<String> {
    present(field, clean(field, raw, max, false)?, required)
}

/// Several lines of 1 to `max` characters in all; `required` is the message when it is empty.
pub(crate) fn required_lines(
    field: &str,
    raw: &str,
    max: usize,
    required: Message,
) -> DomainResult<String> {
    present(field, clean(field, raw, max, true)?, required)
}

fn present(field: &str, value: String, required: Message) -> DomainResult<String> {
    if !value.is_empty() {
        return Ok(value);
    }
    Err(DomainError::invalid(field, required))
}

/// One line of at most `max` characters, or nothing.
pub(crate) fn optional_text(field: &str, raw: &str, max: usize) -> DomainResult<String> {
    clean(field, raw, max, false)
}

/// Several lines of at most `max` characters in all, or nothing.
pub(crate) fn lines(field: &str, raw: &str, max: usize) -> DomainResult<String> {
    clean(field, raw, max, true)
}

/// An image's address on this site (`/media/catalog/…`, `/img/plans/…`): a path of visible
/// ASCII, never another origin, since the pages load it as they are.
pub(crate) fn site_path(field: &str, raw: &str) -> DomainResult<()> {
    let ok = raw.len() <= 300
        && raw.starts_with('/')
        && !raw.starts_with("//")
        && raw.bytes().all(|b| b.is_ascii_graphic() && b != b'\\');
    if ok {
        Ok(())
    } else {
        Err(DomainError::invalid(field, msg("catalog.image_path")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(r: DomainResult<String>) -> Message {
        match r {
            Err(DomainError::InvalidArgument { message, .. }) => message,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn controls_and_direction_overrides_are_refused() {
        for bad in [
            "a\u{0}b",
            "bell\u{7}",
            "esc\u{1b}[31m",
            "del\u{7f}",
            "c1\u{85}",
            "c1\u{9b}",
            "\u{202e}gnp.exe",
            "\u{202a}x",
            "\u{2066}x\u{2069}",
            "tab\there",
        ] {
            assert_eq!(
                refusal(text("name", bad, 100, REQUIRED)),
                REFUSED,
                "{bad:?}"
            );
        }
        assert_eq!(refusal(lines("note", "a\u{0}b", 100)), REFUSED);
        assert_eq!(refusal(optional_text("room", "1\n2", 100)), REFUSED);
    }

    #[test]
    fn several_lines_keep_newlines_and_tabs() {
        assert_eq!(
            lines("note", "  第一行\r\n第二行\r\t第三行 ", 100).unwrap(),
            "第一行\n第二行\n\t第三行"
        );
    }

    #[test]
    fn text_is_stored_as_nfc_within_its_length() {
        // "é" as e + combining acute becomes one character, and counts as one.
        assert_eq!(text("name", "Le\u{301}", 2, REQUIRED).unwrap(), "L\u{e9}");
        assert_eq!(
            refusal(text("name", "abc", 2, REQUIRED)),
            msg("text.too_long").with("max", 2)
        );
        assert_eq!(
            refusal(text("name", "   ", 2, msg("x.required"))),
            msg("x.required")
        );
        assert_eq!(optional_text("name", "  ", 2).unwrap(), "");
    }
}
