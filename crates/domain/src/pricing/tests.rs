use chrono::NaiveTime;
use proptest::prelude::*;

use super::*;
use crate::catalog::{BookingWindow, Category, ExtraPerson, NightSurcharge, PriceRules, Rate};
use crate::error::{Message, msg};
use crate::shared::{LocalTime, Money};

fn hm(h: u32, m: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).unwrap()
}

/// A charter-like price list with every kind of extra.
pub(crate) fn full_rules() -> PriceRules {
    PriceRules {
        rates: vec![
            Rate {
                minutes: 240,
                price: Money::vnd(1_200_000),
            },
            Rate {
                minutes: 480,
                price: Money::vnd(1_900_000),
            },
        ],
        night: Some(NightSurcharge {
            from: hm(22, 0),
            until: hm(6, 0),
            percent: 15,
        }),
        extra_hour: Some(Money::vnd(250_000)),
        max_extra_hours: 4,
        people_included: 2,
        max_people: 6,
        extra_person: Some(ExtraPerson::Flat(Money::vnd(50_000))),
        child_seat: Some(Money::vnd(100_000)),
        extra_stop: Some(Money::vnd(80_000)),
        max_extra_stops: 3,
        chinese_speaking: Some(Money::vnd(300_000)),
        booking: BookingWindow {
            lead_time_minutes: 240,
            horizon_days: 180,
        },
        payout: Default::default(),
        seasons: vec![],
        category_seasons: vec![],
    }
}

fn quote(start: &str) -> Quote {
    Quote {
        start: LocalTime::parse("start", start).unwrap(),
        minutes: 240,
        extra_hours: 0,
        people: 1,
        child_seats: 0,
        extra_stops: 0,
        chinese_speaking: false,
    }
}

#[test]
fn a_plain_quote_is_the_rate_alone() {
    let e = estimate(Category::Charter, &full_rules(), &quote("2026-12-01T09:00")).unwrap();
    assert_eq!(e.lines.len(), 1);
    assert_eq!(e.lines[0].kind, LineKind::Base);
    assert_eq!(e.total, Money::vnd(1_200_000));
}

#[test]
fn every_extra_is_a_line_and_the_total_adds_up() {
    let q = Quote {
        minutes: 480,
        extra_hours: 2,
        people: 4,
        child_seats: 1,
        extra_stops: 2,
        chinese_speaking: true,
        ..quote("2026-12-01T23:30")
    };
    let e = estimate(Category::Charter, &full_rules(), &q).unwrap();
    let by_kind = |k: LineKind| {
        e.lines
            .iter()
            .find(|l| l.kind == k)
            .map(|l| l.amount.amount())
    };
    assert_eq!(by_kind(LineKind::Base), Some(1_900_000));
    assert_eq!(by_kind(LineKind::Night), Some(285_000), "15% of the rate");
    assert_eq!(by_kind(LineKind::ExtraHours), Some(500_000));
    assert_eq!(
        by_kind(LineKind::ExtraPeople),
        Some(100_000),
        "two beyond the two included"
    );
    assert_eq!(by_kind(LineKind::ChildSeats), Some(100_000));
    assert_eq!(by_kind(LineKind::ExtraStops), Some(160_000));
    assert_eq!(by_kind(LineKind::ChineseSpeaking), Some(300_000));
    assert_eq!(e.total, Money::vnd(3_345_000));
}

#[test]
fn the_night_window_wraps_midnight_and_ends_before_its_last_minute() {
    let rules = full_rules();
    let night = |t: &str| {
        estimate(Category::Charter, &rules, &quote(t))
            .unwrap()
            .lines
            .iter()
            .any(|l| l.kind == LineKind::Night)
    };
    assert!(night("2026-12-01T22:00"));
    assert!(night("2026-12-02T05:59"));
    assert!(!night("2026-12-02T06:00"));
    assert!(!night("2026-12-01T21:59"));
}

