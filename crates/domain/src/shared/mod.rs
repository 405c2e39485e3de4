//! Value objects shared by every module.

mod money;
mod page;
mod time;

pub use money::Money;
pub use page::{Page, PageRequest};
pub use time::LocalTime;

use crate::error::{DomainError, DomainResult};

/// The first `len` letters and digits of random text: the unguessable part of an id that stays
/// readable and safe in URLs.
pub(crate) fn id_tail(random: &str, len: usize) -> String {
    random
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(len)
        .collect()
}

/// Trimmed text of 1 to `max` characters; `required` is the message when it is empty.
pub(crate) fn text(field: &str, raw: &str, max: usize, required: &str) -> DomainResult<String> {
    let value = raw.trim();
    if value.is_empty() {
        let message = if required.is_empty() {
            "必填"
        } else {
            required
        };
        return Err(DomainError::invalid(field, message));
    }
    if value.chars().count() > max {
        return Err(DomainError::invalid(field, format!("最多 {max} 個字")));
    }
    Ok(value.to_owned())
}
