use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::life::OrderState;
use super::model::{Order, OrderId};
use crate::audit::AuditEntry;
use crate::catalog::Category;
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{Page, PageRequest, Unit, UserId};

/// A client's key for one create request, so a retry gets the first result instead of a second
/// order (`Idempotency-Key`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub const MAX_LEN: usize = 128;

    pub fn parse(raw: &str) -> DomainResult<Self> {
        let ok = !raw.is_empty()
            && raw.len() <= Self::MAX_LEN
            && raw.bytes().all(|b| b.is_ascii_graphic());
        if ok {
            Ok(Self(raw.to_owned()))
        } else {
            Err(DomainError::invalid(
                "idempotency_key",
                msg("idempotency_key.format"),
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A key taken by a create request: whose, for which request (its fingerprint), and the order
/// it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyClaim {
    pub owner: UserId,
    pub key: IdempotencyKey,
    pub fingerprint: String,
    pub order_id: OrderId,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderFilter {
    /// Empty means every state.
    pub states: Vec<OrderState>,
    pub category: Option<Category>,
    /// Only services starting after this instant, soonest first (otherwise newest first).
    pub starts_after: Option<DateTime<Utc>>,
    /// Only services starting before this instant.
    pub starts_before: Option<DateTime<Utc>>,
    /// Soonest service first even without `starts_after`.
    pub soonest_first: bool,
    /// Only this order.
    pub order_id: Option<OrderId>,
    /// Only orders whose contact's number (without its country code) is one of these.
    pub phone_numbers: Option<Vec<String>>,
    /// Only orders waiting for a bank transfer: unpaid, with a VietQR payment pending.
    pub awaiting_transfer: bool,
}

impl OrderFilter {
    /// What is still to come: orders waiting for payment, paid or confirmed, starting after `now`.
    pub fn upcoming(category: Option<Category>, now: DateTime<Utc>) -> Self {
        Self {
            states: vec![
                OrderState::PendingPayment,
                OrderState::Paid,
                OrderState::Confirmed,
            ],
            category,
            starts_after: Some(now),
            ..Self::default()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// Another request claimed the idempotency key first.
    KeyTaken,
    /// The order changed since it was read.
    Stale,
    /// The therapist it names is held for an overlapping time by another order.
    SlotTaken,
    /// The customer already holds as many unpaid orders as `UnpaidCap` allows.
    TooManyUnpaid,
    Other(DomainError),
}

/// How much one customer may hold unpaid at once, so that one free account cannot hold every
/// therapist (or flood the operators' lists) with orders it never pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnpaidCap {
    /// Unpaid orders of any kind.
    pub orders: u32,
    /// Unpaid massage orders, which hold therapists.
    pub massage: u32,
}

impl Default for UnpaidCap {
    fn default() -> Self {
        Self {
            orders: 8,
            massage: 2,
        }
    }
}

impl UnpaidCap {
    /// No cap at all (a bench whose one account orders for many customers).
    pub const NONE: UnpaidCap = UnpaidCap {
        orders: u32::MAX,
        massage: u32::MAX,
    };

    pub fn is_none(&self) -> bool {
        *self == Self::NONE
    }

    /// Whether a customer who holds `orders` unpaid orders, `massage` of them massage, may add
    /// `new`.
    pub fn admits(&self, orders: u32, massage: u32, new: &Order) -> bool {
        if !new.state.is_unpaid() {
            return true;
        }
        orders < self.orders && (new.category != Category::DragonMassage || massage < self.massage)
    }
}

impl From<DomainError> for StoreError {
    fn from(e: DomainError) -> Self {
        StoreError::Other(e)
    }
}

/// Where orders are kept. Every method is one transaction, but `save_in`, which writes in the
/// unit it is given. Saving an order also keeps its
/// therapist hold (`Order::therapist_hold`) and the images it carries in step with it, in the same
/// transaction; a hold that collides with another order's is `StoreError::SlotTaken`.
#[async_trait]
pub trait OrderStore: Send + Sync {
    /// Stores a new order with its history and, with a claim, takes the key in the same
    /// transaction; refused (`TooManyUnpaid`) unless `cap` admits it beside the owner's unpaid
    /// orders that have not lapsed, counted in the same transaction under a lock of the owner's,
    /// so that parallel requests cannot pass the cap together.
    async fn insert(
        &self,
        order: &Order,
        claim: Option<&KeyClaim>,
        cap: UnpaidCap,
    ) -> Result<(), StoreError>;
    async fn claim(&self, owner: &UserId, key: &IdempotencyKey) -> DomainResult<Option<KeyClaim>>;
    async fn get(&self, id: &OrderId) -> DomainResult<Option<Order>>;
    /// Writes the order and its new transitions if the stored version is still `order.version`,
    /// and bumps it.
    async fn save(&self, order: &Order) -> Result<(), StoreError>;
    /// Opens a unit of work in which other subjects' writes (a job's, a payment's) commit with
    /// the order they change.
    async fn begin(&self) -> DomainResult<Unit>;
    /// `save` inside `unit`: the one way another subject's write changes an order.
    async fn save_in(&self, unit: &mut Unit, order: &Order) -> Result<(), StoreError>;
    /// `save_in`, with the operator's action in the audit log in the same unit.
    async fn save_audited_in(
        &self,
        unit: &mut Unit,
        order: &Order,
        audit: &AuditEntry,
    ) -> Result<(), StoreError>;
    /// The owner's orders (everyone's without one: operators only), newest first, or soonest
    /// first with `filter.starts_after`.
    async fn list(
        &self,
        owner: Option<&UserId>,
        filter: &OrderFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<Order>>;
    /// Unpaid orders whose window has passed, oldest first.
    async fn due_for_expiry(&self, now: DateTime<Utc>, limit: u32) -> DomainResult<Vec<OrderId>>;
    /// Therapists held for any of these slots, leaving out the holds of `except`.
    async fn busy_therapists(
        &self,
        slots: &[DateTime<Utc>],
        except: Option<&OrderId>,
    ) -> DomainResult<Vec<String>>;
    /// Forgets idempotency keys taken before `before`.
    async fn purge_keys(&self, before: DateTime<Utc>) -> DomainResult<u64>;
}

/// What an unpaid order took elsewhere (a promo code's use), given back in the order's own write
/// when it lapses, is cancelled or drops the code. `promotions`, which stands above orders,
/// answers it.
#[async_trait]
pub trait UnpaidClaims: Send + Sync {
    async fn release(
        &self,
        unit: &mut Unit,
        order: &OrderId,
        at: DateTime<Utc>,
    ) -> DomainResult<()>;
}

/// What else follows a paid order's change, written in the change's unit before the order is
/// saved (its job: the partner's time, the pay; `order` is released when its partner cannot
/// follow).
#[async_trait]
pub trait FollowsChanges: Send + Sync {
    async fn follow(&self, unit: &mut Unit, order: &mut Order) -> DomainResult<()>;
}
