//! The partners' service on the in-memory stores: who may do what, and what each step writes.

use std::sync::Arc;

use chrono::Duration;

use super::*;
use crate::DomainError;
use crate::audit::Staff;
use crate::identity::{Principal, Role};
use crate::jobs::*;
use crate::ordering::{Contact, GuideLanguage, Order, OrderState, OrderStore, ServiceDetails};
use crate::partners::*;
use crate::shared::{Phone, UserId};
use crate::testing::{Partners, Sequence, draft_order, setup};

fn id(s: &str) -> UserId {
    UserId::parse(s).unwrap()
}

fn phone(n: &str) -> Phone {
    Phone::parse("84", n).unwrap()
}

fn driver(user: &str, seats: u32) -> Partner {
    let vehicle = Vehicle::new("white Toyota Innova", &format!("51A-{user}"), seats).unwrap();
    let languages = vec![GuideLanguage::Vietnamese];
    Partner::new(
        id(user),
        PartnerKind::Driver,
        &format!("Tài xế {user}"),
        phone("901234567"),
        languages,
        Some(vehicle),
        None,
        crate::testing::now(),
    )
    .unwrap()
}

fn ops() -> Staff {
    Staff::Operator {
        user_id: id("ops"),
        email: "lan@ops.example".into(),
        name: "Lan".into(),
        admin: false,
    }
}

struct World {
    svc: JobService,
    partners: PartnerService,
    /// The partners' and jobs' store, in memory.
    store: Arc<Partners>,
    orders: Arc<crate::testing::Store>,
    clock: Arc<crate::testing::FixedClock>,
}

/// A paid shuttle for three on 2026-11-25 10:00 (`BK261122-x`), with the traveller's phone;
/// drivers a and b (seven seats), c (four), and d (disabled).
fn world() -> World {
    let s = setup();
    let store = Arc::new(Partners::seeing(&s.store));
    for p in [driver("a", 7), driver("b", 7), driver("c", 2)] {
        store.put(p);
    }
    let mut off = driver("d", 7);
    off.active = false;
    store.put(off);
    s.store.put(paid_at(draft_order(), "BK261122-x", 0));
    let random = Arc::new(Sequence::default());
    let partners = PartnerService::new(
        store.clone(),
        Arc::new(TakenJobs(store.clone())),
        s.catalog.clone(),
        s.clock.clone(),
        random.clone(),
    );
    let svc = JobService::new(
        store.clone(),
        partners.clone(),
        s.store.clone(),
        s.catalog.clone(),
        crate::testing::media(Arc::default(), Arc::default(), crate::testing::now()),
        s.clock.clone(),
        random,
    );
    World {
        svc,
        partners,
        store,
        orders: s.store,
        clock: s.clock,
    }
}

/// `order`, paid, with id `order_id`, `hours` after its own start, for three with a phone.
fn paid_at(mut order: Order, order_id: &str, hours: i64) -> Order {
    order.id = crate::ordering::OrderId::parse(order_id).unwrap();
    order.state = OrderState::Paid;
    order.contact = Some(Contact::new("王小明", phone("912345678"), None).unwrap());
    if let ServiceDetails::Shuttle(d) = &mut order.details {
        d.passengers = 3;
        d.start = crate::shared::LocalTime::of(d.start.instant() + Duration::hours(hours));
    }
    order
}

fn order_id() -> crate::ordering::OrderId {
    crate::ordering::OrderId::parse("BK261122-x").unwrap()
}

async fn partner(w: &World, user: &str) -> Partner {
    w.store.partner(&id(user)).await.unwrap().unwrap()
}

/// The order's job, offered to `user` alone and accepted by them.
async fn taken_by(w: &World, user: &str) -> PartnerJob {
    w.svc
        .offer(&ops(), &order_id(), Offering::One(id(user)))
        .await
        .unwrap();
    w.svc
        .accept(&partner(w, user).await, &order_id())
        .await
        .unwrap()
}

use crate::testing::refusal_code as code;

fn admin() -> Staff {
    Staff::Operator {
        user_id: id("boss"),
        email: "mai@ops.example".into(),
        name: "Mai".into(),
        admin: true,
    }
}

fn shift(days: &[&str], from: &str, until: &str) -> crate::catalog::Shift {
    let days: Vec<String> = days.iter().map(|d| (*d).to_owned()).collect();
    crate::catalog::Shift::parse(&days, from, until).unwrap()
}

fn date(s: &str) -> chrono::NaiveDate {
    s.parse().unwrap()
}

mod automatic;
mod dispatch;
mod flights;
mod partners;
mod work;
