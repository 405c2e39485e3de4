mod staff;

pub use staff::StaffChange;

use std::sync::Arc;

use super::model::{AuditFilter, CustomerCard, CustomerFilter, ServiceKey};
use super::ports::{AccountDirectory, AuditLog, StaffStore};
use crate::audit::{AuditEntry, Auditor, Staff};
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::identity::{Email, IdentityService, IdentityStore, PasswordHasher, TokenHash};
use crate::ordering::{Order, OrderFilter, OrderId, OrderService};
use crate::payment::{LedgerEntry, PaymentService};
use crate::shared::{Clock, Money, Page, PageRequest, Phone, Randomness, UserId, text};

/// What the operators' own calls work through: the stores of staff, keys, audit and customers,
/// and the subjects' services they search or change (so every rule is the same).
#[derive(Clone)]
pub struct OperatorPorts {
    pub orders: OrderService,
    pub payments: PaymentService,
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
    /// number (six digits or more; a leading 0 and the country code need not be typed) orders
    /// with that contact phone, anything else the order with that id.
    pub text: Option<String>,
}

/// What is the operators' own: staff and service keys, the audit log and its notes, customers
/// and their wallets, and a search of orders by customer. Each
/// subject's staff actions live with the subject (`OrderService::confirm`,
/// `PaymentService::cancel_as_operator`, `SupportService::reply`, …), take the acting [`Staff`]
/// and write their audit entry with the change, in one transaction.
#[derive(Clone)]
pub struct OperatorService {
    p: OperatorPorts,
    audit: Auditor,
}

/// The longest internal note on an order.
const NOTE_MAX: usize = 1000;

impl OperatorService {
    pub fn new(ports: OperatorPorts) -> Self {
        let audit = Auditor::new(ports.clock.clone(), ports.random.clone());
        Self { p: ports, audit }
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
            } else if let Some(numbers) = Phone::searched(text) {
                filter.phone_numbers = Some(numbers);
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

    /// A note on an order for operators only: kept in the audit log (action `order.note`), never
    /// shown to the customer.
    pub async fn add_note(&self, by: &Staff, id: &OrderId, note: &str) -> DomainResult<AuditEntry> {
        let note = text("note", note, NOTE_MAX, msg("order.note_required"))?;
        let order = self.p.orders.find(id).await?;
        let entry = self.audit.entry(
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
        } else if let Some(numbers) = Phone::searched(text) {
            CustomerFilter {
                phone_numbers: Some(numbers),
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
}