#[test]
fn a_second_therapist_costs_a_share_of_the_rate() {
    let rules = PriceRules {
        rates: vec![
            Rate {
                minutes: 60,
                price: Money::vnd(450_000),
            },
            Rate {
                minutes: 90,
                price: Money::vnd(620_000),
            },
        ],
        people_included: 1,
        max_people: 2,
        extra_person: Some(ExtraPerson::PercentOfRate(100)),
        ..full_rules()
    };
    let q = Quote {
        minutes: 90,
        people: 2,
        ..quote("2026-12-01T20:00")
    };
    let e = estimate(Category::DragonMassage, &rules, &q).unwrap();
    assert_eq!(e.total, Money::vnd(1_240_000));
    assert_eq!(
        e.lines[0].label,
        msg("line.massage.minutes").with("minutes", 90)
    );
    assert_eq!(e.lines[1].label, msg("line.extra_therapist"));
}

#[test]
fn what_has_no_price_is_refused_with_its_field() {
    let rules = full_rules();
    let field = |q: Quote| match estimate(Category::Charter, &rules, &q) {
        Err(crate::DomainError::InvalidArgument { field, .. }) => field,
        other => panic!("expected a field error, got {other:?}"),
    };
    assert_eq!(
        field(Quote {
            minutes: 300,
            ..quote("2026-12-01T09:00")
        }),
        "details.duration_minutes"
    );
    assert_eq!(
        field(Quote {
            extra_hours: 5,
            ..quote("2026-12-01T09:00")
        }),
        "details.extra_hours"
    );
    assert_eq!(
        field(Quote {
            extra_stops: 4,
            ..quote("2026-12-01T09:00")
        }),
        "details.extra_stops"
    );
    let no_seats = PriceRules {
        child_seat: None,
        ..full_rules()
    };
    assert!(
        estimate(
            Category::Charter,
            &no_seats,
            &Quote {
                child_seats: 1,
                ..quote("2026-12-01T09:00")
            }
        )
        .is_err()
    );
}

#[test]
fn percentages_round_half_up_to_thousands() {
    let rules = PriceRules {
        rates: vec![Rate {
            minutes: 0,
            price: Money::vnd(255_000),
        }],
        night: Some(NightSurcharge {
            from: hm(22, 0),
            until: hm(6, 0),
            percent: 10,
        }),
        ..full_rules()
    };
    let q = Quote {
        minutes: 0,
        ..quote("2026-12-01T23:00")
    };
    let e = estimate(Category::Shuttle, &rules, &q).unwrap();
    assert_eq!(e.lines[1].amount, Money::vnd(26_000), "25,500 rounds up");
}

#[test]
fn the_catalogue_refuses_inconsistent_price_lists() {
    assert_eq!(full_rules().validate(Category::Charter), Ok(()));
    let shorter_costs_more = PriceRules {
        rates: vec![
            Rate {
                minutes: 240,
                price: Money::vnd(2_000_000),
            },
            Rate {
                minutes: 480,
                price: Money::vnd(1_900_000),
            },
        ],
        ..full_rules()
    };
    assert!(shorter_costs_more.validate(Category::Charter).is_err());
    assert!(
        full_rules().validate(Category::Shuttle).is_err(),
        "a transfer has one rate of 0 minutes"
    );
    let negative = PriceRules {
        child_seat: Some(Money::vnd(-1)),
        ..full_rules()
    };
    assert!(negative.validate(Category::Charter).is_err());
    let no_horizon = PriceRules {
        booking: BookingWindow {
            lead_time_minutes: 60,
            horizon_days: 0,
        },
        ..full_rules()
    };
    assert!(no_horizon.validate(Category::Charter).is_err());
}

#[test]
fn options_show_the_extras_the_rules_sell() {
    let codes: Vec<String> = full_rules()
        .options(Category::Charter)
        .into_iter()
        .map(|o| o.code)
        .collect();
    assert_eq!(
        codes,
        [
            "chinese-speaking",
            "child-seat",
            "extra-stop",
            "extra-hour",
            "extra-person",
            "night"
        ]
    );
}

