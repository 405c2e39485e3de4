//! Issuing e-invoices, and what people do with them: the buyer reads theirs with its lookup code,
//! asks for a company invoice before paying, and staff retry one that failed.

use std::sync::Arc;

use chrono::Duration;

use super::VatRates;
use super::model::{Company, Invoice, InvoiceId, InvoiceKind, InvoiceState};
use super::ports::{InvoiceProvider, InvoiceStore, Issue, Issued};
use crate::audit::{Auditor, Staff};
use crate::catalog::CatalogService;
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::Principal;
use crate::ordering::{OrderId, OrderState, OrderStore};
use crate::shared::{Clock, Language, Page, PageRequest};
use crate::words;

/// How long a node holds the invoices it claimed: longer than the provider may take to answer.
const LEASE: Duration = Duration::minutes(3);

#[derive(Clone)]
pub struct InvoiceService {
    store: Arc<dyn InvoiceStore>,
    /// None where this installation issues no e-invoices: they wait, pending, until it does.
    provider: Option<Arc<dyn InvoiceProvider>>,
    orders: Arc<dyn OrderStore>,
    catalog: CatalogService,
    clock: Arc<dyn Clock>,
    auditor: Auditor,
    rates: VatRates,
}

impl InvoiceService {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        store: Arc<dyn InvoiceStore>,
        provider: Option<Arc<dyn InvoiceProvider>>,
        orders: Arc<dyn OrderStore>,
        catalog: CatalogService,
        clock: Arc<dyn Clock>,
        auditor: Auditor,
        rates: VatRates,
    ) -> Self {
        Self {
            store,
            provider,
            orders,
            catalog,
            clock,
            auditor,
            rates,
        }
    }

    /// One pass of the invoicing worker: sends each due invoice, at most `limit`, and writes what
    /// the provider said. One sent before without an answer is looked up first, so a slow answer
    /// never makes a second invoice. Returns how many were sent.
    pub async fn send_due(&self, limit: u32) -> DomainResult<usize> {
        let Some(provider) = &self.provider else {
            return Ok(0);
        };
        let now = self.clock.now();
        let due = self.store.claim_due(now, now + LEASE, limit).await?;
        let sent = due.len();
        for mut invoice in due {
            let answer = match self.issue_of(&invoice).await {
                Ok(issue) => send(provider.as_ref(), &invoice, &issue).await,
                Err(e) => Err(e),
            };
            match answer {
                Ok(Issued::Yes(receipt)) => invoice.issued(receipt, now),
                Ok(Issued::Refused(reason)) => invoice.refused(&reason),
                Err(e) => {
                    tracing::warn!(invoice = invoice.id.as_str(), error = %e, "the e-invoice provider did not answer");
                    invoice.unanswered(now);
                }
            }
            self.store.answered(&invoice).await?;
        }
        Ok(sent)
    }

    /// What the provider is asked for `invoice`: the plan in Vietnamese (invoices are written
    /// in it), the VAT its category carries, and for an adjustment the original it adjusts.
    async fn issue_of(&self, invoice: &Invoice) -> DomainResult<Issue> {
        let original = match invoice.kind {
            InvoiceKind::Original => None,
            InvoiceKind::Increase | InvoiceKind::Decrease => {
                let first = self.store.of_order(&invoice.order).await?;
                let issued = first.into_iter().find(|i| i.kind == InvoiceKind::Original);
                match issued {
                    Some(Invoice {
                        number: Some(number),
                        issued_at: Some(at),
                        ..
                    }) => Some((number, at)),
                    _ => {
                        return Err(DomainError::Unavailable(format!(
                            "{} has no original issued",
                            invoice.id.as_str()
                        )));
                    }
                }
            }
        };
        let plan = match self.orders.get(&invoice.order).await? {
            Some(order) => self
                .catalog
                .get_plan(&order.plan_id)
                .await
                .map(|p| p.in_language(Language::Vi).name)
                .unwrap_or_else(|_| invoice.item.clone()),
            None => invoice.item.clone(),
        };
        let category = words::term(invoice.category.name(), Language::Vi);
        let item = words::say(
            &msg("invoice.item")
                .with("category", category)
                .with("plan", plan),
            Language::Vi,
        );
        let vi = |key: &'static str| words::say(&msg(key), Language::Vi);
        let note = match invoice.kind {
            InvoiceKind::Original => String::new(),
            InvoiceKind::Increase => vi("invoice.adjust_up"),
            InvoiceKind::Decrease => vi("invoice.adjust_down"),
        };
        Ok(Issue {
            transaction: invoice.id.as_str().to_owned(),
            kind: invoice.kind,
            original,
            unit: vi("invoice.unit"),
            note,
            at: self.clock.now(),
            buyer: invoice.buyer.clone(),
            item,
            gross: invoice.amount,
            vat_percent: self.rates.percent(invoice.category),
            vat: self.rates.included(invoice.category, invoice.amount),
        })
    }

    /// The invoices of the caller's own order (someone else's is not found).
    pub async fn of_order(&self, who: &Principal, id: &OrderId) -> DomainResult<Vec<Invoice>> {
        self.own_order(who, id).await?;
        self.store.of_order(id).await
    }

    /// The company the caller's order is to be invoiced to, if they asked for one.
    pub async fn company(&self, who: &Principal, id: &OrderId) -> DomainResult<Option<Company>> {
        self.own_order(who, id).await?;
        self.store.company(id).await
    }

    /// The caller asks for their order to be invoiced to `company` (none: to them), before it is
    /// invoiced; afterwards FAILED_PRECONDITION, in words that send them to customer service.
    pub async fn ask_company(
        &self,
        who: &Principal,
        id: &OrderId,
        company: Option<Company>,
    ) -> DomainResult<Option<Company>> {
        let order = self.own_order(who, id).await?;
        let closed = matches!(
            order.state,
            OrderState::Cancelled | OrderState::Expired | OrderState::Refunded
        );
        if closed
            || !self
                .store
                .set_company(id, &who.user_id, company.as_ref(), self.clock.now())
                .await?
        {
            return Err(DomainError::FailedPrecondition(msg("invoice.company_late")));
        }
        Ok(company)
    }

    /// Invoices that failed, for staff to look at, oldest first.
    pub async fn failed(&self, _by: &Staff, page: &PageRequest) -> DomainResult<Page<Invoice>> {
        self.store.failed(page).await
    }

    /// Staff send a failed invoice again (once they fixed what its reason says), audited.
    pub async fn retry(&self, by: &Staff, id: &InvoiceId) -> DomainResult<Invoice> {
        let before = self
            .store
            .get(id)
            .await?
            .ok_or_else(|| DomainError::not_found("invoice"))?;
        let mut invoice = before.clone();
        invoice.retry(self.clock.now())?;
        let audit = self.auditor.entry(
            by,
            "invoice.retry",
            format!("invoice:{}", id.as_str()),
            format!(
                "state={} reason={}",
                before.state.code(),
                before.reason.unwrap_or_default()
            ),
            format!("state={}", InvoiceState::Pending.code()),
            "",
        );
        if !self.store.retry(&invoice, &audit).await? {
            return Err(DomainError::FailedPrecondition(msg("invoice.not_failed")));
        }
        Ok(invoice)
    }

    async fn own_order(
        &self,
        who: &Principal,
        id: &OrderId,
    ) -> DomainResult<crate::ordering::Order> {
        match self.orders.get(id).await? {
            Some(order) if order.owner == who.user_id => Ok(order),
            _ => Err(DomainError::not_found("order")),
        }
    }
}

/// Sends `issue`, after asking whether an earlier, unanswered try issued it already.
async fn send(
    provider: &dyn InvoiceProvider,
    invoice: &Invoice,
    issue: &Issue,
) -> DomainResult<Issued> {
    if invoice.attempts > 1
        && let Some(receipt) = provider.find(&issue.transaction).await?
    {
        return Ok(Issued::Yes(receipt));
    }
    provider.issue(issue).await
}
