//! Value objects shared by every module.

mod money;
mod page;
mod time;

pub use money::Money;
pub use page::{Page, PageRequest};
pub use time::LocalTime;
