//! Payments: a store that keeps payments, the ledger, wallets and bank transfers in memory with the
//! SQL stores' rules (a settlement applies whole or not at all; a wallet never goes below zero or
//! above its cap; a bank reference is taken once), a bank feed, and a payment service on them.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;

use super::{FixedClock, Sequence, Setup};
use crate::audit::AuditEntry;
use crate::error::DomainResult;
use crate::ordering::{IdempotencyKey, OrderId};
use crate::payment::credit::{CreditLot, Draw, LotsNeeded};
use crate::payment::refund::{RefundId, RefundPart, RefundState};
use crate::payment::{
    BALANCE_MAX, BankAccount, BankFeed, Cause, EntryKind, LedgerEntry, Payment, PaymentId,
    PaymentPorts, PaymentService, PaymentSettings, PaymentState, PaymentStore, RefundStore,
    SettleError, Settlement,
};
use crate::shared::{Money, Page, PageRequest, Unit, UserId};

#[derive(Debug, Clone, Default)]
pub(crate) struct Books {
    pub payments: Vec<Payment>,
    pub entries: Vec<LedgerEntry>,
    pub wallets: HashMap<UserId, Money>,
    pub bank_refs: HashSet<String>,
    pub audit: Vec<AuditEntry>,
    pub lots: Vec<CreditLot>,
    /// Each draw on a lot: the lot, the order it paid for, taken (below nothing: given back).
    pub draws: Vec<(String, Option<OrderId>, Money)>,
    pub refunds: Vec<RefundPart>,
    pub changes: Vec<crate::payment::RequestedChange>,
}

impl Books {
    /// Another payment of the owner's holds `payment`'s idempotency key.
    fn key_taken(&self, payment: &Payment) -> bool {
        self.payments
            .iter()
            .any(|p| p.owner == payment.owner && p.key.is_some() && p.key == payment.key)
    }
}

/// The payment store in memory; the orders a settlement moves are the order store's, written in
/// the same unit.
pub(crate) struct Payments {
    pub books: Arc<Mutex<Books>>,
}

impl Payments {
    pub(crate) fn new() -> Self {
        Self {
            books: Arc::new(Mutex::new(Books::default())),
        }
    }

    pub(crate) fn books(&self) -> Books {
        self.books.lock().unwrap().clone()
    }

    /// Checks `write` on a copy of the books now, as the SQL store's writes would fail now, and
    /// applies it when the unit commits.
    fn in_unit(
        &self,
        unit: &mut Unit,
        write: impl Fn(&mut Books) -> Result<(), SettleError> + Send + 'static,
    ) -> Result<(), SettleError> {
        write(&mut self.books.lock().unwrap().clone())?;
        let books = self.books.clone();
        super::MemWork::of(unit).then(move || {
            write(&mut books.lock().unwrap())
                .map_err(|e| crate::DomainError::Unavailable(format!("{e:?}")))
        });
        Ok(())
    }
}

#[async_trait]
impl PaymentStore for Payments {
    async fn insert(&self, payment: &Payment) -> Result<(), SettleError> {
        let mut books = self.books.lock().unwrap();
        if books.key_taken(payment) {
            return Err(SettleError::KeyTaken);
        }
        books.payments.push(payment.clone());
        Ok(())
    }

    async fn get(&self, id: &PaymentId) -> DomainResult<Option<Payment>> {
        let books = self.books.lock().unwrap();
        Ok(books.payments.iter().find(|p| &p.id == id).cloned())
    }

    async fn by_key(&self, owner: &UserId, key: &IdempotencyKey) -> DomainResult<Option<Payment>> {
        let books = self.books.lock().unwrap();
        Ok(books
            .payments
            .iter()
            .find(|p| &p.owner == owner && p.key.as_ref() == Some(key))
            .cloned())
    }

    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<Payment>> {
        let books = self.books.lock().unwrap();
        Ok(books
            .payments
            .iter()
            .filter(|p| p.purpose.order() == Some(order))
            .cloned()
            .collect())
    }

