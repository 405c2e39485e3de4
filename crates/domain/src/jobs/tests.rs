use chrono::{DateTime, Duration, Utc};

use super::*;
use crate::DomainError;
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

fn job(waiting: u32) -> Job {
    Job::open(&paid(), waiting, Default::default()).unwrap()
}

/// A day before the draft shuttle's start: offers are made and answered then.
fn day_before() -> DateTime<Utc> {
    start() - Duration::hours(20)
}

/// The job, offered to partner `a` a day before and taken by them.
fn taken(waiting: u32) -> Job {
    let mut job = job(waiting);
    job.offer(&id("a"), day_before()).unwrap();
    job.accept(&id("a"), day_before()).unwrap();
    job
}

fn code(e: DomainError) -> &'static str {
    match e {
        DomainError::FailedPrecondition(m) | DomainError::PermissionDenied(m) => m.code,
        DomainError::InvalidArgument { message, .. } => message.code,
        // Another's job, as if it did not exist.
        DomainError::NotFound { .. } => "not_found",
        other => panic!("{other:?}"),
    }
}

/// A photo and a reading at the arrivals hall of Tan Son Nhat, taken at `at`.
fn proof_at(at: DateTime<Utc>) -> NoShowProof {
    NoShowProof {
        photo: "/media/exit-b.jpg".into(),
        position: Position {
            latitude: 10.818,
            longitude: 106.658,
            accuracy: 12.0,
            taken_at: at,
        },
    }
}

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
fn only_a_paid_order_makes_a_job_and_it_lasts_as_its_service() {
    assert_eq!(
        code(Job::open(&draft_order(), 0, Default::default()).unwrap_err()),
        "job.order_not_paid"
    );
    let job = job(60);
    assert_eq!(
        (job.status, job.minutes),
        (JobStatus::Open, SHUTTLE_MINUTES)
    );
    assert_eq!(job.ends_at() - job.starts_at(), Duration::minutes(120));
}

#[test]
fn of_two_partners_offered_one_job_the_first_to_accept_takes_it() {
    let mut job = job(0);
    let now = day_before();
    job.offer(&id("a"), now).unwrap();
    job.offer(&id("b"), now).unwrap();
    job.offer(&id("a"), now + Duration::minutes(1)).unwrap();
    assert_eq!(job.offers.len(), 2, "an open offer is not repeated");
    assert_eq!(
        job.offers[0].expires_at,
        now + Duration::minutes(OFFER_MINUTES)
    );
    job.accept(&id("b"), now + Duration::minutes(2)).unwrap();
    assert_eq!(
        (job.status, job.partner.clone()),
        (JobStatus::Accepted, Some(id("b")))
    );
    assert_eq!(code(job.accept(&id("a"), now).unwrap_err()), "job.taken");
    assert_eq!(
        code(job.accept(&id("b"), now).unwrap_err()),
        "job.yours_already"
    );
    assert_eq!(code(job.offer(&id("c"), now).unwrap_err()), "job.taken");
    // A's offer closed when b took it: a's phone shows it so for an hour, open and theirs alone.
    let taken_at = now + Duration::minutes(2);
    assert_eq!(job.offers[0].answer, Some(Answer::Taken { at: taken_at }));
    assert!(job.lost_by(&id("a"), taken_at + Duration::minutes(59)));
    assert!(!job.lost_by(&id("a"), taken_at + Duration::minutes(LOST_SHOWN_MINUTES)));
    assert!(!job.lost_by(&id("b"), taken_at) && !job.lost_by(&id("c"), taken_at));
    let seen = job.as_lost_by(&id("a"));
    assert_eq!(
        (seen.status, seen.partner, seen.steps.len()),
        (JobStatus::Open, None, 0)
    );
    assert_eq!(
        seen.offers
            .iter()
            .map(|o| o.partner.clone())
            .collect::<Vec<_>>(),
        [id("a")]
    );
}

