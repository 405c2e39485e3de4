//! Who a partner is and which orders they fit.

use chrono::{DateTime, Utc};

use super::*;
use crate::catalog::Category;
use crate::ordering::{GuideLanguage, Order, OrderState, ServiceDetails, TherapistChoice};
use crate::shared::{Phone, UserId};
use crate::testing::draft_order;

fn id(s: &str) -> UserId {
    UserId::parse(s).unwrap()
}

fn phone() -> Phone {
    Phone::parse("84", "901234567").unwrap()
}

fn driver(user: &str, seats: u32, languages: Vec<GuideLanguage>) -> Partner {
    let vehicle = Vehicle::new("white Toyota Innova", "51a-123.45", seats).unwrap();
    Partner::new(
        id(user),
        PartnerKind::Driver,
        "Minh",
        phone(),
        languages,
        Some(vehicle),
        None,
        start(),
    )
    .unwrap()
}

/// The draft shuttle's start: 2026-11-25 10:00 in Vietnam.
fn start() -> DateTime<Utc> {
    draft_order().details.start().instant()
}

fn paid() -> Order {
    let mut order = draft_order();
    order.state = OrderState::Paid;
    order
}

use crate::testing::refusal_code as code;

#[test]
fn each_kind_needs_its_own_and_serves_its_categories() {
    let no_vehicle = Partner::new(
        id("d"),
        PartnerKind::Driver,
        "Minh",
        phone(),
        vec![GuideLanguage::Vietnamese],
        None,
        None,
        start(),
    );
    assert_eq!(code(no_vehicle.unwrap_err()), "partner.vehicle_required");
    let no_therapist = Partner::new(
        id("t"),
        PartnerKind::Therapist,
        "Lan",
        phone(),
        vec![GuideLanguage::Vietnamese],
        None,
        Some(" ".into()),
        start(),
    );
    assert_eq!(
        code(no_therapist.unwrap_err()),
        "partner.therapist_required"
    );
    let silent = Partner::new(
        id("g"),
        PartnerKind::Guide,
        "An",
        phone(),
        vec![],
        None,
        None,
        start(),
    );
    assert_eq!(code(silent.unwrap_err()), "partner.languages_required");
    // A guide keeps no vehicle, whatever was sent.
    let vehicle = Vehicle::new("Honda", "59X1", 1).ok();
    let guide = Partner::new(
        id("g"),
        PartnerKind::Guide,
        "An",
        phone(),
        vec![GuideLanguage::Chinese],
        vehicle,
        None,
        start(),
    )
    .unwrap();
    assert_eq!(guide.vehicle, None);
    assert!(
        PartnerKind::Driver.serves(Category::Shuttle)
            && PartnerKind::Driver.serves(Category::Charter)
    );
    assert!(
        !PartnerKind::Driver.serves(Category::Escort)
            && !PartnerKind::Guide.serves(Category::DragonMassage)
    );
    assert_eq!(
        PartnerKind::parse("therapist").unwrap(),
        PartnerKind::Therapist
    );
    assert!(Vehicle::new("Bus", "51B", 0).is_err() && Vehicle::new("Bus", "51B", 46).is_err());
}

#[test]
fn a_partner_fits_an_order_by_kind_seats_language_and_the_traveller_s_choice() {
    let mut order = paid();
    let small = driver("d1", 4, vec![GuideLanguage::Vietnamese]);
    assert_eq!(small.unfit_for(&order), None);
    if let ServiceDetails::Shuttle(d) = &mut order.details {
        d.passengers = 6;
    }
    assert_eq!(
        small.unfit_for(&order).map(|m| m.code),
        Some("partner.too_few_seats")
    );
    let mut disabled = driver("d2", 7, vec![GuideLanguage::Vietnamese]);
    assert_eq!(disabled.unfit_for(&order), None);
    disabled.active = false;
    assert_eq!(
        disabled.unfit_for(&order).map(|m| m.code),
        Some("partner.disabled")
    );
    let guide = Partner::new(
        id("g"),
        PartnerKind::Guide,
        "An",
        phone(),
        vec![GuideLanguage::Chinese],
        None,
        None,
        start(),
    )
    .unwrap();
    assert_eq!(
        guide.unfit_for(&order).map(|m| m.code),
        Some("partner.wrong_kind")
    );
    // A massage whose traveller chose a therapist goes to her alone.
    let therapist = |t: &str| {
        Partner::new(
            id(t),
            PartnerKind::Therapist,
            "Lan",
            phone(),
            vec![GuideLanguage::Vietnamese],
            None,
            Some(t.into()),
            start(),
        )
        .unwrap()
    };
    order.category = Category::DragonMassage;
    order.details =
        crate::testing::massage_at(TherapistChoice::Specific("t1".into()), "2026-11-25T20:00");
    assert_eq!(therapist("t1").unfit_for(&order), None);
    assert_eq!(
        therapist("t2").unfit_for(&order).map(|m| m.code),
        Some("partner.not_chosen")
    );
}

#[test]
fn a_home_city_is_one_of_the_catalogues_cities() {
    let p = driver("a", 7, vec![GuideLanguage::Vietnamese]);
    assert_eq!(
        p.clone()
            .with_home_city(" dad ")
            .unwrap()
            .home_city
            .as_deref(),
        Some("dad")
    );
    assert_eq!(p.clone().with_home_city("").unwrap().home_city, None);
    let refused = p.with_home_city("paris").unwrap_err();
    assert_eq!(
        crate::testing::refusal_code(refused),
        "partner.home_city_unknown"
    );
}
