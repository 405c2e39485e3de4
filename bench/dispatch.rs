//! Automatic dispatch, simulated: a week of paid orders (500 a day by default) against a fleet of
//! partners (150), on a clock this program sets, through the domain's own dispatch
//! (`JobService::dispatch_due`) on the real stores of a fresh database. Partners answer offers as
//! a seeded model says (`Answers`); nobody at the console does anything. Prints what the rule
//! achieves — the share of orders dispatched without an operator, the time from payment to
//! acceptance (median, p95), how evenly the jobs spread (jobs per partner, Gini) — and what a
//! beat of dispatch costs, against the 2 s between beats.
//!
//! Usage: `dispatch [orders_per_day] [partners] [days] [sqlite|postgres]`.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use adapters::providers::media::{ImageRsCodec, LocalBlobStore};
use adapters::system::OsRandomness;
use adapters::testing::{Backend, TestDb};
use adapters::{
    SqlCatalogRepository, SqlIdentityStore, SqlImageStore, SqlJobStore, SqlOrderStore,
    SqlPartnerStore,
};
use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::audit::AuditEntry;
use domain::catalog::{CatalogService, Category, Plan};
use domain::identity::{Account, Change, Email, IdentityStore, Role};
use domain::jobs::{JobService, JobStore, TakenJobs};
use domain::media::{ImageLimits, MediaService};
use domain::ordering::{
    CharterDetails, Contact, Direction, EscortDetails, GuideLanguage, Order, OrderId, OrderState,
    OrderStore, ServiceDetails, ShuttleDetails,
};
use domain::partners::{Partner, PartnerKind, PartnerService, PartnerStore, Vehicle};
use domain::shared::{Clock, LocalTime, Phone, UserId};

/// The beat of automatic dispatch on every node (`app::jobs::DISPATCH_LOOK`).
const BEAT_SECS: i64 = 2;
/// How many orders a beat takes at most, as the server's worker asks.
const BEAT_LIMIT: u32 = 50;

/// The clock the simulation sets.
struct SimClock(Mutex<DateTime<Utc>>);

impl Clock for SimClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl SimClock {
    fn set(&self, at: DateTime<Utc>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = at;
    }
}

/// A small seeded generator (splitmix64): the same run every time.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    /// An index into `weights`, drawn in proportion.
    fn weighted(&mut self, weights: &[f64]) -> usize {
        let mut left = self.unit() * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if left < *w {
                return i;
            }
            left -= w;
        }
        weights.len() - 1
    }
}

/// How a partner answers an offer: accepts, declines, or lets it lapse, after a delay.
/// Published with the figures: 70% accept, 20% decline, 10% never answer; an answer comes
/// 20 s to 6 min after the offer, uniformly, and is lost if the window closed first.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Answer {
    Accept,
    Decline,
}

fn answer(dice: &mut Dice) -> Option<(Answer, Duration)> {
    let after = Duration::seconds(20 + (dice.unit() * 340.0) as i64);
    match dice.weighted(&[0.7, 0.2, 0.1]) {
        0 => Some((Answer::Accept, after)),
        1 => Some((Answer::Decline, after)),
        _ => None,
    }
}

/// Where demand and partners are: the catalogue's cities, by weight.
const CITIES: [(&str, f64); 4] = [("hcm", 0.45), ("han", 0.3), ("dad", 0.15), ("nha", 0.1)];