#[test]
fn an_offer_is_answered_in_time_by_the_one_it_was_made_to() {
    let mut job = job(0);
    let now = day_before();
    assert_eq!(code(job.accept(&id("a"), now).unwrap_err()), "not_found");
    job.offer(&id("a"), now).unwrap();
    job.offer(&id("b"), now).unwrap();
    assert_eq!(
        code(job.decline(&id("a"), " ", now).unwrap_err()),
        "job.decline_reason_required"
    );
    job.decline(&id("a"), "Xe đang sửa", now).unwrap();
    assert_eq!(
        code(job.accept(&id("a"), now).unwrap_err()),
        "job.offer_closed"
    );
    assert!(!job.unanswered(now), "b may still answer");
    let later = now + Duration::minutes(OFFER_MINUTES);
    assert_eq!(
        code(job.accept(&id("b"), later).unwrap_err()),
        "job.offer_closed"
    );
    assert!(job.unanswered(later), "back on the board, flagged");
    // Offered again, the declined partner may now accept.
    job.offer(&id("a"), later).unwrap();
    job.accept(&id("a"), later).unwrap();
    assert!(!job.unanswered(later));
    // A job whose time has come is no longer offered.
    let mut late = self::job(0);
    assert_eq!(
        code(late.offer(&id("a"), start()).unwrap_err()),
        "job.started_already"
    );
}

#[test]
fn the_partner_moves_the_job_step_by_step_and_no_one_else_does() {
    let mut job = taken(0);
    let early = start() - Duration::hours(SET_OFF_HOURS) - Duration::minutes(1);
    assert_eq!(
        code(
            job.advance(&id("a"), JobStatus::OnTheWay, early)
                .unwrap_err()
        ),
        "job.too_early"
    );
    let go = start() - Duration::hours(1);
    assert_eq!(
        code(job.advance(&id("b"), JobStatus::OnTheWay, go).unwrap_err()),
        "not_found"
    );
    assert_eq!(
        code(job.advance(&id("a"), JobStatus::Arrived, go).unwrap_err()),
        "job.step_out_of_order"
    );
    for to in [
        JobStatus::OnTheWay,
        JobStatus::OnTheWay,
        JobStatus::Arrived,
        JobStatus::Started,
        JobStatus::Completed,
    ] {
        job.advance(&id("a"), to, go).unwrap();
    }
    let seen: Vec<_> = job.steps.iter().map(|s| s.status).collect();
    assert_eq!(
        seen,
        [
            JobStatus::Accepted,
            JobStatus::OnTheWay,
            JobStatus::Arrived,
            JobStatus::Started,
            JobStatus::Completed
        ],
        "a repeated step is kept once"
    );
    assert_eq!(
        code(job.withdraw("operator:lan@ops.example", go).unwrap_err()),
        "job.over"
    );
}

#[test]
fn a_no_show_waits_for_the_free_waiting_time_after_arriving_and_brings_proof() {
    let mut job = taken(60);
    let now = day_before();
    assert_eq!(
        code(job.no_show(&id("a"), proof_at(now), now).unwrap_err()),
        "job.no_show_not_arrived"
    );
    job.advance(&id("a"), JobStatus::OnTheWay, start() - Duration::hours(1))
        .unwrap();
    // Arrived before the flight landed: the waiting counts from the landing.
    job.advance(
        &id("a"),
        JobStatus::Arrived,
        start() - Duration::minutes(10),
    )
    .unwrap();
    let late = start() + Duration::minutes(59);
    let too_soon = job
        .no_show(&id("a"), proof_at(late), start() + Duration::minutes(59))
        .unwrap_err();
    let DomainError::FailedPrecondition(m) = too_soon else {
        panic!()
    };
    assert_eq!(m.code, "job.no_show_too_soon");
    let left = m
        .args
        .iter()
        .find(|(n, _)| *n == "minutes")
        .map(|(_, v)| v.clone());
    assert_eq!(left, Some(crate::error::Arg::Value("1".into())));
    let waited = start() + Duration::minutes(60);
    let no_photo = NoShowProof {
        photo: String::new(),
        ..proof_at(waited)
    };
    assert_eq!(
        code(job.no_show(&id("a"), no_photo, waited).unwrap_err()),
        "job.no_show_photo"
    );
    assert_eq!(
        code(job.no_show(&id("b"), proof_at(waited), waited).unwrap_err()),
        "not_found"
    );
    // Its reading is checked as any other: taken long before, or abroad, it proves nothing.
    let old = proof_at(waited - Duration::minutes(5));
    assert_eq!(
        code(job.no_show(&id("a"), old, waited).unwrap_err()),
        "position.stale"
    );
    let mut abroad = proof_at(waited);
    abroad.position.latitude = 1.35;
    abroad.position.longitude = 103.99;
    assert_eq!(
        code(job.no_show(&id("a"), abroad, waited).unwrap_err()),
        "position.outside_vietnam"
    );
    job.no_show(&id("a"), proof_at(waited), waited).unwrap();
    assert_eq!(job.status, JobStatus::NoShow);
    assert!(job.no_show.is_some());
}

