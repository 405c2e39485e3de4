//! Money that arrived by VietQR or VNPay, applied to what it was for: an unpaid order, the wallet,
//! a paid order's change, a partner's tip. Whatever it can no longer pay goes into the payer's
//! wallet, in the same settlement, so nothing paid is ever lost.

use chrono::{DateTime, Utc};

use super::{PaymentService, amend::snapshot, paid_reason, top_up_entry};
use crate::DomainResult;
use crate::error::{DomainError, Message, msg};
use crate::ordering::{Actor, Order, OrderState};
use crate::payment::model::{Payment, PaymentState, Purpose};
use crate::payment::ports::{SettleError, Settlement, TipOutcome, TransferOutcome};
use crate::shared::Money;

/// What a settled payment moves beside the books.
pub(super) enum Moves {
    Nothing,
    /// The order it paid.
    Paid(Order),
    /// The paid order its change changed.
    Changed(Order),
    /// The partner's earnings, by its tip.
    Tip,
}

impl PaymentService {
    /// Money arrived for a pending payment: it pays its order when the order still waits for
    /// exactly that amount, makes its change when the order still stands as the change was priced
    /// on and the change still costs that, or tips; otherwise it goes into the payer's wallet.
    pub(super) async fn completion(
        &self,
        mut payment: Payment,
        received: Money,
        provider_ref: String,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> DomainResult<(Settlement, Moves)> {
        let mut settlement = Settlement::default();
        let mut moves = Moves::Nothing;
        let credit_note = match &payment.purpose {
            Purpose::TopUp if received == payment.amount => None,
            Purpose::TopUp => Some(msg("ledger.top_up_differs")),
            Purpose::Order(id) => match self.order_store.get(id).await? {
                Some(mut order)
                    if order.state == OrderState::PendingPayment
                        && received == order.estimate.total =>
                {
                    order.mark_paid(actor, &paid_reason(&payment), now)?;
                    moves = Moves::Paid(order);
                    None
                }
                Some(order) if order.state == OrderState::PendingPayment => {
                    Some(msg("ledger.transfer_mismatch"))
                }
                _ => Some(msg("ledger.order_closed")),
            },
            Purpose::Change(id) => match self.requested(&payment, received).await? {
                Some((before, after)) => {
                    settlement.audit = Some(self.auditor().entry_by(
                        format!("customer:{}", payment.owner.as_str()),
                        "order.change",
                        format!("order:{}", id.as_str()),
                        snapshot(&before),
                        snapshot(&after),
                    ));
                    moves = Moves::Changed(after);
                    None
                }
                None => Some(change_lapsed(&payment)),
            },
            Purpose::Tip(_) if received == payment.amount && self.tips.is_some() => {
                moves = Moves::Tip;
                None
            }
            Purpose::Tip(id) => Some(msg("ledger.tip_returned").with("order", id.as_str())),
        };
        let state = match credit_note {
            None => PaymentState::Succeeded,
            Some(_) => PaymentState::Credited,
        };
        payment.settle(state, Some(provider_ref), now);
        if let Some(note) = credit_note {
            settlement
                .entries
                .push(top_up_entry(&payment, received, note, now));
        } else if payment.purpose == Purpose::TopUp {
            settlement
                .entries
                .push(top_up_entry(&payment, received, msg("ledger.top_up"), now));
        }
        settlement.payment = Some(payment);
        Ok((settlement, moves))
    }

    /// The order before and after the change `payment` was opened for, when it can still be made
    /// as priced: the order not moved since, the change allowed now, and costing what arrived.
    async fn requested(
        &self,
        payment: &Payment,
        received: Money,
    ) -> DomainResult<Option<(Order, Order)>> {
        let Some(asked) = self.store.requested_change(&payment.id).await? else {
            return Ok(None);
        };
        if received != payment.amount {
            return Ok(None);
        }
        let amended = match self
            .orders
            .amended(&payment.owner, &asked.order, asked.details)
            .await
        {
            Ok(a) => a,
            Err(DomainError::Unavailable(e)) => return Err(DomainError::Unavailable(e)),
            // Refused now (too late, the therapist taken, the order cancelled): money to the wallet.
            Err(_) => return Ok(None),
        };
        let costs = amended.change.map(|c| c.difference());
        Ok(
            (amended.before.version == asked.version && costs == Some(payment.amount.amount()))
                .then_some((amended.before, amended.after)),
        )
    }

    /// Writes a completion's settlement with what it moves, in one unit. A change or tip that
    /// cannot be written as it stands (the order moved meanwhile, the tip given) is written instead
    /// as money into the payer's wallet. Answers the settlement as written.
    pub(super) async fn write(
        &self,
        settlement: Settlement,
        moves: Moves,
    ) -> Result<Settlement, SettleError> {
        match moves {
            Moves::Nothing => self.settle(&settlement, None).await.map(|()| settlement),
            Moves::Paid(order) => self
                .settle(&settlement, Some(&order))
                .await
                .map(|()| settlement),
            Moves::Changed(mut order) => {
                let made = async {
                    let mut unit = self.order_store.begin().await?;
                    self.store.settle(&mut unit, &settlement).await?;
                    if let Some(follows) = &self.follows {
                        follows.follow(&mut unit, &mut order).await?;
                    }
                    self.close(unit, &settlement, Some(&order)).await
                };
                match made.await {
                    Ok(()) => Ok(settlement),
                    Err(e @ (SettleError::Duplicate | SettleError::KeyTaken)) => Err(e),
                    Err(SettleError::Other(DomainError::Unavailable(e))) => {
                        Err(SettleError::Other(DomainError::Unavailable(e)))
                    }
                    // The order moved between the check and the write: the money is kept.
                    Err(e) => {
                        tracing::info!(error = ?e, "a change's money arrived too late for it");
                        let note = settlement.payment.as_ref().map(change_lapsed);
                        let credited = credited(settlement, note);
                        self.settle(&credited, None).await.map(|()| credited)
                    }
                }
            }
            Moves::Tip => {
                let mut unit = self.order_store.begin().await?;
                let outcome = match (&self.tips, &settlement.payment) {
                    (Some(tips), Some(payment)) => tips.receive(&mut unit, payment).await?,
                    _ => TipOutcome::Refused,
                };
                let settlement = match outcome {
                    TipOutcome::Given => settlement,
                    TipOutcome::Refused => {
                        let note = settlement.payment.as_ref().and_then(|p| p.purpose.order());
                        let note =
                            note.map(|id| msg("ledger.tip_returned").with("order", id.as_str()));
                        credited(settlement, note)
                    }
                };
                self.store.settle(&mut unit, &settlement).await?;
                self.close(unit, &settlement, None)
                    .await
                    .map(|()| settlement)
            }
        }
    }
}

fn change_lapsed(payment: &Payment) -> Message {
    let order = payment
        .purpose
        .order()
        .map(|o| o.as_str())
        .unwrap_or_default();
    msg("ledger.change_lapsed").with("order", order)
}

/// The settlement with its payment credited to the payer's wallet instead, for `note`.
fn credited(mut s: Settlement, note: Option<Message>) -> Settlement {
    s.audit = None;
    if let Some(p) = &mut s.payment {
        p.state = PaymentState::Credited;
        let at = p.settled_at.unwrap_or(p.created_at);
        let note = note.unwrap_or(msg("ledger.order_closed"));
        s.entries = vec![top_up_entry(p, p.amount, note, at)];
    }
    if let Some((_, outcome)) = &mut s.transfer {
        *outcome = TransferOutcome::Credited;
    }
    s
}
