//! Cost as the business grows: the release server on a database filled to each size in turn
//! (default 100,000, 300,000 and 1,000,000 orders; `bench/growth_fill.rs` says how), on SQLite
//! and then PostgreSQL (`TEST_POSTGRES_URL`), with every rule as it ships. At each size it runs
//! the retention pass, then times one request after another: a new customer's order and its
//! payment, a member's order list, the console's job board and its order search (by e-mail, by
//! phone, the newest), a partner's schedule, and a position's trip from the partner's phone to the
//! customer's page. Prints each figure's median and p90 at each size, and the ratio of the largest
//! size's median to the smallest's against the goal (≤ 1.5); exits non-zero past it.
//!
//! `cargo build --release -p app -p bench && target/release/growth [SIZES [SAMPLES [TRIPS
//! [DATABASES]]]]`, SIZES as `100000,300000,1000000`, DATABASES as `sqlite,postgres` (defaults:
//! those, 100 requests a figure, 6 trips).

use std::future::Future;
use std::time::{Duration, Instant};

use adapters::testing::{Backend, TestDb};
use bench::child::Server;
use bench::host::CpuTimes;
use bench::world::{PHONE, World, quarter_hour, signed, timestamp};
use gateway::pb;
use gateway::pb::job_dispatch_service_client::JobDispatchServiceClient;
use gateway::pb::job_whereabouts_service_client::JobWhereaboutsServiceClient;
use gateway::pb::live_service_client::LiveServiceClient;
use gateway::pb::operator_service_client::OperatorServiceClient;
use gateway::pb::traveller_job_service_client::TravellerJobServiceClient;
use sea_orm::ConnectionTrait;

mod growth_fill;

use growth_fill::Template;

/// The largest size's median over the smallest's, at most.
const GOAL: f64 = 1.5;
const CUSTOMER: &str = "template@growth.example";
const PARTNER: &str = "driver@growth.example";
/// Orders the template customer makes: paid (the first four driven by the partner, the first on
/// its way now), one paid and cancelled, one cancelled unpaid. None is left unpaid: its copies
/// would be a year past their payment window, and the server would lapse them while measuring.
const TEMPLATE_ORDERS: usize = 10;
/// A partner reports at most once in this long (`domain::partners`): the trips are this far apart.
const REPORT_GAP: Duration = Duration::from_millis(4_100);
/// Requests made before the timed ones, at each size.
const WARM_UP: usize = 3;

/// What the template world gives the measures.
struct People {
    customer: String,
    partner: bench::world::Partner,
    /// The template order on its way, which the partner reports positions on.
    on_the_way: String,
}

async fn template(world: &World) -> anyhow::Result<People> {
    let customer = world.customer(CUSTOMER, 0).await?;
    let partner = world.partner(PARTNER, 1).await?;
    let mut orders = Vec::new();
    for k in 0..TEMPLATE_ORDERS {
        let order = world
            .order(&customer, &quarter_hour(3 + k as i64, k), PHONE, k)
            .await?;
        if k != 8 {
            world.top_up(&customer, k).await?;
            world.pay(&customer, &order, k).await?;
        }
        if k < 4 {
            world.take(&order, &partner).await?;
        }
        if k == 7 || k == 8 {
            let path = format!("/api/order/detail/{order}/cancel");
            world
                .rest(
                    &path,
                    serde_json::json!({"reason": "plans changed"}),
                    &customer,
                    k,
                )
                .await?;
        }
        orders.push(order);
    }
    world.set_off(&orders[0], &partner).await?;
    Ok(People {
        customer,
        partner,
        on_the_way: orders[0].clone(),
    })
}

/// Times `samples` calls of `call` made one after another, after a few untimed ones; answers the
/// times in milliseconds, sorted.
async fn timed<F, Fut>(samples: usize, mut call: F) -> anyhow::Result<Vec<f64>>
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    let mut ms = Vec::with_capacity(samples);
    for i in 0..WARM_UP + samples {
        let at = Instant::now();
        call(i).await?;
        if i >= WARM_UP {
            ms.push(at.elapsed().as_secs_f64() * 1000.0);
        }
    }
    ms.sort_by(f64::total_cmp);
    Ok(ms)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The figures at one size: (what, times in ms sorted).
