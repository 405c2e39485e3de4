use chrono::{DateTime, TimeZone, Utc};
use proptest::prelude::*;

use super::*;
use crate::catalog::Category;
use crate::pricing::LEAST_TOTAL;
use crate::shared::{LocalTime, Money};

fn at(local: &str) -> LocalTime {
    LocalTime::parse("at", local).unwrap()
}

/// 2026-12-01 10:00 in Vietnam.
fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 3, 0, 0).unwrap()
}

fn rules(discount: Discount) -> PromoRules {
    PromoRules {
        discount,
        min_spend: Money::vnd(500_000),
        categories: vec![Category::Shuttle],
        plans: vec![],
        valid_from: at("2026-12-01T00:00"),
        valid_until: at("2027-01-01T00:00"),
        total_uses: Some(100),
        uses_per_customer: 1,
        first_order_only: false,
    }
}

fn code(rules: PromoRules) -> PromoCode {
    PromoCode {
        code: PromoCodeId::parse("tet2027").unwrap(),
        rules,
        active: true,
    }
}

fn shuttle(subtotal: i64) -> Purchase<'static> {
    Purchase {
        category: Category::Shuttle,
        plan_id: "sgn-7seat",
        subtotal: Money::vnd(subtotal),
        at: now(),
    }
}

fn refusal(r: Result<Money, crate::error::Message>) -> &'static str {
    r.unwrap_err().code
}