#[test]
fn the_traveller_s_phone_shows_only_around_the_service() {
    let mut job = job(0);
    let now = day_before();
    job.offer(&id("a"), now).unwrap();
    assert!(!job.phone_visible(start()), "not before someone took it");
    job.accept(&id("a"), now).unwrap();
    let window = Duration::hours(PHONE_VISIBLE_HOURS);
    assert!(!job.phone_visible(start() - window - Duration::minutes(1)));
    assert!(job.phone_visible(start() - window));
    assert!(job.phone_visible(job.ends_at() + window));
    assert!(!job.phone_visible(job.ends_at() + window + Duration::minutes(1)));
}

#[test]
fn a_job_holds_its_partner_until_they_can_reach_the_next() {
    let job = job(0);
    // 10:00–12:00 plus an hour across the city: eight quarter hours from 10:00 to 13:00.
    let slots = job.slots(travel_minutes(Category::Shuttle));
    assert_eq!(slots.len(), 12);
    assert_eq!(slots.first(), Some(&start()));
    assert_eq!(slots.last(), Some(&(start() + Duration::minutes(165))));
    assert_eq!(travel_minutes(Category::DragonMassage), 30);
}

#[test]
fn the_voucher_s_code_checks_the_traveller_in_and_starts_the_job() {
    let mut job = taken(30);
    let order = job.order_id.as_str().to_owned();
    let near = start() - Duration::minutes(10);
    assert_eq!(
        code(job.check_in(&id("a"), &order, near).unwrap_err()),
        "job.step_out_of_order",
        "not before setting off"
    );
    job.advance(&id("a"), JobStatus::OnTheWay, near).unwrap();
    assert_eq!(
        code(job.check_in(&id("a"), "BK000000-other", near).unwrap_err()),
        "job.voucher_mismatch"
    );
    assert_eq!(
        code(job.check_in(&id("b"), &order, near).unwrap_err()),
        "not_found"
    );
    // Met at the arrivals hall: arrived and started at once, the code read in any case.
    job.check_in(&id("a"), &format!(" {} ", order.to_lowercase()), start())
        .unwrap();
    let seen: Vec<_> = job.steps.iter().map(|s| s.status).collect();
    assert_eq!(
        seen,
        [
            JobStatus::Accepted,
            JobStatus::OnTheWay,
            JobStatus::Arrived,
            JobStatus::Started
        ]
    );
    job.check_in(&id("a"), &order, start()).unwrap();
    assert_eq!(job.steps.len(), 4, "a second scan changes nothing");
}

/// A reading in District 1, Ho Chi Minh City, `seconds` after the start.
fn reading(latitude: f64, longitude: f64, seconds: i64) -> Position {
    Position::new(
        latitude,
        longitude,
        10.0,
        start() + Duration::seconds(seconds),
    )
    .unwrap()
}