type Figures = Vec<(&'static str, Vec<f64>)>;

/// How many of each: requests a figure, and positions' trips.
#[derive(Clone, Copy)]
struct Samples {
    requests: usize,
    trips: usize,
}

async fn measure(
    world: &World,
    people: &People,
    size_index: usize,
    samples: Samples,
) -> anyhow::Result<Figures> {
    let Samples { requests, .. } = samples;
    let mut figures: Figures = Vec::new();

    // A new customer each size books and pays, one order after another (the unpaid-order cap
    // stands: each is paid before the next), on a number of their own, so that what a search by
    // the template's number finds is the same at every size.
    let phone = format!("90200000{size_index}");
    let buyer = world
        .customer(&format!("buyer{size_index}@growth.example"), size_index)
        .await?;
    let (mut created, mut paid) = (Vec::new(), Vec::new());
    for i in 0..WARM_UP + requests {
        let start = quarter_hour(20 + (size_index * 7 + i % 7) as i64, i / 7);
        world.top_up(&buyer, i).await?;
        let at = Instant::now();
        let order = world.order(&buyer, &start, &phone, i).await?;
        let made = at.elapsed();
        let at = Instant::now();
        world.pay(&buyer, &order, i).await?;
        if i >= WARM_UP {
            created.push(made.as_secs_f64() * 1000.0);
            paid.push(at.elapsed().as_secs_f64() * 1000.0);
        }
    }
    for list in [&mut created, &mut paid] {
        list.sort_by(f64::total_cmp);
    }
    figures.push(("order created", created));
    figures.push(("order paid (coins)", paid));

    let member = timed(requests, |_| async {
        let r = world
            .http
            .get(format!("{}/api/order/detail", world.base))
            .header("authorization-firebase", &people.customer)
            .send()
            .await?;
        anyhow::ensure!(r.status() == 200, "member list: {}", r.status());
        r.bytes().await?;
        Ok(())
    })
    .await?;
    figures.push(("member's order list", member));

    let ops = OperatorServiceClient::new(world.grpc.clone());
    let board = timed(requests, |_| {
        let mut ops = ops.clone();
        async move {
            let r = ops
                .list_job_board(signed(&world.admin, pb::ListJobBoardRequest { days: 2 }))
                .await?;
            anyhow::ensure!(!r.get_ref().jobs.is_empty(), "the board is empty");
            Ok(())
        }
    })
    .await?;
    figures.push(("console: job board", board));
    for (what, query) in [
        ("console: search by e-mail", CUSTOMER),
        ("console: search by phone", PHONE),
        ("console: newest orders", ""),
    ] {
        let search = timed(requests, |_| {
            let mut ops = ops.clone();
            async move {
                let request = pb::SearchOrdersRequest {
                    query: query.to_owned(),
                    page_size: 20,
                    ..Default::default()
                };
                let r = ops.search_orders(signed(&world.admin, request)).await?;
                anyhow::ensure!(!r.get_ref().orders.is_empty(), "{what} found nothing");
                Ok(())
            }
        })
        .await?;
        figures.push((what, search));
    }

    let app = JobDispatchServiceClient::new(world.grpc.clone());
    let schedule = timed(requests, |_| {
        let mut app = app.clone();
        async move {
            let r = app
                .list_jobs(signed(
                    &people.partner.token,
                    pb::ListJobsRequest { days: 14 },
                ))
                .await?;
            anyhow::ensure!(r.get_ref().jobs.len() >= 4, "the schedule lacks jobs");
            Ok(())
        }
    })
    .await?;
    figures.push(("partner's schedule", schedule));

    // A trip waits on the live stream's timing as much as on the database: too few of them make
    // a noisy median, so a short run may leave them out (0).
    if samples.trips > 0 {
        figures.push((
            "position to customer's page",
            trips(world, people, samples.trips).await?,
        ));
    }
    Ok(figures)
}

/// The partner reports a position, `trips` times `REPORT_GAP` apart; each trip ends when the
/// customer's stream has its event and the job's progress read holds the position.
async fn trips(world: &World, people: &People, trips: usize) -> anyhow::Result<Vec<f64>> {
    let mut live = LiveServiceClient::new(world.grpc.clone());
    let mut progress = TravellerJobServiceClient::new(world.grpc.clone());
    let mut app = JobWhereaboutsServiceClient::new(world.grpc.clone());
    let watch = signed(
        &people.customer,
        pb::WatchEventsRequest {
            after_id: 0,
            ..Default::default()
        },
    );
    let mut stream = live.watch_events(watch).await?.into_inner();
    let position = i32::from(pb::LiveTopic::Position);
    let mut ms = Vec::new();
    for i in 0..trips {
        tokio::time::sleep(REPORT_GAP).await;
        let taken = chrono::Utc::now();
        let report = pb::ReportPositionRequest {
            order_id: people.on_the_way.clone(),
            position: Some(pb::GeoPosition {
                latitude: 10.7769 + i as f64 * 0.0003,
                longitude: 106.7009,
                accuracy: 10.0,
                taken_at: Some(timestamp(taken)),
            }),
        };
        let at = Instant::now();
        let kept = app
            .report_position(signed(&people.partner.token, report))
            .await?;
        anyhow::ensure!(
            kept.get_ref().kept,
            "a position {REPORT_GAP:?} after the last was dropped"
        );
        loop {
            let answer = tokio::time::timeout(Duration::from_secs(10), stream.message())
                .await??
                .ok_or_else(|| anyhow::anyhow!("the customer's stream ended"))?;
            if !answer.events.iter().any(|e| e.topic == position) {
                continue;
            }
            let read = progress
                .get_job_progress(signed(
                    &people.customer,
                    pb::GetJobProgressRequest {
                        order_id: people.on_the_way.clone(),
                        near: None,
                    },
                ))
                .await?
                .into_inner();
            let held = read
                .progress
                .and_then(|p| p.whereabouts)
                .and_then(|w| w.position)
                .and_then(|p| p.taken_at)
                .is_some_and(|t| t.seconds == taken.timestamp());
            if held {
                break;
            }
        }
        ms.push(at.elapsed().as_secs_f64() * 1000.0);
    }
    ms.sort_by(f64::total_cmp);
    Ok(ms)
}

/// The database's size on disk, in MiB.
async fn size_mib(db: &TestDb, backend: Backend) -> f64 {
    let bytes = if backend == Backend::Postgres {
        let r = db
            .db
            .query_one_raw(sea_orm::Statement::from_string(
                sea_orm::DbBackend::Postgres,
                "SELECT pg_database_size(current_database())",
            ))
            .await;
        r.ok()
            .flatten()
            .and_then(|r| r.try_get_by_index::<i64>(0).ok())
            .unwrap_or(0) as u64
    } else {
        let path = db.url.trim_start_matches("sqlite://");
        let path = path.split('?').next().unwrap_or(path);
        [path.to_owned(), format!("{path}-wal")]
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| m.len())
            .sum()
    };
    bytes as f64 / 1024.0 / 1024.0
}

