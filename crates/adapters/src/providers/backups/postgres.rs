//! PostgreSQL's logical dumps, for small installations: `pg_dump`'s custom format of the whole
//! database (one consistent snapshot, taken while it serves) and `pg_restore` of one into an
//! empty database. Larger ones archive their WAL continuously with pgBackRest instead
//! (`docs/deploying.md`), which also recovers to a point in time.

use std::path::Path;

use tokio::process::Command;

/// Writes a dump of the database at `url` to `file`, whole or not at all: its size in bytes.
pub async fn dump_postgres(url: &str, file: &Path) -> Result<u64, String> {
    let mut partial = file.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let out = Command::new("pg_dump")
        .arg("--format=custom")
        .arg("--no-owner")
        .arg(format!("--file={}", partial.display()))
        .arg(format!("--dbname={url}"))
        .output()
        .await
        .map_err(|e| format!("pg_dump (from postgresql-client): {e}"))?;
    if !out.status.success() {
        tokio::fs::remove_file(&partial).await.ok();
        return Err(format!(
            "pg_dump: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    tokio::fs::rename(&partial, file)
        .await
        .map_err(|e| e.to_string())?;
    let bytes = tokio::fs::metadata(file)
        .await
        .map_err(|e| e.to_string())?
        .len();
    Ok(bytes)
}

/// Loads the dump `file` into the database at `url`, which must hold no tables yet (a new one):
/// loading over live data would mix the two. In one transaction: all of it or nothing.
pub async fn load_postgres(url: &str, file: &Path) -> Result<(), String> {
    let out = Command::new("pg_restore")
        .arg("--no-owner")
        .arg("--single-transaction")
        .arg("--exit-on-error")
        .arg(format!("--dbname={url}"))
        .arg(file)
        .output()
        .await
        .map_err(|e| format!("pg_restore (from postgresql-client): {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "pg_restore: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}
