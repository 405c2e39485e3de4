use std::sync::Arc;

use super::model::{AuditFilter, CustomerCard, CustomerFilter, ServiceKey};
use super::ports::{AccountDirectory, AuditLog, StaffStore};
use crate::audit::{AuditEntry, Staff};
use crate::catalog::{CatalogCodec, CatalogService, Plan, PlanId, Shift, Therapist};
use crate::error::{AuthError, DomainError, DomainResult, msg};
use crate::identity::{
    Account, Change, CommitError, Email, IdentityService, IdentityStore, Password, PasswordHasher,
    Role, TokenHash,
};
use crate::ordering::{Order, OrderFilter, OrderId, OrderService};
use crate::payment::{Cancellation, LedgerEntry, PaymentService, RefundQuote};
use crate::shared::{Clock, Money, Page, PageRequest, Phone, Randomness, UserId, text};
use crate::support::{Message, SupportService, Thread, ThreadId};

/// What operators work through: the customer-side services (so every rule is the same) and the
/// stores of staff and audit.
#[derive(Clone)]
pub struct OperatorPorts {
    pub catalog: CatalogService,
    pub codec: Arc<dyn CatalogCodec>,
    pub orders: OrderService,
    pub payments: PaymentService,
    pub support: SupportService,
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

    /// Makes a staff account (`role` operator or admin): separate from any customer's, its
    /// e-mail taken as verified.
    pub async fn create_operator(
        &self,
        by: &Staff,
        email: &str,
        password: &str,
        role: Role,
    ) -> DomainResult<Account> {
        by.require_admin()?;
        if !role.is_staff() {
            return Err(DomainError::invalid("role", msg("staff.role")));
        }
        let email = Email::parse(email)?;
        if email.as_str().chars().count() > Staff::NAME_MAX {
            return Err(DomainError::invalid(
                "email",
                msg("staff.email_max").with("max", Staff::NAME_MAX),
            ));
        }
        if password.chars().count() < Role::STAFF_PASSWORD_MIN {
            return Err(DomainError::invalid(
                "password",
                msg("staff.password_min").with("min", Role::STAFF_PASSWORD_MIN),
            ));
        }
        let password = Password::new(password)?;
        let now = self.p.clock.now();
        let account = Account {
            id: UserId::parse(&self.p.random.id())?,
            email,
            role,
            password_hash: self.p.hasher.hash(&password).await?,
            email_verified: true,
            disabled: false,
            created_at: now,
            updated_at: now,
            tokens_valid_after: chrono::DateTime::UNIX_EPOCH,
        };
        let audit = self.entry(
            by,
            "operator.create",
            format!("account:{}", account.id.as_str()),
            String::new(),
            format!("{} role={}", account.email.as_str(), role.code()),
            "",
        );
        let change = Change {
            insert_account: Some(account.clone()),
            audit: Some(audit),
            ..Change::default()
        };
        self.p.identity.commit(change).await.map_err(|e| match e {
            CommitError::EmailTaken | CommitError::Stale => AuthError::EmailExists.into(),
            CommitError::Storage(e) => e,
        })?;
        Ok(account)
    }

    /// Every staff account, for admins.
    pub async fn staff(&self, by: &Staff) -> DomainResult<Vec<Account>> {
        by.require_admin()?;
        self.p.customers.staff().await
    }

    /// An admin makes a staff account and mails the invitation to set its password; the link
    /// lands on `continue_url` afterwards. An address already in use is `EMAIL_EXISTS`.
    pub async fn invite_staff(
        &self,
        by: &Staff,
        email: &str,
        role: Role,
        continue_url: &str,
    ) -> DomainResult<Account> {
        by.require_admin()?;
        let email = Email::parse(email)?;
        if email.as_str().chars().count() > Staff::NAME_MAX {
            return Err(DomainError::invalid(
                "email",
                msg("staff.email_max").with("max", Staff::NAME_MAX),
            ));
        }
        if !role.is_staff() {
            return Err(DomainError::invalid("role", msg("staff.role")));
        }
        let now = self.p.clock.now();
        let account = Account {
            id: UserId::parse(&self.p.random.id())?,
            email,
            role,
            // Set by the identity service to a secret nobody knows, until the invitation is used.
            password_hash: String::new(),
            email_verified: false,
            disabled: false,
            created_at: now,
            updated_at: now,
            tokens_valid_after: chrono::DateTime::UNIX_EPOCH,
        };
        let audit = self.entry(
            by,
            "operator.invite",
            format!("account:{}", account.id.as_str()),
            String::new(),
            format!("{} role={}", account.email.as_str(), role.code()),
            "",
        );
        self.p
            .accounts
            .invite_staff(account.clone(), audit, continue_url)
            .await?;
        Ok(account)
    }

