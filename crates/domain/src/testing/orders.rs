//! Orders: a store and favourites in memory, an order service built on them, and orders' details.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};

use super::{Catalog, FixedClock, Sequence, plan, therapist};
use crate::catalog::{CatalogService, Category, FavoriteStore};
use crate::error::DomainResult;
use crate::media::MediaService;
use crate::ordering::{
    Direction, IdempotencyKey, KeyClaim, MassageDetails, MassagePorts, Order, OrderFilter, OrderId,
    OrderPolicy, OrderService, OrderStore, ServiceDetails, ShuttleDetails, StoreError,
    TherapistChoice, UnpaidCap,
};
use crate::shared::{LocalTime, Page, PageRequest, Unit, UserId};

/// The tests' present: 2026-11-22 10:00 in Vietnam.
pub(crate) fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 3, 0, 0).unwrap()
}

fn at(local: &str) -> LocalTime {
    LocalTime::parse("start", local).unwrap()
}

pub(crate) fn shuttle() -> ServiceDetails {
    ServiceDetails::Shuttle(ShuttleDetails {
        direction: Direction::PickUp,
        flight_number: " vn 123 ".into(),
        start: at("2026-11-23T14:30"),
        departure: None,
        address: " Caravelle Saigon ".into(),
        passengers: 3,
        luggage: 3,
        child_seats: 1,
        extra_stops: 0,
    })
}

pub(crate) fn massage(people: u32) -> ServiceDetails {
    ServiceDetails::Massage(MassageDetails {
        hotel_name: "Rex".into(),
        hotel_address: "141 Nguyễn Huệ".into(),
        room: "1203".into(),
        start: at("2026-11-23T23:00"),
        duration_minutes: 90,
        people,
        therapist: TherapistChoice::Any,
        hotel_images: vec![],
    })
}

pub(crate) fn massage_at(choice: TherapistChoice, start: &str) -> ServiceDetails {
    let ServiceDetails::Massage(m) = massage(1) else {
        unreachable!()
    };
    ServiceDetails::Massage(MassageDetails {
        therapist: choice,
        start: at(start),
        ..m
    })
}

/// A draft shuttle for 500,000 VND starting at 2026-11-25 10:00 Vietnam time (03:00 UTC).
pub(crate) fn draft_order() -> Order {
    let plan = super::plan("p1", Category::Shuttle, 500_000);
    let details = ServiceDetails::Shuttle(ShuttleDetails {
        direction: Direction::PickUp,
        flight_number: "VN123".into(),
        start: LocalTime::parse("start", "2026-11-25T10:00").unwrap(),
        departure: None,
        address: "Rex".into(),
        passengers: 1,
        luggage: 1,
        child_seats: 0,
        extra_stops: 0,
    });
    Order::create(
        OrderId::parse("BK261122-x").unwrap(),
        UserId::parse("u1").unwrap(),
        &plan,
        details,
        None,
        String::new(),
        now(),
        chrono::Duration::minutes(60),
    )
    .unwrap()
}

#[derive(Default)]
pub(crate) struct Store {
    orders: Arc<Mutex<HashMap<OrderId, Order>>>,
    keys: Mutex<Vec<KeyClaim>>,
}

impl Store {
    /// The orders themselves, for a store that reads them beside this one.
    pub(crate) fn shared(&self) -> Arc<Mutex<HashMap<OrderId, Order>>> {
        self.orders.clone()
    }

    /// Puts an order in as it is, whatever its state.
    pub(crate) fn put(&self, order: Order) {
        self.orders.lock().unwrap().insert(order.id.clone(), order);
    }

    /// `save` without a future.
    pub(crate) fn save_now(&self, order: &Order) -> Result<(), StoreError> {
        Self::save_into(&mut self.orders.lock().unwrap(), order)
    }

