#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)]

//! Fresh databases for tests: every test gets its own SQLite file or PostgreSQL database, migrated,
//! and removes it afterwards. PostgreSQL is found at `TEST_POSTGRES_URL` (default: the local
//! server, user postgres); a test on it fails rather than skips when it is not there.

use std::hash::{BuildHasher, Hasher};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use sea_orm::{ConnectionTrait, Database, DatabaseConnection};

use crate::sql::db;

pub mod pitr;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestDb {
    pub backend: Backend,
    pub url: String,
    pub db: DatabaseConnection,
    cleanup: Cleanup,
}

enum Cleanup {
    SqliteDir(PathBuf),
    PostgresDatabase {
        admin_url: String,
        name: String,
    },
    /// Someone else's (a private cluster's): only closed.
    Nothing,
}

pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// A name no other test, in this process or another, is using.
pub fn unique_name(prefix: &str) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u32(std::process::id());
    format!(
        "{prefix}_{}_{:012x}",
        std::process::id(),
        h.finish() & 0xffff_ffff_ffff
    )
}

impl TestDb {
    /// A new, empty database, not yet migrated.
    pub async fn empty(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(unique_name("booking_test"));
                std::fs::create_dir_all(&dir).expect("temp dir");
                let url = format!("sqlite://{}?mode=rwc", dir.join("test.db").display());
                let db = db::connect(&url).await.expect("open sqlite");
                Self {
                    backend,
                    url,
                    db,
                    cleanup: Cleanup::SqliteDir(dir),
                }
            }
            Backend::Postgres => {
                let admin_url = postgres_admin_url();
                let name = unique_name("booking_test");
                let admin = Database::connect(&admin_url)
                    .await
                    .unwrap_or_else(|e| panic!("PostgreSQL at {admin_url}: {e}"));
                admin
                    .execute_unprepared(&format!("CREATE DATABASE {name}"))
                    .await
                    .expect("create test database");
                admin.close().await.ok();
                // The test's database in place of the admin's, keeping the URL's parameters
                // (`?sslmode=…`).
                let mut url = url::Url::parse(&admin_url)
                    .unwrap_or_else(|e| panic!("PostgreSQL URL {admin_url}: {e}"));
                url.set_path(&name);
                let url = url.to_string();
                let db = db::connect(&url).await.expect("open postgres");
                Self {
                    backend,
                    url,
                    db,
                    cleanup: Cleanup::PostgresDatabase { admin_url, name },
                }
            }
        }
    }

    /// The database at `url`, which the caller made and removes.
    pub async fn at(url: &str) -> Self {
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        };
        let db = db::connect(url).await.expect("open the database");
        Self {
            backend,
            url: url.to_owned(),
            db,
            cleanup: Cleanup::Nothing,
        }
    }

    /// A new database with the schema in place.
    pub async fn migrated(backend: Backend) -> Self {
        let t = Self::empty(backend).await;
        db::migrate(&t.db).await.expect("migrate");
        t
    }

    /// Closes the connections and removes the database.
    pub async fn remove(self) {
        self.db.close().await.ok();
        match self.cleanup {
            Cleanup::SqliteDir(dir) => {
                std::fs::remove_dir_all(dir).ok();
            }
            Cleanup::PostgresDatabase { admin_url, name } => {
                if let Ok(admin) = Database::connect(&admin_url).await {
                    admin
                        .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .await
                        .ok();
                    admin.close().await.ok();
                }
            }
            Cleanup::Nothing => {}
        }
    }
}

/// Runs one async test body once per backend, as separate `#[tokio::test]`s named after it:
/// `on_both_databases!(lists_plans, |db| async move { … });` gives `lists_plans::sqlite` and
/// `lists_plans::postgres`.
#[macro_export]
macro_rules! on_both_databases {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let t = $crate::testing::TestDb::migrated($crate::testing::Backend::Sqlite).await;
                ($body)(t.db.clone()).await;
                t.remove().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let t = $crate::testing::TestDb::migrated($crate::testing::Backend::Postgres).await;
                ($body)(t.db.clone()).await;
                t.remove().await;
            }
        }
    };
}

/// The mails queued for `to`, oldest first, as `(kind, link)`: what a customer would find in the
/// mailbox, read where the outbox keeps it.
pub async fn mails_to(db: &DatabaseConnection, to: &str) -> Vec<(String, Option<String>)> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    crate::sql::entities::mail_outbox::Entity::find()
        .filter(crate::sql::entities::mail_outbox::Column::Recipient.eq(to))
        .order_by_asc(crate::sql::entities::mail_outbox::Column::CreatedAtMs)
        .all(db)
        .await
        .expect("read the outbox")
        .into_iter()
        .map(|m| (m.kind, m.link))
        .collect()
}