#[test]
fn a_reading_is_kept_only_when_it_can_be_believed() {
    let now = start() + Duration::seconds(10);
    let here = reading(10.7769, 106.7009, 10);
    assert_eq!(here.check(None, now), Ok(()));
    assert!(Position::new(f64::NAN, 106.7, 5.0, now).is_err());
    assert!(Position::new(10.7, 106.7, -1.0, now).is_err());
    assert!(Position::new(91.0, 106.7, 5.0, now).is_err());
    // Bangkok.
    let abroad = reading(13.7563, 100.5018, 10);
    assert_eq!(abroad.check(None, now), Err(Dropped::OutsideVietnam));
    let ahead = reading(10.7769, 106.7009, 10 + AHEAD_SECONDS + 1);
    assert_eq!(ahead.check(None, now), Err(Dropped::Ahead));
    let old = reading(10.7769, 106.7009, 10 - STALE_SECONDS - 1);
    assert_eq!(old.check(None, now), Err(Dropped::Stale));
    let vague = Position {
        accuracy: MAX_ACCURACY_M + 1.0,
        ..here
    };
    assert_eq!(vague.check(None, now), Err(Dropped::Imprecise));
    // After the last one kept: 5 s later and 80 m on (58 km/h) is a car; 1 km on is not.
    let last = reading(10.7769, 106.7009, 5);
    let on = reading(10.7776, 106.7009, 10);
    assert_eq!(on.check(Some(&last), now), Ok(()));
    let leap = reading(10.7859, 106.7009, 10);
    assert_eq!(leap.check(Some(&last), now), Err(Dropped::TooFast));
    // The same leap from a reading imprecise by a kilometre may be true.
    let vague_last = Position {
        accuracy: 900.0,
        ..last
    };
    assert_eq!(leap.check(Some(&vague_last), now), Ok(()));
    // Older than the last one kept, or the same one again.
    assert_eq!(last.check(Some(&on), now), Err(Dropped::Stale));
    assert_eq!(on.check(Some(&on), now), Err(Dropped::Stale));
    for dropped in [
        Dropped::OutsideVietnam,
        Dropped::Stale,
        Dropped::Ahead,
        Dropped::TooFast,
        Dropped::Imprecise,
    ] {
        assert!(dropped.message().code.starts_with("position."));
    }
}

#[test]
fn the_traveller_reads_how_far_and_how_soon() {
    // District 1 to Tan Son Nhat's arrivals: about 5 km in a straight line.
    let partner = reading(10.7769, 106.7009, 0);
    let on_the_way = Whereabouts::of(partner, Some(MeetingPoint::Airport("SGN".into())), true);
    let metres = on_the_way.distance_m.unwrap();
    assert!((5_000..6_000).contains(&metres), "{metres}");
    // By road, at a city's pace: 5.5 km × 1.4 at 25 km/h is about 18 minutes.
    let eta = on_the_way.eta_minutes.unwrap();
    assert!((16..22).contains(&eta), "{eta}");
    assert_eq!(eta_minutes(10.0), 1, "a minute at least");
    // There already: how far, but no estimate.
    let there = Whereabouts::of(
        partner,
        Some(MeetingPoint::Traveller(
            Point::new(10.7770, 106.7010).unwrap(),
        )),
        false,
    );
    assert!(there.distance_m.unwrap() < 20);
    assert_eq!(there.eta_minutes, None);
    // No meeting point known: only where and when.
    let unknown = Whereabouts::of(partner, None, true);
    assert_eq!((unknown.distance_m, unknown.eta_minutes), (None, None));
    let nowhere = Whereabouts::of(partner, Some(MeetingPoint::Airport("XXX".into())), true);
    assert_eq!(nowhere.distance_m, None);
}

