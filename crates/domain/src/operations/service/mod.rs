mod catalog;
mod staff;

pub use staff::StaffChange;

use std::sync::Arc;

use super::model::{AuditFilter, CustomerCard, CustomerFilter, ServiceKey};
use super::ports::{AccountDirectory, AuditLog, StaffStore};
use crate::audit::{AuditEntry, Staff};
use crate::catalog::{CatalogCodec, CatalogService};
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::identity::{Email, IdentityService, IdentityStore, PasswordHasher, TokenHash};
use crate::media::{MediaService, PhotoShape};
use crate::ordering::{Order, OrderFilter, OrderId, OrderService};
use crate::payment::{Cancellation, LedgerEntry, Payment, PaymentService, RefundQuote};
use crate::reviews::{Review, ReviewService};
use crate::shared::{Clock, Money, Page, PageRequest, Phone, Randomness, UserId, text};
use crate::support::{Message, SupportService, Thread, ThreadId, ThreadView};

/// What operators work through: the customer-side services (so every rule is the same) and the
/// stores of staff and audit.
#[derive(Clone)]
pub struct OperatorPorts {
    pub catalog: CatalogService,
    pub codec: Arc<dyn CatalogCodec>,
    pub orders: OrderService,
    pub payments: PaymentService,
    pub support: SupportService,
    pub reviews: ReviewService,
    pub media: MediaService,
    pub identity: Arc<dyn IdentityStore>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub staff: Arc<dyn StaffStore>,
    pub audit: Arc<dyn AuditLog>,
    pub customers: Arc<dyn AccountDirectory>,
    /// The identity service, for the invitation mail (a reset code).
    pub accounts: IdentityService,
    pub clock: Arc<dyn Clock>,
    pub random: Arc<dyn Randomness>,
}

/// An operators' search over all orders.
#[derive(Debug, Clone, Default)]
pub struct SearchOrders {
    pub filter: OrderFilter,
    /// Only this customer's orders (an unknown address finds none).
    pub customer_email: Option<String>,
    /// What an operator typed in the search box: an e-mail finds that customer's orders, a phone
    /// number (six digits or more; a leading 0 need not be typed) orders with that contact
    /// phone, anything else the order with that id.
    pub text: Option<String>,
}

/// The digits of what looks like a phone number, without leading zeros; `None` for anything else.
fn phone_digits(text: &str) -> Option<String> {
    let looks = text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '+' | '(' | ')'));
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_start_matches('0');
    (looks && digits.len() >= 6).then(|| digits.to_owned())
}

/// The operator API (issue 8): each method takes the acting [`Staff`] and applies the same domain
/// rules as the customer side. Every change is written together with its audit entry, in one
/// transaction, by the store that makes it.
#[derive(Clone)]
pub struct OperatorService {
    p: OperatorPorts,
}

/// The longest internal note on an order.
const NOTE_MAX: usize = 1000;

impl OperatorService {
    pub fn new(ports: OperatorPorts) -> Self {
        Self { p: ports }
    }

    /// The staff behind an API key; an unknown or revoked key is `UNAUTHENTICATED`.
    pub async fn authenticate_key(&self, raw: &str) -> DomainResult<Staff> {
        let raw = raw.trim();
        if !raw.starts_with(ServiceKey::PREFIX) {
            return Err(AuthError::InvalidIdToken.into());
        }
        match self.p.staff.key_by_hash(&TokenHash::of(raw)).await? {
            Some(key) if key.revoked_at.is_none() => Ok(Staff::Service {
                key_id: key.id,
                name: key.name,
                admin: key.admin,
            }),
            _ => Err(AuthError::InvalidIdToken.into()),
        }
    }

