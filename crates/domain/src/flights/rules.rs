//! The timing rules of a followed flight: when to ask about it, and what an answer means for the
//! pick-up that meets it.

use chrono::{DateTime, Duration, Utc};

/// How long before its scheduled landing a flight starts being followed: delays are known by
/// then, and a day's first look costs one call.
pub const FOLLOW_FROM_HOURS: i64 = 6;

/// How often a followed flight is asked about: at least this many minutes before its landing
/// (as best known), every so many minutes. Closer, more often.
pub const LOOKS: [(i64, i64); 3] = [(120, 30), (30, 10), (i64::MIN, 5)];

/// A landing that moved by less than this leaves the meeting as it is: drivers wait anyway, and
/// a notice for every few minutes would be noise.
pub const MOVE_MINUTES: i64 = 10;

/// How far ahead a provider knows a dated flight: a booking further ahead cannot be checked yet
/// (it is followed when its time comes).
pub const KNOWN_AHEAD_HOURS: i64 = 48;

/// A flight with no landing this long after it was due is no longer asked about: operators have
/// it by then.
pub const STOP_AFTER_HOURS: i64 = 3;

/// Where a flight stands, as providers say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlightState {
    Scheduled,
    EnRoute,
    Landed,
    Cancelled,
    Diverted,
}

/// One answer about a flight: where it stands and its arrival times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlightReport {
    pub state: FlightState,
    pub scheduled_arrival: DateTime<Utc>,
    pub estimated_arrival: Option<DateTime<Utc>>,
    pub actual_arrival: Option<DateTime<Utc>>,
}

/// What a report means for the pick-up meeting its flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlightNews {
    /// The meeting moves here: the landing as best known, when it moved by `MOVE_MINUTES` or more.
    pub moved_to: Option<DateTime<Utc>>,
    /// It has landed, then: free waiting counts from here.
    pub landed_at: Option<DateTime<Utc>>,
    /// Cancelled or diverted: the operators must see to the order.
    pub trouble: Option<FlightState>,
}

impl FlightReport {
    /// When it lands, as best known: its actual landing, else the estimate, else the schedule.
    pub fn landing(&self) -> DateTime<Utc> {
        self.actual_arrival
            .or(self.estimated_arrival)
            .unwrap_or(self.scheduled_arrival)
    }

    /// What this report means for a pick-up whose meeting is at `meeting` now. The same report
    /// read again after its move moves nothing: the meeting is the landing already.
    pub fn news(&self, meeting: DateTime<Utc>) -> FlightNews {
        let trouble = matches!(self.state, FlightState::Cancelled | FlightState::Diverted)
            .then_some(self.state);
        if trouble.is_some() {
            return FlightNews {
                moved_to: None,
                landed_at: None,
                trouble,
            };
        }
        let landing = self.landing();
        let moved = (landing - meeting).abs() >= Duration::minutes(MOVE_MINUTES);
        FlightNews {
            moved_to: moved.then_some(landing),
            landed_at: (self.state == FlightState::Landed).then_some(landing),
            trouble: None,
        }
    }
}

/// When to ask about a flight next, given its landing as best known and where it stood at the
/// last answer (none before the first): `None` once it has landed, is cancelled or diverted, or
/// is long overdue. Never before `now`'s next minute, nor before following begins.
pub fn next_look(
    landing: DateTime<Utc>,
    last: Option<FlightState>,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    if matches!(
        last,
        Some(FlightState::Landed | FlightState::Cancelled | FlightState::Diverted)
    ) || now > landing + Duration::hours(STOP_AFTER_HOURS)
    {
        return None;
    }
    let begins = landing - Duration::hours(FOLLOW_FROM_HOURS);
    if last.is_none() && now < begins {
        return Some(begins);
    }
    let ahead = (landing - now).num_minutes();
    let every = LOOKS
        .iter()
        .find(|(before, _)| ahead >= *before)
        .map_or(LOOKS[LOOKS.len() - 1].1, |(_, every)| *every);
    Some(now + Duration::minutes(every))
}

/// One flight as it is followed: its designator (letters and digits, upper case), the airport it
/// lands at, and the Vietnam day of its landing as booked. Orders meeting the same flight share
/// it, so a flight is asked about once however many travellers it carries.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FlightKey {
    pub number: String,
    pub airport: String,
    pub day: chrono::NaiveDate,
}

impl FlightKey {
    /// The flight landing at `airport` that a pick-up booked for `landing` meets; none for a
    /// number with nothing to ask about.
    pub fn of(number: &str, airport: &str, landing: DateTime<Utc>) -> Option<Self> {
        let number: String = number
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_uppercase();
        (!number.is_empty() && !airport.is_empty()).then(|| Self {
            number,
            airport: airport.to_ascii_uppercase(),
            day: crate::shared::LocalTime::of(landing).naive().date(),
        })
    }

    /// How the store names it.
    pub fn code(&self) -> String {
        format!("{}@{}@{}", self.number, self.airport, self.day)
    }
}

/// A followed flight as kept: its last answer, when it is next asked about (`None`: no more),
/// how many times it was asked, and the version a node claims its next look against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Followed {
    pub key: String,
    pub report: Option<FlightReport>,
    pub next_look: Option<DateTime<Utc>>,
    pub looks: u32,
    pub version: i64,
}

impl Followed {
    /// Whether it is to be asked about at `now`.
    pub fn due(&self, now: DateTime<Utc>) -> bool {
        self.next_look.is_some_and(|at| at <= now)
    }
}

/// How long a node that claimed a look holds it before another may take it over (a node that
/// stopped mid-look).
pub const LOOK_LEASE_SECONDS: i64 = 120;

/// How soon a flight the provider could not answer about is asked again.
pub const RETRY_MINUTES: i64 = 5;