    /// An admin changes another staff member's role or disables (or enables) their account; a
    /// disabled account's tokens stop at once and its sessions end. Nobody changes their own.
    pub async fn update_staff(
        &self,
        by: &Staff,
        id: &UserId,
        role: Option<Role>,
        disabled: Option<bool>,
    ) -> DomainResult<Account> {
        by.require_admin()?;
        if matches!(by, Staff::Operator { user_id, .. } if user_id == id) {
            return Err(DomainError::FailedPrecondition(msg("staff.not_self")));
        }
        let before = self
            .p
            .identity
            .account_by_id(id)
            .await?
            .filter(|a| a.role.is_staff())
            .ok_or_else(|| DomainError::not_found("operator"))?;
        if role.is_some_and(|r| !r.is_staff()) {
            return Err(DomainError::invalid("role", msg("staff.role")));
        }
        let mut after = before.clone();
        after.role = role.unwrap_or(before.role);
        after.disabled = disabled.unwrap_or(before.disabled);
        if after == before {
            return Ok(after);
        }
        after.updated_at = self.p.clock.now();
        let state = |a: &Account| format!("role={} disabled={}", a.role.code(), a.disabled);
        let audit = self.entry(
            by,
            "operator.update",
            format!("account:{}", id.as_str()),
            state(&before),
            state(&after),
            "",
        );
        let change = Change {
            update_account: Some(after.clone()),
            revoke_all_of: after.disabled.then(|| id.clone()),
            audit: Some(audit),
            ..Change::default()
        };
        self.p.identity.commit(change).await.map_err(|e| match e {
            CommitError::EmailTaken | CommitError::Stale => {
                DomainError::Conflict(msg("request.repeated"))
            }
            CommitError::Storage(e) => e,
        })?;
        Ok(after)
    }

    /// A new key for a service account, with an admin's duties or an operator's; the secret is
    /// returned once and never again.
    pub async fn issue_key(
        &self,
        by: &Staff,
        name: &str,
        admin: bool,
    ) -> DomainResult<(ServiceKey, String)> {
        by.require_admin()?;
        let name = text("name", name, ServiceKey::NAME_MAX, msg("staff.key_name"))?;
        let secret = format!("{}{}", ServiceKey::PREFIX, self.p.random.secret());
        let key = ServiceKey {
            id: format!("key-{}", crate::shared::id_tail(&self.p.random.id(), 16)),
            name,
            hash: TokenHash::of(&secret),
            admin,
            created_by: by.actor(),
            created_at: self.p.clock.now(),
            revoked_at: None,
        };
        let audit = self.entry(
            by,
            "key.issue",
            format!("key:{}", key.id),
            String::new(),
            format!("{} admin={admin}", key.name),
            "",
        );
        self.p.staff.insert_key(&key, &audit).await?;
        Ok((key, secret))
    }

    /// Revokes a key at once; revoking twice is no error.
    pub async fn revoke_key(&self, by: &Staff, id: &str) -> DomainResult<ServiceKey> {
        by.require_admin()?;
        let key = self
            .p
            .staff
            .key(id.trim())
            .await?
            .ok_or_else(|| DomainError::not_found("key"))?;
        if key.revoked_at.is_none() {
            let audit = self.entry(
                by,
                "key.revoke",
                format!("key:{}", key.id),
                "active".into(),
                "revoked".into(),
                "",
            );
            self.p
                .staff
                .revoke_key(&key.id, self.p.clock.now(), &audit)
                .await?;
        }
        self.p
            .staff
            .key(&key.id)
            .await?
            .ok_or_else(|| DomainError::not_found("key"))
    }

