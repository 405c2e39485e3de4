//! Protobuf ↔ domain, one module per subject: the one place where wire messages become domain
//! values and back, for the gRPC services and the REST shim alike (REST's JSON is the protobuf
//! messages' JSON form).

pub(crate) mod catalog;
pub(crate) mod csv;
pub(crate) mod earnings;
pub(crate) mod gift;
pub(crate) mod identity;
pub(crate) mod invoice;
pub(crate) mod job;
pub(crate) mod massage;
pub(crate) mod operator;
pub(crate) mod order;
pub(crate) mod partner;
pub(crate) mod payment;
pub(crate) mod promotion;
pub(crate) mod referral;
pub(crate) mod refund;
pub(crate) mod report;
pub(crate) mod review;
pub(crate) mod support;
pub(crate) mod user;
