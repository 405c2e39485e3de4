//! SQLite's backups against a real database file: a copy taken while writers go on holds every
//! write acknowledged before it began; it is kept whole in a folder or an S3 bucket (s3rver); a
//! restore is refused while a node holds the database, and otherwise puts the copy in place and
//! keeps the file it replaced.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use adapters::providers::backups::{NodeLock, Shelf, SqliteBackups, restore_sqlite};
use adapters::providers::media::S3BlobStore;
use adapters::testing::{Backend, TestDb, unique_name};
use domain::backups::{Backup, BackupPort};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

fn file_of(url: &str) -> PathBuf {
    PathBuf::from(adapters::sql::db::sqlite_file(url).unwrap())
}

async fn numbers(db: &DatabaseConnection) -> BTreeSet<i64> {
    let sql = Statement::from_string(db.get_database_backend(), "SELECT n FROM probe");
    db.query_all_raw(sql)
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get::<i64>("", "n").unwrap())
        .collect()
}

#[tokio::test]
async fn a_backup_taken_under_writes_holds_every_acknowledged_write_and_restores_in_place() {
    let t = TestDb::migrated(Backend::Sqlite).await;
    t.db.execute_unprepared("CREATE TABLE probe (n INTEGER PRIMARY KEY, pad TEXT NOT NULL)")
        .await
        .unwrap();
    let folder = std::env::temp_dir().join(unique_name("backups"));
    let port = SqliteBackups::new(t.db.clone(), &t.url, Shelf::Folder(folder.clone()));

    // Eight writers commit one row each, as fast as they can, and note what was acknowledged.
    let next = Arc::new(AtomicI64::new(0));
    let acked = Arc::new(Mutex::new(BTreeSet::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = (0..8)
        .map(|_| {
            let (db, next, acked, stop) = (t.db.clone(), next.clone(), acked.clone(), stop.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    let sql = format!(
                        "INSERT INTO probe (n, pad) VALUES ({n}, '{}')",
                        "x".repeat(200)
                    );
                    db.execute_unprepared(&sql).await.unwrap();
                    acked.lock().unwrap().insert(n);
                }
            })
        })
        .collect();
    while acked.lock().unwrap().len() < 500 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let before = acked.lock().unwrap().clone();
    let name = Backup::name_at(chrono::Utc::now(), port.extension());
    let bytes = port.take(&name).await.unwrap();
    // Writes went on during the copy.
    while acked.lock().unwrap().len() < before.len() + 200 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        w.await.unwrap();
    }
    let all = acked.lock().unwrap().clone();
    assert_eq!(port.list().await.unwrap(), [(name.clone(), bytes)]);
    assert!(
        std::fs::read_dir(&folder).unwrap().count() == 1,
        "no partial copy left"
    );

    // A node serves the database: restoring is refused, and nothing is touched.
    let file = file_of(&t.url);
    let held = NodeLock::serve(&file).unwrap();
    let second = NodeLock::serve(&file).unwrap();
    // Two nodes may serve one file; only one takes a backup at a time.
    let taking = port.hold().await.unwrap().expect("free");
    assert!(port.hold().await.unwrap().is_none());
    drop(taking);
    let shelf = Shelf::Folder(folder.clone());
    let refused = restore_sqlite(&shelf, &name, &t.url, "t1")
        .await
        .unwrap_err();
    assert!(refused.contains("stop it first"), "{refused}");
    drop((held, second));
    assert_eq!(numbers(&t.db).await, all);

    // Stopped, it restores: the copy holds every write acknowledged before the backup began
    // (and perhaps some during it), none after it ended; the file it replaced is kept.
    t.db.clone().close().await.unwrap();
    let aside = restore_sqlite(&shelf, &name, &t.url, "t2")
        .await
        .unwrap()
        .unwrap();
    let db = adapters::sql::db::connect(&t.url).await.unwrap();
    let restored = numbers(&db).await;
    assert!(
        before.is_subset(&restored),
        "{} of {} acknowledged before",
        before.intersection(&restored).count(),
        before.len()
    );
    assert!(restored.is_subset(&all));
    assert!(
        restored.len() < all.len(),
        "writes after the backup are not in it"
    );
    db.close().await.unwrap();
    let old = adapters::sql::db::connect(&format!("sqlite://{}?mode=ro", aside.display()))
        .await
        .unwrap();
    assert_eq!(
        numbers(&old).await,
        all,
        "the replaced database, whole with its WAL"
    );
    old.close().await.unwrap();
    assert!(
        restore_sqlite(&shelf, "booking-20000101T000000Z.sqlite3", &t.url, "t3")
            .await
            .is_err()
    );
    std::fs::remove_dir_all(folder).ok();
    t.remove().await;
}