    pub async fn keys(&self, by: &Staff) -> DomainResult<Vec<ServiceKey>> {
        by.require_admin()?;
        self.p.staff.keys().await
    }

    /// Loads a catalogue file: plans and therapists are added or replaced by id, all or nothing.
    /// Returns how many of each.
    pub async fn import_catalog(&self, by: &Staff, text: &str) -> DomainResult<(usize, usize)> {
        by.require_admin()?;
        let (plans, therapists) = self.p.codec.parse(text)?;
        if plans.is_empty() && therapists.is_empty() {
            return Err(DomainError::invalid("catalog_toml", msg("catalog.empty")));
        }
        let ids = |ids: Vec<&str>| ids.join(",");
        let after = format!(
            "plans={} therapists={}",
            ids(plans.iter().map(|p| p.id.as_str()).collect()),
            ids(therapists.iter().map(|t| t.id.as_str()).collect())
        );
        let audit = self.entry(
            by,
            "catalog.import",
            "catalog".into(),
            String::new(),
            after,
            "",
        );
        self.p
            .catalog
            .import_audited(&plans, &therapists, Some(&audit))
            .await?;
        Ok((plans.len(), therapists.len()))
    }

    /// The whole catalogue, inactive entries too, as a file `import_catalog` reads back.
    pub async fn export_catalog(&self, by: &Staff) -> DomainResult<String> {
        by.require_admin()?;
        let (plans, therapists) = self.p.catalog.everything().await?;
        self.p.codec.render(&plans, &therapists)
    }

    /// Takes a plan off sale (or back on); orders made for it keep showing it.
    pub async fn set_plan_active(
        &self,
        by: &Staff,
        id: &PlanId,
        active: bool,
    ) -> DomainResult<Plan> {
        by.require_admin()?;
        let action = if active {
            "plan.activate"
        } else {
            "plan.deactivate"
        };
        let state = |p: &Plan| format!("active={}", p.active);
        self.p
            .catalog
            .set_plan_active(id, active, |before, after| {
                self.entry(
                    by,
                    action,
                    format!("plan:{}", id.as_str()),
                    state(before),
                    state(after),
                    "",
                )
            })
            .await
    }

    /// A therapist stops (or starts again) taking bookings.
    pub async fn set_therapist_active(
        &self,
        by: &Staff,
        id: &str,
        active: bool,
    ) -> DomainResult<Therapist> {
        by.require_admin()?;
        let action = if active {
            "therapist.activate"
        } else {
            "therapist.deactivate"
        };
        self.change_therapist(by, id, action, |t| t.active = active)
            .await
    }

    /// A therapist's weekly hours, Vietnam time; the finder offers her only within them.
    pub async fn set_therapist_hours(
        &self,
        by: &Staff,
        id: &str,
        hours: Vec<Shift>,
    ) -> DomainResult<Therapist> {
        by.require_admin()?;
        self.change_therapist(by, id, "therapist.hours", |t| t.hours = hours)
            .await
    }

    async fn change_therapist(
        &self,
        by: &Staff,
        id: &str,
        action: &str,
        change: impl FnOnce(&mut Therapist),
    ) -> DomainResult<Therapist> {
        self.p
            .catalog
            .change_therapist(id, change, |before, after| {
                self.entry(
                    by,
                    action,
                    format!("therapist:{}", after.id),
                    therapist_snapshot(before),
                    therapist_snapshot(after),
                    "",
                )
            })
            .await
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

    /// Every customer's threads; with `waiting`, those waiting for an answer.
    pub async fn support_threads(
        &self,
        waiting: bool,
        page: &PageRequest,
    ) -> DomainResult<Page<Thread>> {
        self.p.support.all_threads(waiting, page).await
    }

    pub async fn support_thread(&self, id: &ThreadId) -> DomainResult<(Thread, Vec<Message>)> {
        self.p.support.any_thread(id).await
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

/// What the audit log keeps of a therapist: whether she takes bookings, and her hours.
fn therapist_snapshot(t: &Therapist) -> String {
    let hours: Vec<String> = t
        .hours
        .iter()
        .map(|s| {
            let (from, until) = s.times();
            format!("{} {from}-{until}", s.day_codes().join(","))
        })
        .collect();
    format!("active={} hours={}", t.active, hours.join("; "))
}
