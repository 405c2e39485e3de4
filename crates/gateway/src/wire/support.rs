//! Support threads and messages.

use domain::support::{Author, Message, Thread};

use domain::error::msg;

use crate::pb;
use crate::texts;
use crate::wire::order::timestamp;

pub(crate) fn thread_to_pb(t: &Thread) -> pb::SupportThread {
    pb::SupportThread {
        id: t.id.as_str().into(),
        subject: match (t.subject.as_str(), &t.order_id) {
            ("", Some(order)) => {
                texts::render(&msg("support.order_subject").with("order", order.as_str()))
            }
            (subject, _) => subject.to_owned(),
        },
        order_id: t
            .order_id
            .as_ref()
            .map(|o| o.as_str().to_owned())
            .unwrap_or_default(),
        created_at: Some(timestamp(t.created_at)),
        updated_at: Some(timestamp(t.updated_at)),
        message_count: t.message_count,
        unread_count: t.unread_by_customer,
        preview: t.preview.clone(),
        closed_at: t.closed_at.map(timestamp),
    }
}

pub(crate) fn message_to_pb(m: &Message) -> pb::SupportMessage {
    let (from_customer, author_name) = match &m.author {
        Author::Customer => (true, String::new()),
        Author::Operator(name) => (false, name.clone()),
    };
    pb::SupportMessage {
        from_customer,
        author_name,
        body: m.body.clone(),
        at: Some(timestamp(m.at)),
    }
}