#[tokio::test]
async fn a_restore_takes_only_a_kept_backup_of_this_schema_never_a_path() {
    let folder = std::env::temp_dir().join(unique_name("backups"));
    std::fs::create_dir_all(&folder).unwrap();
    let shelf = Shelf::Folder(folder.join("shelf"));
    // An unrelated database beside the shelf, and one kept under a backup's name on it.
    let stranger = TestDb::empty(Backend::Sqlite).await;
    stranger
        .db
        .execute_unprepared("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        .await
        .unwrap();
    let stranger_file = file_of(&stranger.url);
    stranger.db.clone().close().await.unwrap();
    std::fs::create_dir_all(folder.join("shelf")).unwrap();
    let disguised = "booking-20261101T000000Z.sqlite3";
    std::fs::copy(&stranger_file, folder.join("shelf").join(disguised)).unwrap();
    let t = TestDb::migrated(Backend::Sqlite).await;
    let port = SqliteBackups::new(t.db.clone(), &t.url, Shelf::Folder(folder.join("shelf")));
    let real = Backup::name_at(chrono::Utc::now(), port.extension());
    port.take(&real).await.unwrap();
    t.db.clone().close().await.unwrap();
    let original = std::fs::read(file_of(&t.url)).unwrap();

    let traversal = format!("../../{}", stranger_file.display());
    for (name, says) in [
        (traversal.as_str(), "is not one of the backups kept"),
        (
            stranger_file.to_str().unwrap(),
            "is not one of the backups kept",
        ),
        (
            "../shelf/booking-20261101T000000Z.sqlite3",
            "is not one of the backups kept",
        ),
        (
            "booking-20000101T000000Z.sqlite3",
            "is not one of the backups kept",
        ),
        (disguised, "is not a backup of this site's database"),
    ] {
        let refused = restore_sqlite(&shelf, name, &t.url, "x").await.unwrap_err();
        assert!(refused.contains(says), "{name}: {refused}");
        assert_eq!(
            std::fs::read(file_of(&t.url)).unwrap(),
            original,
            "{name}: untouched"
        );
    }
    // The backup of this schema restores.
    assert!(
        restore_sqlite(&shelf, &real, &t.url, "y")
            .await
            .unwrap()
            .is_some()
    );
    std::fs::remove_dir_all(folder).ok();
    t.remove().await;
    stranger.remove().await;
}

#[tokio::test]
async fn backups_kept_in_a_bucket_are_listed_fetched_and_removed() {
    let server = super::blobs::s3rver().await;
    let store = S3BlobStore::new(&super::blobs::config(server.1, "S3RVER")).unwrap();
    let shelf = Shelf::Bucket {
        store: Box::new(store),
        prefix: "backups/".into(),
    };
    let t = TestDb::migrated(Backend::Sqlite).await;
    let port = SqliteBackups::new(t.db.clone(), &t.url, shelf);
    assert!(port.place().starts_with("s3://hotel-images-test/backups/"));
    let mut names = Vec::new();
    for at in ["20261128T090000Z", "20261128T100000Z"] {
        let name = format!("booking-{at}.sqlite3");
        let bytes = port.take(&name).await.unwrap();
        assert!(bytes > 10_000, "a migrated database: {bytes}");
        names.push((name, bytes));
    }
    let mut listed = port.list().await.unwrap();
    listed.sort();
    assert_eq!(listed, names);
    port.remove(&names[0].0).await.unwrap();
    assert_eq!(port.list().await.unwrap(), [names[1].clone()]);
    // Fetched back whole: a restore into a new, stopped node.
    let store = S3BlobStore::new(&super::blobs::config(server.1, "S3RVER")).unwrap();
    let shelf = Shelf::Bucket {
        store: Box::new(store),
        prefix: "backups/".into(),
    };
    let target = std::env::temp_dir().join(unique_name("restored"));
    std::fs::create_dir_all(&target).unwrap();
    let url = format!("sqlite://{}?mode=rwc", target.join("booking.db").display());
    assert_eq!(
        restore_sqlite(&shelf, &names[1].0, &url, "t")
            .await
            .unwrap(),
        None
    );
    let db = adapters::sql::db::connect(&url).await.unwrap();
    adapters::sql::db::migrate(&db).await.unwrap();
    db.close().await.unwrap();
    std::fs::remove_dir_all(target).ok();
    t.remove().await;
}

#[tokio::test]
async fn a_postgresql_dump_loads_whole_into_a_new_database_and_not_over_one() {
    let source = TestDb::empty(Backend::Postgres).await;
    source
        .db
        .execute_unprepared(
            "CREATE TABLE probe (n BIGINT PRIMARY KEY, pad TEXT NOT NULL); \
             INSERT INTO probe SELECT g, repeat('x', 100) FROM generate_series(1, 5000) g",
        )
        .await
        .unwrap();
    let dir = std::env::temp_dir().join(unique_name("dump"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("booking.pgdump");
    let bytes = adapters::providers::backups::dump_postgres(&source.url, &file)
        .await
        .unwrap();
    assert!(bytes > 1000 && std::fs::metadata(&file).unwrap().len() == bytes);
    let target = TestDb::empty(Backend::Postgres).await;
    adapters::providers::backups::load_postgres(&target.url, &file)
        .await
        .unwrap();
    assert_eq!(numbers(&target.db).await, numbers(&source.db).await);
    // Over a database that has the tables already: refused, and nothing changed.
    target
        .db
        .execute_unprepared("DELETE FROM probe WHERE n > 10")
        .await
        .unwrap();
    let refused = adapters::providers::backups::load_postgres(&target.url, &file)
        .await
        .unwrap_err();
    assert!(refused.starts_with("pg_restore:"), "{refused}");
    assert_eq!(numbers(&target.db).await.len(), 10);
    // Nothing to dump from: said, and no file left behind.
    let missing = dir.join("none.pgdump");
    let url = source.url.replace("booking_test", "booking_nothing");
    assert!(
        adapters::providers::backups::dump_postgres(&url, &missing)
            .await
            .is_err()
    );
    assert!(!missing.exists() && !dir.join("none.pgdump.partial").exists());
    std::fs::remove_dir_all(dir).ok();
    source.remove().await;
    target.remove().await;
}
