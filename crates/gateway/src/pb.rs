//! Generated from `proto/booking/v1` at build time.

#![allow(clippy::all, clippy::pedantic)]
tonic::include_proto!("booking.v1");