    fn save_into(orders: &mut HashMap<OrderId, Order>, order: &Order) -> Result<(), StoreError> {
        let stored = orders.get(&order.id).ok_or(StoreError::Stale)?;
        if stored.version != order.version {
            return Err(StoreError::Stale);
        }
        if Self::collides(orders, order) {
            return Err(StoreError::SlotTaken);
        }
        orders.insert(
            order.id.clone(),
            Order {
                version: order.version + 1,
                ..order.clone()
            },
        );
        Ok(())
    }

    /// The SQL stores' unique (therapist, slot) key, in memory.
    fn collides(orders: &HashMap<OrderId, Order>, order: &Order) -> bool {
        let Some(hold) = order.therapist_hold() else {
            return false;
        };
        orders.values().filter(|o| o.id != order.id).any(|o| {
            o.therapist_hold().is_some_and(|h| {
                h.therapist_id == hold.therapist_id
                    && h.slots.iter().any(|s| hold.slots.contains(s))
            })
        })
    }
}

#[async_trait]
impl OrderStore for Store {
    async fn insert(
        &self,
        order: &Order,
        claim: Option<&KeyClaim>,
        cap: UnpaidCap,
    ) -> Result<(), StoreError> {
        if Self::collides(&self.orders.lock().unwrap(), order) {
            return Err(StoreError::SlotTaken);
        }
        let (held, massage) = {
            let orders = self.orders.lock().unwrap();
            let unpaid: Vec<&Order> = orders
                .values()
                .filter(|o| o.owner == order.owner && o.state.is_unpaid())
                .collect();
            let massage = unpaid
                .iter()
                .filter(|o| o.category == Category::DragonMassage)
                .count();
            (unpaid.len() as u32, massage as u32)
        };
        if !cap.admits(held, massage, order) {
            return Err(StoreError::TooManyUnpaid);
        }
        let mut keys = self.keys.lock().unwrap();
        if let Some(c) = claim {
            if keys.iter().any(|k| k.owner == c.owner && k.key == c.key) {
                return Err(StoreError::KeyTaken);
            }
            keys.push(c.clone());
        }
        self.orders
            .lock()
            .unwrap()
            .insert(order.id.clone(), order.clone());
        Ok(())
    }
    async fn claim(&self, owner: &UserId, key: &IdempotencyKey) -> DomainResult<Option<KeyClaim>> {
        Ok(self
            .keys
            .lock()
            .unwrap()
            .iter()
            .find(|k| &k.owner == owner && &k.key == key)
            .cloned())
    }
    async fn get(&self, id: &OrderId) -> DomainResult<Option<Order>> {
        Ok(self.orders.lock().unwrap().get(id).cloned())
    }
    async fn save(&self, order: &Order) -> Result<(), StoreError> {
        self.save_now(order)
    }
    async fn begin(&self) -> DomainResult<Unit> {
        Ok(Unit::new(super::MemWork::default()))
    }
    async fn save_in(&self, unit: &mut Unit, order: &Order) -> Result<(), StoreError> {
        // Checked now on a copy, as the SQL store's write would fail now; kept at the commit.
        Self::save_into(&mut self.orders.lock().unwrap().clone(), order)?;
        let (orders, order) = (self.orders.clone(), order.clone());
        super::MemWork::of(unit).then(move || {
            Self::save_into(&mut orders.lock().unwrap(), &order)
                .map_err(|e| crate::DomainError::Unavailable(format!("{e:?}")))
        });
        Ok(())
    }
    async fn save_audited_in(
        &self,
        unit: &mut Unit,
        order: &Order,
        _: &crate::audit::AuditEntry,
    ) -> Result<(), StoreError> {
        self.save_in(unit, order).await
    }
    async fn list(
        &self,
        owner: Option<&UserId>,
        f: &OrderFilter,
        _: &PageRequest,
    ) -> DomainResult<Page<Order>> {
        let items = self
            .orders
            .lock()
            .unwrap()
            .values()
            .filter(|o| owner.is_none_or(|owner| &o.owner == owner))
            .filter(|o| f.states.is_empty() || f.states.contains(&o.state))
            .filter(|o| f.category.is_none_or(|c| c == o.category))
            .filter(|o| {
                let start = o.details.start().instant();
                f.starts_after.is_none_or(|t| start > t)
                    && f.starts_before.is_none_or(|t| start < t)
            })
            .cloned()
            .collect();
        Ok(Page {
            items,
            next_token: None,
        })
    }
    async fn due_for_expiry(&self, now: DateTime<Utc>, _: u32) -> DomainResult<Vec<OrderId>> {
        Ok(self
            .orders
            .lock()
            .unwrap()
            .values()
            .filter(|o| o.state.is_unpaid() && o.expires_at <= now)
            .map(|o| o.id.clone())
            .collect())
    }
    async fn busy_therapists(
        &self,
        slots: &[DateTime<Utc>],
        except: Option<&OrderId>,
    ) -> DomainResult<Vec<String>> {
        Ok(self
            .orders
            .lock()
            .unwrap()
            .values()
            .filter(|o| Some(&o.id) != except)
            .filter_map(Order::therapist_hold)
            .filter(|h| h.slots.iter().any(|s| slots.contains(s)))
            .map(|h| h.therapist_id)
            .collect())
    }
    async fn purge_keys(&self, before: DateTime<Utc>) -> DomainResult<u64> {
        self.keys.lock().unwrap().retain(|k| k.created_at >= before);
        Ok(0)
    }
}