#[test]
fn only_the_job_s_partner_shares_where_they_are_and_only_on_the_way_or_there() {
    let mut job = taken(0);
    assert_eq!(
        code(job.may_report(&id("a")).unwrap_err()),
        "position.not_sharing"
    );
    job.advance(&id("a"), JobStatus::OnTheWay, start() - Duration::hours(1))
        .unwrap();
    job.may_report(&id("a")).unwrap();
    assert_eq!(code(job.may_report(&id("b")).unwrap_err()), "not_found");
    job.advance(&id("a"), JobStatus::Arrived, start()).unwrap();
    job.may_report(&id("a")).unwrap();
    job.advance(&id("a"), JobStatus::Started, start()).unwrap();
    assert_eq!(
        code(job.may_report(&id("a")).unwrap_err()),
        "position.not_sharing"
    );
}

#[test]
fn each_service_has_the_phrases_that_make_sense_in_it() {
    use crate::ordering::Direction;
    use crate::testing::{massage, shuttle};
    let codes = |side: Side, details: &ServiceDetails| {
        side.phrases(details).map(|(c, _)| c).collect::<Vec<_>>()
    };
    let pick_up = shuttle();
    let drop_off = match shuttle() {
        ServiceDetails::Shuttle(mut s) => {
            s.direction = Direction::DropOff;
            ServiceDetails::Shuttle(s)
        }
        _ => unreachable!(),
    };
    let room = massage(1);
    // A therapist has no car waiting and nobody coming out of arrivals; a driver has a car.
    let therapist = codes(Side::Partner, &room);
    assert!(therapist.contains(&"at_lobby") && therapist.contains(&"on_my_way"));
    assert!(!therapist.contains(&"car_outside") && !therapist.contains(&"at_arrivals"));
    // At an airport pick-up the driver waits at arrivals, not in a hotel's lobby; taking the
    // traveller to their flight, the other way round.
    let arrivals = codes(Side::Partner, &pick_up);
    assert!(arrivals.contains(&"car_outside") && arrivals.contains(&"at_arrivals"));
    assert!(!arrivals.contains(&"at_lobby"));
    let hotel = codes(Side::Partner, &drop_off);
    assert!(hotel.contains(&"at_lobby") && !hotel.contains(&"at_arrivals"));
    assert!(!codes(Side::Traveller, &pick_up).contains(&"in_lobby"));
    assert!(!codes(Side::Traveller, &drop_off).contains(&"landed"));
    // A massage's traveller waits in the room; a shuttle's has landed.
    assert!(codes(Side::Traveller, &room).contains(&"in_room"));
    assert!(!codes(Side::Traveller, &room).contains(&"landed"));
    assert!(codes(Side::Traveller, &pick_up).contains(&"landed"));
    let in_room = Said::Phrase("in_room".into());
    assert_eq!(
        code(in_room.check(Side::Traveller, &pick_up).unwrap_err()),
        "talk.phrase_unknown"
    );
    in_room.check(Side::Traveller, &room).unwrap();
    // Every phrase fits some service and meeting, and its term is found by its code.
    for (_, code, term, services, meetings) in PHRASES {
        assert!(!services.is_empty() && !meetings.is_empty(), "{code}");
        assert!(phrase_term(code) == Some(term));
    }
}

#[test]
fn one_reading_is_kept_every_few_seconds_per_partner() {
    use crate::partners::positions::too_often;
    use crate::partners::{KeptPosition, MIN_REPORT_SECONDS, Position};
    let kept_at = day_before();
    let last = KeptPosition {
        partner: id("a"),
        position: Position::new(10.77, 106.70, 8.0, kept_at).unwrap(),
        kept_at,
    };
    let after = |ms: i64| kept_at + chrono::Duration::milliseconds(ms);
    assert_eq!(
        last.wait_for(&id("a"), after(1_500)),
        Some(chrono::Duration::milliseconds(2_500))
    );
    assert_eq!(
        last.wait_for(&id("a"), after(MIN_REPORT_SECONDS * 1000)),
        None
    );
    // Another partner's reading (a job given to someone else) holds nobody back.
    assert_eq!(last.wait_for(&id("b"), after(10)), None);
    match too_often(chrono::Duration::milliseconds(2_500)) {
        DomainError::Throttled {
            retry_after_secs, ..
        } => assert_eq!(retry_after_secs, 3),
        other => panic!("{other:?}"),
    }
}
