//! Reading a request's cookies.

use http::{HeaderMap, header};

/// The value of the cookie `name` the request carries, if any (the first, where several are).
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find_map(|(n, value)| (n == name).then_some(value))
}
