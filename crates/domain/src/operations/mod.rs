//! Operations: who runs the business and what they may do. Operators sign in like customers but
//! hold the operator role in their ID token; internal services call with long-lived API keys,
//! kept only as their SHA-256 and revocable. Every operator action goes through
//! [`OperatorService`] and lands in the audit log.

mod model;
mod ports;
mod service;

pub use model::{AuditFilter, CustomerCard, CustomerFilter, ServiceKey, StaffMember};
pub use ports::{AccountDirectory, AuditLog, StaffStore};
pub use service::{OperatorPorts, OperatorService, SearchOrders, StaffChange};

#[cfg(test)]
mod tests;