fn arb_rules() -> impl Strategy<Value = PriceRules> {
    (
        prop::collection::btree_map(1u32..=16, 0i64..=5_000_000, 1..4),
        prop::option::of((0u32..24, 0u32..24, 0u32..=100)),
        prop::option::of(0i64..=1_000_000),
        prop::option::of(prop_oneof![
            (0i64..=1_000_000).prop_map(|m| ExtraPerson::Flat(Money::vnd(m))),
            (0u32..=100).prop_map(ExtraPerson::PercentOfRate),
        ]),
        prop::option::of(0i64..=500_000),
        prop::option::of(prop_oneof![
            (1u32..=crate::catalog::SEASON_PERCENT_MAX).prop_map(crate::catalog::Rise::Percent),
            (1i64..=2_000).prop_map(|k| crate::catalog::Rise::Fixed(Money::vnd(k * 1_000))),
        ]),
    )
        .prop_map(|(rates, night, extra_hour, extra_person, extras, rise)| {
            // Rates sorted by length with prices made non-decreasing, as the catalogue requires.
            let mut running = 0;
            let rates = rates
                .into_iter()
                .map(|(half_hours, price)| {
                    running = running.max(price);
                    Rate {
                        minutes: half_hours * 30,
                        price: Money::vnd(running),
                    }
                })
                .collect();
            PriceRules {
                rates,
                night: night
                    .filter(|(f, u, _)| f != u)
                    .map(|(f, u, p)| NightSurcharge {
                        from: hm(f, 0),
                        until: hm(u, 0),
                        percent: p,
                    }),
                extra_hour: extra_hour.map(Money::vnd),
                max_extra_hours: if extra_hour.is_some() { 8 } else { 0 },
                people_included: 2,
                max_people: 10,
                extra_person,
                child_seat: extras.map(Money::vnd),
                extra_stop: extras.map(Money::vnd),
                max_extra_stops: if extras.is_some() { 5 } else { 0 },
                chinese_speaking: extras.map(Money::vnd),
                booking: BookingWindow {
                    lead_time_minutes: 60,
                    horizon_days: 90,
                },
                payout: Default::default(),
                // Around the quotes' day (1 December 2026), when there is one.
                seasons: rise
                    .map(|rise| {
                        crate::catalog::Season::new(day("2026-11-28"), day("2026-12-03"), rise)
                            .unwrap()
                    })
                    .into_iter()
                    .collect(),
                category_seasons: vec![],
            }
        })
}

fn arb_quote(rules: &PriceRules) -> impl Strategy<Value = Quote> + use<> {
    let lengths: Vec<u32> = rules.rates.iter().map(|r| r.minutes).collect();
    let has_extras = rules.child_seat.is_some();
    let max_hours = rules.max_extra_hours;
    (
        prop::sample::select(lengths),
        0u32..24,
        0u32..60,
        0..=max_hours,
        1u32..=10,
        0u32..=if has_extras { 5 } else { 0 },
        any::<bool>(),
    )
        .prop_map(
            |(minutes, h, m, extra_hours, people, extras, chinese)| Quote {
                start: LocalTime::from_naive(
                    chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
                        .unwrap()
                        .and_hms_opt(h, m, 0)
                        .unwrap(),
                ),
                minutes,
                extra_hours,
                people,
                child_seats: extras,
                extra_stops: extras,
                chinese_speaking: chinese,
            },
        )
}

fn rules_and_quote() -> impl Strategy<Value = (PriceRules, Quote)> {
    arb_rules().prop_flat_map(|r| {
        let q = arb_quote(&r);
        (Just(r), q)
    })
}

