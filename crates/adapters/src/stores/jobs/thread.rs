//! A job's thread in SQL: its messages, numbered in the order they were written.

use domain::DomainResult;
use domain::jobs::{JobMessage, Said, Side};
use domain::ordering::OrderId;
use domain::shared::{Language, UserId};
use sea_orm::Set;

use crate::sql::common::{instant, ms};
use crate::sql::entities::job_message;

pub(super) fn message_to_row(order: &OrderId, m: &JobMessage) -> job_message::ActiveModel {
    let (phrase, body, language) = match &m.said {
        Said::Phrase(code) => (code.clone(), String::new(), String::new()),
        Said::Text { body, language } => (String::new(), body.clone(), language.tag().to_owned()),
    };
    job_message::ActiveModel {
        order_id: Set(order.as_str().to_owned()),
        seq: Set(i32::try_from(m.seq).unwrap_or(i32::MAX)),
        side: Set(m.side.code().to_owned()),
        author_id: Set(m.author.as_str().to_owned()),
        client_key: Set(m.key.clone()),
        phrase: Set(phrase),
        body: Set(body),
        language: Set(language),
        at_ms: Set(ms(m.at)),
    }
}

pub(super) fn message_from_row(row: job_message::Model) -> DomainResult<JobMessage> {
    let said = if row.phrase.is_empty() {
        Said::Text {
            body: row.body,
            language: Language::parse(&row.language)?,
        }
    } else {
        Said::Phrase(row.phrase)
    };
    Ok(JobMessage {
        seq: u32::try_from(row.seq).unwrap_or(0),
        side: Side::parse(&row.side)?,
        author: UserId::parse(&row.author_id)?,
        key: row.client_key,
        said,
        at: instant(row.at_ms)?,
    })
}
