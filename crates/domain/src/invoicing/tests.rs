use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use proptest::prelude::*;

use super::*;
use crate::audit::{AuditEntry, Auditor, Staff};
use crate::catalog::{CatalogService, Category};
use crate::error::DomainResult;
use crate::ordering::{Actor, Order, OrderId, OrderState, StepReason};
use crate::pricing::Estimate;
use crate::shared::{Money, Page, PageRequest, UserId};
use crate::testing::{Catalog, FixedClock, Sequence, Store, draft_order, now, plan};

fn buyer() -> Buyer {
    Buyer {
        name: "王小明".into(),
        email: "ming@example.com".into(),
        company: None,
    }
}

fn paid(price: i64) -> Order {
    let mut o = draft_order();
    o.estimate = Estimate::from_lines(vec![]);
    o.estimate.total = Money::vnd(price);
    o.state = OrderState::PendingPayment;
    o.mark_paid(Actor::System("dev".into()), "paid: DEV p1", now())
        .unwrap();
    o
}

/// The invoices an order's life calls for, written as the store writes them: one per step.
#[derive(Default)]
struct Books(Vec<Invoice>);

impl Books {
    fn after(&mut self, order: &Order) -> Option<Invoice> {
        let invoiced = self
            .0
            .iter()
            .fold(Money::ZERO, |s, i| s + i.kind.signed(i.amount));
        let next = due(order, invoiced, !self.0.is_empty(), buyer())?;
        assert!(
            self.0.iter().all(|i| i.id != next.id),
            "a step invoices once"
        );
        self.0.push(next.clone());
        Some(next)
    }

    fn total(&self) -> Money {
        self.0
            .iter()
            .fold(Money::ZERO, |s, i| s + i.kind.signed(i.amount))
    }
}

fn refund(o: &mut Order, fee: i64, at: DateTime<Utc>) {
    let reason = StepReason::Refunded {
        fee: Money::vnd(fee),
        refund: Money::vnd(o.estimate.total.amount() - fee),
        said: String::new(),
    };
    o.refund(Actor::System("test".into()), &reason.text(), at)
        .unwrap();
}

#[test]
fn a_paid_order_is_invoiced_once_for_its_price() {
    let mut books = Books::default();
    assert_eq!(
        books.after(&draft_order()),
        None,
        "nothing sold, nothing due"
    );
    let o = paid(500_000);
    let first = books.after(&o).unwrap();
    assert_eq!(first.kind, InvoiceKind::Original);
    assert_eq!(first.amount, Money::vnd(500_000));
    assert_eq!(first.state, InvoiceState::Pending);
    assert_eq!(first.id.as_str(), "IVBK261122-x-1");
    assert_eq!(
        books.after(&o),
        None,
        "saved again, it calls for nothing more"
    );
}

#[test]
fn changes_and_refunds_adjust_the_original_by_their_difference() {
    let mut books = Books::default();
    let mut o = paid(500_000);
    books.after(&o);
    // A change raised the price: an increase of the difference.
    o.estimate.total = Money::vnd(620_000);
    o.history.push(o.history.last().unwrap().clone());
    let up = books.after(&o).unwrap();
    assert_eq!(
        (up.kind, up.amount),
        (InvoiceKind::Increase, Money::vnd(120_000))
    );
    // Cancelled with a fee of 100,000 kept: down to the fee.
    refund(&mut o, 100_000, now() + Duration::hours(1));
    let down = books.after(&o).unwrap();
    assert_eq!(
        (down.kind, down.amount),
        (InvoiceKind::Decrease, Money::vnd(520_000))
    );
    assert_eq!(books.total(), Money::vnd(100_000));
    assert_eq!(sold(&o), Money::vnd(100_000));
}

#[test]
fn a_whole_refund_brings_the_invoiced_total_to_nothing() {
    let mut books = Books::default();
    let mut o = paid(300_000);
    books.after(&o);
    refund(&mut o, 0, now());
    let down = books.after(&o).unwrap();
    assert_eq!(
        (down.kind, down.amount),
        (InvoiceKind::Decrease, Money::vnd(300_000))
    );
    assert_eq!(books.total(), Money::ZERO);
}

