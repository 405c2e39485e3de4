//! What a notice says on a phone: the mail's subject as its title, and the mail's first lines
//! (what happened, which order), in the recipient's language.

use domain::catalog::CancellationPolicy;
use domain::error::msg;
use domain::identity::MailKind;
use domain::shared::Language;
use domain::words::say;

use super::SUPPORT_REPLY;
use crate::providers::mail::NoticeFacts;
use crate::providers::mail::notices::order_lines;

/// The title and body of a push row that says `what` with `payload`; `None` when it cannot be
/// read (a kind this version does not know).
pub(crate) fn text(
    what: &str,
    payload: Option<&str>,
    cancellation: &CancellationPolicy,
    lang: Language,
) -> Option<(String, String)> {
    if what == SUPPORT_REPLY {
        let title = say(&msg("mail.support_reply.subject"), lang);
        return Some((title, payload.unwrap_or_default().to_owned()));
    }
    let kind = MailKind::parse(what)?;
    let facts: NoticeFacts = serde_json::from_str(payload?).ok()?;
    let (title, lines) = order_lines(kind, &facts, cancellation, lang)?;
    Some((
        title,
        lines.into_iter().take(2).collect::<Vec<_>>().join("\n"),
    ))
}