async fn run(backend: Backend, sizes: &[u64], samples: Samples) -> anyhow::Result<Vec<Figures>> {
    let bin = bench::child::booking_bin()?;
    let db = TestDb::migrated(backend).await;
    World::create_admin(&bin, &db.url)?;
    let mut server = Server::start_as_shipped(&bin, &db.url)?;
    server.ready(Duration::from_secs(60)).await?;
    let world = World::open(&server, &db.url).await?;
    let people = template(&world).await?;
    let template = Template::read(&world.db, CUSTOMER, PARTNER).await?;
    println!(
        "{backend:?}: a copy is {} orders of one customer; a partner drives {} copies' jobs",
        template.orders,
        growth_fill::PER_PARTNER
    );
    let mut copies = 0;
    let mut all = Vec::new();
    for (index, &size) in sizes.iter().enumerate() {
        let to = size / template.orders;
        let at = Instant::now();
        template.copy(&world.db, copies, to).await?;
        copies = to;
        if backend == Backend::Postgres {
            // What autovacuum does within minutes of such a load (statistics, the visibility
            // map), and the checkpoint that would otherwise land in the measures.
            world.db.execute_unprepared("VACUUM (ANALYZE)").await?;
            world.db.execute_unprepared("CHECKPOINT").await?;
        } else {
            // The fill's log copied into the database and emptied, as the server's writers keep
            // it: reads through a log of gigabytes are not what a year of business meets.
            world
                .db
                .execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
                .await?;
        }
        let filled = at.elapsed().as_secs_f64();
        let at = Instant::now();
        let purged = adapters::stores::housekeeping::purge(&world.db, chrono::Utc::now()).await?;
        let purging = at.elapsed().as_secs_f64() * 1000.0;
        let (cpu, load) = (CpuTimes::now(), loadavg());
        let figures = measure(&world, &people, index, samples).await?;
        println!(
            "  {size} orders ({} MiB): copied in {filled:.0} s; retention pass {purging:.0} ms \
             ({} live events, {} positions removed); load average {load} before, {:.1}% CPU stolen while measuring",
            size_mib(&db, backend).await.round(),
            purged.live_events,
            purged.positions,
            cpu.stolen_since()
        );
        all.push(figures);
    }
    server.kill();
    world.db.clone().close().await.ok();
    db.remove().await;
    Ok(all)
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_default()
}

