use chrono::{DateTime, Utc};

use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::OrderId;
use crate::shared::{UserId, required_lines};

/// A thread's id: unguessable, and anything we could not have made is simply not found.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ThreadId(String);

impl ThreadId {
    pub const MAX_LEN: usize = 40;

    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = (1..=Self::MAX_LEN).contains(&raw.len())
            && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::not_found("thread"))
        }
    }

    pub(super) fn generated(random: &str) -> Self {
        Self(format!("cs-{}", crate::shared::id_tail(random, 20)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A client's id for one write (opening a thread, sending a message), so that sending it again
/// after a lost answer does not write it twice.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RequestId(String);

impl RequestId {
    pub fn parse(raw: &str) -> DomainResult<Option<Self>> {
        match raw.trim() {
            "" => Ok(None),
            id if id.len() <= 64 && id.bytes().all(|b| b.is_ascii_graphic()) => {
                Ok(Some(Self(id.to_owned())))
            }
            _ => Err(DomainError::invalid("request_id", msg("request_id.format"))),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Author {
    Customer,
    /// An operator, by the name the customer sees.
    Operator(String),
}

impl Author {
    pub fn code(&self) -> String {
        match self {
            Author::Customer => "customer".into(),
            Author::Operator(who) => format!("operator:{who}"),
        }
    }

    pub fn parse(code: &str) -> DomainResult<Self> {
        match code.split_once(':') {
            None if code == "customer" => Ok(Author::Customer),
            Some(("operator", who)) => Ok(Author::Operator(who.to_owned())),
            _ => Err(DomainError::invalid(
                "author",
                msg("support.author").with("code", code),
            )),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub author: Author,
    pub body: String,
    pub at: DateTime<Utc>,
}

impl Message {
    pub const MAX_CHARS: usize = 2000;

    pub fn new(author: Author, body: &str, at: DateTime<Utc>) -> DomainResult<Self> {
        let body = required_lines("body", body, Self::MAX_CHARS, msg("support.body_required"))?;
        Ok(Self { author, body, at })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thread {
    pub id: ThreadId,
    pub owner: UserId,
    pub subject: String,
    /// The order it is about, one of the owner's.
    pub order_id: Option<OrderId>,
    pub created_at: DateTime<Utc>,
    /// The time of its latest message; lists put the most recent first.
    pub updated_at: DateTime<Utc>,
    pub message_count: u32,
    /// Operators' messages the customer has not opened yet.
    pub unread_by_customer: u32,
    /// Customer's messages no operator has opened yet.
    pub unread_by_operators: u32,
    /// The start of the latest message, for lists.
    pub preview: String,
    /// When an operator closed it; a new message from either side reopens it.
    pub closed_at: Option<DateTime<Utc>>,
}

/// Which threads operators list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThreadView {
    #[default]
    All,
    /// With customer messages no operator has read.
    Waiting,
    Open,
    Closed,
}

impl ThreadView {
    /// Whether the view lists this thread (the stores query the same).
    pub fn keeps(self, t: &Thread) -> bool {
        match self {
            ThreadView::All => true,
            ThreadView::Waiting => t.unread_by_operators > 0,
            ThreadView::Open => t.closed_at.is_none(),
            ThreadView::Closed => t.closed_at.is_some(),
        }
    }
}

impl Thread {
    pub const SUBJECT_MAX: usize = 60;
    /// A conversation longer than this is better started afresh.
    pub const MAX_MESSAGES: u32 = 200;
    const PREVIEW_CHARS: usize = 80;

    pub fn preview_of(body: &str) -> String {
        body.chars().take(Self::PREVIEW_CHARS).collect()
    }
}

/// Where else customers reach us (from configuration); empty fields are not offered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContactChannels {
    pub line_id: String,
    pub zalo_phone: String,
    pub whatsapp_phone: String,
    pub phone: String,
    pub email: String,
    /// When people answer, Vietnam time, every day: `08:00-22:00` (said in each reader's
    /// language by `hours_message`); other text is shown as written.
    pub hours: String,
    /// Who takes the payments: the company's name, address and business registration number, as
    /// the site's footer and its about page state them.
    pub company: Company,
}

impl ContactChannels {
    /// The support hours in words of the catalogues ("every day 08:00–22:00, Vietnam time"),
    /// when they are a range of times; `None` for other text, shown as written.
    pub fn hours_message(&self) -> Option<crate::error::Message> {
        let (from, until) = self.hours.trim().split_once('-')?;
        let time = |t: &str| chrono::NaiveTime::parse_from_str(t.trim(), "%H:%M").ok();
        let (from, until) = (time(from)?, time(until)?);
        Some(
            crate::error::msg("support.hours")
                .with("from", from.format("%H:%M").to_string())
                .with("until", until.format("%H:%M").to_string()),
        )
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Company {
    pub name: String,
    pub address: String,
    pub registration: String,
}

#[cfg(test)]
mod hours_tests {
    use super::ContactChannels;

    #[test]
    fn support_hours_are_a_range_said_in_each_language_or_text_as_written() {
        let c = |hours: &str| ContactChannels {
            hours: hours.into(),
            ..ContactChannels::default()
        };
        let said = c(" 08:00 - 22:00 ").hours_message().unwrap();
        assert_eq!(said.code, "support.hours");
        assert_eq!(said.to_string(), "support.hours{from=08:00, until=22:00}");
        assert!(c("by appointment").hours_message().is_none());
        assert!(c("").hours_message().is_none());
    }
}