    async fn by_reference(&self, reference: &str) -> DomainResult<Vec<Payment>> {
        let books = self.books.lock().unwrap();
        Ok(books
            .payments
            .iter()
            .filter(|p| p.reference == reference)
            .cloned()
            .collect())
    }

    async fn requested_change(
        &self,
        payment: &PaymentId,
    ) -> DomainResult<Option<crate::payment::RequestedChange>> {
        let books = self.books.lock().unwrap();
        Ok(books
            .changes
            .iter()
            .find(|c| &c.payment == payment)
            .cloned())
    }

    async fn settle(&self, unit: &mut Unit, s: &Settlement) -> Result<(), SettleError> {
        let s = s.clone();
        self.in_unit(unit, move |books| settle_into(books, &s))
    }

    async fn post(&self, unit: &mut Unit, entries: &[LedgerEntry]) -> Result<(), SettleError> {
        let entries = entries.to_vec();
        self.in_unit(unit, move |books| post_into(books, &entries))
    }

    async fn lots(&self, owner: &UserId) -> DomainResult<Vec<CreditLot>> {
        let books = self.books.lock().unwrap();
        let mut lots: Vec<CreditLot> = books
            .lots
            .iter()
            .filter(|l| &l.owner == owner && l.left > Money::ZERO)
            .cloned()
            .collect();
        lots.sort_by(|a, b| a.expires_at.cmp(&b.expires_at).then(a.id.cmp(&b.id)));
        Ok(lots)
    }

    async fn expired_lots(
        &self,
        now: chrono::DateTime<chrono::Utc>,
        limit: u32,
    ) -> DomainResult<Vec<CreditLot>> {
        let books = self.books.lock().unwrap();
        Ok(books
            .lots
            .iter()
            .filter(|l| l.expires_at <= now && l.left > Money::ZERO)
            .take(limit as usize)
            .cloned()
            .collect())
    }

    async fn balance(&self, owner: &UserId) -> DomainResult<Money> {
        let books = self.books.lock().unwrap();
        Ok(books.wallets.get(owner).copied().unwrap_or(Money::ZERO))
    }

    async fn refunded(&self, order: &OrderId) -> DomainResult<Money> {
        let books = self.books.lock().unwrap();
        let sum = books
            .entries
            .iter()
            .filter(|e| e.kind == EntryKind::Refund && e.cause == Cause::Order(order.clone()))
            .map(|e| e.amount.amount())
            .sum();
        Ok(Money::vnd(sum))
    }

    async fn entries(&self, owner: &UserId, _: &PageRequest) -> DomainResult<Page<LedgerEntry>> {
        let books = self.books.lock().unwrap();
        Ok(Page {
            items: books
                .entries
                .iter()
                .rev()
                .filter(|e| &e.owner == owner)
                .cloned()
                .collect(),
            next_token: None,
        })
    }
}

#[async_trait]
impl RefundStore for Payments {
    async fn get(&self, id: &RefundId) -> DomainResult<Option<RefundPart>> {
        let books = self.books.lock().unwrap();
        Ok(books.refunds.iter().find(|r| &r.id == id).cloned())
    }

    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<RefundPart>> {
        let books = self.books.lock().unwrap();
        Ok(books
            .refunds
            .iter()
            .filter(|r| &r.order == order)
            .cloned()
            .collect())
    }

    async fn claim_due(
        &self,
        now: chrono::DateTime<chrono::Utc>,
        _lease_until: chrono::DateTime<chrono::Utc>,
        limit: u32,
    ) -> DomainResult<Vec<RefundPart>> {
        let mut books = self.books.lock().unwrap();
        Ok(books
            .refunds
            .iter_mut()
            .filter(|r| {
                r.route == crate::payment::refund::Route::VnPay
                    && r.state == RefundState::Pending
                    && r.next_at <= now
            })
            .take(limit as usize)
            .map(|r| {
                r.attempts += 1;
                r.clone()
            })
            .collect())
    }

