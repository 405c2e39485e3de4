//! The restore drills, through the real server. Twelve customers top up, order and pay at once;
//! while they go on, the data is marked (SQLite: an admin takes a backup from the console's call;
//! PostgreSQL: a restore point in the WAL pgBackRest archives); the node stops and its database is
//! destroyed; it is restored (SQLite: the backup into the stopped node; PostgreSQL: the last full
//! backup, and the archived WAL replayed up to the restore point). Every order paid before the
//! mark is there and paid, none paid after it is, every wallet equals its ledger, and the restored
//! node serves its customers.

use std::collections::BTreeSet;
use std::future::Future;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use adapters::providers::backups::{Shelf, restore_sqlite};
use adapters::testing::pitr::PitrCluster;
use futures_util::future::join_all;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

use super::member::{pay_with_vcoin, pending};
use super::operations::{Cred, client, operator_token, with};
use super::orders::token_for;
use super::*;

/// What the customers saw acknowledged around the mark.
struct Load<T> {
    tokens: Vec<String>,
    /// Every paid order, by customer number, in the order acknowledged.
    paid: Vec<(usize, String)>,
    /// Paid (acknowledged) before the mark began.
    before: BTreeSet<String>,
    /// Paid by a request sent after the mark was done.
    after: BTreeSet<String>,
    mark: T,
}

/// Customers paying orders at once; once 30 are paid, `mark` runs, and they go on for 20 more.
async fn under_load<T>(app: &TestApp, mark: impl Future<Output = T>) -> Load<T> {
    let paid = Mutex::new(Vec::<(usize, String, bool)>::new());
    let (stop, marked) = (AtomicBool::new(false), AtomicBool::new(false));
    let customers = (0..12).map(|n| {
        let (paid, stop, marked) = (&paid, &stop, &marked);
        async move {
            let token = token_for(app, &format!("drill{n}@example.com")).await;
            while !stop.load(Ordering::Relaxed) {
                let id = pending(app, &token, 2).await;
                // An answer may come after the mark for a payment made before it: only one
                // asked for after it is surely after it.
                let after = marked.load(Ordering::SeqCst);
                pay_with_vcoin(app, &token, &id).await;
                paid.lock().unwrap().push((n, id, after));
            }
            token
        }
    });
    let drill = async {
        while paid.lock().unwrap().len() < 30 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let before: BTreeSet<String> = paid
            .lock()
            .unwrap()
            .iter()
            .map(|(_, id, _)| id.clone())
            .collect();
        let mark = mark.await;
        marked.store(true, Ordering::SeqCst);
        let done = paid.lock().unwrap().len();
        while paid.lock().unwrap().len() < done + 20 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        stop.store(true, Ordering::Relaxed);
        (before, mark)
    };
    let (tokens, (before, mark)) = tokio::join!(join_all(customers), drill);
    let paid = paid.into_inner().unwrap();
    let after = paid.iter().filter(|p| p.2).map(|p| p.1.clone()).collect();
    Load {
        tokens,
        paid: paid.into_iter().map(|(n, id, _)| (n, id)).collect(),
        before,
        after,
        mark,
    }
}

async fn strings(db: &DatabaseConnection, sql: &str) -> Vec<String> {
    let sql = Statement::from_string(db.get_database_backend(), sql);
    db.query_all_raw(sql)
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get_by_index::<String>(0).unwrap())
        .collect()
}

/// The restored database holds every order paid before the mark and none paid after it, and
/// every wallet equals the sum of its ledger.
async fn holds_what_was_acknowledged<T>(url: &str, load: &Load<T>) {
    let restored = adapters::sql::db::connect(url).await.unwrap();
    let kept: BTreeSet<String> = strings(&restored, "SELECT id FROM orders WHERE state = 'PAID'")
        .await
        .into_iter()
        .collect();
    let missing: Vec<_> = load.before.difference(&kept).collect();
    assert!(
        missing.is_empty(),
        "paid before the mark, lost: {missing:?}"
    );
    let late: Vec<_> = load.after.intersection(&kept).collect();
    assert!(
        late.is_empty(),
        "paid after the mark, yet restored: {late:?}"
    );
    let unequal = strings(
        &restored,
        "SELECT w.owner FROM wallets w LEFT JOIN \
         (SELECT owner, SUM(amount_vnd) AS total FROM ledger_entries GROUP BY owner) l \
         ON l.owner = w.owner WHERE w.balance_vnd <> COALESCE(l.total, 0)",
    )
    .await;
    assert!(
        unequal.is_empty(),
        "wallets unlike their ledgers: {unequal:?}"
    );
    restored.close().await.ok();
}

