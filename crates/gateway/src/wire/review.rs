//! Reviews and their counts.

use std::collections::HashMap;

use domain::reviews::{REVIEW_ANONYMOUS, RatingSummary, Review};

use crate::pb;
use crate::wire::order::timestamp;

/// Whose eyes a review is for: other travellers never see the order's id nor a hidden review's
/// reason.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reader {
    Public,
    /// Its customer, or operators.
    Private,
}

pub(crate) fn review_to_pb(r: Review, reader: Reader) -> pb::Review {
    let private = reader == Reader::Private;
    pb::Review {
        order_id: if private {
            r.order_id.as_str().to_owned()
        } else {
            String::new()
        },
        plan_id: r.plan_id.as_str().to_owned(),
        id: r.id.clone(),
        // Only its customer is told (the review service's answer), see `grpc::review`.
        editable: false,
        editable_until: private.then(|| timestamp(r.editable_until())),
        therapist_id: r.therapist_id,
        author: if r.author.is_empty() {
            domain::words::term(REVIEW_ANONYMOUS, crate::texts::current())
        } else {
            r.author
        },
        rating: u32::from(r.rating),
        comment: r.comment,
        created_at: Some(timestamp(r.created_at)),
        updated_at: Some(timestamp(r.updated_at)),
        hidden: r.hidden.is_some(),
        hidden_reason: match r.hidden {
            Some(h) if private => h.reason,
            _ => String::new(),
        },
    }
}

pub(crate) fn summary_to_pb(s: RatingSummary) -> pb::RatingSummary {
    pb::RatingSummary {
        count: s.count,
        average_tenths: s.average_tenths(),
    }
}

/// `id`'s count from a table of them (none is a count of 0).
pub(crate) fn summary_of(table: &HashMap<String, RatingSummary>, id: &str) -> pb::RatingSummary {
    summary_to_pb(table.get(id).copied().unwrap_or_default())
}
