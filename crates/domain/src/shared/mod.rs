//! Value objects shared by every module.

mod money;
mod page;
mod text;
mod time;

pub use money::Money;
pub use page::{Page, PageRequest};
pub use time::LocalTime;

pub(crate) use text::{lines, optional_text, required_lines, text};

/// The first `len` letters and digits of random text: the unguessable part of an id that stays
/// readable and safe in URLs.
pub(crate) fn id_tail(random: &str, len: usize) -> String {
    random
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(len)
        .collect()
}
