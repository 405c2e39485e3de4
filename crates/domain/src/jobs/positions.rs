//! Where a partner is while they go to the traveller: readings from their phone, checked before
//! one is kept, and what the traveller is told of the latest (how far, how soon, how fresh).
//! Only the latest reading of a job is kept, and not for long (`POSITIONS_KEPT_HOURS`).

use chrono::{DateTime, Duration, Utc};

use crate::error::{DomainError, DomainResult, Message, msg};
use crate::shared::UserId;

/// A reading of the partner's phone: where, how precise, and when the phone took it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Position {
    pub latitude: f64,
    pub longitude: f64,
    /// Metres, as the phone reports it.
    pub accuracy: f64,
    pub taken_at: DateTime<Utc>,
}

/// A reading taken longer ago than this is no news of where the partner is now.
pub const STALE_SECONDS: i64 = 60;
/// A phone's clock may run this far ahead of ours; further, its times cannot be trusted.
pub const AHEAD_SECONDS: i64 = 30;
/// Faster than this between two readings, one of them is wrong (a car on a Vietnamese road; a
/// motorbike slower still).
pub const MAX_KMH: f64 = 150.0;
/// A phone sends a reading every five seconds; one job keeps at most one reading this often, so
/// a phone (or a script) sending faster writes nothing and wakes no traveller's page.
pub const MIN_REPORT_SECONDS: i64 = 4;
/// A reading less precise than this (a fix from cell towers) would mislead the traveller.
pub const MAX_ACCURACY_M: f64 = 1_000.0;
/// How long a job's last reading is kept after it was taken, for operators looking into a
/// complaint the same day; the traveller sees it only while the partner is on the way or there.
pub const POSITIONS_KEPT_HOURS: i64 = 24;
/// Roads wind: the way by road is about this many times the straight line in Vietnamese cities.
const ROAD_FACTOR: f64 = 1.4;
/// An average speed across the city, traffic included.
const CITY_KMH: f64 = 25.0;
const EARTH_RADIUS_M: f64 = 6_371_000.0;

/// A box around Vietnam, its coastal islands included (south, north, west, east). It reaches a
/// little into its neighbours and the sea; a reading outside it is no partner of ours at work.
const VIETNAM: (f64, f64, f64, f64) = (8.2, 23.4, 102.1, 109.5);

/// A point on the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub latitude: f64,
    pub longitude: f64,
}

impl Point {
    /// A point a caller sent: both numbers finite and on the globe.
    pub fn new(latitude: f64, longitude: f64) -> DomainResult<Self> {
        // A range never holds NaN.
        let on_globe = (-90.0..=90.0).contains(&latitude) && (-180.0..=180.0).contains(&longitude);
        if !on_globe {
            return Err(DomainError::invalid("position", msg("position.malformed")));
        }
        Ok(Self {
            latitude,
            longitude,
        })
    }

    /// Metres along the earth's surface (haversine).
    pub fn distance_m(self, to: Point) -> f64 {
        let (a, b) = (self.latitude.to_radians(), to.latitude.to_radians());
        let dlat = b - a;
        let dlon = (to.longitude - self.longitude).to_radians();
        let h = (dlat / 2.0).sin().powi(2) + a.cos() * b.cos() * (dlon / 2.0).sin().powi(2);
        2.0 * EARTH_RADIUS_M * h.sqrt().min(1.0).asin()
    }

    fn in_vietnam(self) -> bool {
        let (south, north, west, east) = VIETNAM;
        (south..=north).contains(&self.latitude) && (west..=east).contains(&self.longitude)
    }
}

/// The airports our shuttles serve (`catalog::CITIES`), where a driver meets an arriving
/// traveller: the arrivals halls.
pub const AIRPORTS: [(&str, Point); 4] = [
    (
        "SGN",
        Point {
            latitude: 10.8136,
            longitude: 106.6640,
        },
    ),
    (
        "HAN",
        Point {
            latitude: 21.2141,
            longitude: 105.8036,
        },
    ),
    (
        "DAD",
        Point {
            latitude: 16.0556,
            longitude: 108.2030,
        },
    ),
    (
        "CXR",
        Point {
            latitude: 11.9983,
            longitude: 109.2193,
        },
    ),
];

/// Why a reading was not kept; the phone is told, and sends the next one as usual.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dropped {
    OutsideVietnam,
    /// Taken too long ago, or before the last one kept.
    Stale,
    /// Taken in the future by our clock: the phone's clock is wrong.
    Ahead,
    /// Too far from the last one kept for the time between them.
    TooFast,
    Imprecise,
}

impl Dropped {
    pub const fn code(self) -> &'static str {
        match self {
            Dropped::OutsideVietnam => "outside_vietnam",
            Dropped::Stale => "stale",
            Dropped::Ahead => "ahead",
            Dropped::TooFast => "too_fast",
            Dropped::Imprecise => "imprecise",
        }
    }

    /// The reason in words, for the partner.
    pub fn message(self) -> Message {
        match self {
            Dropped::OutsideVietnam => msg("position.outside_vietnam"),
            Dropped::Stale => msg("position.stale").with("seconds", STALE_SECONDS),
            Dropped::Ahead => msg("position.ahead"),
            Dropped::TooFast => msg("position.too_fast").with("kmh", MAX_KMH as i64),
            Dropped::Imprecise => msg("position.imprecise").with("metres", MAX_ACCURACY_M as i64),
        }
    }
}

