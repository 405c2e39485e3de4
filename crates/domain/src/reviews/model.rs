use chrono::{DateTime, Duration, Utc};

use crate::catalog::PlanId;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{Order, OrderId, ServiceDetails};
use crate::shared::UserId;

/// How long after its first writing a review may still be changed.
pub const EDIT_DAYS: i64 = 14;

/// One customer's word on one completed order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// Its own random id (`rv-…`): public lists and their page tokens name a review by it, never by
    /// its order.
    pub id: String,
    pub order_id: OrderId,
    pub owner: UserId,
    pub plan_id: PlanId,
    /// The therapist who gave the massage; empty for other services.
    pub therapist_id: String,
    /// How the review is signed for other travellers: the first letter of the contact's name.
    pub author: String,
    pub rating: u8,
    pub comment: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub hidden: Option<Hidden>,
}

/// Operators took the review off the pages, and told its customer why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hidden {
    pub at: DateTime<Utc>,
    pub reason: String,
}

impl Review {
    pub const COMMENT_MAX: usize = 1000;
    pub const REASON_MAX: usize = 500;

    /// A first review of `order`, which must be completed.
    pub(super) fn first(
        order: &Order,
        rating: u8,
        comment: String,
        now: DateTime<Utc>,
        random: &str,
    ) -> DomainResult<Self> {
        if order.state != crate::ordering::OrderState::Completed {
            return Err(DomainError::FailedPrecondition(msg("review.not_completed")));
        }
        // Completed by operators before its time (before that was refused) is still not
        // reviewed early; completed by the partner who served it, it was served.
        if !order.completed_by_partner() {
            order.require_served(now)?;
        }
        Ok(Self {
            id: format!("rv-{}", crate::shared::id_tail(random, 20)),
            order_id: order.id.clone(),
            owner: order.owner.clone(),
            plan_id: order.plan_id.clone(),
            therapist_id: match &order.details {
                ServiceDetails::Massage(m) => m.therapist.therapist_id().to_owned(),
                _ => String::new(),
            },
            author: author_of(order.contact.as_ref().map(|c| c.name.as_str())),
            rating,
            comment,
            created_at: now,
            updated_at: now,
            hidden: None,
        })
    }

    /// Until when its customer may change it.
    pub fn editable_until(&self) -> DateTime<Utc> {
        self.created_at + Duration::days(EDIT_DAYS)
    }

    /// Whether its customer may still change it: shown, and within its days.
    pub fn editable(&self, now: DateTime<Utc>) -> bool {
        self.hidden.is_none() && now < self.editable_until()
    }

    /// The review with new words, if it may still change.
    pub(super) fn edited(
        &self,
        rating: u8,
        comment: String,
        now: DateTime<Utc>,
    ) -> DomainResult<Self> {
        if self.hidden.is_some() {
            return Err(DomainError::FailedPrecondition(msg("review.hidden")));
        }
        if now >= self.editable_until() {
            return Err(DomainError::FailedPrecondition(
                msg("review.edit_closed").with("days", EDIT_DAYS),
            ));
        }
        Ok(Self {
            rating,
            comment,
            updated_at: now,
            ..self.clone()
        })
    }
}

/// 1 to 5 stars, nothing else.
pub(super) fn rating(raw: u32) -> DomainResult<u8> {
    match u8::try_from(raw) {
        Ok(stars @ 1..=5) => Ok(stars),
        _ => Err(DomainError::invalid("rating", msg("review.rating"))),
    }
}

/// Other travellers see the first letter of the name and stars for the rest (「王**」); never
/// the whole name. None for an order without a name: the reader's catalogue names such an author
/// (`REVIEW_ANONYMOUS`).
fn author_of(name: Option<&str>) -> String {
    name.and_then(|n| n.trim().chars().next())
        .map(|first| format!("{first}**"))
        .unwrap_or_default()
}

/// The term that names the author of a review kept without one: 「旅客」, "Traveller".
pub const REVIEW_ANONYMOUS: &str = "review.anonymous";

/// The shown reviews of a plan or a therapist, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RatingSummary {
    pub count: u32,
    /// The sum of their stars.
    pub stars: u32,
}

impl RatingSummary {
    /// The average × 10, rounded half up (4.65 is 47); 0 with no review.
    pub fn average_tenths(&self) -> u32 {
        if self.count == 0 {
            return 0;
        }
        (self.stars * 20 + self.count).div_euclid(2 * self.count)
    }
}

/// Whose reviews a list shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    Plan(PlanId),
    Therapist(String),
}
