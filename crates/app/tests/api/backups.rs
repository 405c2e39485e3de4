//! The restore drill on SQLite, through the real server. Twelve customers top up, order and pay
//! at once; an admin takes a backup from the console's call while they go on; the node stops and
//! its database is destroyed; the backup is restored into the stopped node. Every order paid
//! before the backup was asked for is there and paid, none paid after it was taken is, every
//! wallet equals its ledger, and the restored node serves its customers.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use adapters::providers::backups::{Shelf, restore_sqlite};
use futures_util::future::join_all;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

use super::member::{pay_with_vcoin, pending};
use super::operations::{Cred, client, operator_token, with};
use super::orders::token_for;
use super::*;

async fn strings(db: &DatabaseConnection, sql: &str) -> Vec<String> {
    let sql = Statement::from_string(db.get_database_backend(), sql);
    db.query_all_raw(sql)
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get_by_index::<String>(0).unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_restore_drill_keeps_every_write_acknowledged_before_the_backup() {
    // Twelve sign-ups from one address: more than the hourly throttle lets through.
    let app = TestApp::start_with(Backend::Sqlite, |c| c.sign_ups_per_address_hour = 100).await;
    let admin = operator_token(&app).await;
    let paid = Mutex::new(Vec::<(usize, String)>::new());
    let stop = AtomicBool::new(false);
    let customers = (0..12).map(|n| {
        let (app, paid, stop) = (&app, &paid, &stop);
        async move {
            let token = token_for(app, &format!("drill{n}@example.com")).await;
            while !stop.load(Ordering::Relaxed) {
                let id = pending(app, &token, 2).await;
                pay_with_vcoin(app, &token, &id).await;
                paid.lock().unwrap().push((n, id));
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
            .map(|(_, id)| id.clone())
            .collect();
        let taken = client(&app)
            .await
            .start_backup(with(&Cred::Token(&admin), pb::StartBackupRequest {}))
            .await
            .unwrap()
            .into_inner()
            .backup
            .unwrap();
        let done = paid.lock().unwrap().len();
        while paid.lock().unwrap().len() < done + 20 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        stop.store(true, Ordering::Relaxed);
        (before, done, taken)
    };
    let (tokens, (before, done, taken)) = tokio::join!(join_all(customers), drill);
    let paid = paid.into_inner().unwrap();
    let after: BTreeSet<String> = paid[done..].iter().map(|(_, id)| id.clone()).collect();
    assert!(
        taken.bytes > 0 && taken.name.ends_with(".sqlite3"),
        "{taken:?}"
    );

    // The node stops, and its database is lost.
    let TestApp {
        addr,
        http,
        node,
        db,
        web_dir,
    } = app;
    node.stop().await;
    db.db.clone().close().await.ok();
    let file = adapters::sql::db::sqlite_file(&db.url).unwrap().to_owned();
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{file}{suffix}")).ok();
    }

    // Restored into the stopped node from the folder the backups are kept in.
    let shelf = Shelf::Folder(web_dir.join("backups"));
    let started = std::time::Instant::now();
    let replaced = restore_sqlite(&shelf, &taken.name, &db.url, "drill")
        .await
        .unwrap();
    eprintln!("restored {} bytes in {:?}", taken.bytes, started.elapsed());
    assert_eq!(replaced, None, "nothing was left to move aside");
    let restored = adapters::sql::db::connect(&db.url).await.unwrap();
    let kept: BTreeSet<String> = strings(&restored, "SELECT id FROM orders WHERE state = 'PAID'")
        .await
        .into_iter()
        .collect();
    let missing: Vec<_> = before.difference(&kept).collect();
    assert!(
        missing.is_empty(),
        "paid before the backup, lost: {missing:?}"
    );
    let late: Vec<_> = after.intersection(&kept).collect();
    assert!(
        late.is_empty(),
        "paid after the backup, yet in it: {late:?}"
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

    // The restored node serves: a customer's token from before still reads their paid order.
    let config = Config {
        public_url: Some(format!("http://{addr}")),
        ..TestApp::config(&db, &web_dir)
    };
    let node = Node::start(config, &http).await;
    let (n, id) = paid.iter().find(|(_, id)| before.contains(id)).unwrap();
    let r = http
        .get(node.url(&format!("/api/order/detail/{id}")))
        .header("authorization-firebase", &tokens[*n])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["data"]["id"], id.as_str());
    node.stop().await;
    db.remove().await;
    std::fs::remove_dir_all(web_dir).ok();
}