impl Position {
    /// A reading as the phone sent it: a point on the globe, a precision of zero or more.
    pub fn new(
        latitude: f64,
        longitude: f64,
        accuracy: f64,
        taken_at: DateTime<Utc>,
    ) -> DomainResult<Self> {
        Point::new(latitude, longitude)?;
        if !accuracy.is_finite() || accuracy < 0.0 {
            return Err(DomainError::invalid("accuracy", msg("position.malformed")));
        }
        Ok(Self {
            latitude,
            longitude,
            accuracy,
            taken_at,
        })
    }

    pub fn point(&self) -> Point {
        Point {
            latitude: self.latitude,
            longitude: self.longitude,
        }
    }

    /// Whether the reading can be believed at `now`, after `last`, the job's last one kept:
    /// in Vietnam, precise enough, taken lately by a clock that agrees with ours, and not
    /// further from the last than a car could go meanwhile (both readings' imprecision allowed).
    pub fn check(&self, last: Option<&Position>, now: DateTime<Utc>) -> Result<(), Dropped> {
        if !self.point().in_vietnam() {
            return Err(Dropped::OutsideVietnam);
        }
        if self.taken_at > now + Duration::seconds(AHEAD_SECONDS) {
            return Err(Dropped::Ahead);
        }
        if self.taken_at < now - Duration::seconds(STALE_SECONDS) {
            return Err(Dropped::Stale);
        }
        if self.accuracy > MAX_ACCURACY_M {
            return Err(Dropped::Imprecise);
        }
        if let Some(last) = last {
            if self.taken_at <= last.taken_at {
                return Err(Dropped::Stale);
            }
            let seconds = (self.taken_at - last.taken_at).num_milliseconds() as f64 / 1000.0;
            let moved = self.point().distance_m(last.point()) - self.accuracy - last.accuracy;
            if moved > MAX_KMH / 3.6 * seconds {
                return Err(Dropped::TooFast);
            }
        }
        Ok(())
    }
}

/// A job's latest reading kept, and whose phone sent it (a job taken back and given to another
/// partner must not show the first one's).
#[derive(Debug, Clone, PartialEq)]
pub struct KeptPosition {
    pub partner: UserId,
    pub position: Position,
    /// When the server kept it (its clock, not the phone's).
    pub kept_at: DateTime<Utc>,
}

impl KeptPosition {
    /// How long `partner` must wait at `now` before another reading of theirs is kept; `None`
    /// when it may be now (another partner's reading never holds theirs back).
    pub fn wait_for(&self, partner: &UserId, now: DateTime<Utc>) -> Option<Duration> {
        let next = self.kept_at + Duration::seconds(MIN_REPORT_SECONDS);
        (self.partner == *partner && now < next).then(|| next - now)
    }
}

/// The refusal of a reading sent too soon, with how long to wait (whole seconds, at least one).
pub fn too_often(wait: Duration) -> DomainError {
    let ms = wait.num_milliseconds().max(1);
    DomainError::Throttled {
        message: msg("position.too_often").with("seconds", MIN_REPORT_SECONDS),
        retry_after_secs: u64::try_from((ms + 999) / 1000).unwrap_or(1),
    }
}

/// Where the traveller meets the partner, when we know it.
#[derive(Debug, Clone, PartialEq)]
pub enum MeetingPoint {
    /// An arrival's airport, by its code.
    Airport(String),
    /// Where the traveller's own phone says they are (sent by their page, never kept).
    Traveller(Point),
}

impl MeetingPoint {
    pub fn point(&self) -> Option<Point> {
        match self {
            MeetingPoint::Airport(code) => AIRPORTS
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, point)| *point),
            MeetingPoint::Traveller(point) => Some(*point),
        }
    }
}

/// A drive by road, as a routing service (`ports::Routing`) times it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drive {
    pub seconds: u32,
    pub metres: u32,
}

/// What the traveller reads of their partner's latest position.
#[derive(Debug, Clone, PartialEq)]
pub struct Whereabouts {
    pub position: Position,
    pub meeting: Option<MeetingPoint>,
    /// Metres in a straight line to the meeting point, when it is known.
    pub distance_m: Option<u32>,
    /// Minutes until the partner is there, while on the way.
    pub eta_minutes: Option<u32>,
    /// Whether those minutes are a routing service's drive, rather than the straight line's
    /// estimate.
    pub eta_by_road: bool,
}

impl Whereabouts {
    /// The partner at `position`, on the way (`arriving`) or there already, seen from `meeting`.
    pub fn of(position: Position, meeting: Option<MeetingPoint>, arriving: bool) -> Self {
        let distance = meeting
            .as_ref()
            .and_then(MeetingPoint::point)
            .map(|p| p.distance_m(position.point()));
        Self {
            position,
            distance_m: distance.map(|d| d.round() as u32),
            eta_minutes: distance.filter(|_| arriving).map(eta_minutes),
            eta_by_road: false,
            meeting,
        }
    }

    /// The partner still on the way, their drive timed by road: the minutes it takes, one at
    /// least.
    pub fn by_road(&mut self, drive: Drive) {
        if self.eta_minutes.is_some() {
            self.eta_minutes = Some(drive.seconds.div_ceil(60).max(1));
            self.eta_by_road = true;
        }
    }
}

/// Minutes to cover `metres` in a straight line across the city, by road; one at least.
pub fn eta_minutes(metres: f64) -> u32 {
    let hours = metres * ROAD_FACTOR / 1000.0 / CITY_KMH;
    ((hours * 60.0).ceil() as u32).max(1)
}