/// A node on the restored database, at the old address (the tokens' issuer), serves a customer
/// from before the mark their paid order.
async fn serves<T>(stopped: &Stopped, load: &Load<T>) {
    let Stopped {
        addr,
        http,
        db,
        web_dir,
    } = stopped;
    let config = {
        let mut config = TestApp::config(db, web_dir);
        config.server.public_url = Some(format!("http://{addr}"));
        config
    };
    let node = Node::start(config, http).await;
    let (n, id) = load
        .paid
        .iter()
        .find(|(_, id)| load.before.contains(id))
        .unwrap();
    let r = http
        .get(node.url(&format!("/api/order/detail/{id}")))
        .header("authorization-firebase", &load.tokens[*n])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["data"]["id"], id.as_str());
    node.stop().await;
}

/// Twelve sign-ups from one address: more than the hourly throttle lets through.
fn many_sign_ups(c: &mut Config) {
    c.accounts.sign_ups_per_address_hour = 100;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sqlite_drill_keeps_every_write_acknowledged_before_the_backup() {
    let app = TestApp::start_with(Backend::Sqlite, many_sign_ups).await;
    let admin = operator_token(&app).await;
    let backup = async {
        let request = with(&Cred::Token(&admin), pb::StartBackupRequest {});
        let answer = client(&app).await.start_backup(request).await.unwrap();
        answer.into_inner().backup.unwrap()
    };
    let load = under_load(&app, backup).await;
    let taken = &load.mark;
    assert!(
        taken.bytes > 0 && taken.name.ends_with(".sqlite3"),
        "{taken:?}"
    );

    // The node stops, and its database is lost.
    let stopped = app.stop_keeping().await;
    let file = adapters::sql::db::sqlite_file(&stopped.db.url)
        .unwrap()
        .to_owned();
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{file}{suffix}")).ok();
    }

    // Restored into the stopped node from the folder the backups are kept in.
    let shelf = Shelf::Folder(stopped.web_dir.join("backups"));
    let started = std::time::Instant::now();
    let replaced = restore_sqlite(&shelf, &taken.name, &stopped.db.url, "drill")
        .await
        .unwrap();
    eprintln!(
        "sqlite drill: restored {} bytes in {:?}",
        taken.bytes,
        started.elapsed()
    );
    assert_eq!(replaced, None, "nothing was left to move aside");
    holds_what_was_acknowledged(&stopped.db.url, &load).await;
    serves(&stopped, &load).await;
    stopped.db.remove().await;
    std::fs::remove_dir_all(stopped.web_dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgresql_drill_recovers_to_the_restore_point() {
    let cluster = PitrCluster::start();
    let url = cluster.url("booking");
    let db = TestDb::at(&url).await;
    let web_dir = web_fixture();
    let mut config = TestApp::config(&db, &web_dir);
    many_sign_ups(&mut config);
    app::telemetry::init(&config);
    adapters::install_tls_provider();
    let http = reqwest::Client::new();
    let node = Node::start(config, &http).await;
    let app = TestApp {
        addr: node.addr,
        http,
        node,
        db,
        web_dir,
    };
    let load = under_load(&app, async { cluster.restore_point("drill") }).await;

    // The node stops, the WAL written so far is archived, and the data folder is lost.
    let stopped = app.stop_keeping().await;
    cluster.stop();
    cluster.destroy();

    // The last full backup, and the archived WAL replayed up to the restore point.
    let started = std::time::Instant::now();
    cluster.recover_to("drill");
    eprintln!("postgresql drill: recovered in {:?}", started.elapsed());
    holds_what_was_acknowledged(&url, &load).await;
    serves(&stopped, &load).await;
    std::fs::remove_dir_all(stopped.web_dir).ok();
}
