//! Lingering close. A request refused before its body was read to the end (a body over the
//! route's limit, a malformed frame) would leave unread bytes on an HTTP/1 connection; hyper then
//! closes it, the peer's kernel answers the bytes still arriving with a reset, and a client that
//! is still sending or slow to read loses the answer: a browser shows a network error instead of
//! the 413. So what a handler left unread is read and dropped, up to a bound and a deadline,
//! before its answer goes out. HTTP/2 resets only the stream and needs none of this. A client that
//! asked to be told before it sends (`Expect: 100-continue`) and whose body the handler never
//! touched has sent nothing: reading would invite it to send what is refused anyway.

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{Version, header};
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Body as _, Frame, SizeHint};

/// Past this, a client is sending far more than any route takes: let the connection go.
const DRAIN_AT_MOST: usize = 16 << 20;
/// A client that trickles its refused body does not hold a task longer than this.
const DRAIN_FOR: Duration = Duration::from_secs(2);

type Leftover = Arc<Mutex<Option<Body>>>;

/// The request's body as the handler sees it; when dropped unfinished, it hands what is left
/// back to [`drain_unread`].
struct Returning {
    body: Option<Body>,
    leftover: Leftover,
    /// False while a client waiting for `100 Continue` has not been asked for the body.
    sent: bool,
}

impl http_body::Body for Returning {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        self.sent = true; // hyper answers `100 Continue` on the first read
        match self.body.as_mut() {
            Some(body) => Pin::new(body).poll_frame(cx),
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body
            .as_ref()
            .is_none_or(http_body::Body::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.body
            .as_ref()
            .map_or_else(|| SizeHint::with_exact(0), http_body::Body::size_hint)
    }
}

impl Drop for Returning {
    fn drop(&mut self) {
        let unread = self
            .body
            .take()
            .filter(|b| self.sent && !http_body::Body::is_end_stream(b));
        if let (Some(body), Ok(mut leftover)) = (unread, self.leftover.lock()) {
            *leftover = Some(body);
        }
    }
}

/// Middleware: runs the handler, then reads away what it left of the request's body.
pub async fn drain_unread(request: Request, next: Next) -> Response {
    if request.version() > Version::HTTP_11 {
        return next.run(request).await;
    }
    let leftover = Leftover::default();
    let waits_to_send = request
        .headers()
        .get(header::EXPECT)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    let request = request.map(|body| {
        Body::new(Returning {
            body: Some(body),
            leftover: leftover.clone(),
            sent: !waits_to_send,
        })
    });
    let announced = gateway::announced_length(request.headers());
    let mut response = next.run(request).await;
    let unread = leftover.lock().ok().and_then(|mut l| l.take());
    if let Some(body) = unread {
        if announced.is_some_and(|n| n > DRAIN_AT_MOST as u64) {
            // More than would ever be read away: answer at once and let the connection go.
            response.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
            return response;
        }
        // Out of budget or time, the connection closes as it would have.
        let _ = tokio::time::timeout(DRAIN_FOR, discard(body, DRAIN_AT_MOST)).await;
    }
    response
}

async fn discard(mut body: Body, mut budget: usize) {
    while let Some(Ok(frame)) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
    {
        let read = frame.data_ref().map_or(0, Bytes::len);
        match budget.checked_sub(read) {
            Some(left) => budget = left,
            None => return,
        }
    }
}
