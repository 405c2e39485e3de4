//! Credit that expires: v-coin put in by a gift code (and later a referral) as a lot of its own,
//! with what is left of it. A spend draws on the lots that expire soonest first, then on the
//! wallet's lasting credit; a lot past its time with something left leaves the balance by an
//! entry of its own. The ledger stays the one truth of the balance: a lot only says which part
//! of it is to expire, and when.

use chrono::{DateTime, Utc};

use super::wallet::{Cause, EntryKind, LedgerEntry};
use crate::error::msg;
use crate::ordering::OrderId;
use crate::shared::{Money, UserId};

/// One grant of credit that expires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditLot {
    pub id: String,
    pub owner: UserId,
    /// What was granted.
    pub amount: Money,
    /// What is left of it: never below nothing, never above `amount`.
    pub left: Money,
    /// From this instant it is spent no more; what is left leaves the balance.
    pub expires_at: DateTime<Utc>,
}

/// A part of a spend taken from one lot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    pub lot: String,
    pub amount: Money,
}

/// Which lots a spend of `amount` at `now` draws on, and how much from each: those that expire
/// soonest first (ties by id, so every node draws alike), each at most what is left of it; lots
/// already expired are left for the expiry (`LedgerEntry::lot_moves` keeps a debit off them).
/// What the draws do not cover comes from the lasting credit.
pub fn draw(lots: &[CreditLot], amount: Money, now: DateTime<Utc>) -> Vec<Draw> {
    let mut open: Vec<&CreditLot> = lots
        .iter()
        .filter(|l| l.expires_at > now && l.left > Money::ZERO)
        .collect();
    open.sort_by(|a, b| a.expires_at.cmp(&b.expires_at).then(a.id.cmp(&b.id)));
    let mut wanted = amount.amount().max(0);
    let mut draws = Vec::new();
    for lot in open {
        if wanted == 0 {
            break;
        }
        let take = lot.left.amount().min(wanted);
        wanted -= take;
        draws.push(Draw {
            lot: lot.id.clone(),
            amount: Money::vnd(take),
        });
    }
    draws
}

/// What expires at `now`: each lot past its time with something left, and how much leaves.
pub fn expiring(lots: &[CreditLot], now: DateTime<Utc>) -> Vec<Draw> {
    lots.iter()
        .filter(|l| l.expires_at <= now && l.left > Money::ZERO)
        .map(|l| Draw {
            lot: l.id.clone(),
            amount: l.left,
        })
        .collect()
}

/// Which of what an order drew (`drawn`: net per lot, in the order drawn) a refund of `refund`
/// gives back: each lot at most what the order took from it, until the refund is covered (the
/// rest is lasting credit). A lot keeps its time, so credit given back after its lot expired
/// leaves at the next expiry: a refund never turns credit that expires into credit that lasts.
pub fn returned(drawn: &[Draw], refund: Money) -> Vec<Draw> {
    let mut left = refund.amount().max(0);
    let mut back = Vec::new();
    for d in drawn {
        let give = d.amount.amount().min(left);
        if give > 0 {
            left -= give;
            back.push(Draw {
                lot: d.lot.clone(),
                amount: Money::vnd(give),
            });
        }
    }
    back
}

/// What a ledger entry does to its owner's lots, as the store that posts it applies them (in the
/// entry's unit, under the wallet's row the entry moves).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LotMoves {
    /// A credit that expires opens a lot of its own.
    pub opened: Option<CreditLot>,
    /// Taken from each lot (an amount below nothing is given back to it).
    pub taken: Vec<Draw>,
}

/// A debit that would spend credit past its time: short of money, as the wallet says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpendsExpired;

/// What the store must read for an entry's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LotsNeeded {
    Nothing,
    /// The owner's lots: a debit draws on them.
    Open,
    /// What this order drew: its refund gives back to them.
    DrawnFor(OrderId),
}

impl LedgerEntry {
    pub fn lots_needed(&self) -> LotsNeeded {
        match (self.kind, &self.cause) {
            (EntryKind::Spend | EntryKind::Adjustment | EntryKind::Tip, _)
                if self.amount < Money::ZERO =>
            {
                LotsNeeded::Open
            }
            (EntryKind::Refund, Cause::Order(order)) if self.amount > Money::ZERO => {
                LotsNeeded::DrawnFor(order.clone())
            }
            _ => LotsNeeded::Nothing,
        }
    }

