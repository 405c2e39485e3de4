//! The server's background work beside the requests: the mail, push and LINE outboxes, the hourly
//! housekeeping,
//! the lapsing of unpaid orders and of gift credit past its time, invitations' rewards, e-invoices,
//! the reports' settled days, automatic dispatch, the reminders of coming services and SQLite's scheduled backups,
//! each until the server stops; and the signal that stops it.

use std::future::Future;
use std::time::Duration;

use std::sync::Arc;

use adapters::providers::line::LineWorker;
use adapters::providers::mail::OutboxWorker;
use adapters::providers::push::PushWorker;
use adapters::providers::zalo::ZaloWorker;
use adapters::sql::db::DatabaseConnection;
use adapters::stores::catalog_version::CatalogVersion;
use domain::backups::BackupService;
use domain::invoicing::InvoiceService;
use domain::jobs::JobService;
use domain::media::MediaService;
use domain::ordering::OrderService;
use domain::payment::PaymentService;
use domain::referrals::ReferralService;
use domain::reminders::ReminderService;
use domain::reports::ReportService;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How often the catalogue's version is read for other nodes' changes.
pub const CATALOG_FOLLOW: Duration = Duration::from_millis(500);

/// How often a node looks for mails and push notices to send.
const OUTBOX_LOOK: Duration = Duration::from_millis(500);
/// How often old rows and unused photos are cleared away.
const HOUSEKEEPING_LOOK: Duration = Duration::from_secs(3600);
/// How often a node looks whether a backup is due.
const BACKUP_LOOK: Duration = Duration::from_secs(60);
/// How often a node looks for reminders that are due: the most a reminder is late.
const REMINDER_LOOK: Duration = Duration::from_secs(60);
/// How often automatic dispatch looks for its next steps: an offer whose window ran out passes to
/// the next partner within it.
const DISPATCH_LOOK: Duration = Duration::from_secs(2);
/// How often the followed flights are looked at: each flight's own next look says when it is
/// asked about (every 5 minutes at the closest), so a beat costs one read when none is due.
const FLIGHTS_LOOK: Duration = Duration::from_secs(5);
/// How often the reports' settled days are looked at: yesterday is kept a minute after it
/// settles.
const KEEP_LOOK: Duration = Duration::from_secs(60);

/// The background jobs of a running server.
pub struct Jobs(Vec<JoinHandle<()>>);

/// What the jobs work on.
pub struct Work {
    pub outbox: OutboxWorker,
    /// Web Push, when this site sends it.
    pub push: Option<PushWorker>,
    /// LINE, when a channel is configured.
    pub line: Option<LineWorker>,
    /// Zalo, when an Official Account is configured.
    pub zalo: Option<ZaloWorker>,
    pub db: DatabaseConnection,
    pub media: MediaService,
    pub orders: OrderService,
    /// Gift credit past its time leaves wallets on the orders' lapsing beat.
    pub payments: PaymentService,
    /// Issues each sale's e-invoices through the provider.
    pub invoices: InvoiceService,
    /// Keeps the reports' settled days.
    pub reports: ReportService,
    /// Offers paid orders' jobs to partners in turn, when this site dispatches automatically.
    pub dispatch: Option<JobService>,
    /// Follows airport pick-ups' flights, when this site has a flight-status provider.
    pub flights: Option<JobService>,
    /// Invitations whose new customer's first order is done are rewarded on the same beat.
    pub referrals: ReferralService,
    /// Followed for other nodes' changes of the catalogue (this node's own are seen at once).
    pub catalog_version: CatalogVersion,
    /// Backups of a SQLite database, taken when due.
    pub backups: Option<BackupService>,
    /// Reminders of coming services, unless they are turned off.
    pub reminders: Option<ReminderService>,
    /// How often unpaid orders are looked at for lapsing.
    pub expiry_interval: Duration,
}

