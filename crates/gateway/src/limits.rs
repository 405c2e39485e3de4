//! What a request says of its own size, read before its body.

/// The body length a request announces (`Content-Length`), when it says one that reads: what the
/// limits are held to before a byte of the body is read.
pub fn announced_length(headers: &http::HeaderMap) -> Option<u64> {
    headers
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
}