    pub async fn search_orders(
        &self,
        search: &SearchOrders,
        page: &PageRequest,
    ) -> DomainResult<Page<Order>> {
        let mut filter = search.filter.clone();
        let mut email = search.customer_email.clone();
        if let Some(text) = search
            .text
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            if text.contains('@') {
                email = Some(text.to_owned());
            } else if let Some(digits) = phone_digits(text) {
                filter.phone_digits = Some(digits);
            } else {
                match OrderId::parse(text) {
                    Ok(id) => filter.order_id = Some(id),
                    Err(_) => return Ok(Page::empty()),
                }
            }
        }
        let owner = match email.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => {
                let found = match Email::parse(raw) {
                    Ok(email) => self.p.identity.account_by_email(&email).await?,
                    Err(_) => None,
                };
                match found {
                    Some(account) => Some(account.id),
                    None => return Ok(Page::empty()),
                }
            }
        };
        self.p.orders.search(owner.as_ref(), &filter, page).await
    }

    pub async fn order(&self, id: &OrderId) -> DomainResult<Order> {
        self.p.orders.find(id).await
    }

    /// `seen`: the order's version the operator acts on, when known; a changed order is refused.
    pub async fn confirm(
        &self,
        by: &Staff,
        id: &OrderId,
        seen: Option<i64>,
    ) -> DomainResult<Order> {
        self.p.orders.confirm(by, (id, seen)).await
    }

    pub async fn assign_driver(
        &self,
        by: &Staff,
        (id, seen): (&OrderId, Option<i64>),
        name: &str,
        phone: Phone,
        plate: &str,
    ) -> DomainResult<Order> {
        self.p
            .orders
            .assign_driver(by, (id, seen), name, phone, plate)
            .await
    }

    pub async fn assign_therapist(
        &self,
        by: &Staff,
        (id, seen): (&OrderId, Option<i64>),
        therapist_id: &str,
    ) -> DomainResult<Order> {
        self.p
            .orders
            .assign_therapist(by, (id, seen), therapist_id)
            .await
    }

    pub async fn complete(
        &self,
        by: &Staff,
        id: &OrderId,
        seen: Option<i64>,
    ) -> DomainResult<Order> {
        self.p.orders.complete(by, (id, seen)).await
    }

    /// Cancels, refunding a paid order under the policy or by `refund_override`.
    pub async fn cancel(
        &self,
        by: &Staff,
        id: &OrderId,
        reason: &str,
        refund_override: Option<Money>,
    ) -> DomainResult<Cancellation> {
        self.p
            .payments
            .cancel_as_operator(by, id, reason, refund_override)
            .await
    }

    /// A note on an order for operators only: kept in the audit log (action `order.note`), never
    /// shown to the customer.
    pub async fn add_note(&self, by: &Staff, id: &OrderId, note: &str) -> DomainResult<AuditEntry> {
        let note = text("note", note, NOTE_MAX, msg("order.note_required"))?;
        let order = self.p.orders.find(id).await?;
        let entry = self.entry(
            by,
            "order.note",
            format!("order:{}", order.id.as_str()),
            String::new(),
            String::new(),
            &note,
        );
        self.p.audit.record(&entry).await?;
        Ok(entry)
    }

    /// The order's payments, every attempt, oldest first.
    pub async fn order_payments(&self, id: &OrderId) -> DomainResult<Vec<Payment>> {
        self.p.orders.find(id).await?;
        self.p.payments.of_order(id).await
    }

    /// What cancelling the order under the policy would keep and refund now.
    pub async fn refund_quote(&self, id: &OrderId) -> DomainResult<RefundQuote> {
        self.p.payments.refund_quote_for_staff(id).await
    }

    /// A bank transfer seen by an operator: the order is paid as if the bank had said so.
    pub async fn mark_transfer_paid(
        &self,
        by: &Staff,
        id: &OrderId,
        bank_ref: &str,
    ) -> DomainResult<Order> {
        self.p.payments.confirm_transfer(by, id, bank_ref).await
    }

    /// Every customer's threads, those `view` keeps.
    pub async fn support_threads(
        &self,
        view: ThreadView,
        page: &PageRequest,
    ) -> DomainResult<Page<Thread>> {
        self.p.support.all_threads(view, page).await
    }

    /// Closes a thread (answered) or reopens it.
    pub async fn set_thread_closed(
        &self,
        by: &Staff,
        id: &ThreadId,
        closed: bool,
    ) -> DomainResult<Thread> {
        self.p.support.set_closed(by, id, closed).await
    }

    pub async fn support_thread(&self, id: &ThreadId) -> DomainResult<(Thread, Vec<Message>)> {
        self.p.support.any_thread(id).await
    }

    /// Every review, hidden ones too (`hidden` keeps one kind).
    pub async fn reviews(
        &self,
        hidden: Option<bool>,
        page: &PageRequest,
    ) -> DomainResult<Page<Review>> {
        self.p.reviews.all(hidden, page).await
    }

    /// An admin's photo for the catalogue: the address a plan or therapist then names.
    pub async fn upload_photo(
        &self,
        by: &Staff,
        shape: PhotoShape,
        file: Vec<u8>,
    ) -> DomainResult<String> {
        self.p.media.upload_photo(by, shape, file).await
    }

    /// Any staff may hide a review; the customer is mailed the reason.
    pub async fn hide_review(
        &self,
        by: &Staff,
        id: &OrderId,
        reason: &str,
    ) -> DomainResult<Review> {
        self.p.reviews.hide(by, id, reason).await
    }

    pub async fn reply(&self, by: &Staff, id: &ThreadId, body: &str) -> DomainResult<Thread> {
        self.p.support.reply(by, id, body).await
    }

    /// Returns the balance after.
    pub async fn adjust_wallet(
        &self,
        by: &Staff,
        customer: &UserId,
        amount: Money,
        reason: &str,
    ) -> DomainResult<Money> {
        by.require_admin()?;
        if self.p.identity.account_by_id(customer).await?.is_none() {
            return Err(DomainError::not_found("customer"));
        }
        self.p.payments.adjust(by, customer, amount, reason).await
    }

    pub async fn audit_entries(
        &self,
        filter: &AuditFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<AuditEntry>> {
        self.p.audit.list(filter, page).await
    }

    /// Customers by what an operator typed: an e-mail or part of one, or a phone number (six
    /// digits or more); nothing typed lists the newest.
    pub async fn find_customers(
        &self,
        text: &str,
        page: &PageRequest,
    ) -> DomainResult<Page<CustomerCard>> {
        let text = text.trim();
        let filter = if text.is_empty() {
            CustomerFilter::default()
        } else if let Some(digits) = phone_digits(text) {
            CustomerFilter {
                phone_digits: Some(digits),
                ..CustomerFilter::default()
            }
        } else {
            CustomerFilter {
                email_part: Some(text.to_lowercase()),
                ..CustomerFilter::default()
            }
        };
        self.p.customers.find(&filter, page).await
    }

    /// One customer with their wallet's latest entries.
    pub async fn customer(
        &self,
        id: &UserId,
        page: &PageRequest,
    ) -> DomainResult<(CustomerCard, Page<LedgerEntry>)> {
        let card = self
            .p
            .customers
            .card(id)
            .await?
            .ok_or_else(|| DomainError::not_found("customer"))?;
        let entries = self.p.payments.entries(id, page).await?;
        Ok((card, entries))
    }

    fn entry(
        &self,
        by: &Staff,
        action: &str,
        target: String,
        before: String,
        after: String,
        reason: &str,
    ) -> AuditEntry {
        AuditEntry::new(
            &*self.p.random,
            self.p.clock.now(),
            by,
            action,
            target,
            before,
            after,
            reason,
        )
    }
}