    async fn answered(&self, part: &RefundPart) -> DomainResult<()> {
        let mut books = self.books.lock().unwrap();
        if let Some(r) = books
            .refunds
            .iter_mut()
            .find(|r| r.id == part.id && r.state == RefundState::Pending)
        {
            *r = part.clone();
        }
        Ok(())
    }

    async fn tasks(&self, _: &PageRequest) -> DomainResult<Page<RefundPart>> {
        let books = self.books.lock().unwrap();
        Ok(Page {
            items: books
                .refunds
                .iter()
                .filter(|r| r.is_task())
                .cloned()
                .collect(),
            next_token: None,
        })
    }

    async fn close(&self, part: &RefundPart, audit: &AuditEntry) -> DomainResult<bool> {
        let mut books = self.books.lock().unwrap();
        let Some(r) = books
            .refunds
            .iter_mut()
            .find(|r| r.id == part.id && r.is_task())
        else {
            return Ok(false);
        };
        *r = part.clone();
        books.audit.push(audit.clone());
        Ok(true)
    }
}

/// A bank whose notices are signed `signed`.
pub(crate) struct Bank;

impl Bank {
    pub(crate) const SIGNATURE: &'static str = "signed";

    pub(crate) fn account() -> BankAccount {
        BankAccount {
            bin: "970436".into(),
            number: "0071000123456".into(),
            holder: "CONG TY DU LICH".into(),
            bank_name: "Vietcombank".into(),
        }
    }
}

impl BankFeed for Bank {
    fn verify(&self, _: &[u8], signature: &str) -> bool {
        signature == Self::SIGNATURE
    }
}

/// A payment service with VietQR and the dev provider on the order service of [`super::setup`]
/// (whose clock it shares), with the payment store to look into.
pub(crate) fn payments(s: &Setup) -> (PaymentService, Arc<Payments>) {
    let store = Arc::new(Payments::new());
    let clock: Arc<FixedClock> = s.clock.clone();
    let svc = PaymentService::new(
        PaymentPorts {
            orders: s.svc.clone(),
            order_store: s.store.clone(),
            store: store.clone(),
            refunds: store.clone(),
            vnpay: None,
            vnpay_refunds: None,
            follows: None,
            tips: None,
            bank_feed: Some(Arc::new(Bank)),
            clock,
            random: Arc::new(Sequence::default()),
        },
        PaymentSettings {
            bank: Some(Bank::account()),
            dev_provider: true,
            cancellation: Default::default(),
        },
    );
    (svc, store)
}

/// A settlement's writes on `books` but its ledger entries, all of them or none.
fn settle_into(books: &mut Books, s: &Settlement) -> Result<(), SettleError> {
    // Every write on a copy, kept only when all of them hold.
    let mut next = books.clone();
    if let Some(p) = &s.payment {
        if s.new_payment {
            // As the SQL store: a taken key names itself, any other clash is a stale write.
            if next.key_taken(p) {
                return Err(SettleError::KeyTaken);
            }
            if next.payments.iter().any(|q| q.id == p.id) {
                return Err(SettleError::Stale);
            }
            next.payments.push(p.clone());
        } else {
            let stored = next
                .payments
                .iter_mut()
                .find(|q| q.id == p.id && q.state == PaymentState::Pending)
                .ok_or(SettleError::Stale)?;
            *stored = p.clone();
        }
    }
    if let Some((t, _)) = &s.transfer
        && !next.bank_refs.insert(t.bank_ref.clone())
    {
        return Err(SettleError::Duplicate);
    }
    next.audit.extend(s.audit.clone());
    for part in &s.refunds {
        // As the SQL store's unique (order, payment).
        if part.payment.is_some()
            && next.refunds.iter().any(|r| {
                r.order == part.order && r.payment == part.payment && r.cause == part.cause
            })
        {
            return Err(SettleError::Stale);
        }
        next.refunds.push(part.clone());
    }
    next.changes.extend(s.change.clone());
    *books = next;
    Ok(())
}