/// Favourites in memory.
#[derive(Default)]
pub(crate) struct Favorites(pub Mutex<HashMap<UserId, Vec<String>>>);

#[async_trait]
impl FavoriteStore for Favorites {
    async fn get(&self, owner: &UserId) -> DomainResult<Vec<String>> {
        Ok(self
            .0
            .lock()
            .unwrap()
            .get(owner)
            .cloned()
            .unwrap_or_default())
    }
    async fn replace(&self, owner: &UserId, ids: &[String]) -> DomainResult<()> {
        self.0.lock().unwrap().insert(owner.clone(), ids.to_vec());
        Ok(())
    }
}

/// An order service on in-memory ports, with a shuttle plan, a 90-minute massage plan and three
/// therapists (one retired), and handles on its ports.
pub(crate) struct Setup {
    pub svc: OrderService,
    pub clock: Arc<FixedClock>,
    pub store: Arc<Store>,
    pub favorites: Arc<Favorites>,
    pub media: MediaService,
    pub catalog: CatalogService,
    /// The promo codes' store, which the order service gives uses back to.
    pub promos: Arc<super::promotions::MemoryPromos>,
}

pub(crate) fn setup() -> Setup {
    let mut retired = therapist("t-retired");
    retired.active = false;
    let catalog = CatalogService::new(Arc::new(Catalog::with(
        vec![
            plan("shuttle-sgn-4", Category::Shuttle, 380_000),
            plan("massage-90", Category::DragonMassage, 450_000),
        ],
        vec![therapist("t-lan"), therapist("t-mai"), retired],
    )));
    let clock = Arc::new(FixedClock::at(now()));
    let store = Arc::new(Store::default());
    let favorites = Arc::new(Favorites::default());
    let media = super::media(Default::default(), Default::default(), now());
    let promos = Arc::new(super::promotions::MemoryPromos::default());
    let svc = OrderService::new(
        catalog.clone(),
        store.clone(),
        clock.clone(),
        Arc::new(Sequence::default()),
        OrderPolicy::default(),
        MassagePorts {
            favorites: favorites.clone(),
            media: media.clone(),
        },
        Arc::new(crate::promotions::PromoClaims(promos.clone())),
    );
    Setup {
        svc,
        clock,
        store,
        favorites,
        media,
        catalog,
        promos,
    }
}
