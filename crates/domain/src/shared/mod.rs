//! The kernel every module stands on: value objects (money, times, phones, account ids, pages,
//! checked text) and what the domain asks of the system (the clock, randomness).

pub mod codes;
mod language;
mod money;
pub mod outbound;
mod page;
mod phone;
mod ports;
mod text;
mod time;
mod unit;
mod user_id;
pub mod web_pages;

pub use language::Language;
pub use money::Money;
pub use page::{Page, PageRequest};
pub use phone::{HOME_COUNTRY_CODE, Phone};
pub use ports::{Clock, Randomness};
pub use time::LocalTime;
pub use unit::{Unit, Work};
pub use user_id::UserId;

pub(crate) use text::{REQUIRED, lines, optional_text, required_lines, site_path, text};

/// The first `len` letters and digits of random text: the unguessable part of an id that stays
/// readable and safe in URLs.
pub(crate) fn id_tail(random: &str, len: usize) -> String {
    random
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(len)
        .collect()
}