fn gini(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len() as f64;
    let total: f64 = values.iter().sum();
    if values.is_empty() || total == 0.0 {
        return 0.0;
    }
    let weighted: f64 = values
        .iter()
        .enumerate()
        .map(|(i, v)| (2.0 * (i as f64 + 1.0) - n - 1.0) * v)
        .sum();
    weighted / (n * total)
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn audit(n: usize, at: DateTime<Utc>) -> AuditEntry {
    AuditEntry {
        id: format!("au-sim-{n}"),
        at,
        actor: "shell:bench".into(),
        action: "partner.save".into(),
        target: format!("partner:p{n}"),
        before: String::new(),
        after: String::new(),
        reason: String::new(),
    }
}

async fn account(
    store: &SqlIdentityStore,
    id: &str,
    role: Role,
    at: DateTime<Utc>,
) -> anyhow::Result<UserId> {
    let user = UserId::parse(id)?;
    store
        .commit(Change {
            insert_account: Some(Account {
                id: user.clone(),
                email: Email::parse(&format!("{id}@sim.example"))?,
                role,
                password_hash: "$argon2id$x".into(),
                email_verified: true,
                disabled: false,
                created_at: at,
                updated_at: at,
                tokens_valid_after: DateTime::UNIX_EPOCH,
            }),
            ..Change::default()
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(user)
}

/// The fleet: four drivers in five (a quarter of them with seven seats, a tenth with sixteen),
/// the rest guides; each works from a city in demand's proportion and speaks Vietnamese, and
/// Chinese or English as often as travellers ask for them.
fn fleet(
    dice: &mut Dice,
    n: usize,
    users: &[UserId],
    at: DateTime<Utc>,
) -> anyhow::Result<Vec<Partner>> {
    let weights: Vec<f64> = CITIES.iter().map(|(_, w)| *w).collect();
    (0..n)
        .map(|i| {
            let driver = i % 5 != 4;
            let mut languages = vec![GuideLanguage::Vietnamese];
            if dice.unit() < 0.6 {
                languages.push(GuideLanguage::Chinese);
            }
            if dice.unit() < 0.5 {
                languages.push(GuideLanguage::English);
            }
            let seats = match dice.unit() {
                x if x < 0.1 => 16,
                x if x < 0.35 => 7,
                _ => 4,
            };
            let vehicle = driver
                .then(|| Vehicle::new("white Toyota Innova", &format!("51A-{i:03}.00"), seats))
                .transpose()?;
            let kind = if driver {
                PartnerKind::Driver
            } else {
                PartnerKind::Guide
            };
            let p = Partner::new(
                users[i].clone(),
                kind,
                &format!("Partner {i}"),
                Phone::parse("84", "901234567")?,
                languages,
                vehicle,
                None,
                at,
            )?
            .with_home_city(CITIES[dice.weighted(&weights)].0)?;
            Ok(p)
        })
        .collect()
}

/// One order of the week: its plan, details and when it is paid.
struct Booking {
    order: Order,
    paid_at: DateTime<Utc>,
}

/// `per_day` orders a day for `days` days from `first_day`: 65% shuttles, 20% charters, 15%
/// escorts, in the cities by weight, starting 06:00–21:45 Vietnam time; paid from the plan's lead
/// time (4 or 12 hours) to 7 days ahead (a third within the day before).
fn bookings(
    dice: &mut Dice,
    plans: &[Plan],
    owner: &UserId,
    per_day: usize,
    days: i64,
    first_day: DateTime<Utc>,
) -> anyhow::Result<Vec<Booking>> {
    let weights: Vec<f64> = CITIES.iter().map(|(_, w)| *w).collect();
    let mut all = Vec::new();
    for day in 0..days {
        for k in 0..per_day {
            let city = CITIES[dice.weighted(&weights)].0;
            let category = [Category::Shuttle, Category::Charter, Category::Escort]
                [dice.weighted(&[0.65, 0.2, 0.15])];
            let fits: Vec<&Plan> = plans
                .iter()
                .filter(|p| p.category == category && p.cities().iter().any(|c| c == city))
                .collect();
            // Nha Trang has no charters or escorts in the catalogue: a shuttle there instead.
            let fits = if fits.is_empty() {
                plans
                    .iter()
                    .filter(|p| {
                        p.category == Category::Shuttle && p.cities().iter().any(|c| c == city)
                    })
                    .collect()
            } else {
                fits
            };
            // Most travellers book the smallest vehicle: four seats 60%, seven 30%, sixteen 10%.
            let sizes: Vec<f64> = fits
                .iter()
                .map(|p| match p.vehicle.as_ref().map_or(0, |v| v.seats) {
                    0..=4 => 0.6,
                    5..=7 => 0.3,
                    _ => 0.1,
                })
                .collect();
            let plan = fits[dice.weighted(&sizes)];
            let minutes = 6 * 60 + 15 * dice.below(64) as i64;
            // Vietnam is UTC+7.
            let start_at =
                first_day + Duration::days(day) + Duration::minutes(minutes) - Duration::hours(7);
            // Paid no later than the plan's lead time allows.
            let earliest = i64::from(plan.pricing.booking.lead_time_minutes) + 5;
            let lead = if dice.unit() < 1.0 / 3.0 {
                Duration::minutes(earliest + dice.below(20 * 60) as i64)
            } else {
                Duration::minutes((24 * 60).max(earliest) + dice.below(6 * 24 * 60) as i64)
            };
            let paid_at = start_at - lead;
            let start = LocalTime::of(start_at);
            let language = [
                GuideLanguage::Chinese,
                GuideLanguage::English,
                GuideLanguage::Vietnamese,
            ][dice.weighted(&[0.6, 0.25, 0.15])];
            let seats = plan.vehicle.as_ref().map_or(4, |v| v.seats);
            let details = match plan.category {
                Category::Shuttle => {
                    let pick_up = dice.unit() < 0.5;
                    ServiceDetails::Shuttle(ShuttleDetails {
                        direction: if pick_up {
                            Direction::PickUp
                        } else {
                            Direction::DropOff
                        },
                        flight_number: "VN123".into(),
                        start,
                        // A drop-off's flight leaves three hours after the pick-up at the hotel.
                        departure: (!pick_up).then(|| LocalTime::of(start_at + Duration::hours(3))),
                        address: "Rex Hotel".into(),
                        passengers: 1 + dice.below(seats as usize) as u32,
                        luggage: 1,
                        child_seats: 0,
                        extra_stops: 0,
                    })
                }
                Category::Charter => ServiceDetails::Charter(CharterDetails {
                    start,
                    duration_minutes: plan.durations_minutes().first().copied().unwrap_or(240),
                    extra_hours: 0,
                    pickup_address: "Rex Hotel".into(),
                    itinerary: "City".into(),
                    passengers: 1 + dice.below(seats as usize) as u32,
                    child_seats: 0,
                    extra_stops: 0,
                    driver_language: language,
                }),
                _ => ServiceDetails::Escort(EscortDetails {
                    start,
                    duration_minutes: plan.durations_minutes().first().copied().unwrap_or(240),
                    extra_hours: 0,
                    meeting_point: "Rex Hotel lobby".into(),
                    people: 2,
                    language,
                }),
            };
            let contact = Contact::new("王小明", Phone::parse("886", "912345678")?, None)?;
            let id = OrderId::parse(&format!("BK-SIM{day}-{k:04}"))?;
            let mut order = Order::create(
                id,
                owner.clone(),
                plan,
                details,
                Some(contact),
                String::new(),
                paid_at,
                Duration::minutes(60),
            )?;
            order.state = OrderState::Paid;
            all.push(Booking { order, paid_at });
        }
    }
    all.sort_by_key(|b| b.paid_at);
    Ok(all)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let per_day: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    let fleet_size: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(150);
    let days: i64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(7);
    let backend = match args.get(4).map(String::as_str) {
        Some("postgres") => Backend::Postgres,
        _ => Backend::Sqlite,
    };
    let test_db = TestDb::migrated(backend).await;
    let db = test_db.db.clone();
    // Monday 2026-12-07, 00:00 in Vietnam: the week simulated; bookings start a week before.
    let first_day = Utc
        .with_ymd_and_hms(2026, 12, 6, 17, 0, 0)
        .single()
        .ok_or_else(|| anyhow::anyhow!("date"))?;
    let began = first_day - Duration::days(8);
    let clock = Arc::new(SimClock(Mutex::new(began)));

    let catalog = CatalogService::new(Arc::new(SqlCatalogRepository::new(db.clone())));
    app::server::seed_demo(&catalog, true).await?;
    let plans: Vec<Plan> = {
        let mut all = Vec::new();
        for c in [Category::Shuttle, Category::Charter, Category::Escort] {
            all.extend(catalog.all_plans(c).await?);
        }
        all
    };
    let identity = SqlIdentityStore::new(db.clone());
    let owner = account(&identity, "traveller", Role::Customer, began).await?;
    let mut users = Vec::new();
    for i in 0..fleet_size {
        users.push(account(&identity, &format!("p{i}"), Role::Partner, began).await?);
    }
    let mut dice = Dice(71);
    let partners = fleet(&mut dice, fleet_size, &users, began)?;
    let partner_store = Arc::new(SqlPartnerStore::new(db.clone()));
    for (i, p) in partners.iter().enumerate() {
        partner_store.save_partner(p, &audit(i, began)).await?;
    }
    let by_id: HashMap<UserId, Partner> = partners
        .iter()
        .map(|p| (p.user_id.clone(), p.clone()))
        .collect();
    let bookings = bookings(&mut dice, &plans, &owner, per_day, days, first_day)?;

    let job_store: Arc<dyn JobStore> = Arc::new(SqlJobStore::new(db.clone()));
    let orders = Arc::new(SqlOrderStore::new(db.clone()));
    let media_dir = std::env::temp_dir().join(format!("dispatch-bench-{}", std::process::id()));
    let media = MediaService::new(
        Arc::new(ImageRsCodec::new()),
        Arc::new(LocalBlobStore::new(&media_dir)),
        Arc::new(SqlImageStore::new(db.clone())),
        clock.clone(),
        Arc::new(OsRandomness),
        ImageLimits::default(),
    );
    let partner_service = PartnerService::new(
        partner_store.clone(),
        Arc::new(TakenJobs(job_store.clone())),
        catalog.clone(),
        clock.clone(),
        Arc::new(OsRandomness),
    );
    let jobs = JobService::new(
        job_store.clone(),
        partner_service,
        orders.clone(),
        catalog.clone(),
        media,
        clock.clone(),
        Arc::new(OsRandomness),
    );

    // The simulation: the clock moves beat by beat, skipping beats where nothing can happen.
    let paid_at: HashMap<OrderId, DateTime<Utc>> = bookings
        .iter()
        .map(|b| (b.order.id.clone(), b.paid_at))
        .collect();
    let end = bookings
        .iter()
        .map(|b| b.order.details.start().instant())
        .max()
        .unwrap_or(began);
    let mut next_order = 0;
    // (when, order, partner, answer), soonest last.
    let mut answers: Vec<(DateTime<Utc>, OrderId, UserId, Answer)> = Vec::new();
    let mut seen: HashSet<(OrderId, UserId)> = HashSet::new();
    let mut accepted: HashMap<OrderId, (UserId, DateTime<Utc>)> = HashMap::new();
    let mut beat_ms: Vec<f64> = Vec::new();
    let mut offers_made = 0usize;
    let mut refused_accepts = 0usize;
    let mut now = began;
    let wall = Instant::now();
    while now <= end {
        clock.set(now);
        while next_order < bookings.len() && bookings[next_order].paid_at <= now {
            orders
                .insert(&bookings[next_order].order, None, adapters::testing::NO_CAP)
                .await
                .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            next_order += 1;
        }
        answers.sort_by_key(|a| std::cmp::Reverse(a.0));
        while answers.last().is_some_and(|a| a.0 <= now) {
            let Some((_, order, partner, kind)) = answers.pop() else {
                break;
            };
            let Some(p) = by_id.get(&partner) else {
                continue;
            };
            match kind {
                Answer::Accept => match jobs.accept(p, &order).await {
                    Ok(_) => {
                        accepted.insert(order, (partner, now));
                    }
                    Err(_) => refused_accepts += 1,
                },
                Answer::Decline => {
                    jobs.decline(p, &order, "Bận").await.ok();
                }
            }
        }
        let started = Instant::now();
        loop {
            let moved = jobs.dispatch_due(BEAT_LIMIT).await?;
            if moved < BEAT_LIMIT {
                break;
            }
        }
        beat_ms.push(started.elapsed().as_secs_f64() * 1000.0);
        // Offers made this beat get their answers drawn; the earliest open window wakes us.
        let mut wake: Option<DateTime<Utc>> = None;
        for job in job_store.offered(now).await? {
            for offer in job.offers.iter().filter(|o| o.is_open(now)) {
                wake =
                    Some(wake.map_or(offer.expires_at, |w: DateTime<Utc>| w.min(offer.expires_at)));
                if seen.insert((job.order_id.clone(), offer.partner.clone())) {
                    offers_made += 1;
                    if let Some((kind, after)) = answer(&mut dice) {
                        let at = offer.offered_at + after;
                        if at < offer.expires_at {
                            answers.push((at, job.order_id.clone(), offer.partner.clone(), kind));
                        }
                    }
                }
            }
        }
        let mut next = end + Duration::seconds(BEAT_SECS);
        if let Some(b) = bookings.get(next_order) {
            next = next.min(b.paid_at);
        }
        if let Some(a) = answers.iter().map(|a| a.0).min() {
            next = next.min(a);
        }
        if let Some(w) = wake {
            next = next.min(w);
        }
        // The next beat at or after it.
        let beats = ((next - now).num_seconds().max(1) + BEAT_SECS - 1) / BEAT_SECS;
        now += Duration::seconds(beats * BEAT_SECS);
    }
    let simulated = wall.elapsed().as_secs_f64();

    // What the rule achieved.
    let total = bookings.len();
    let mut handed: BTreeMap<(String, &str), usize> = BTreeMap::new();
    let mut per_partner: HashMap<UserId, usize> =
        partners.iter().map(|p| (p.user_id.clone(), 0)).collect();
    for b in &bookings {
        let job = job_store.job(&b.order.id).await?;
        if let Some((why, _)) = job.as_ref().and_then(|j| j.dispatch.handed_over()) {
            // Never offered: nobody able was free when it was paid (the fleet's limit, not the
            // rule's); offered: everyone able had said no or let it lapse.
            let offered = job.as_ref().is_some_and(|j| !j.offers.is_empty());
            let why = format!(
                "{}, {}",
                why.code(),
                if offered {
                    "after offers"
                } else {
                    "nobody free"
                }
            );
            *handed.entry((why, b.order.category.slug())).or_default() += 1;
        }
        if let Some(p) = job.as_ref().and_then(|j| j.partner.clone()) {
            *per_partner.entry(p).or_default() += 1;
        }
    }
    let mut waits: Vec<f64> = accepted
        .iter()
        .filter_map(|(order, (_, at))| {
            paid_at
                .get(order)
                .map(|p| (*at - *p).num_seconds() as f64 / 60.0)
        })
        .collect();
    waits.sort_by(f64::total_cmp);
    let share = accepted.len() as f64 / total as f64;
    let kinds = [
        (PartnerKind::Driver, "drivers"),
        (PartnerKind::Guide, "guides"),
    ];
    beat_ms.sort_by(f64::total_cmp);
    let worst = beat_ms.last().copied().unwrap_or(0.0);

    println!("# Automatic dispatch, simulated ({backend:?})");
    println!();
    println!(
        "{per_day} orders a day for {days} days ({total} orders) against {fleet_size} partners; {} beats of dispatch in {simulated:.1} s of wall time.",
        beat_ms.len()
    );
    println!(
        "Answers: 70% accept, 20% decline, 10% never answer, 20 s to 6 min after the offer. Nobody at the console."
    );
    println!();
    println!("| figure | value |");
    println!("|---|--:|");
    println!(
        "| dispatched without an operator | {} of {total} ({:.1}%) |",
        accepted.len(),
        share * 100.0
    );
    for ((why, category), n) in &handed {
        println!("| handed over: {why}, {category} | {n} |");
    }
    println!(
        "| offers made | {offers_made} ({:.2} per order) |",
        offers_made as f64 / total as f64
    );
    println!("| accepts refused (window closed or slot held) | {refused_accepts} |");
    println!(
        "| payment to acceptance, median | {:.1} min |",
        quantile(&waits, 0.5)
    );
    println!(
        "| payment to acceptance, p95 | {:.1} min |",
        quantile(&waits, 0.95)
    );
    for (kind, name) in kinds {
        let counts: Vec<f64> = partners
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| per_partner.get(&p.user_id).copied().unwrap_or(0) as f64)
            .collect();
        let mut sorted = counts.clone();
        sorted.sort_by(f64::total_cmp);
        println!(
            "| jobs per {name} (min / median / max), Gini | {:.0} / {:.0} / {:.0}, {:.3} |",
            sorted.first().copied().unwrap_or(0.0),
            quantile(&sorted, 0.5),
            sorted.last().copied().unwrap_or(0.0),
            gini(counts)
        );
    }
    println!(
        "| a beat's cost, median / p99 / worst | {:.1} / {:.1} / {worst:.1} ms |",
        quantile(&beat_ms, 0.5),
        quantile(&beat_ms, 0.99)
    );
    println!();
    let ratio = worst / (BEAT_SECS as f64 * 1000.0);
    println!(
        "worst beat against the {BEAT_SECS} s between beats: {ratio:.3} — {}",
        if ratio <= 1.0 { "bound met" } else { "FAILED" }
    );
    test_db.remove().await;
    std::fs::remove_dir_all(&media_dir).ok();
    if ratio > 1.0 {
        std::process::exit(1);
    }
    Ok(())
}