/// The `oobCode` of the newest mail of `kind` to `to`.
pub async fn code_mailed(db: &DatabaseConnection, to: &str, kind: &str) -> String {
    let (_, link) = mails_to(db, to)
        .await
        .into_iter()
        .rev()
        .find(|(k, _)| k == kind)
        .unwrap_or_else(|| panic!("no {kind} mail to {to}"));
    let link = link.expect("the mail has a link");
    link.split(['?', '&'])
        .find_map(|p| p.strip_prefix("oobCode="))
        .expect("oobCode in the link")
        .to_owned()
}

/// The kid and private seed (base64) of the current signing key, opened with `sealing`, so tests
/// can forge tokens signed with the real key but wrong claims.
pub async fn signing_key(
    db: &DatabaseConnection,
    sealing: &crate::security::key_sealing::Sealing,
) -> (String, String) {
    use base64::Engine;
    use sea_orm::{EntityTrait, QueryOrder};
    let k = crate::sql::entities::signing_key::Entity::find()
        .order_by_desc(crate::sql::entities::signing_key::Column::CreatedAtMs)
        .one(db)
        .await
        .expect("read keys")
        .expect("a signing key");
    assert!(k.private_key.starts_with("sealed:v1:"), "stored sealed");
    let (seed, _) = sealing.open(&k.private_key).expect("opens");
    (
        k.kid,
        base64::engine::general_purpose::STANDARD.encode(seed),
    )
}

/// No cap on unpaid orders, for tests of other rules that make many.
pub const NO_CAP: domain::ordering::UnpaidCap = domain::ordering::UnpaidCap::NONE;

/// How many rows `table` holds.
pub async fn count(db: &DatabaseConnection, table: &str) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let sql = format!("SELECT COUNT(*) AS n FROM {table}");
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .expect("count")
        .expect("a row");
    row.try_get::<i64>("", "n").expect("a number")
}

/// Moves every mailed code's expiry into the past.
pub async fn expire_codes(db: &DatabaseConnection) {
    use sea_orm::EntityTrait;
    use sea_orm::sea_query::Expr;
    crate::sql::entities::action_code::Entity::update_many()
        .col_expr(
            crate::sql::entities::action_code::Column::ExpiresAtMs,
            Expr::value(0i64),
        )
        .exec(db)
        .await
        .expect("expire codes");
}

/// Moves a job's start to `start`, as if its day had come (orders are booked a day ahead at
/// least; a partner sets off only hours before).
pub async fn move_job(
    db: &DatabaseConnection,
    order_id: &str,
    start: chrono::DateTime<chrono::Utc>,
) {
    use crate::sql::entities::job;
    use sea_orm::sea_query::Expr;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    job::Entity::update_many()
        .col_expr(
            job::Column::StartAtMs,
            Expr::value(start.timestamp_millis()),
        )
        .filter(job::Column::OrderId.eq(order_id))
        .exec(db)
        .await
        .expect("move job");
}

/// Moves a job's steps `minutes` back, as if taken that long ago (a no-show waits out the free
/// waiting time from the arrival).
pub async fn age_job_steps(db: &DatabaseConnection, order_id: &str, minutes: i64) {
    use crate::sql::entities::job_step;
    use sea_orm::sea_query::{Expr, ExprTrait};
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    job_step::Entity::update_many()
        .col_expr(
            job_step::Column::AtMs,
            Expr::col(job_step::Column::AtMs).sub(minutes * 60_000),
        )
        .filter(job_step::Column::OrderId.eq(order_id))
        .exec(db)
        .await
        .expect("age the job's steps");
}

/// Moves every partner's ledger entry `weeks` weeks back, as if earned then (a week is paid only
/// once it is over).
pub async fn backdate_earnings(db: &DatabaseConnection, weeks: u32) {
    use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
    let back = chrono::Duration::weeks(i64::from(weeks));
    for row in crate::sql::entities::partner_earning::Entity::find()
        .all(db)
        .await
        .expect("read the ledger")
    {
        let at = chrono::DateTime::from_timestamp_millis(row.at_ms).expect("an instant") - back;
        let week = domain::partners::Week::of(at).code();
        let mut row = row.into_active_model();
        row.at_ms = Set(at.timestamp_millis());
        row.week = Set(week);
        row.update(db).await.expect("backdate an entry");
    }
}