proptest! {
    #[test]
    fn the_total_is_the_sum_of_the_lines_and_never_negative((rules, q) in rules_and_quote()) {
        let e = estimate(Category::Charter, &rules, &q).unwrap();
        let sum: i64 = e.lines.iter().map(|l| l.amount.amount()).sum();
        prop_assert_eq!(e.total.amount(), sum);
        prop_assert!(e.total.amount() >= 0);
        prop_assert!(e.lines.iter().all(|l| l.amount.amount() >= 0 && l.amount.amount() % 1000 == 0));
        prop_assert_eq!(e.total.amount() % 1000, 0);
    }

    #[test]
    fn a_season_never_makes_a_service_cost_less((rules, q) in rules_and_quote()) {
        let with = estimate(Category::Charter, &rules, &q).unwrap();
        let without = estimate(Category::Charter, &PriceRules { seasons: vec![], ..rules.clone() }, &q).unwrap();
        prop_assert!(with.total >= without.total);
        let seasonal = with.lines.iter().filter(|l| l.kind == LineKind::Season).count();
        prop_assert_eq!(seasonal, usize::from(!rules.seasons.is_empty()));
    }

    #[test]
    fn more_hours_never_cost_less((rules, q) in rules_and_quote()) {
        let now = estimate(Category::Charter, &rules, &q).unwrap().total;
        if q.extra_hours < rules.max_extra_hours {
            let more = Quote { extra_hours: q.extra_hours + 1, ..q };
            prop_assert!(estimate(Category::Charter, &rules, &more).unwrap().total >= now);
        }
        // The next longer length, with the same extras, never costs less either.
        if let Some(longer) = rules.rates.iter().find(|r| r.minutes > q.minutes) {
            let more = Quote { minutes: longer.minutes, ..q };
            prop_assert!(estimate(Category::Charter, &rules, &more).unwrap().total >= now);
        }
    }

    #[test]
    fn a_code_s_line_keeps_the_sum_and_never_takes_the_total_below_the_least(
        (rules, q) in rules_and_quote(),
        off in 0i64..5_000_000,
        again in 0i64..5_000_000,
    ) {
        let plain = estimate(Category::Charter, &rules, &q).unwrap();
        let with = plain.clone().with_promo("TET", Money::vnd(off));
        let sum: i64 = with.lines.iter().map(|l| l.amount.amount()).sum();
        prop_assert_eq!(with.total.amount(), sum);
        prop_assert_eq!(with.subtotal(), plain.total);
        prop_assert!(with.total >= LEAST_TOTAL.min(plain.total));
        prop_assert!(with.total <= plain.total);
        let taken = with.promo().map_or(0, |(_, m)| m.amount());
        prop_assert_eq!(taken, plain.total.amount() - with.total.amount());
        // A second code takes the first one's place; none gives the plan's price back.
        let other = with.clone().with_promo("HE", Money::vnd(again));
        prop_assert!(other.lines.iter().filter(|l| l.kind == LineKind::Promo).count() <= 1);
        prop_assert_eq!(other.subtotal(), plain.total);
        prop_assert_eq!(with.without_promo(), plain);
    }

    #[test]
    fn more_people_or_extras_never_cost_less((rules, q) in rules_and_quote()) {
        let now = estimate(Category::Charter, &rules, &q).unwrap().total;
        let more = Quote { people: q.people + 1, ..q };
        prop_assert!(estimate(Category::Charter, &rules, &more).unwrap().total >= now);
        let zh = Quote { chinese_speaking: true, ..q };
        prop_assert!(estimate(Category::Charter, &rules, &zh).unwrap().total >= now);
    }
}

#[test]
fn a_label_comes_back_from_what_storage_keeps_of_it() {
    for label in [
        msg("line.shuttle"),
        msg("line.charter.hours").with("hours", 4),
        msg("line.massage.minutes").with("minutes", 90),
        msg("line.night").with("percent", 20),
        msg("line.promo").with("code", "TET2027"),
        msg("text.as_is").with("text", "夜間加價 20%"),
    ] {
        assert_eq!(Message::from_stored(&label.stored(), LINE_LABELS), label);
    }
    assert_eq!(
        Message::from_stored("夜間加價 20%", LINE_LABELS),
        msg("text.as_is").with("text", "夜間加價 20%"),
        "words kept before labels were codes"
    );
}

