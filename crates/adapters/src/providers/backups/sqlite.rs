//! SQLite's backups. A copy is made with `VACUUM INTO` on the serving pool: one read transaction,
//! so it is the database as of one instant (every write committed before it, none after) while
//! writers go on, and it comes out compacted. It is checked (`PRAGMA quick_check`) before it is
//! kept. A restore puts a kept copy in place of the database file of a stopped node; the file it
//! replaces is moved aside, never deleted.

use std::fs::File;
use std::path::{Path, PathBuf};

use async_trait::async_trait;
use domain::DomainResult;
use domain::backups::BackupPort;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement};

use super::io;
use super::shelf::Shelf;

pub struct SqliteBackups {
    db: DatabaseConnection,
    shelf: Shelf,
    scratch: PathBuf,
    /// `{database}.backup.lock`: held by the node taking a backup (several nodes may serve one
    /// file on one host).
    lock: PathBuf,
}

impl SqliteBackups {
    /// Backups of the database `db` opened from `database_url`, kept on `shelf`.
    pub fn new(db: DatabaseConnection, database_url: &str, shelf: Shelf) -> Self {
        let file = PathBuf::from(crate::sql::db::sqlite_file(database_url).unwrap_or("booking.db"));
        let beside_db = file
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let scratch = shelf.scratch(&beside_db);
        Self {
            db,
            shelf,
            scratch,
            lock: beside(&file, ".backup.lock"),
        }
    }
}

#[async_trait]
impl BackupPort for SqliteBackups {
    fn extension(&self) -> &'static str {
        "sqlite3"
    }

    fn place(&self) -> String {
        self.shelf.place()
    }

    async fn hold(&self) -> DomainResult<Option<Box<dyn Send + Sync>>> {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&self.lock)
            .map_err(|e| io("lock", e))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(Box::new(file))),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(io("lock", e)),
        }
    }

    async fn take(&self, name: &str) -> DomainResult<u64> {
        tokio::fs::create_dir_all(&self.scratch)
            .await
            .map_err(|e| io("scratch folder", e))?;
        let partial = self.scratch.join(format!("{name}.partial"));
        // VACUUM INTO refuses to write over a file: one left by a crash goes first.
        tokio::fs::remove_file(&partial).await.ok();
        let into = Statement::from_sql_and_values(
            DbBackend::Sqlite,
            "VACUUM INTO ?",
            [partial.to_string_lossy().into_owned().into()],
        );
        let made = async {
            self.db.execute_raw(into).await.map_err(|e| io("copy", e))?;
            check(&partial).await?;
            let bytes = tokio::fs::metadata(&partial)
                .await
                .map_err(|e| io("copy", e))?
                .len();
            // On disk before it is called kept.
            let file = tokio::fs::File::open(&partial)
                .await
                .map_err(|e| io("copy", e))?;
            file.sync_all().await.map_err(|e| io("copy", e))?;
            self.shelf.keep(&partial, name).await?;
            Ok(bytes)
        };
        let result = made.await;
        if result.is_err() {
            tokio::fs::remove_file(&partial).await.ok();
        }
        result
    }

    async fn list(&self) -> DomainResult<Vec<(String, u64)>> {
        self.shelf.list().await
    }

    async fn remove(&self, name: &str) -> DomainResult<()> {
        self.shelf.remove(name).await
    }
}

/// Refuses a copy SQLite does not find whole.
async fn check(file: &Path) -> DomainResult<()> {
    let url = format!("sqlite://{}?mode=ro", file.display());
    let db = sea_orm::Database::connect(&url)
        .await
        .map_err(|e| io("check", e))?;
    let row = db
        .query_one_raw(Statement::from_string(
            DbBackend::Sqlite,
            "PRAGMA quick_check",
        ))
        .await
        .map_err(|e| io("check", e))?;
    db.close().await.ok();
    let verdict: String = row
        .and_then(|r| r.try_get_by_index(0).ok())
        .unwrap_or_default();
    if verdict == "ok" {
        Ok(())
    } else {
        Err(io("check", format!("quick_check: {verdict}")))
    }
}