/// The delivery state of one queued mail: `(attempts, sent, last_error)`.
pub async fn outbox_state(db: &DatabaseConnection, id: &str) -> (i32, bool, Option<String>) {
    use sea_orm::EntityTrait;
    let m = crate::sql::entities::mail_outbox::Entity::find_by_id(id)
        .one(db)
        .await
        .expect("read the outbox")
        .expect("the mail is queued");
    (m.attempts, m.sent_at_ms.is_some(), m.last_error)
}

/// Makes every unsent mail due now, as if its retry delay had passed.
pub async fn make_mail_due(db: &DatabaseConnection) {
    use sea_orm::EntityTrait;
    use sea_orm::sea_query::Expr;
    crate::sql::entities::mail_outbox::Entity::update_many()
        .col_expr(
            crate::sql::entities::mail_outbox::Column::NextAttemptAtMs,
            Expr::value(0i64),
        )
        .exec(db)
        .await
        .expect("make mail due");
}

/// A plan that passes the catalogue's rules, priced at `price` for its first length, with the
/// extras its category sells in the demo catalogue.
pub fn plan(
    id: &str,
    category: domain::catalog::Category,
    sort_order: i32,
    price: i64,
) -> domain::catalog::Plan {
    use domain::catalog::{Category, Plan, PlanId, Vehicle};
    let entry = crate::catalog_file::PricingEntry {
        rates: match category {
            Category::Shuttle => vec![rate(0, price)],
            Category::DragonMassage => vec![rate(60, price), rate(90, price + 200_000)],
            _ => vec![rate(240, price)],
        },
        night: Some(crate::catalog_file::NightEntry {
            from: "22:00".into(),
            until: "06:00".into(),
            percent: 20,
        }),
        extra_hour_vnd: matches!(category, Category::Charter | Category::Escort).then_some(250_000),
        max_extra_hours: if matches!(category, Category::Charter | Category::Escort) {
            4
        } else {
            0
        },
        people_included: if category == Category::Escort { 2 } else { 1 },
        max_people: if category == Category::Escort { 8 } else { 2 },
        extra_person_vnd: (category == Category::Escort).then_some(100_000),
        extra_person_percent: (category == Category::DragonMassage).then_some(100),
        child_seat_vnd: matches!(category, Category::Shuttle | Category::Charter)
            .then_some(100_000),
        extra_stop_vnd: (category == Category::Shuttle).then_some(100_000),
        max_extra_stops: if category == Category::Shuttle { 3 } else { 0 },
        chinese_speaking_vnd: (category == Category::Charter).then_some(300_000),
        lead_time_minutes: 240,
        horizon_days: 180,
        payout_percent: None,
        payout_vnd: None,
        no_show_payout_percent: None,
        no_show_payout_vnd: None,
        seasons: vec![],
    };
    Plan {
        id: PlanId::parse(id).unwrap(),
        category,
        name: format!("方案 {id}"),
        summary: "摘要".into(),
        description: "說明：含過路費".into(),
        images: vec!["/img/plans/shuttle.svg".into()],
        vehicle: matches!(category, Category::Shuttle | Category::Charter).then_some(Vehicle {
            seats: 4,
            luggage: 2,
        }),
        pricing: entry.to_rules().unwrap(),
        airport: (category == Category::Shuttle).then(|| "SGN".into()),
        sort_order,
        active: true,
        cancellation: Default::default(),
        content: Default::default(),
        translations: Default::default(),
    }
}

fn rate(minutes: u32, price_vnd: i64) -> crate::catalog_file::RateEntry {
    crate::catalog_file::RateEntry { minutes, price_vnd }
}

/// Puts every unpaid order past its payment window, for the expiry job.
pub async fn make_orders_due(db: &DatabaseConnection) {
    db.execute_unprepared("UPDATE orders SET expires_at_ms = 0")
        .await
        .unwrap();
}

/// Moves an order's service an hour into the past, as if its time had come (orders are booked
/// ahead, and completing or reviewing one waits for its service).
pub async fn serve_order(db: &DatabaseConnection, order_id: &str) {
    use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
    let row = crate::sql::entities::order::Entity::find_by_id(order_id)
        .one(db)
        .await
        .unwrap()
        .expect("the order exists");
    let past = chrono::Utc::now() - chrono::Duration::hours(1);
    let mut details: serde_json::Value = serde_json::from_str(&row.details).unwrap();
    let local = domain::shared::LocalTime::of(past).to_string();
    details["start"] = serde_json::Value::String(local);
    let mut row = row.into_active_model();
    row.details = Set(details.to_string());
    row.start_at_ms = Set(past.timestamp_millis());
    row.update(db).await.unwrap();
}