/// Prints each figure at each size and its ratio; answers whether every ratio met the goal.
fn report(backend: Backend, sizes: &[u64], all: &[Figures]) -> bool {
    let mut met = true;
    println!();
    let header: Vec<String> = sizes.iter().map(|s| format!("{s} orders")).collect();
    println!(
        "| {backend:?}: median (p90), ms | {} | largest ÷ smallest | goal ≤ {GOAL} |",
        header.join(" | ")
    );
    println!("|---|{}--:|---|", "--:|".repeat(sizes.len()));
    let Some(first) = all.first() else {
        return false;
    };
    for (row, (what, _)) in first.iter().enumerate() {
        let cells: Vec<String> = all
            .iter()
            .map(|f| {
                let ms = &f[row].1;
                format!("{:.2} ({:.2})", percentile(ms, 0.5), percentile(ms, 0.9))
            })
            .collect();
        let (small, large) = (
            percentile(&first[row].1, 0.5),
            all.last().map_or(f64::NAN, |f| percentile(&f[row].1, 0.5)),
        );
        let ratio = large / small;
        let ok = ratio <= GOAL;
        met &= ok;
        println!(
            "| {what} | {} | {ratio:.2} | {} |",
            cells.join(" | "),
            if ok { "met" } else { "NO" }
        );
    }
    met
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let sizes: Vec<u64> = args
        .next()
        .unwrap_or_else(|| "100000,300000,1000000".into())
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let samples = Samples {
        requests: args.next().map_or(Ok(100), |a| a.parse())?,
        trips: args.next().map_or(Ok(6), |a| a.parse())?,
    };
    let backends: Vec<Backend> = args
        .next()
        .unwrap_or_else(|| "sqlite,postgres".into())
        .split(',')
        .map(|b| match b {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" => Ok(Backend::Postgres),
            other => Err(anyhow::anyhow!("no database called {other}")),
        })
        .collect::<anyhow::Result<_>>()?;
    adapters::install_tls_provider();
    println!(
        "{} cores; sizes {sizes:?}, {} requests a figure, one after another; {} positions' trips",
        std::thread::available_parallelism().map_or(1, usize::from),
        samples.requests,
        samples.trips
    );
    let mut met = true;
    for backend in backends {
        let all = run(backend, &sizes, samples).await?;
        met &= report(backend, &sizes, &all);
    }
    bench::child::remove_folder();
    if !met {
        println!("growth: a figure grew past {GOAL}× (NO above)");
        std::process::exit(1);
    }
    println!("growth: every figure within {GOAL}×");
    Ok(())
}