/// Ledger entries on `books`, all of them or none.
fn post_into(books: &mut Books, entries: &[LedgerEntry]) -> Result<(), SettleError> {
    let mut next = books.clone();
    for e in entries {
        let balance = next.wallets.entry(e.owner.clone()).or_insert(Money::ZERO);
        let after = Money::vnd(balance.amount() + e.amount.amount());
        if after.is_negative() {
            return Err(SettleError::Insufficient);
        }
        if after > BALANCE_MAX {
            return Err(SettleError::BalanceLimit);
        }
        *balance = after;
        next.entries.push(LedgerEntry {
            balance_after: after,
            ..e.clone()
        });
        move_lots(&mut next, e, after)?;
    }
    *books = next;
    Ok(())
}

/// The entry's moves on its owner's lots, as the SQL store makes them.
fn move_lots(books: &mut Books, e: &LedgerEntry, balance_after: Money) -> Result<(), SettleError> {
    let drawn = match e.lots_needed() {
        LotsNeeded::DrawnFor(order) => drawn_for(books, &order),
        _ => Vec::new(),
    };
    let owned: Vec<CreditLot> = books
        .lots
        .iter()
        .filter(|l| l.owner == e.owner && l.left > Money::ZERO)
        .cloned()
        .collect();
    let moves = e.lot_moves(&owned, &drawn, balance_after)?;
    if let Some(lot) = moves.opened {
        if books.lots.iter().any(|l| l.id == lot.id) {
            return Err(SettleError::Stale);
        }
        books.lots.push(lot);
    }
    let order = match &e.cause {
        Cause::Payment { order, .. } => order.clone(),
        Cause::Order(order) => Some(order.clone()),
        _ => None,
    };
    for Draw { lot, amount } in moves.taken {
        let l = books
            .lots
            .iter_mut()
            .find(|l| l.id == lot)
            .ok_or(SettleError::Stale)?;
        let left = l.left.amount() - amount.amount();
        if left < 0 || left > l.amount.amount() {
            return Err(SettleError::Stale);
        }
        l.left = Money::vnd(left);
        books.draws.push((lot, order.clone(), amount));
    }
    Ok(())
}

/// What `order` drew, net per lot, in the order drawn.
fn drawn_for(books: &Books, order: &OrderId) -> Vec<Draw> {
    let mut net: Vec<Draw> = Vec::new();
    for (lot, _, amount) in books.draws.iter().filter(|d| d.1.as_ref() == Some(order)) {
        match net.iter_mut().find(|d| &d.lot == lot) {
            Some(d) => d.amount = Money::vnd(d.amount.amount() + amount.amount()),
            None => net.push(Draw {
                lot: lot.clone(),
                amount: *amount,
            }),
        }
    }
    net.retain(|d| d.amount > Money::ZERO);
    net
}

#[cfg(test)]
mod wallet_properties {
    use chrono::{Duration, TimeZone, Utc};
    use proptest::prelude::*;

    use super::*;
    use crate::error::msg;
    use crate::payment::credit::expiry_entry;