#[test]
fn an_order_never_paid_calls_for_no_invoice() {
    let mut o = draft_order();
    o.cancel(Actor::System("t".into()), "", now()).unwrap();
    assert_eq!(sold(&o), Money::ZERO);
    assert_eq!(due(&o, Money::ZERO, false, buyer()), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Whatever the changes of price and however it ends, the invoices add up to what the order
    /// sold after every step, and no invoice is for nothing.
    #[test]
    fn invoices_always_add_up_to_what_was_sold(
        first in 1_000i64..5_000_000,
        changes in proptest::collection::vec(1_000i64..5_000_000, 0..6),
        fee in proptest::option::of(0i64..1_000),
    ) {
        let mut books = Books::default();
        let mut o = paid(first);
        books.after(&o);
        prop_assert_eq!(books.total(), sold(&o));
        for price in changes {
            o.estimate.total = Money::vnd(price);
            o.history.push(o.history.last().unwrap().clone());
            if let Some(i) = books.after(&o) {
                prop_assert!(i.amount.amount() > 0);
            }
            prop_assert_eq!(books.total(), sold(&o));
        }
        if let Some(fee) = fee {
            let fee = fee.min(o.estimate.total.amount());
            refund(&mut o, fee, now());
            books.after(&o);
            prop_assert_eq!(books.total(), sold(&o));
        }
        prop_assert_eq!(books.0[0].kind, InvoiceKind::Original);
    }
}

#[test]
fn an_unanswered_invoice_waits_longer_each_time_then_goes_to_staff() {
    let mut i = due(&paid(100_000), Money::ZERO, false, buyer()).unwrap();
    let mut waits = Vec::new();
    for attempt in 1..=SEND_ATTEMPTS {
        i.attempts = attempt;
        i.unanswered(now());
        if i.state == InvoiceState::Pending {
            waits.push((i.next_at - now()).num_minutes());
        }
    }
    assert_eq!(waits, vec![1, 2, 4, 8, 16, 32, 64]);
    assert_eq!(i.state, InvoiceState::Failed);
    assert!(i.retry(now()).is_ok());
    assert_eq!((i.state, i.attempts), (InvoiceState::Pending, 0));
    assert!(i.retry(now()).is_err(), "only a failed invoice is retried");
}

#[test]
fn a_company_is_checked_by_its_tax_code() {
    assert!(Company::new("Công ty TNHH Rồng Việt", "0100233488", "12 Lê Lợi, Quận 1").is_ok());
    assert!(Company::new("Công ty", "0100233489", "12 Lê Lợi").is_err());
    assert!(Company::new("", "0100233488", "12 Lê Lợi").is_err());
}

/// The store in memory: the worker's rules are what is tested here.
#[derive(Default)]
struct Mem {
    invoices: Mutex<Vec<Invoice>>,
}

#[async_trait]
impl InvoiceStore for Mem {
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        _lease: DateTime<Utc>,
        limit: u32,
    ) -> DomainResult<Vec<Invoice>> {
        let mut all = self.invoices.lock().unwrap();
        let waiting: Vec<bool> = all
            .iter()
            .map(|i| {
                all.iter().any(|e| {
                    e.order == i.order
                        && e.created_at < i.created_at
                        && e.state != InvoiceState::Issued
                })
            })
            .collect();
        let mut out = Vec::new();
        for (i, waits) in all.iter_mut().zip(waiting) {
            if i.state == InvoiceState::Pending
                && i.next_at <= now
                && !waits
                && out.len() < limit as usize
            {
                i.attempts += 1;
                out.push(i.clone());
            }
        }
        Ok(out)
    }
    async fn answered(&self, invoice: &Invoice) -> DomainResult<()> {
        for i in self.invoices.lock().unwrap().iter_mut() {
            if i.id == invoice.id {
                *i = invoice.clone();
            }
        }
        Ok(())
    }
    async fn get(&self, id: &InvoiceId) -> DomainResult<Option<Invoice>> {
        Ok(self
            .invoices
            .lock()
            .unwrap()
            .iter()
            .find(|i| &i.id == id)
            .cloned())
    }
    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<Invoice>> {
        Ok(self
            .invoices
            .lock()
            .unwrap()
            .iter()
            .filter(|i| &i.order == order)
            .cloned()
            .collect())
    }
    async fn failed(&self, _page: &PageRequest) -> DomainResult<Page<Invoice>> {
        let items = self
            .invoices
            .lock()
            .unwrap()
            .iter()
            .filter(|i| i.state == InvoiceState::Failed)
            .cloned()
            .collect();
        Ok(Page {
            items,
            next_token: None,
        })
    }
    async fn retry(&self, invoice: &Invoice, _audit: &AuditEntry) -> DomainResult<bool> {
        self.answered(invoice).await?;
        Ok(true)
    }
    async fn set_company(
        &self,
        _: &OrderId,
        _: &UserId,
        _: Option<&Company>,
        _: DateTime<Utc>,
    ) -> DomainResult<bool> {
        Ok(true)
    }
    async fn company(&self, _: &OrderId) -> DomainResult<Option<Company>> {
        Ok(None)
    }
}

/// A provider that takes every invoice once per transaction, or says nothing while `silent`.
#[derive(Default)]
struct Provider {
    issued: Mutex<Vec<Issue>>,
    silent: Mutex<bool>,
    /// Took the invoice but its answer was lost.
    lost: Mutex<bool>,
}

#[async_trait]
impl InvoiceProvider for Provider {
    async fn issue(&self, issue: &Issue) -> DomainResult<Issued> {
        if *self.silent.lock().unwrap() {
            return Err(crate::DomainError::Unavailable("late".into()));
        }
        let mut issued = self.issued.lock().unwrap();
        issued.push(issue.clone());
        let n = issued.len();
        if std::mem::take(&mut *self.lost.lock().unwrap()) {
            return Err(crate::DomainError::Unavailable("answer lost".into()));
        }
        Ok(Issued::Yes(receipt(n)))
    }
    async fn find(&self, transaction: &str) -> DomainResult<Option<Receipt>> {
        let issued = self.issued.lock().unwrap();
        Ok(issued
            .iter()
            .position(|i| i.transaction == transaction)
            .map(|n| receipt(n + 1)))
    }
}

