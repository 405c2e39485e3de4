//! Value objects shared by every module.

mod money;
mod page;

pub use money::Money;
pub use page::{Page, PageRequest};
