//! Answers kept as the bytes gRPC-Web sends, and the calls they answer recognised before
//! tonic-web. A catalogue list's first page is every visitor's and changes a few times a day, so
//! `CatalogCache` keeps it per catalogue version as the whole gRPC-Web body: the message's frame,
//! then the frame of its OK trailers. Passed through tonic and tonic-web, each such answer still
//! paid for the body translated both ways, a decoder, an encoder for a stand-in message, trailers
//! built and framed and a chunked answer (measured: over a third more server CPU a list than over
//! REST). So the catalogue answers such a call itself, before tonic-web (`catalog::first_pages`),
//! with the kept bytes and their length; anything else goes on to tonic untouched.

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::response::Response;
use http::{HeaderValue, header};
use prost::Message;

/// A unary request is a few bytes; a bigger body is left to tonic and its limits.
const REQUEST_AT_MOST: u64 = 1024;
/// The two binary gRPC-Web content types (`+proto` is the default's name spelled out).
const GRPC_WEB: [&str; 2] = ["application/grpc-web", "application/grpc-web+proto"];
const GRPC_WEB_TEXT: [&str; 2] = [
    "application/grpc-web-text",
    "application/grpc-web-text+proto",
];
const ANSWER_TYPE: HeaderValue = HeaderValue::from_static("application/grpc-web+proto");
/// The trailers of an OK answer as gRPC-Web frames them: flag 0x80, length, the header block.
const OK_TRAILERS: &[u8] = b"\x80\x00\x00\x00\x0fgrpc-status:0\r\n";

/// The whole gRPC-Web body answering `message`: its frame (not compressed, its length
/// big-endian, its bytes), then the OK trailers' frame.
pub(crate) fn web_body(message: &impl Message) -> Bytes {
    let len = message.encoded_len();
    let mut body = Vec::with_capacity(5 + len + OK_TRAILERS.len());
    body.push(0);
    // Our answers are far below 4 GiB (tonic limits a message to 4 MiB anyway).
    body.extend_from_slice(&u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes());
    message.encode_raw(&mut body);
    body.extend_from_slice(OK_TRAILERS);
    body.into()
}

/// The message in a body made by `web_body`, for callers that reach tonic instead.
pub(crate) fn message_of<M: Message + Default>(body: &[u8]) -> Option<M> {
    let (_, message, _) = frame(body)?;
    M::decode(message).ok()
}

/// The first frame of a gRPC-Web body: its flag, its message and what follows it; `None` when
/// the body is shorter than the frame's head says.
fn frame(body: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (head, rest) = body.split_at_checked(5)?;
    let len = usize::try_from(u32::from_be_bytes(head[1..5].try_into().ok()?)).ok()?;
    let (message, rest) = rest.split_at_checked(len)?;
    Some((head[0], message, rest))
}

/// The answer whose whole body is `body` (made by `web_body`).
pub(super) fn answer(body: Bytes) -> Response {
    let mut response = Response::new(Body::from(body));
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, ANSWER_TYPE);
    response
}

/// A small gRPC-Web call in binary, both ways, its body read.
pub(super) struct WebCall {
    parts: http::request::Parts,
    body: Bytes,
}

impl WebCall {
    /// `request` as such a call, or given back untouched when it is not one.
    pub(super) async fn read(request: Request) -> Result<Self, Request> {
        if !is_small_binary(&request) {
            return Err(request);
        }
        let (parts, body) = request.into_parts();
        // A body that does not come (a client gone, one too slow for `slow_bodies`) is tonic's
        // to refuse, as a missing message.
        let body = axum::body::to_bytes(body, REQUEST_AT_MOST as usize)
            .await
            .unwrap_or_default();
        Ok(Self { parts, body })
    }

    /// The call's message, when its body is exactly one uncompressed frame holding an `M`.
    pub(super) fn message<M: Message + Default>(&self) -> Option<M> {
        match frame(&self.body)? {
            (0, message, []) => M::decode(message).ok(),
            _ => None,
        }
    }

    /// The request as it came, for tonic.
    pub(super) fn into_request(self) -> Request {
        Request::from_parts(self.parts, Body::from(self.body))
    }
}

fn is_small_binary(request: &Request) -> bool {
    let headers = request.headers();
    let is = |name, types: &[&str]| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| types.contains(&t))
    };
    // tonic-web answers in base64 when `Accept` is exactly a text type, in binary otherwise.
    let binary = is(header::CONTENT_TYPE, &GRPC_WEB) && !is(header::ACCEPT, &GRPC_WEB_TEXT);
    let small = crate::limits::announced_length(headers).is_some_and(|n| n <= REQUEST_AT_MOST);
    request.method() == http::Method::POST && binary && small
}
