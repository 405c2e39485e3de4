//! gRPC answers kept as the bytes sent. A catalogue list's first page is every visitor's and
//! changes a few times a day, so it is framed once per catalogue version (`CatalogCache`); given
//! to tonic as a message it would be encoded into a fresh buffer for each request (measured: an
//! eighth of the CPU of a gRPC-Web list went to copying its 16 kB). A handler answers with a
//! stand-in message carrying the frame as an extension, and `send_framed` puts the frame in the
//! stand-in's place: tonic still decodes and checks the request and writes the status trailers.

use std::future::ready;

use axum::body::{Body, Bytes};
use axum::response::Response;
use futures_util::{StreamExt, TryStreamExt, stream};
use http_body::Frame;
use http_body_util::{BodyStream, StreamBody};

/// A message framed as gRPC sends it: not compressed, its length (big-endian), its bytes.
#[derive(Clone)]
struct Framed(Bytes);

pub(crate) fn frame(message: &impl prost::Message) -> Bytes {
    let message = message.encode_to_vec();
    // Our answers are far below 4 GiB (tonic limits a message to 4 MiB anyway).
    let len = u32::try_from(message.len()).unwrap_or(u32::MAX);
    let mut buf = Vec::with_capacity(5 + message.len());
    buf.push(0);
    buf.extend_from_slice(&len.to_be_bytes());
    buf.extend_from_slice(&message);
    buf.into()
}

/// The answer whose message is `frame` (made by `frame`), sent as it is.
pub(crate) fn answer<T: Default>(frame: Bytes) -> tonic::Response<T> {
    let mut response = tonic::Response::new(T::default());
    response.extensions_mut().insert(Framed(frame));
    response
}

/// Layered between tonic-web and the services: sends a kept frame instead of the stand-in's.
pub(super) async fn send_framed(mut response: Response) -> Response {
    let Some(Framed(frame)) = response.extensions_mut().remove::<Framed>() else {
        return response;
    };
    let (parts, rest) = response.into_parts();
    // The kept frame, then what tonic's body sends after the stand-in's frame: its trailers.
    let rest = BodyStream::new(rest).try_filter(|f| ready(!f.is_data()));
    let frames = stream::once(ready(Ok(Frame::data(frame)))).chain(rest);
    Response::from_parts(parts, Body::new(StreamBody::new(frames)))
}
