//! What the audit log keeps of an operator's step on an order.

use chrono::{DateTime, Utc};

use super::details::ServiceDetails;
use super::model::Order;
use crate::audit::{AuditEntry, Staff};
use crate::shared::Randomness;

/// What the audit log keeps of an order: its state, who drives or which therapist.
pub fn order_snapshot(o: &Order) -> String {
    let mut text = format!("state={}", o.state.code());
    if let Some(d) = &o.driver {
        text.push_str(&format!(
            " driver={} {} {}",
            d.name,
            d.phone.e164(),
            d.plate
        ));
    }
    if let ServiceDetails::Massage(m) = &o.details {
        text.push_str(&format!(" therapist={}", m.therapist.therapist_id()));
    }
    text
}

/// An operator's step on an order, as its audit entry tells it: who, what and why, and the order
/// before. One shape for every subject that moves an order (ordering, refunds).
pub(crate) struct StaffStep<'a> {
    pub by: &'a Staff,
    pub action: &'a str,
    pub reason: &'a str,
    pub before: &'a Order,
}

impl StaffStep<'_> {
    /// The entry once the order is `after`; `extra` (e.g. a refund's figures) follows its state.
    pub(crate) fn entry(
        &self,
        random: &dyn Randomness,
        now: DateTime<Utc>,
        after: &Order,
        extra: &str,
    ) -> AuditEntry {
        let mut after_text = order_snapshot(after);
        if !extra.is_empty() {
            after_text.push(' ');
            after_text.push_str(extra);
        }
        AuditEntry::new(
            random,
            now,
            self.by,
            self.action,
            format!("order:{}", self.before.id.as_str()),
            order_snapshot(self.before),
            after_text,
            self.reason,
        )
    }
}