/// Whether the copy at `file` is a database of this site: its record of migrations is there and
/// names only migrations this version knows (a newer version's copy is for that version).
async fn of_this_schema(file: &Path) -> Result<(), String> {
    use migration::MigratorTrait;
    let url = format!("sqlite://{}?mode=ro", file.display());
    let db = sea_orm::Database::connect(&url)
        .await
        .map_err(|e| format!("cannot be read: {e}"))?;
    let rows = db
        .query_all_raw(Statement::from_string(
            DbBackend::Sqlite,
            "SELECT version FROM seaql_migrations",
        ))
        .await;
    db.close().await.ok();
    let applied: Vec<String> = rows
        .map_err(|_| "is not a backup of this site's database (it has no record of migrations)")?
        .iter()
        .filter_map(|r| r.try_get_by_index(0).ok())
        .collect();
    if applied.is_empty() {
        return Err("is not a backup of this site's database (no migration was applied)".into());
    }
    let known: Vec<String> = migration::Migrator::migrations()
        .iter()
        .map(|m| m.name().to_owned())
        .collect();
    match applied.iter().find(|v| !known.contains(v)) {
        Some(unknown) => Err(format!(
            "was made by another version of booking (its migration {unknown} is unknown here)"
        )),
        None => Ok(()),
    }
}

/// Held (shared) by every node serving a SQLite database, for as long as it serves: a restore,
/// which needs it alone, finds it taken. An OS lock, so a node that died holds nothing.
pub struct NodeLock {
    _file: File,
}

impl NodeLock {
    /// A serving node's share of the lock of `database_file`; refused while a restore has it.
    pub fn serve(database_file: &Path) -> std::io::Result<Self> {
        let file = open_lock(database_file)?;
        match file.try_lock_shared() {
            Ok(()) => Ok(Self { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(std::io::Error::other(
                "a restore of this database is under way",
            )),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// The lock alone (a restore): `None` while any node serves the database.
    fn alone(database_file: &Path) -> std::io::Result<Option<Self>> {
        let file = open_lock(database_file)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(Self { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }
}

fn open_lock(database_file: &Path) -> std::io::Result<File> {
    File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_path(database_file))
}

fn lock_path(database_file: &Path) -> PathBuf {
    let mut name = database_file.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Beside `file`, with `suffix` added to its name.
fn beside(file: &Path, suffix: &str) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Puts the kept backup `name` in place of the database of `database_url`, on a stopped node: the
/// file it replaces (with its WAL) is moved aside under `.before-restore-{stamp}`, which is
/// returned. Only a name the shelf lists as a backup is restored (never a path), and only a whole
/// copy of this site's schema; refused while a node serves the database.
pub async fn restore_sqlite(
    shelf: &Shelf,
    name: &str,
    database_url: &str,
    stamp: &str,
) -> Result<Option<PathBuf>, String> {
    let file = crate::sql::db::sqlite_file(database_url)
        .map(PathBuf::from)
        .ok_or("DATABASE_URL is not a SQLite file")?;
    let kept = shelf.list().await.map_err(|e| e.to_string())?;
    let listed = kept.iter().any(|(kept, bytes)| {
        kept == name && domain::backups::Backup::parse(kept, *bytes).is_some()
    });
    if !listed {
        return Err(format!(
            "{name:?} is not one of the backups kept in {}: `booking backup list` names them",
            shelf.place()
        ));
    }
    let _held = NodeLock::alone(&file)
        .map_err(|e| format!("{}: {e}", lock_path(&file).display()))?
        .ok_or("a node is serving this database: stop it first")?;
    let restoring = beside(&file, ".restoring");
    tokio::fs::remove_file(&restoring).await.ok();
    shelf
        .fetch(name, &restoring)
        .await
        .map_err(|e| format!("{name}: {e}"))?;
    if let Err(e) = check(&restoring).await {
        tokio::fs::remove_file(&restoring).await.ok();
        return Err(format!("{name} is not a whole database: {e}"));
    }
    if let Err(e) = of_this_schema(&restoring).await {
        tokio::fs::remove_file(&restoring).await.ok();
        return Err(format!("{name} {e}"));
    }
    let mut aside = None;
    if tokio::fs::try_exists(&file).await.unwrap_or(false) {
        let moved = beside(&file, &format!(".before-restore-{stamp}"));
        for suffix in ["-wal", "-shm"] {
            let from = beside(&file, suffix);
            if tokio::fs::try_exists(&from).await.unwrap_or(false) {
                tokio::fs::rename(&from, beside(&moved, suffix))
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
        tokio::fs::rename(&file, &moved)
            .await
            .map_err(|e| e.to_string())?;
        aside = Some(moved);
    }
    tokio::fs::rename(&restoring, &file)
        .await
        .map_err(|e| e.to_string())?;
    Ok(aside)
}
