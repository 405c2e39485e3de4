//! Credit that expires: v-coin put in by a gift code (and later a referral) as a lot of its own,
//! with what is left of it. A spend draws on the lots that expire soonest first, then on the
//! wallet's lasting credit; a lot past its time with something left leaves the balance by an
//! entry of its own. The ledger stays the one truth of the balance: a lot only says which part
//! of it is to expire, and when.

use chrono::{DateTime, Utc};

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
/// already expired are left for the expiry. What the draws do not cover comes from the lasting
/// credit.
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

/// A refund of what `draws` took, given back to the same lots (their time kept, so credit given
/// back after its lot expired leaves at the next expiry): never more than each lot had granted.
pub fn give_back(lots: &mut [CreditLot], draws: &[Draw]) {
    for d in draws {
        if let Some(lot) = lots.iter_mut().find(|l| l.id == d.lot) {
            let left = (lot.left.amount() + d.amount.amount()).min(lot.amount.amount());
            lot.left = Money::vnd(left);
        }
    }
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
        fn what_is_spent_and_given_back_leaves_each_lot_within_its_grant(
            lots in arb_lots(),
            spend in 0i64..3_000_000,
        ) {
            let draws = draw(&lots, Money::vnd(spend), now());
            let mut after = lots.clone();
            for d in &draws {
                let l = after.iter_mut().find(|l| l.id == d.lot).unwrap();
                l.left = Money::vnd(l.left.amount() - d.amount.amount());
                prop_assert!(l.left >= Money::ZERO);
            }
            give_back(&mut after, &draws);
            prop_assert_eq!(&after, &lots);
            give_back(&mut after, &draws);
            for l in &after {
                prop_assert!(l.left <= l.amount);
            }
        }
    }
}