#[test]
fn a_service_is_never_free() {
    let mut rules = full_rules();
    rules.rates[0].price = Money::ZERO;
    let refused = rules.validate(Category::Charter).unwrap_err();
    assert_eq!(
        refused,
        crate::DomainError::invalid(
            "pricing.rates",
            msg("catalog.pricing.rate_min").money("min", Money::vnd(1_000))
        )
    );
    rules.rates[0].price = Money::vnd(1_000);
    rules.child_seat = Some(Money::ZERO);
    assert!(
        rules.validate(Category::Charter).is_ok(),
        "a free extra is fine"
    );
}

fn day(raw: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").unwrap()
}

#[test]
fn a_season_rises_the_rate_on_its_days_only_as_a_line_of_its_own() {
    use crate::catalog::{Rise, Season};
    let mut rules = full_rules();
    rules.seasons = vec![
        // Tết: 50% on the rate from the 5th to the 9th, both included.
        Season::new(day("2027-02-05"), day("2027-02-09"), Rise::Percent(50)).unwrap(),
        // A peak week after it, a fixed sum; the first season listed wins where two cover a day.
        Season::new(
            day("2027-02-09"),
            day("2027-02-15"),
            Rise::Fixed(Money::vnd(200_000)),
        )
        .unwrap(),
    ];
    let priced = |start: &str| estimate(Category::Charter, &rules, &quote(start)).unwrap();
    assert_eq!(priced("2027-02-04T09:00").total, Money::vnd(1_200_000));
    let first = priced("2027-02-05T09:00");
    assert_eq!(first.lines[1].kind, LineKind::Season);
    assert_eq!(first.lines[1].label, msg("line.season").with("percent", 50));
    assert_eq!(first.total, Money::vnd(1_800_000));
    assert_eq!(priced("2027-02-09T09:00").total, Money::vnd(1_800_000));
    let peak = priced("2027-02-10T09:00");
    assert_eq!(peak.lines[1].label, msg("line.season_fixed"));
    assert_eq!(peak.total, Money::vnd(1_400_000));
    assert_eq!(priced("2027-02-15T09:00").total, Money::vnd(1_400_000));
    assert_eq!(priced("2027-02-16T09:00").total, Money::vnd(1_200_000));
}

#[test]
fn a_season_is_refused_backwards_empty_or_too_much() {
    use crate::catalog::{Rise, SEASON_PERCENT_MAX, Season};
    let (from, until) = (day("2027-02-05"), day("2027-02-09"));
    assert!(Season::new(until, from, Rise::Percent(10)).is_err());
    assert!(
        Season::new(from, from, Rise::Percent(10)).is_ok(),
        "one day"
    );
    for bad in [
        Rise::Percent(0),
        Rise::Percent(SEASON_PERCENT_MAX + 1),
        Rise::Fixed(Money::ZERO),
        Rise::Fixed(Money::vnd(-1_000)),
        Rise::Fixed(Money::vnd(1_500)),
    ] {
        assert!(Season::new(from, until, bad).is_err(), "{bad:?}");
    }
}

/// A category's season prices every plan of it on its days, unless the plan's own season covers
/// the day: the plan's comes first.
#[test]
fn a_plans_own_season_comes_before_its_categorys() {
    use crate::catalog::{Rise, Season};
    let tet = Season::new(day("2027-02-05"), day("2027-02-09"), Rise::Percent(50)).unwrap();
    let own = Season::new(
        day("2027-02-08"),
        day("2027-02-08"),
        Rise::Fixed(Money::vnd(100_000)),
    )
    .unwrap();
    let rules = PriceRules {
        seasons: vec![own],
        category_seasons: vec![tet],
        ..full_rules()
    };
    let on = |d: &str| rules.season_on(day(d)).copied();
    assert_eq!(on("2027-02-06"), Some(tet));
    assert_eq!(on("2027-02-08"), Some(own));
    assert_eq!(on("2027-02-10"), None);
    let none = PriceRules {
        seasons: vec![],
        ..rules.clone()
    };
    assert_eq!(none.season_on(day("2027-02-08")), Some(&tet));
}
