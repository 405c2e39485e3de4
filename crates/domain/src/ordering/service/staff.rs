//! What operators do to orders: find and search them, assign a driver or a therapist, confirm,
//! complete, call off an unpaid one. Each action checks the actor, moves the order and writes its
//! audit entry in one transaction (`operate`).

use chrono::{DateTime, Utc};

use super::{OrderService, store_error};
use crate::audit::Staff;
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::StaffStep;
use crate::ordering::assignment::Driver;
use crate::ordering::life::{Actor, OrderState};
use crate::ordering::model::{Order, OrderId};
use crate::ordering::ports::OrderFilter;
use crate::shared::{Page, PageRequest, Phone, UserId};

impl OrderService {
    /// Any customer's order: for operators, who alone may call it.
    pub async fn find(&self, id: &OrderId) -> DomainResult<Order> {
        self.store
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("order"))
    }

    /// Every customer's orders (or one customer's), for operators.
    #[tracing::instrument(skip_all)]
    pub async fn search(
        &self,
        owner: Option<&UserId>,
        filter: &OrderFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<Order>> {
        self.store.list(owner, filter, page).await
    }

    /// An operator's step on any order: `step` moves it with the operator as the actor, and it is
    /// saved with its audit entry in one transaction. A step that changes nothing (a retry)
    /// writes nothing. With `seen`, the version of the order the operator was looking at, a step
    /// on an order someone changed since is refused (ABORTED), so two operators acting at once
    /// cannot both act: the store saves only over the version it read.
    pub(super) async fn operate(
        &self,
        by: &Staff,
        action: &str,
        reason: &str,
        (id, seen): (&OrderId, Option<i64>),
        step: impl FnOnce(&mut Order, Actor, DateTime<Utc>) -> DomainResult<()>,
    ) -> DomainResult<Order> {
        let actor = Actor::Operator(by.checked_name()?);
        let before = self.find(id).await?;
        if seen.is_some_and(|v| v != before.version) {
            return Err(DomainError::Conflict(msg("order.changed")));
        }
        let mut order = before.clone();
        let now = self.clock.now();
        step(&mut order, actor, now)?;
        if order != before {
            let step = StaffStep {
                by,
                action,
                reason,
                before: &before,
            };
            let audit = step.entry(&*self.random, now, &order, "");
            let mut unit = self.store.begin().await?;
            // Cancelled unpaid, it gives its code's use back in the same write.
            let ended = order.state == OrderState::Cancelled && before.state != order.state;
            if ended && order.estimate.promo().is_some() {
                self.claims.release(&mut unit, &order.id, now).await?;
            }
            self.store
                .save_audited_in(&mut unit, &order, &audit)
                .await
                .map_err(store_error)?;
            unit.commit().await?;
            order.version += 1;
        }
        Ok(order)
    }

    /// An operator puts a driver on a paid order (which confirms it) or changes the driver of a
    /// confirmed one; the customer sees the driver in the order's detail.
    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn assign_driver(
        &self,
        by: &Staff,
        (id, seen): (&OrderId, Option<i64>),
        name: &str,
        phone: Phone,
        plate: &str,
    ) -> DomainResult<Order> {
        self.operate(
            by,
            "order.assign_driver",
            "",
            (id, seen),
            |order, actor, now| {
                let driver = Driver::new(order.category, name, phone, plate)?;
                order.assign_driver(driver, actor, now)
            },
        )
        .await
    }

    /// An operator names the therapist of a paid massage order (the customer may have left the
    /// choice to us); she is held for its time like a customer's choice, so one already booked
    /// then is refused.
    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn assign_therapist(
        &self,
        by: &Staff,
        (id, seen): (&OrderId, Option<i64>),
        therapist_id: &str,
    ) -> DomainResult<Order> {
        let therapist = self
            .catalog
            .list_therapists()
            .await?
            .into_iter()
            .find(|t| t.id == therapist_id.trim() && t.active)
            .ok_or_else(|| DomainError::invalid("therapist_id", msg("order.therapist_required")))?;
        self.operate(
            by,
            "order.assign_therapist",
            "",
            (id, seen),
            |order, actor, now| order.assign_therapist(&therapist.id, &therapist.name, actor, now),
        )
        .await
    }

    /// An operator confirms a paid order (one that needs no one assigned, or whose assignment is
    /// told another way).
    pub async fn confirm(
        &self,
        by: &Staff,
        (id, seen): (&OrderId, Option<i64>),
    ) -> DomainResult<Order> {
        self.operate(by, "order.confirm", "", (id, seen), |order, actor, now| {
            order.confirm(actor, now)
        })
        .await
    }

    /// The service took place.
    pub async fn complete(
        &self,
        by: &Staff,
        (id, seen): (&OrderId, Option<i64>),
    ) -> DomainResult<Order> {
        self.operate(by, "order.complete", "", (id, seen), |order, actor, now| {
            order.complete(actor, now)
        })
        .await
    }

    /// An operator calls off an unpaid order (paid ones go through the payment service, which
    /// refunds).
    pub async fn cancel_unpaid(
        &self,
        by: &Staff,
        id: &OrderId,
        reason: &str,
    ) -> DomainResult<Order> {
        let reason = &crate::ordering::details::reason(reason)?;
        self.operate(
            by,
            "order.cancel",
            reason,
            (id, None),
            |order, actor, now| order.cancel(actor, reason, now),
        )
        .await
    }
}
