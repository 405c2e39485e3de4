//! SeaORM entities: rows as stored. They never leave this crate; repositories map them to and from
//! the domain's types.

pub mod account;
pub mod action_code;
pub mod audit_entry;
pub mod bank_transfer;
pub mod favorite_therapist;
pub mod federated_identity;
pub mod hotel_image;
pub mod idempotency_key;
pub mod job;
pub mod job_offer;
pub mod job_position;
pub mod job_step;
pub mod ledger_entry;
pub mod live_event;
pub mod mail_outbox;
pub mod order;
pub mod order_event;
pub mod order_image;
pub mod partner;
pub mod partner_hold;
pub mod payment;
pub mod pending_link;
pub mod pending_login;
pub mod plan;
pub mod profile;
pub mod rate_counter;
pub mod refresh_token;
pub mod review;
pub mod service_key;
pub mod signing_key;
pub mod support_message;
pub mod support_thread;
pub mod therapist;
pub mod therapist_hold;
pub mod wallet;