    #[derive(Debug, Clone)]
    enum Op {
        /// A gift's credit: thousands, lasting days (none: it does not expire).
        Gift(i64, Option<i64>),
        TopUp(i64),
        /// Paying order `n` with v-coin.
        Spend(u8, i64),
        /// Refunding order `n`, thousands.
        Refund(u8, i64),
        Adjust(i64),
        /// A day passes and the expiry runs.
        NextDay,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (1i64..500, prop::option::of(1i64..5)).prop_map(|(k, d)| Op::Gift(k, d)),
            (1i64..500).prop_map(Op::TopUp),
            (0u8..4, 1i64..800).prop_map(|(n, k)| Op::Spend(n, k)),
            (0u8..4, 1i64..800).prop_map(|(n, k)| Op::Refund(n, k)),
            (-400i64..400).prop_map(Op::Adjust),
            Just(Op::NextDay),
        ]
    }

    fn order(n: u8) -> OrderId {
        OrderId::parse(&format!("BK261201000{n}")).unwrap()
    }

    proptest! {
        /// Whatever happens to a wallet, in whatever order: its balance is the sum of its ledger
        /// and never below nothing, every lot keeps between nothing and its grant, the lots never
        /// hold more than the balance, and a refund never gives a lot back more than was drawn.
        #[test]
        fn the_balance_is_the_ledger_and_the_lots_stay_within_it(ops in prop::collection::vec(op(), 1..60)) {
            let ann = UserId::parse("ann").unwrap();
            let mut books = Books::default();
            let mut now = Utc.with_ymd_and_hms(2026, 12, 1, 3, 0, 0).unwrap();
            let payment = |n: u32| Cause::Payment { id: PaymentId::parse(&format!("PY261201TEST{n:08}")).unwrap(), order: None };
            for (i, op) in ops.into_iter().enumerate() {
                let k = |t: i64| Money::vnd(t * 1_000);
                let entries: Vec<LedgerEntry> = match op {
                    Op::Gift(t, days) => vec![LedgerEntry::grant(&ann, &format!("G{i}"), k(t), msg("ledger.gift"), now, days.map(|d| now + Duration::days(d)))],
                    Op::TopUp(t) => vec![LedgerEntry::new(&ann, EntryKind::TopUp, k(t), payment(i as u32), msg("ledger.top_up"), now)],
                    Op::Spend(n, t) => vec![LedgerEntry::new(&ann, EntryKind::Spend, k(-t), Cause::Payment { id: PaymentId::parse(&format!("PY261201SPND{i:08}")).unwrap(), order: Some(order(n)) }, msg("ledger.order_payment"), now)],
                    Op::Refund(n, t) => vec![LedgerEntry::new(&ann, EntryKind::Refund, k(t), Cause::Order(order(n)), msg("ledger.refund"), now)],
                    Op::Adjust(t) if t != 0 => vec![LedgerEntry::new(&ann, EntryKind::Adjustment, k(t), Cause::Operator { who: "ops".into(), reason: "x".into() }, msg("text.as_is"), now)],
                    Op::Adjust(_) => vec![],
                    Op::NextDay => {
                        now += Duration::days(1);
                        books.lots.iter().filter(|l| l.expires_at <= now && l.left > Money::ZERO).map(|l| expiry_entry(l, now)).collect()
                    }
                };
                for e in entries {
                    // A refusal (short of money, a lot moved) leaves the books as they were.
                    let before = books.clone();
                    if post_into(&mut books, std::slice::from_ref(&e)).is_err() {
                        prop_assert_eq!(books.entries.len(), before.entries.len());
                    }
                }
                let balance = books.wallets.get(&ann).copied().unwrap_or(Money::ZERO).amount();
                let ledger: i64 = books.entries.iter().map(|e| e.amount.amount()).sum();
                prop_assert_eq!(balance, ledger);
                prop_assert!(balance >= 0);
                let mut held = 0;
                for l in &books.lots {
                    prop_assert!(l.left >= Money::ZERO && l.left <= l.amount, "{:?}", l);
                    held += l.left.amount();
                }
                prop_assert!(held <= balance, "lots {held} > balance {balance}");
                for n in 0..4 {
                    let drawn: i64 = books.draws.iter().filter(|d| d.1 == Some(order(n))).map(|d| d.2.amount()).sum();
                    prop_assert!(drawn >= 0, "order {n} given back more than it drew");
                }
            }
        }
    }
}