/// Moves every review's first writing `days` back, as if written then.
pub async fn backdate_reviews(db: &DatabaseConnection, days: i64) {
    let ms = days * 86_400_000;
    db.execute_unprepared(&format!(
        "UPDATE reviews SET created_at_ms = created_at_ms - {ms}"
    ))
    .await
    .unwrap();
}

/// A JPEG photo as a phone takes it: `width` × `height` pixels of a gradient, and an EXIF block
/// with the orientation tag and a GPS position (10°46′30″N 106°41′15″E, Ho Chi Minh City).
pub fn jpeg_with_gps(width: u32, height: u32, orientation: u16) -> Vec<u8> {
    let pixels = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([
            (x * 255 / width.max(1)) as u8,
            (y * 255 / height.max(1)) as u8,
            90,
        ])
    });
    let mut plain = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut plain, 90)
        .encode_image(&pixels)
        .expect("encoding a test JPEG");
    let entry = |tag: u16, kind: u16, count: u32, value: [u8; 4]| {
        let mut e = Vec::with_capacity(12);
        e.extend_from_slice(&tag.to_be_bytes());
        e.extend_from_slice(&kind.to_be_bytes());
        e.extend_from_slice(&count.to_be_bytes());
        e.extend_from_slice(&value);
        e
    };
    let rational = |n: u32, d: u32| [n.to_be_bytes(), d.to_be_bytes()].concat();
    // TIFF header, IFD0 at 8 (orientation, GPS pointer), GPS IFD at 38, rationals at 92 and 116.
    let mut tiff = b"MM\x00\x2a\x00\x00\x00\x08".to_vec();
    tiff.extend_from_slice(&2u16.to_be_bytes());
    let o = orientation.to_be_bytes();
    tiff.extend(entry(0x0112, 3, 1, [o[0], o[1], 0, 0]));
    tiff.extend(entry(0x8825, 4, 1, 38u32.to_be_bytes()));
    tiff.extend_from_slice(&0u32.to_be_bytes());
    tiff.extend_from_slice(&4u16.to_be_bytes());
    tiff.extend(entry(0x0001, 2, 2, *b"N\0\0\0"));
    tiff.extend(entry(0x0002, 5, 3, 92u32.to_be_bytes()));
    tiff.extend(entry(0x0003, 2, 2, *b"E\0\0\0"));
    tiff.extend(entry(0x0004, 5, 3, 116u32.to_be_bytes()));
    tiff.extend_from_slice(&0u32.to_be_bytes());
    for (n, d) in [
        (10, 1),
        (46, 1),
        (3000, 100),
        (106, 1),
        (41, 1),
        (1500, 100),
    ] {
        tiff.extend(rational(n, d));
    }
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let len = u16::try_from(app1.len() + 2).expect("a short EXIF block");
    let mut out = plain[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&plain[2..]);
    out
}

/// Whether JPEG bytes carry an EXIF block (an APP1 segment that starts with `Exif`).
pub fn has_exif(jpeg: &[u8]) -> bool {
    jpeg.windows(6).any(|w| w == b"Exif\0\0")
}

/// Keeps a copy of the push device at `from` as if it had subscribed at `to`, straight in the
/// store (as a device kept before a rule that would now refuse it).
pub async fn copy_push_device(db: &DatabaseConnection, from: &str, to: &str) {
    use crate::sql::entities::push_device;
    use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
    let kept = push_device::Entity::find()
        .filter(push_device::Column::Endpoint.eq(from))
        .one(db)
        .await
        .expect("read the device")
        .expect("the device");
    push_device::ActiveModel {
        id: Set(domain::notifications::device_id(to)),
        endpoint: Set(to.to_owned()),
        ..push_device::ActiveModel::from(kept)
    }
    .insert(db)
    .await
    .expect("keep the copy");
}

/// The endpoints of every push device kept.
pub async fn push_endpoints(db: &DatabaseConnection) -> Vec<String> {
    use crate::sql::entities::push_device;
    use sea_orm::EntityTrait;
    push_device::Entity::find()
        .all(db)
        .await
        .expect("read the devices")
        .into_iter()
        .map(|d| d.endpoint)
        .collect()
}
