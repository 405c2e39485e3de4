//! The one listener, as a load balancer and a hostile client would meet it. Every connection is
//! served by hyper with a deadline on the request's head (HTTP/1; HTTP/2 pings a silent peer), and
//! `slow_bodies` bounds how a body may trickle. On shutdown the node drains: `/readyz` says 503 at
//! once, the node keeps serving for a grace period (HTTP/1 answers then ask to close the
//! connection, so clients stop reusing it), then stops accepting, closes idle connections, lets
//! the requests in flight finish within a deadline, and returns.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::time::Instant;
use tower::ServiceExt;

/// How long a client may take to send a request.
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    /// The whole head of an HTTP/1 request, from its first byte.
    pub header_read: Duration,
    /// The longest silence inside a body.
    pub body_idle: Duration,
    /// After the first `body_idle`, a body must have come at least this fast on average.
    pub body_min_bytes_per_sec: u64,
    /// The longest any body may take.
    pub body_deadline: Duration,
}

/// How a node stops.
#[derive(Debug, Clone, Copy)]
pub struct Drain {
    /// How long it keeps serving after the signal, while load balancers see `/readyz` fail.
    pub grace: Duration,
    /// How long requests in flight then have to finish.
    pub deadline: Duration,
}

/// Whether the node is on its way out: `/readyz` answers 503 from the signal on, and open
/// streams end so their clients reconnect to a node that stays.
#[derive(Debug, Clone)]
pub struct Draining(Arc<watch::Sender<bool>>);

impl Default for Draining {
    fn default() -> Self {
        Self(Arc::new(watch::channel(false).0))
    }
}

impl Draining {
    pub fn is_on(&self) -> bool {
        *self.0.borrow()
    }

    /// Changes to `true` when draining starts.
    pub fn watch(&self) -> watch::Receiver<bool> {
        self.0.subscribe()
    }

    fn start(&self) {
        self.0.send_replace(true);
    }
}

/// Serves `router` on `listener` until `shutdown` resolves, then drains as `drain` says.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    timeouts: Timeouts,
    drain: Drain,
    draining: Draining,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header_read);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(timeouts.body_idle)
        .keep_alive_timeout(timeouts.header_read);
    let builder = Arc::new(builder);
    // Connections watch `stop`, and each holds an `open`: `all_closed` resolves when the last
    // of them has gone.
    let (stop, stopping) = watch::channel(false);
    let (all_closed, open) = watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    let mut grace_over: Pin<Box<dyn Future<Output = ()> + Send>> = Box::pin(std::future::pending());
    let mut signalled = false;
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(error) => {
                    // Out of file descriptors, say: wait a little rather than spin.
                    tracing::warn!(%error, "accept");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown, if !signalled => {
                signalled = true;
                draining.start();
                tracing::info!(grace = ?drain.grace, "draining: /readyz says 503, still serving");
                grace_over = Box::pin(tokio::time::sleep(drain.grace));
                continue;
            }
            () = &mut grace_over => break,
        };
        let _ = stream.set_nodelay(true);
        let service = router
            .clone()
            .map_request(move |mut r: Request<hyper::body::Incoming>| {
                r.extensions_mut().insert(ConnectInfo(peer));
                r.map(Body::new)
            });
        let builder = builder.clone();
        let mut stopping = stopping.clone();
        let open = open.clone();
        tokio::spawn(async move {
            let io = TokioIo::new(stream);
            let service = TowerToHyperService::new(service);
            let mut conn = std::pin::pin!(builder.serve_connection_with_upgrades(io, service));
            let mut told = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    changed = stopping.changed(), if !told => {
                        told = true;
                        if changed.is_ok() {
                            conn.as_mut().graceful_shutdown();
                        }
                    }
                }
            }
            drop(open);
        });
    }
    drop(listener);
    tracing::info!(deadline = ?drain.deadline, "draining: no new connections; finishing requests");
    stop.send(true).ok();
    drop(stopping);
    drop(open);
    if tokio::time::timeout(drain.deadline, all_closed.closed())
        .await
        .is_err()
    {
        tracing::warn!("draining: requests still open at the deadline are cut off");
    }
}

/// While draining, HTTP/1 answers ask the client to close the connection, so that none is
/// reused once the node stops accepting.
pub async fn close_when_draining(
    State(draining): State<Draining>,
    request: Request,
    next: Next,
) -> Response {
    let http1 = request.version() <= Version::HTTP_11;
    let mut response = next.run(request).await;
    if http1 && draining.is_on() {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// Bounds how slowly a request's body may arrive (see `Timeouts`): a body that stalls or
/// trickles ends in an error for the handler, and the request in a 408 that closes the
/// connection, so no client holds a connection and a task with a body that never comes.
pub async fn slow_bodies(State(limits): State<Timeouts>, request: Request, next: Next) -> Response {
    let too_slow = Arc::new(AtomicBool::new(false));
    let (parts, body) = request.into_parts();
    let started = Instant::now();
    let timed = Timed {
        inner: body,
        limits,
        started,
        last: started,
        received: 0,
        idle: Box::pin(tokio::time::sleep(limits.body_idle)),
        too_slow: too_slow.clone(),
    };
    let response = next.run(Request::from_parts(parts, Body::new(timed))).await;
    if too_slow.load(Ordering::Relaxed) {
        return (
            StatusCode::REQUEST_TIMEOUT,
            [(header::CONNECTION, "close")],
            "the request's body came too slowly",
        )
            .into_response();
    }
    response
}

struct Timed {
    inner: Body,
    limits: Timeouts,
    started: Instant,
    /// When the last frame came (or the body started).
    last: Instant,
    received: u64,
    idle: Pin<Box<tokio::time::Sleep>>,
    too_slow: Arc<AtomicBool>,
}

impl Timed {
    fn give_up(&self, why: &str) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        self.too_slow.store(true, Ordering::Relaxed);
        Poll::Ready(Some(Err(axum::Error::new(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            why.to_owned(),
        )))))
    }

    /// Whether the body, `received` bytes after `elapsed`, is slower than the floor allows.
    fn trickling(&self, elapsed: Duration) -> bool {
        elapsed > self.limits.body_idle
            && (self.received as f64)
                < self.limits.body_min_bytes_per_sec as f64 * elapsed.as_secs_f64()
    }
}

impl http_body::Body for Timed {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.received += data.len() as u64;
                }
                this.last = Instant::now();
                let elapsed = this.last - this.started;
                if elapsed > this.limits.body_deadline {
                    return this.give_up("body past its deadline");
                }
                if this.trickling(elapsed) {
                    return this.give_up("body slower than the floor");
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Pending => {
                // The timer is set only when the body makes us wait: most bodies come whole with
                // their head, and setting it for each frame cost a timer-wheel update a request.
                let due = this.last + this.limits.body_idle;
                if this.idle.deadline() != due {
                    this.idle.as_mut().reset(due);
                }
                if this.idle.as_mut().poll(cx).is_ready() {
                    return this.give_up("body stalled");
                }
                Poll::Pending
            }
            other => other,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