/// Starts the jobs; they run until `stopped` turns true.
pub fn start(work: Work, stopped: watch::Receiver<bool>) -> Jobs {
    let Work {
        outbox,
        push,
        line,
        zalo,
        db,
        media,
        orders,
        payments,
        invoices,
        reports,
        dispatch,
        flights,
        referrals,
        catalog_version,
        backups,
        reminders,
        expiry_interval,
    } = work;
    let stop = &stopped;
    let mut jobs = vec![
        spawn_every(OUTBOX_LOOK, stop, Arc::new(outbox), |o| async move {
            counted("mails sent", o.run_once().await);
        }),
        spawn_every(
            HOUSEKEEPING_LOOK,
            stop,
            (db, media),
            |(db, media)| async move {
                match adapters::stores::housekeeping::purge(&db, chrono::Utc::now()).await {
                    Ok(p) if p != Default::default() => tracing::info!(?p, "housekeeping"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "housekeeping"),
                }
                // Photos uploaded but never put on an order are not kept beyond a day.
                counted(
                    "unused hotel images",
                    media.purge_unattached(chrono::Duration::days(1)).await,
                );
            },
        ),
        // The bound on how long another node's change of the catalogue may go unseen here.
        spawn_every(CATALOG_FOLLOW, stop, catalog_version, |v| async move {
            v.refresh().await
        }),
        spawn_every(
            expiry_interval,
            stop,
            (orders, payments.clone(), referrals),
            |(orders, payments, referrals)| async move {
                counted("unpaid orders lapsed", orders.expire_due(500).await);
                counted("gift credit expired", payments.expire_credit(500).await);
                counted("invitations rewarded", referrals.reward_due(100).await);
            },
        ),
        // Refunds to VNPay go out on the outboxes' beat: the customer waits for them.
        spawn_every(OUTBOX_LOOK, stop, payments, |p| async move {
            counted("refunds sent to VNPay", p.send_refunds(20).await);
        }),
        // E-invoices on the same beat: the law wants them with the sale.
        spawn_every(OUTBOX_LOOK, stop, invoices, |i| async move {
            counted("e-invoices sent", i.send_due(20).await);
        }),
        // A year of days after an upgrade is kept a month at a time, until caught up or stopped.
        spawn_every(
            KEEP_LOOK,
            stop,
            (reports, stopped.clone()),
            |(r, stop)| async move {
                loop {
                    let kept = r.keep_settled_days(chrono::Utc::now()).await;
                    if counted("report days kept", kept) == 0 || *stop.borrow() {
                        break;
                    }
                }
            },
        ),
    ];
    let optional = [
        dispatch.map(|d| {
            spawn_every(DISPATCH_LOOK, stop, d, |d| async move {
                counted("automatic dispatch", d.dispatch_due(50).await);
            })
        }),
        flights.map(|f| {
            spawn_every(FLIGHTS_LOOK, stop, f, |f| async move {
                counted("flights followed", f.follow_flights().await);
            })
        }),
        push.map(|p| {
            spawn_every(OUTBOX_LOOK, stop, Arc::new(p), |p| async move {
                counted("push notices sent", p.run_once().await);
            })
        }),
        line.map(|l| {
            spawn_every(OUTBOX_LOOK, stop, Arc::new(l), |l| async move {
                counted("LINE messages sent", l.run_once().await);
            })
        }),
        zalo.map(|z| {
            spawn_every(OUTBOX_LOOK, stop, Arc::new(z), |z| async move {
                counted("Zalo messages sent", z.run_once().await);
            })
        }),
        reminders.map(|r| {
            spawn_every(REMINDER_LOOK, stop, r, |r| async move {
                counted("reminders", r.run_due().await);
            })
        }),
        // Looked at each minute: the schedule's own interval says when one is due.
        backups.map(|b| {
            spawn_every(BACKUP_LOOK, stop, b, |b| async move {
                match b.run_due().await {
                    Ok(Some(b)) => {
                        tracing::info!(backup = %b.name, bytes = b.bytes, "backup taken")
                    }
                    Ok(None) => {}
                    Err(e) => tracing::error!(error = %e, "backup"),
                }
            })
        }),
    ];
    jobs.extend(optional.into_iter().flatten());
    Jobs(jobs)
}

impl Jobs {
    /// Waits for every job to see the stop and finish what it was doing.
    pub async fn finish(self) {
        for job in self.0 {
            job.await.ok();
        }
    }
}

/// Spawns `job` on (a clone of) `on` now and then every `interval`, until `stop` turns true.
fn spawn_every<T, F, Fut>(
    interval: Duration,
    stop: &watch::Receiver<bool>,
    on: T,
    job: F,
) -> JoinHandle<()>
where
    T: Clone + Send + Sync + 'static,
    F: Fn(T) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    tokio::spawn(every(interval, stop.clone(), move || job(on.clone())))
}

/// Runs a background job now and then every `interval`, until `stop` turns true.
async fn every<F, Fut>(interval: Duration, mut stop: watch::Receiver<bool>, job: F)
where
    F: Fn() -> Fut,
    Fut: Future<Output = ()>,
{
    loop {
        job().await;
        tokio::select! {
            () = tokio::time::sleep(interval) => {}
            _ = stop.changed() => return,
        }
        if *stop.borrow() {
            return;
        }
    }
}

/// Logs what a batch did, when it did anything, or why it failed; answers how many it did (none
/// when it failed).
fn counted<N, E>(what: &str, done: Result<N, E>) -> N
where
    N: Copy + Default + PartialEq + std::fmt::Display,
    E: std::fmt::Display,
{
    match done {
        Ok(n) if n == N::default() => n,
        Ok(n) => {
            tracing::info!(n = %n, "{what}");
            n
        }
        Err(e) => {
            tracing::warn!(error = %e, "{what}");
            N::default()
        }
    }
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}