#[test]
fn codes_are_read_in_capitals_and_held_to_their_form() {
    assert_eq!(
        PromoCodeId::parse(" tet-2027 ").unwrap().as_str(),
        "TET-2027"
    );
    for bad in [
        "ab",
        "tết2027",
        "TET 2027",
        "x".repeat(CODE_MAX + 1).as_str(),
        "=1+1",
        "-TET2027",
    ] {
        assert!(PromoCodeId::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_percent_is_rounded_to_a_thousand_and_held_to_its_cap() {
    let tenth = code(rules(Discount::Percent {
        percent: 10,
        cap: Some(Money::vnd(100_000)),
    }));
    assert_eq!(
        tenth.discount_for(&shuttle(655_000), &Uses::default()),
        Ok(Money::vnd(66_000))
    );
    assert_eq!(
        tenth.discount_for(&shuttle(2_000_000), &Uses::default()),
        Ok(Money::vnd(100_000))
    );
    let fixed = code(rules(Discount::Fixed(Money::vnd(150_000))));
    assert_eq!(
        fixed.discount_for(&shuttle(800_000), &Uses::default()),
        Ok(Money::vnd(150_000))
    );
}

#[test]
fn a_discount_never_makes_a_service_free() {
    let mut r = rules(Discount::Percent {
        percent: 100,
        cap: None,
    });
    r.min_spend = Money::ZERO;
    assert_eq!(
        code(r.clone()).discount_for(&shuttle(500_000), &Uses::default()),
        Ok(Money::vnd(499_000))
    );
    r.discount = Discount::Fixed(Money::vnd(900_000));
    assert_eq!(
        code(r).discount_for(&shuttle(500_000), &Uses::default()),
        Ok(Money::vnd(499_000))
    );
}

#[test]
fn each_refusal_names_the_rule_the_customer_met() {
    let c = code(rules(Discount::Fixed(Money::vnd(50_000))));
    let fresh = Uses::default();
    let early = Purchase {
        at: Utc.with_ymd_and_hms(2026, 11, 30, 16, 59, 0).unwrap(),
        ..shuttle(800_000)
    };
    assert_eq!(refusal(c.discount_for(&early, &fresh)), "promo.not_yet");
    let late = Purchase {
        at: at("2027-01-01T00:00").instant(),
        ..shuttle(800_000)
    };
    assert_eq!(refusal(c.discount_for(&late, &fresh)), "promo.expired");
    let massage = Purchase {
        category: Category::DragonMassage,
        ..shuttle(800_000)
    };
    assert_eq!(
        refusal(c.discount_for(&massage, &fresh)),
        "promo.not_for_plan"
    );
    let used = Uses {
        by_customer: 1,
        ..fresh
    };
    assert_eq!(
        refusal(c.discount_for(&shuttle(800_000), &used)),
        "promo.already_used"
    );
    let gone = Uses {
        total: 100,
        ..fresh
    };
    assert_eq!(
        refusal(c.discount_for(&shuttle(800_000), &gone)),
        "promo.used_up"
    );
    let short = c.discount_for(&shuttle(499_000), &fresh).unwrap_err();
    assert_eq!(short.code, "promo.minimum");
    assert_eq!(short.arg("min"), Some(&crate::error::Arg::Money(500_000)));
    let mut first = c.clone();
    first.rules.first_order_only = true;
    let returning = Uses {
        has_ordered: true,
        ..fresh
    };
    assert_eq!(
        refusal(first.discount_for(&shuttle(800_000), &returning)),
        "promo.first_order_only"
    );
    let mut off = c.clone();
    off.active = false;
    assert_eq!(
        refusal(off.discount_for(&shuttle(800_000), &fresh)),
        "promo.unknown"
    );
    let mut one_plan = c;
    one_plan.rules.plans = vec!["sgn-16seat".into()];
    assert_eq!(
        refusal(one_plan.discount_for(&shuttle(800_000), &fresh)),
        "promo.not_for_plan"
    );
}

#[test]
fn rules_that_could_not_be_applied_are_refused_by_field() {
    let field = |r: PromoRules| match r.validate() {
        Err(crate::DomainError::InvalidArgument { field, .. }) => field,
        other => panic!("{other:?}"),
    };
    let ok = rules(Discount::Fixed(Money::vnd(50_000)));
    assert_eq!(ok.validate(), Ok(()));
    let pct = |percent| rules(Discount::Percent { percent, cap: None });
    assert_eq!(field(pct(0)), "percent");
    assert_eq!(field(pct(101)), "percent");
    assert_eq!(field(rules(Discount::Fixed(Money::vnd(50_500)))), "amount");
    assert_eq!(field(rules(Discount::Fixed(Money::ZERO))), "amount");
    let mut backwards = ok.clone();
    backwards.valid_until = backwards.valid_from;
    assert_eq!(field(backwards), "valid_until");
    let mut none = ok.clone();
    none.uses_per_customer = 0;
    assert_eq!(field(none), "uses");
    let mut negative = ok;
    negative.min_spend = Money::vnd(-1);
    assert_eq!(field(negative), "min_spend");
}

fn any_discount() -> impl Strategy<Value = Discount> {
    prop_oneof![
        (1u32..=100, proptest::option::of(1i64..=2_000)).prop_map(|(percent, cap)| {
            Discount::Percent {
                percent,
                cap: cap.map(|c| Money::vnd(c * 1_000)),
            }
        }),
        (1i64..=5_000).prop_map(|k| Discount::Fixed(Money::vnd(k * 1_000))),
    ]
}

proptest! {
    #[test]
    fn a_discount_is_whole_thousands_within_its_cap_and_leaves_the_least_total(
        discount in any_discount(),
        subtotal_k in 1i64..=20_000,
        min_k in 0i64..=5_000,
    ) {
        let mut r = rules(discount);
        r.min_spend = Money::vnd(min_k * 1_000);
        let subtotal = Money::vnd(subtotal_k * 1_000);
        match code(r).discount_for(&shuttle(subtotal.amount()), &Uses::default()) {
            Ok(off) => {
                prop_assert!(off.amount() >= 0);
                prop_assert_eq!(off.amount() % 1_000, 0);
                prop_assert!(subtotal.amount() - off.amount() >= LEAST_TOTAL.amount());
                if let Discount::Percent { cap: Some(cap), .. } = discount {
                    prop_assert!(off <= cap);
                }
                if let Discount::Fixed(amount) = discount {
                    prop_assert!(off <= amount);
                }
            }
            Err(m) => {
                prop_assert_eq!(m.code, "promo.minimum");
                prop_assert!(min_k > subtotal_k);
            }
        }
    }

    #[test]
    fn a_code_is_never_granted_past_its_limits(
        total in 1u32..=50,
        per in 1u32..=5,
        used in 0u32..=60,
        mine in 0u32..=6,
    ) {
        let mut r = rules(Discount::Fixed(Money::vnd(10_000)));
        r.total_uses = Some(total);
        r.uses_per_customer = per;
        let uses = Uses { total: used, by_customer: mine, has_ordered: false };
        let granted = code(r).discount_for(&shuttle(800_000), &uses).is_ok();
        prop_assert_eq!(granted, used < total && mine < per);
    }
}

mod service {
    use std::sync::Arc;

    use super::*;
    use crate::audit::Staff;
    use crate::catalog::PlanId;
    use crate::ordering::{Contact, NewOrder, Order, OrderId, OrderState, OrderStore, Revision};
    use crate::pricing::LineKind;
    use crate::shared::{Phone, Unit, UserId};
    use crate::testing::{FixedClock, MemWork, MemoryPromos, Sequence, Setup, refusal_code, setup};

    fn admin() -> Staff {
        Staff::Shell {
            name: "admin".into(),
        }
    }

    fn operator() -> Staff {
        Staff::Service {
            key_id: "k1".into(),
            name: "dispatch".into(),
            admin: false,
        }
    }

    fn world() -> (PromoService, Arc<MemoryPromos>) {
        let store = Arc::new(MemoryPromos::default());
        let svc = PromoService::new(
            store.clone(),
            Arc::new(crate::testing::Store::default()),
            Arc::new(FixedClock::at(now())),
            Arc::new(Sequence::default()),
        );
        (svc, store)
    }

    /// The order service's world (its clock at `testing::now`, a 380,000 VND shuttle plan) with
    /// a promo service on the same stores, and Ann's order awaiting payment.
    async fn shop() -> (Setup, PromoService, Order) {
        let s = setup();
        let promos = PromoService::new(
            s.promos.clone(),
            s.store.clone(),
            s.clock.clone(),
            Arc::new(Sequence::default()),
        );
        let new = NewOrder {
            language: Default::default(),
            details: crate::testing::shuttle(),
            contact: Some(
                Contact::new("王小明", Phone::parse("+886", "912345678").unwrap(), None).unwrap(),
            ),
            note: String::new(),
        };
        let plan = PlanId::parse("shuttle-sgn-4").unwrap();
        let order = s
            .svc
            .create(&ann(), Category::Shuttle, &plan, new, None)
            .await
            .unwrap();
        (s, promos, order)
    }

    /// A code for any shuttle from November, `percent` off.
    async fn open_code(promos: &PromoService, name: &str, percent: u32, total: Option<u32>) {
        let mut r = rules(Discount::Percent { percent, cap: None });
        r.valid_from = at("2026-11-01T00:00");
        r.min_spend = Money::ZERO;
        r.total_uses = total;
        let mut c = code(r);
        c.code = PromoCodeId::parse(name).unwrap();
        promos.create(&admin(), &c).await.unwrap();
    }

    fn standing(store: &MemoryPromos, order: &OrderId) -> Option<String> {
        let books = store.books.lock().unwrap();
        books
            .uses
            .get(order)
            .filter(|(_, back)| back.is_none())
            .map(|(u, _)| u.code.as_str().to_owned())
    }

    fn ann() -> UserId {
        UserId::parse("ann").unwrap()
    }

    #[tokio::test]
    async fn admins_keep_the_codes_and_every_change_is_audited() {
        let (svc, store) = world();
        let c = code(rules(Discount::Fixed(Money::vnd(50_000))));
        let refused = svc.create(&operator(), &c).await.unwrap_err();
        assert_eq!(refusal_code(refused), "staff.admin_only");
        svc.create(&admin(), &c).await.unwrap();
        assert_eq!(
            refusal_code(svc.create(&admin(), &c).await.unwrap_err()),
            "promo.exists"
        );
        let mut off = c.clone();
        off.active = false;
        svc.save(&admin(), &off).await.unwrap();
        let mut bad = off.clone();
        bad.rules.uses_per_customer = 0;
        assert!(matches!(
            svc.save(&admin(), &bad).await,
            Err(crate::DomainError::InvalidArgument { .. })
        ));
        let actions: Vec<String> = store
            .books
            .lock()
            .unwrap()
            .audit
            .iter()
            .map(|a| a.action.clone())
            .collect();
        assert_eq!(actions, ["promo.create", "promo.update"]);
        assert_eq!(svc.list(&admin()).await.unwrap()[0].code, off);
    }

    #[tokio::test]
    async fn a_quote_is_the_code_s_discount_or_the_rule_s_words() {
        let (svc, store) = world();
        let c = code(rules(Discount::Percent {
            percent: 10,
            cap: None,
        }));
        svc.create(&admin(), &c).await.unwrap();
        let (found, off) = svc
            .quote(&ann(), " tet2027 ", &shuttle(800_000))
            .await
            .unwrap();
        assert_eq!((found.code.as_str(), off), ("TET2027", Money::vnd(80_000)));
        let unknown = svc
            .quote(&ann(), "NOPE", &shuttle(800_000))
            .await
            .unwrap_err();
        assert_eq!(refusal_code(unknown), "promo.unknown");
        let malformed = svc
            .quote(&ann(), "=1", &shuttle(800_000))
            .await
            .unwrap_err();
        assert_eq!(refusal_code(malformed), "promo.code_format");

        // Ann's one use taken with an order: the next quote says so; given back, it is hers again.
        let mut unit = Unit::new(MemWork::default());
        let used = PromoUse {
            code: found.code.clone(),
            order: OrderId::parse("BK-1").unwrap(),
            customer: ann(),
            discount: off,
            at: now(),
        };
        store.take(&mut unit, &used).await.unwrap();
        unit.commit().await.unwrap();
        let again = svc
            .quote(&ann(), "TET2027", &shuttle(800_000))
            .await
            .unwrap_err();
        assert_eq!(refusal_code(again), "promo.already_used");
        let mut unit = Unit::new(MemWork::default());
        assert!(
            store
                .give_back(&mut unit, &used.order, now())
                .await
                .unwrap()
        );
        unit.commit().await.unwrap();
        assert!(
            svc.quote(&ann(), "TET2027", &shuttle(800_000))
                .await
                .is_ok()
        );
    }

    #[tokio::test]
    async fn a_code_on_an_unpaid_order_is_its_own_line_and_one_use() {
        let (s, promos, order) = shop().await;
        open_code(&promos, "TENOFF", 10, Some(5)).await;
        open_code(&promos, "FIVEOFF", 5, None).await;
        let subtotal = order.estimate.total;

        let with = promos.apply(&ann(), &order.id, " tenoff ").await.unwrap();
        let line = with.estimate.lines.last().unwrap();
        assert_eq!(line.kind, LineKind::Promo);
        let off = Money::vnd((subtotal.amount() / 10 / 1_000) * 1_000);
        assert_eq!(line.amount, Money::vnd(-off.amount()));
        assert_eq!(
            with.estimate.total,
            Money::vnd(subtotal.amount() - off.amount())
        );
        assert_eq!(with.estimate.subtotal(), subtotal);
        assert_eq!(standing(&s.promos, &order.id).as_deref(), Some("TENOFF"));
        // Kept: the order as stored carries the line.
        let kept = s.store.get(&order.id).await.unwrap().unwrap();
        assert_eq!(kept.estimate, with.estimate);

        // The same code again changes nothing; another takes its place and gives the first back.
        let again = promos.apply(&ann(), &order.id, "TENOFF").await.unwrap();
        assert_eq!(again.version, with.version);
        let five = promos.apply(&ann(), &order.id, "FIVEOFF").await.unwrap();
        assert_eq!(five.estimate.promo().unwrap().0, "FIVEOFF");
        assert_eq!(standing(&s.promos, &order.id).as_deref(), Some("FIVEOFF"));
        assert_eq!(
            promos.list(&admin()).await.unwrap()[0].used,
            0,
            "TENOFF given back"
        );

        // Taken off: the price is the plan's again and the use is back.
        let none = promos.remove(&ann(), &order.id).await.unwrap();
        assert_eq!(none.estimate.total, subtotal);
        assert_eq!(standing(&s.promos, &order.id), None);

        // Another customer's order is not found; a code that is none is refused in words.
        let bob = UserId::parse("bob").unwrap();
        let theirs = promos.apply(&bob, &order.id, "TENOFF").await.unwrap_err();
        assert_eq!(refusal_code(theirs), "not_found");
        let unknown = promos.apply(&ann(), &order.id, "NOPE").await.unwrap_err();
        assert_eq!(refusal_code(unknown), "promo.unknown");
    }

    #[tokio::test]
    async fn an_order_that_ends_unpaid_or_changes_what_it_buys_gives_the_use_back() {
        let (s, promos, order) = shop().await;
        open_code(&promos, "TENOFF", 10, Some(5)).await;

        // The same details sent again (step 2 does) keep the code.
        promos.apply(&ann(), &order.id, "TENOFF").await.unwrap();
        let same = Revision {
            details: Some(crate::testing::shuttle()),
            ..Default::default()
        };
        let kept = s.svc.update(&ann(), None, &order.id, same).await.unwrap();
        assert_eq!(kept.estimate.promo().unwrap().0, "TENOFF");
        assert_eq!(standing(&s.promos, &order.id).as_deref(), Some("TENOFF"));
        // Other details are another purchase: the code is off, its use given back.
        let mut details = crate::testing::shuttle();
        if let crate::ordering::ServiceDetails::Shuttle(d) = &mut details {
            d.passengers = 2;
        }
        let other = Revision {
            details: Some(details),
            ..Default::default()
        };
        let changed = s.svc.update(&ann(), None, &order.id, other).await.unwrap();
        assert_eq!(changed.estimate.promo(), None);
        assert_eq!(standing(&s.promos, &order.id), None);

        // Cancelled unpaid, it gives the use back.
        promos.apply(&ann(), &order.id, "TENOFF").await.unwrap();
        let cancelled = s
            .svc
            .cancel(&ann(), &order.id, "plans changed")
            .await
            .unwrap();
        assert_eq!(cancelled.state, OrderState::Cancelled);
        assert_eq!(standing(&s.promos, &order.id), None);

        // Lapsed, too.
        let (s, promos, order) = shop().await;
        open_code(&promos, "TENOFF", 10, Some(5)).await;
        promos.apply(&ann(), &order.id, "TENOFF").await.unwrap();
        *s.clock.0.lock().unwrap() = order.expires_at + chrono::Duration::minutes(1);
        assert_eq!(s.svc.expire_due(10).await.unwrap(), 1);
        assert_eq!(standing(&s.promos, &order.id), None);
        // And a lapsed order takes no code.
        let late = promos.apply(&ann(), &order.id, "TENOFF").await.unwrap_err();
        assert_eq!(refusal_code(late), "order.state_forbids");
    }

    #[tokio::test]
    async fn a_price_fixed_by_an_open_payment_takes_no_code() {
        let (s, promos, mut order) = shop().await;
        open_code(&promos, "TENOFF", 10, None).await;
        order.payment_opened_at = Some(crate::testing::now());
        s.store.save(&order).await.unwrap();
        let refused = promos.apply(&ann(), &order.id, "TENOFF").await.unwrap_err();
        assert_eq!(refusal_code(refused), "order.payment_open");
        assert_eq!(standing(&s.promos, &order.id), None);
    }
}
