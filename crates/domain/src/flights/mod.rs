//! Flights followed (issue 71, point 3): an airport pick-up meets its flight, not the time typed
//! at booking. From `FOLLOW_FROM_HOURS` before the scheduled landing the flight is asked about,
//! more often as it nears (`LOOKS`); a landing that moves by `MOVE_MINUTES` or more moves the
//! meeting, once however many looks see it; free waiting counts from the actual landing; a
//! cancelled or diverted flight is trouble for the operators.
//!
//! Here: the timing rules, the provider's port (`FlightStatus`, with its adapter and stand-in in
//! `adapters`) and the keeper of followed flights (`FlightStore`). The jobs follow them
//! (`jobs::service::flights`): the meeting moves on the order and its job.

mod ports;
mod rules;
#[cfg(test)]
mod tests;

pub use ports::{FlightStatus, FlightStore};
pub use rules::{
    FOLLOW_FROM_HOURS, FlightKey, FlightNews, FlightReport, FlightState, Followed,
    KNOWN_AHEAD_HOURS, LOOK_LEASE_SECONDS, LOOKS, MOVE_MINUTES, RETRY_MINUTES, STOP_AFTER_HOURS,
    next_look,
};