fn receipt(n: usize) -> Receipt {
    Receipt {
        number: format!("K26TAA{n}"),
        lookup_code: format!("L{n}"),
        lookup_url: "https://lookup.example/".into(),
    }
}

fn service(
    store: Arc<Mem>,
    provider: Arc<Provider>,
    orders: Arc<Store>,
) -> (InvoiceService, Arc<FixedClock>) {
    let clock = Arc::new(FixedClock::at(now()));
    let catalog = CatalogService::new(Arc::new(Catalog::with(
        vec![plan("p1", Category::Shuttle, 500_000)],
        vec![],
    )));
    let svc = InvoiceService::new(
        store,
        Some(provider),
        orders,
        catalog,
        clock.clone(),
        Auditor::new(clock.clone(), Arc::new(Sequence::default())),
        VatRates::parse("8").unwrap(),
    );
    (svc, clock)
}

#[tokio::test]
async fn the_worker_issues_the_original_then_its_adjustment_and_never_twice() {
    let store = Arc::new(Mem::default());
    let provider = Arc::new(Provider::default());
    let orders = Arc::new(Store::default());
    let (svc, clock) = service(store.clone(), provider.clone(), orders.clone());
    let mut o = paid(540_000);
    orders.put(o.clone());
    let original = due(&o, Money::ZERO, false, buyer()).unwrap();
    refund(&mut o, 0, now());
    let mut down = due(&o, original.amount, true, buyer()).unwrap();
    down.created_at = now() + Duration::seconds(1);
    store
        .invoices
        .lock()
        .unwrap()
        .extend([original.clone(), down]);

    // The first answer is lost: the adjustment waits for its original.
    *provider.lost.lock().unwrap() = true;
    assert_eq!(svc.send_due(10).await.unwrap(), 1);
    let i = store.get(&original.id).await.unwrap().unwrap();
    assert_eq!((i.state, i.attempts), (InvoiceState::Pending, 1));
    // Tried again a minute later, it is found, not issued again.
    *clock.0.lock().unwrap() = now() + Duration::minutes(1);
    assert_eq!(svc.send_due(10).await.unwrap(), 1);
    let i = store.get(&original.id).await.unwrap().unwrap();
    assert_eq!(
        (i.state, i.number.as_deref(), i.lookup_code.as_deref()),
        (InvoiceState::Issued, Some("K26TAA1"), Some("L1"))
    );
    assert_eq!(
        provider.issued.lock().unwrap().len(),
        1,
        "one invoice for one sale"
    );
    let sent = provider.issued.lock().unwrap()[0].clone();
    assert_eq!(
        (sent.gross, sent.vat, sent.vat_percent, sent.net()),
        (
            Money::vnd(540_000),
            Money::vnd(40_000),
            8,
            Money::vnd(500_000)
        )
    );
    assert!(sent.item.contains("Đưa đón sân bay"), "{}", sent.item);
    // Now the adjustment goes, naming the original.
    assert_eq!(svc.send_due(10).await.unwrap(), 1);
    let issued = provider.issued.lock().unwrap();
    assert_eq!(issued[1].kind, InvoiceKind::Decrease);
    assert_eq!(
        issued[1].original,
        Some(("K26TAA1".to_owned(), now() + Duration::minutes(1)))
    );
}

#[tokio::test]
async fn an_invoice_never_answered_goes_to_staff_who_retry_it() {
    let store = Arc::new(Mem::default());
    let provider = Arc::new(Provider::default());
    let orders = Arc::new(Store::default());
    let (svc, clock) = service(store.clone(), provider.clone(), orders.clone());
    let o = paid(100_000);
    orders.put(o.clone());
    let i = due(&o, Money::ZERO, false, buyer()).unwrap();
    store.invoices.lock().unwrap().push(i.clone());
    *provider.silent.lock().unwrap() = true;
    for _ in 0..SEND_ATTEMPTS {
        *clock.0.lock().unwrap() += Duration::hours(3);
        svc.send_due(10).await.unwrap();
    }
    let staff = Staff::Shell {
        name: "root".into(),
    };
    let failed = svc
        .failed(&staff, &PageRequest::first(10))
        .await
        .unwrap()
        .items;
    assert_eq!(failed.len(), 1);
    assert!(failed[0].went_unanswered(), "{:?}", failed[0]);
    *provider.silent.lock().unwrap() = false;
    svc.retry(&staff, &i.id).await.unwrap();
    svc.send_due(10).await.unwrap();
    assert_eq!(
        store.get(&i.id).await.unwrap().unwrap().state,
        InvoiceState::Issued
    );
}
