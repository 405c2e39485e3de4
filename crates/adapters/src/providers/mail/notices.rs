//! Order notices: the facts a step of an order tells its customer, kept as JSON with the queued
//! mail (so the mail says what was true at that step), and their lines in the recipient's language.

use domain::catalog::CancellationPolicy;
use domain::error::{Message, msg};
use domain::identity::MailKind;
use domain::ordering::{Order, OrderState, ServiceDetails, StepReason, Transition};
use domain::shared::{Language, LocalTime, Money};
use domain::words::{date_time, say};
use serde::{Deserialize, Serialize};

use super::Attachment;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeFacts {
    pub order_id: String,
    pub plan: String,
    pub total_vnd: i64,
    /// The service's start, Vietnam time.
    pub start: String,
    /// Where the service starts (the hotel, the pick-up address, the meeting point); empty in
    /// notices queued before it was kept.
    #[serde(default)]
    pub place: String,
    /// A shuttle's flight.
    #[serde(default)]
    pub flight: String,
    /// A massage's hotel room (its place is the hotel); empty for the rest, and in notices
    /// queued before it was kept apart.
    #[serde(default)]
    pub room: String,
    /// How long the service lasts (a transfer's drive counts as an hour), for the calendar.
    #[serde(default)]
    pub minutes: u32,
    /// The step's own words: who was assigned, the fee and the refund.
    pub reason: String,
    pub driver: Option<DriverFacts>,
    /// An e-invoice's: its number and where the buyer looks it up.
    #[serde(default)]
    pub invoice: Option<InvoiceFacts>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceFacts {
    pub number: String,
    pub lookup_code: String,
    pub lookup_url: String,
    /// An adjustment of the order's first invoice, rather than that invoice.
    pub adjusts: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DriverFacts {
    pub name: String,
    pub phone: String,
    pub plate: String,
}

impl NoticeFacts {
    pub fn of(o: &Order, step: &Transition) -> Self {
        Self {
            reason: step.reason.clone(),
            ..Self::of_job(o)
        }
    }

    /// The facts of a reminder: the order's, with the confirmation that named its therapist
    /// (a driver is on the order itself).
    pub fn of_reminder(o: &Order) -> Self {
        let named = o
            .history
            .iter()
            .rev()
            .find(|t| t.to == OrderState::Confirmed)
            .filter(|_| o.state == OrderState::Confirmed)
            .map(|t| t.reason.clone())
            .unwrap_or_default();
        Self {
            reason: named,
            ..Self::of_job(o)
        }
    }

    /// The facts of a job's notice: the order's, with who serves it.
    pub fn of_job(o: &Order) -> Self {
        Self {
            order_id: o.id.as_str().to_owned(),
            plan: o.plan_name.clone(),
            total_vnd: o.estimate.total.amount(),
            start: o
                .details
                .start()
                .naive()
                .format("%Y-%m-%d %H:%M")
                .to_string(),
            place: place_of(&o.details),
            minutes: match &o.details {
                ServiceDetails::Shuttle(_) => 0,
                ServiceDetails::Charter(d) => d.duration_minutes + 60 * d.extra_hours,
                ServiceDetails::Escort(d) => d.duration_minutes + 60 * d.extra_hours,
                ServiceDetails::Massage(d) => d.duration_minutes,
            },
            flight: match &o.details {
                ServiceDetails::Shuttle(d) => d.flight_number.clone(),
                _ => String::new(),
            },
            room: match &o.details {
                ServiceDetails::Massage(d) => d.room.clone(),
                _ => String::new(),
            },
            reason: String::new(),
            driver: o.driver.as_ref().map(|d| DriverFacts {
                name: d.name.clone(),
                phone: d.phone.e164(),
                plate: d.plate.clone(),
            }),
            invoice: None,
        }
    }
}

fn place_of(d: &ServiceDetails) -> String {
    match d {
        ServiceDetails::Shuttle(d) => d.address.clone(),
        ServiceDetails::Charter(d) => d.pickup_address.clone(),
        ServiceDetails::Escort(d) => d.meeting_point.clone(),
        ServiceDetails::Massage(d) => format!("{} {}", d.hotel_name, d.hotel_address),
    }
}

/// The subject and lines of an order notice in `lang`; `None` for kinds that are not order
/// notices.
pub(crate) fn order_lines(
    kind: MailKind,
    f: &NoticeFacts,
    cancellation: &CancellationPolicy,
    lang: Language,
) -> Option<(String, Vec<String>)> {
    let t = |m: Message| say(&m, lang);
    let start = parse_start(&f.start);
    let order = t(msg("mail.order.id")
        .with("order", &f.order_id)
        .with("plan", &f.plan));
    let when = start.map_or_else(|| f.start.clone(), |s| date_time(s.naive(), lang, true));
    let when = t(msg("mail.order.start").with("start", when));
    let total = t(msg("mail.order.total").money("total", Money::vnd(f.total_vnd)));
    // Where and which flight, for the traveller reading the mail at the airport.
    let mut place = Vec::new();
    if !f.place.is_empty() {
        let at = match f.room.as_str() {
            "" => f.place.clone(),
            room => t(msg("mail.order.room")
                .with("place", &f.place)
                .with("room", room)),
        };
        place.push(t(msg("mail.order.place").with("place", at)));
    }
    if !f.flight.is_empty() {
        place.push(t(msg("mail.order.flight").with("flight", &f.flight)));
    }
    let policy = start.map(|start| {
        let deadline = LocalTime::of(cancellation.free_until(start)).naive();
        t(msg("mail.order.policy")
            .with("deadline", date_time(deadline, lang, false))
            .with("percent", cancellation.late_fee_percent))
    });
    let (subject, lines): (&str, Vec<String>) = match kind {
        MailKind::OrderPaid => (
            "mail.paid.subject",
            [t(msg("mail.paid.thanks")), order, when]
                .into_iter()
                .chain(place)
                .chain([total])
                .chain(policy)
                .chain([t(msg("mail.paid.next"))])
                .collect(),
        ),
        MailKind::OrderConfirmed => {
            let mut lines = vec![t(msg("mail.confirmed.body")), order, when];
            lines.extend(place);
            lines.extend(serving(f, lang));
            lines.extend(policy);
            ("mail.confirmed.subject", lines)
        }
        // The traveller's reminders say who is coming, or that someone is being found.
        MailKind::ReminderTomorrow | MailKind::ReminderSoon => {
            let (subject, body) = if kind == MailKind::ReminderTomorrow {
                (
                    "mail.reminder_tomorrow.subject",
                    "mail.reminder_tomorrow.body",
                )
            } else {
                ("mail.reminder_soon.subject", "mail.reminder_soon.body")
            };
            let mut lines = vec![t(msg(body)), order, when];
            lines.extend(place);
            let who = serving(f, lang);
            if who.is_empty() {
                lines.push(t(msg("mail.reminder.nobody_yet")));
            }
            lines.extend(who);
            (subject, lines)
        }
        MailKind::PartnerReminderTomorrow
        | MailKind::PartnerReminderSoon
        | MailKind::PartnerJobChanged
        | MailKind::PartnerFlightMoved
        | MailKind::PartnerJobWithdrawn
        | MailKind::PartnerJobOffered
        | MailKind::PartnerJobTakenBack
        | MailKind::OrderUnassigned => {
            let (subject, body) = match kind {
                MailKind::PartnerJobTakenBack => (
                    "mail.partner_job_taken_back.subject",
                    "mail.partner_job_taken_back.body",
                ),
                MailKind::PartnerJobOffered => (
                    "mail.partner_job_offered.subject",
                    "mail.partner_job_offered.body",
                ),
                MailKind::PartnerJobChanged => (
                    "mail.partner_job_changed.subject",
                    "mail.partner_job_changed.body",
                ),
                MailKind::PartnerFlightMoved => (
                    "mail.partner_flight_moved.subject",
                    "mail.partner_flight_moved.body",
                ),
                MailKind::PartnerJobWithdrawn => (
                    "mail.partner_job_withdrawn.subject",
                    "mail.partner_job_withdrawn.body",
                ),
                MailKind::PartnerReminderTomorrow => (
                    "mail.partner_reminder_tomorrow.subject",
                    "mail.partner_reminder_tomorrow.body",
                ),
                MailKind::PartnerReminderSoon => (
                    "mail.partner_reminder_soon.subject",
                    "mail.partner_reminder_soon.body",
                ),
                _ => ("mail.unassigned.subject", "mail.unassigned.body"),
            };
            let mut lines = vec![t(msg(body)), order, when];
            lines.extend(place);
            (subject, lines)
        }
        // The new time is the order's start; the flight is in `place`.
        MailKind::OrderFlightMoved => {
            let mut lines = vec![t(msg("mail.flight_moved.body")), order, when];
            lines.extend(place);
            ("mail.flight_moved.subject", lines)
        }
        MailKind::OrderCancelled => (
            "mail.cancelled.subject",
            vec![t(msg("mail.cancelled.body")), order, when],
        ),
        MailKind::OrderRefunded => {
            let mut lines = vec![t(msg("mail.refunded.body")), order];
            if let StepReason::Refunded { fee, refund, .. } = StepReason::read(&f.reason) {
                lines.push(t(msg("mail.refunded.amounts")
                    .money("refund", refund)
                    .money("fee", fee)));
            }
            ("mail.refunded.subject", lines)
        }
        MailKind::PartnerOnTheWay | MailKind::PartnerArrived => {
            let name = f
                .driver
                .as_ref()
                .map_or_else(|| t(msg("mail.partner.someone")), |d| d.name.clone());
            let (subject, body) = if kind == MailKind::PartnerOnTheWay {
                ("mail.on_the_way.subject", "mail.on_the_way.body")
            } else {
                ("mail.arrived.subject", "mail.arrived.body")
            };
            let mut lines = vec![t(msg(body).with("name", name)), order];
            lines.extend(place);
            if let Some(d) = f.driver.as_ref().filter(|d| !d.plate.is_empty()) {
                lines.push(t(msg("mail.confirmed.plate").with("plate", &d.plate)));
            }
            (subject, lines)
        }
        MailKind::ReviewHidden => (
            "mail.review_hidden.subject",
            vec![
                t(msg("mail.review_hidden.body")),
                order,
                t(msg("mail.review_hidden.reason").with("reason", &f.reason)),
                t(msg("mail.review_hidden.help")),
            ],
        ),
        MailKind::InvoiceIssued => {
            let invoice = f.invoice.as_ref()?;
            let body = if invoice.adjusts {
                "mail.invoice.adjusted"
            } else {
                "mail.invoice.body"
            };
            (
                "mail.invoice.subject",
                vec![
                    t(msg(body)),
                    order,
                    t(msg("mail.invoice.number").with("number", &invoice.number)),
                    total,
                    t(msg("mail.invoice.lookup")
                        .with("code", &invoice.lookup_code)
                        .with("url", &invoice.lookup_url)),
                ],
            )
        }
        _ => return None,
    };
    Some((t(msg(subject)), lines))
}

/// Who serves the order, as far as the facts say: the driver or guide with their phone and
/// plate, or the therapist; nothing while nobody does.
fn serving(f: &NoticeFacts, lang: Language) -> Vec<String> {
    let t = |m: Message| say(&m, lang);
    match (&f.driver, StepReason::read(&f.reason)) {
        (Some(d), _) => {
            let mut lines = vec![t(msg("mail.confirmed.driver")
                .with("name", &d.name)
                .with("phone", &d.phone))];
            if !d.plate.is_empty() {
                lines.push(t(msg("mail.confirmed.plate").with("plate", &d.plate)));
            }
            lines
        }
        (None, StepReason::Therapist { name }) => {
            vec![t(msg("mail.confirmed.therapist").with("name", name))]
        }
        _ => Vec::new(),
    }
}

/// The service's start as the facts keep it (Vietnam time); none in facts without one.
fn parse_start(start: &str) -> Option<LocalTime> {
    chrono::NaiveDateTime::parse_from_str(start, "%Y-%m-%d %H:%M")
        .ok()
        .map(LocalTime::from_naive)
}

/// The order as a calendar event (`.ics`): its service time in UTC, place and link; none when the
/// start cannot be read.
pub(super) fn calendar_event(
    f: &NoticeFacts,
    link: Option<&str>,
    lang: Language,
) -> Option<Attachment> {
    use ics::properties::{Description, DtEnd, DtStart, Location, Summary, URL};
    let start = parse_start(&f.start)?.instant();
    let minutes = if f.minutes == 0 { 60 } else { f.minutes };
    let end = start + chrono::Duration::minutes(i64::from(minutes));
    let utc = |t: chrono::DateTime<chrono::Utc>| t.format("%Y%m%dT%H%M%SZ").to_string();
    let mut event = ics::Event::new(format!("{}@booking", f.order_id), utc(chrono::Utc::now()));
    event.push(DtStart::new(utc(start)));
    event.push(DtEnd::new(utc(end)));
    event.push(Summary::new(ics::escape_text(f.plan.clone())));
    if !f.place.is_empty() {
        event.push(Location::new(ics::escape_text(f.place.clone())));
    }
    let mut about = say(&msg("mail.order.calendar").with("order", &f.order_id), lang);
    if let Some(link) = link {
        about.push_str(&format!("\n{link}"));
        event.push(URL::new(link.to_owned()));
    }
    event.push(Description::new(ics::escape_text(about)));
    // The producer's identifier, which no one reads: the product's name, in ASCII.
    let mut calendar = ics::ICalendar::new("2.0", "-//Vietnam Travel Booking//Orders//EN");
    calendar.add_event(event);
    Some(Attachment {
        filename: format!("{}.ics", f.order_id),
        content_type: "text/calendar; charset=utf-8".into(),
        body: calendar.to_string(),
    })
}
