//! Flights followed (issue 71, point 3): an airport pick-up meets its flight, not the time typed
//! at booking. From `FOLLOW_FROM_HOURS` before the scheduled landing the flight is asked about,
//! more often as it nears (`LOOKS`); a landing that moves by `MOVE_MINUTES` or more moves the
//! meeting, once however many looks see it; free waiting counts from the actual landing; a
//! cancelled or diverted flight is trouble for the operators.
//!
//! Built so far: the timing rules and the provider's port (`FlightStatus`, with its adapter and
//! stand-in in `adapters`). The jobs' use of them comes next.

mod ports;
mod rules;
#[cfg(test)]
mod tests;

pub use ports::FlightStatus;
pub use rules::{
    FOLLOW_FROM_HOURS, FlightNews, FlightReport, FlightState, KNOWN_AHEAD_HOURS, LOOKS,
    MOVE_MINUTES, STOP_AFTER_HOURS, next_look,
};