    /// The entry's moves on the lots: `lots` are the owner's with something left (when `Open`
    /// was needed), `drawn` what the refunded order drew (when `DrawnFor`), `balance_after` the
    /// wallet's balance with the entry applied. A debit never spends credit past its time: one
    /// that would leave less than the expired lots still hold (the expiry's to take) is refused
    /// as short of money, so the lots never hold more than the balance.
    pub fn lot_moves(
        &self,
        lots: &[CreditLot],
        drawn: &[Draw],
        balance_after: Money,
    ) -> Result<LotMoves, SpendsExpired> {
        if self.lots_needed() == LotsNeeded::Open {
            let expired: i64 = expiring(lots, self.at)
                .iter()
                .map(|d| d.amount.amount())
                .sum();
            if balance_after.amount() < expired {
                return Err(SpendsExpired);
            }
        }
        let mut moves = LotMoves::default();
        match (self.kind, &self.cause) {
            (EntryKind::Gift | EntryKind::Referral, Cause::Grant(id)) => {
                moves.opened = self.expires_at.map(|expires_at| CreditLot {
                    id: id.clone(),
                    owner: self.owner.clone(),
                    amount: self.amount,
                    left: self.amount,
                    expires_at,
                });
            }
            (EntryKind::Expiry, Cause::Grant(id)) => {
                moves.taken.push(Draw {
                    lot: id.clone(),
                    amount: Money::vnd(-self.amount.amount()),
                });
            }
            _ => match self.lots_needed() {
                LotsNeeded::Open => {
                    moves.taken = draw(lots, Money::vnd(-self.amount.amount()), self.at);
                }
                LotsNeeded::DrawnFor(_) => {
                    moves.taken = returned(drawn, self.amount)
                        .into_iter()
                        .map(|d| Draw {
                            lot: d.lot,
                            amount: Money::vnd(-d.amount.amount()),
                        })
                        .collect();
                }
                LotsNeeded::Nothing => {}
            },
        }
        Ok(moves)
    }
}

/// The entry that takes what is left of an expired lot out of the balance.
pub fn expiry_entry(lot: &CreditLot, now: DateTime<Utc>) -> LedgerEntry {
    LedgerEntry::new(
        &lot.owner,
        EntryKind::Expiry,
        Money::vnd(-lot.left.amount()),
        Cause::Grant(lot.id.clone()),
        msg("ledger.expiry"),
        now,
    )
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};
    use proptest::prelude::*;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 3, 0, 0).unwrap()
    }

    fn lot(id: &str, amount: i64, left: i64, days: i64) -> CreditLot {
        CreditLot {
            id: id.into(),
            owner: UserId::parse("ann").unwrap(),
            amount: Money::vnd(amount),
            left: Money::vnd(left),
            expires_at: now() + Duration::days(days),
        }
    }

    #[test]
    fn the_credit_that_expires_soonest_is_spent_first() {
        let lots = [
            lot("late", 200_000, 200_000, 30),
            lot("soon", 100_000, 60_000, 3),
            lot("gone", 50_000, 50_000, -1),
        ];
        assert_eq!(
            draw(&lots, Money::vnd(150_000), now()),
            [
                Draw {
                    lot: "soon".into(),
                    amount: Money::vnd(60_000)
                },
                Draw {
                    lot: "late".into(),
                    amount: Money::vnd(90_000)
                },
            ]
        );
        // More than the lots hold: the rest is the lasting credit's.
        let all: i64 = draw(&lots, Money::vnd(900_000), now())
            .iter()
            .map(|d| d.amount.amount())
            .sum();
        assert_eq!(all, 260_000);
        assert_eq!(
            expiring(&lots, now()),
            [Draw {
                lot: "gone".into(),
                amount: Money::vnd(50_000)
            }]
        );
    }

    fn arb_lots() -> impl Strategy<Value = Vec<CreditLot>> {
        prop::collection::vec((1i64..500, 0i64..=100, -10i64..60), 0..8).prop_map(|raw| {
            raw.into_iter()
                .enumerate()
                .map(|(i, (thousands, share, days))| {
                    let amount = thousands * 1_000;
                    lot(&format!("l{i}"), amount, amount * share / 100, days)
                })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn a_spend_never_takes_more_than_a_lot_has_nor_more_than_it_asks(
            lots in arb_lots(),
            spend in 0i64..3_000_000,
        ) {
            let draws = draw(&lots, Money::vnd(spend), now());
            let taken: i64 = draws.iter().map(|d| d.amount.amount()).sum();
            let open: i64 = lots.iter().filter(|l| l.expires_at > now()).map(|l| l.left.amount()).sum();
            prop_assert_eq!(taken, spend.min(open));
            for d in &draws {
                let l = lots.iter().find(|l| l.id == d.lot).unwrap();
                prop_assert!(d.amount > Money::ZERO && d.amount <= l.left && l.expires_at > now());
            }
            // Soonest first: a lot is drawn on only when every lot expiring before it is spent.
            for d in &draws {
                let l = lots.iter().find(|l| l.id == d.lot).unwrap();
                for other in lots.iter().filter(|o| o.expires_at > now() && o.expires_at < l.expires_at) {
                    let drawn: i64 = draws.iter().filter(|x| x.lot == other.id).map(|x| x.amount.amount()).sum();
                    prop_assert_eq!(drawn, other.left.amount());
                }
            }
        }

        #[test]
        fn a_refund_gives_back_no_more_than_it_asks_nor_than_the_order_took(
            lots in arb_lots(),
            spend in 0i64..3_000_000,
            refund in 0i64..3_000_000,
        ) {
            let drawn = draw(&lots, Money::vnd(spend), now());
            let back = returned(&drawn, Money::vnd(refund));
            let given: i64 = back.iter().map(|d| d.amount.amount()).sum();
            let taken: i64 = drawn.iter().map(|d| d.amount.amount()).sum();
            prop_assert_eq!(given, refund.min(taken));
            for b in &back {
                let d = drawn.iter().find(|d| d.lot == b.lot).unwrap();
                prop_assert!(b.amount > Money::ZERO && b.amount <= d.amount);
            }
        }
    }
}
