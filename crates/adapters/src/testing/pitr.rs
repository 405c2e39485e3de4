//! A private PostgreSQL cluster with its WAL archived by pgBackRest (Debian's packages), for the
//! point-in-time recovery drill: the shared test server cannot be given `archive_mode` or be
//! destroyed. Run as the `postgres` account when the tests run as root (initdb refuses root).

use std::path::PathBuf;
use std::process::Command;

/// Where Debian puts the server's programs, whatever the version.
fn server_bin(program: &str) -> PathBuf {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    versions.sort();
    versions
        .last()
        .map_or_else(|| PathBuf::from(program), |v| v.join("bin").join(program))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

pub struct PitrCluster {
    pub dir: PathBuf,
    pub port: u16,
    root: bool,
}

impl PitrCluster {
    /// A new cluster on a free port, archiving to a pgBackRest repository beside it, with a
    /// database `booking` and a first full backup.
    pub fn start() -> Self {
        let dir = std::env::temp_dir().join(super::unique_name("pitr"));
        std::fs::create_dir_all(&dir).expect("cluster folder");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let cluster = Self {
            dir,
            port,
            root: is_root(),
        };
        if cluster.root {
            cluster.run("chown", &["-R", "postgres:postgres", &cluster.path("")]);
        }
        let d = |p: &str| cluster.path(p);
        std::fs::write(
            cluster.dir.join("pgbackrest.conf"),
            format!(
                "[global]\nrepo1-path={}\nlog-path={}\nlock-path={}\nspool-path={}\nstart-fast=y\n\
                 log-level-console=warn\nlog-level-file=off\n\n[booking]\npg1-path={}\npg1-port={port}\npg1-socket-path={}\n",
                d("repo"),
                d("log"),
                d("lock"),
                d("spool"),
                d("data"),
                d(""),
            ),
        )
        .expect("pgbackrest.conf");
        cluster.as_postgres(
            &server_bin("initdb").to_string_lossy(),
            &["-D", &d("data"), "-U", "postgres", "--auth=trust"],
        );
        let mut conf = std::fs::OpenOptions::new()
            .append(true)
            .open(cluster.dir.join("data/postgresql.conf"))
            .expect("postgresql.conf");
        std::io::Write::write_all(
            &mut conf,
            format!(
                "port = {port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{}'\n\
                 wal_level = replica\narchive_mode = on\n\
                 archive_command = 'pgbackrest --config={} --stanza=booking archive-push %p'\n",
                d(""),
                d("pgbackrest.conf"),
            )
            .as_bytes(),
        )
        .expect("postgresql.conf");
        cluster.pg_ctl("start");
        cluster.backrest(&["stanza-create"]);
        cluster.as_postgres(
            "psql",
            &[&cluster.url("postgres"), "-qc", "CREATE DATABASE booking"],
        );
        cluster.backrest(&["--type=full", "backup"]);
        cluster
    }

    fn path(&self, p: &str) -> String {
        self.dir
            .join(p)
            .to_string_lossy()
            .trim_end_matches('/')
            .to_owned()
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    fn run(&self, program: &str, args: &[&str]) -> String {
        let out = Command::new(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(
            out.status.success(),
            "{program} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn as_postgres(&self, program: &str, args: &[&str]) -> String {
        if self.root {
            let mut all = vec!["-u", "postgres", "--", program];
            all.extend_from_slice(args);
            self.run("runuser", &all)
        } else {
            self.run(program, args)
        }
    }

    fn pg_ctl(&self, action: &str) {
        let data = self.path("data");
        let log = self.path("server.log");
        let pg_ctl = server_bin("pg_ctl");
        let mut args = vec!["-D", &data, "-l", &log, "-w", "-t", "60", action];
        if action == "stop" {
            args.extend(["-m", "fast"]);
        }
        self.as_postgres(&pg_ctl.to_string_lossy(), &args);
    }

    fn backrest(&self, args: &[&str]) -> String {
        let config = format!("--config={}", self.path("pgbackrest.conf"));
        let mut all = vec![config.as_str(), "--stanza=booking"];
        all.extend_from_slice(args);
        self.as_postgres("pgbackrest", &all)
    }

    /// Names this instant in the WAL: what a recovery can stop at.
    pub fn restore_point(&self, name: &str) {
        self.as_postgres(
            "psql",
            &[
                &self.url("booking"),
                "-qAtc",
                &format!("SELECT pg_create_restore_point('{name}')"),
            ],
        );
    }

    /// Stops the server once the WAL written so far is archived.
    pub fn stop(&self) {
        self.as_postgres(
            "psql",
            &[&self.url("booking"), "-qAtc", "SELECT pg_switch_wal()"],
        );
        self.backrest(&["check"]);
        self.pg_ctl("stop");
    }

    /// The disk is lost: the data folder goes.
    pub fn destroy(&self) {
        std::fs::remove_dir_all(self.dir.join("data")).expect("remove the data folder");
    }

    /// Restores the last full backup and replays the archived WAL up to the restore point
    /// `name`, then serves again, writable.
    pub fn recover_to(&self, name: &str) {
        self.backrest(&[
            "--type=name",
            &format!("--target={name}"),
            "--target-action=promote",
            "restore",
        ]);
        self.pg_ctl("start");
        // It takes connections, read only, while it replays; writable once promoted.
        for _ in 0..600 {
            let recovering = self.as_postgres(
                "psql",
                &[&self.url("booking"), "-qAtc", "SELECT pg_is_in_recovery()"],
            );
            if recovering.trim() == "f" {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("still recovering after a minute");
    }
}

impl Drop for PitrCluster {
    fn drop(&mut self) {
        if self.dir.join("data/postmaster.pid").exists() {
            let data = self.path("data");
            let pg_ctl = server_bin("pg_ctl");
            let args = ["-D", data.as_str(), "-w", "stop", "-m", "immediate"];
            let _ = if self.root {
                let mut all = vec!["-u", "postgres", "--", pg_ctl.to_str().unwrap_or("pg_ctl")];
                all.extend_from_slice(&args);
                Command::new("runuser").args(all).output()
            } else {
                Command::new(&pg_ctl).args(args).output()
            };
        }
        std::fs::remove_dir_all(&self.dir).ok();
    }
}
