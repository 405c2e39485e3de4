//! Order notices: the facts a step of an order tells its customer, kept as JSON with the queued
//! mail (so the mail says what was true at that step), and their Traditional-Chinese lines.

use domain::catalog::CancellationPolicy;
use domain::identity::MailKind;
use domain::ordering::{Order, ServiceDetails, Transition};
use domain::shared::{LocalTime, Money};
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
    /// How long the service lasts (a transfer's drive counts as an hour), for the calendar.
    #[serde(default)]
    pub minutes: u32,
    /// The step's own words: who was assigned, the fee and the refund.
    pub reason: String,
    pub driver: Option<DriverFacts>,
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
            reason: step.reason.clone(),
            driver: o.driver.as_ref().map(|d| DriverFacts {
                name: d.name.clone(),
                phone: d.phone.e164(),
                plate: d.plate.clone(),
            }),
        }
    }
}

fn place_of(d: &ServiceDetails) -> String {
    match d {
        ServiceDetails::Shuttle(d) => d.address.clone(),
        ServiceDetails::Charter(d) => d.pickup_address.clone(),
        ServiceDetails::Escort(d) => d.meeting_point.clone(),
        ServiceDetails::Massage(d) => {
            format!("{} {}（{} 號房）", d.hotel_name, d.hotel_address, d.room)
        }
    }
}

/// The subject and lines of an order notice; `None` for kinds that are not order notices.
pub(super) fn order_lines(
    kind: MailKind,
    f: &NoticeFacts,
    cancellation: &CancellationPolicy,
) -> Option<(&'static str, Vec<String>)> {
    let order = format!("訂單編號：{}（{}）", f.order_id, f.plan);
    let start = format!("服務時間：{}（越南時間）", f.start);
    let total = format!("金額：{}", Money::vnd(f.total_vnd));
    let policy = policy_line(f, cancellation);
    // Where and which flight, for the traveller reading the mail at the airport.
    let mut place = Vec::new();
    if !f.place.is_empty() {
        place.push(format!("地點：{}", f.place));
    }
    if !f.flight.is_empty() {
        place.push(format!("航班：{}", f.flight));
    }
    Some(match kind {
        MailKind::OrderPaid => (
            "付款成功，訂單已成立",
            vec!["我們已收到您的付款，謝謝您。".into(), order, start]
                .into_iter()
                .chain(place.clone())
                .chain([
                    total,
                    policy.clone(),
                    "專人確認後，會再寄信告訴您司機或按摩師的資料。".into(),
                ])
                .collect(),
        ),
        MailKind::OrderConfirmed => {
            let mut lines = vec!["您的訂單已確認。".into(), order, start];
            lines.extend(place);
            match &f.driver {
                Some(d) => {
                    lines.push(format!("司機／導遊：{}，電話 {}", d.name, d.phone));
                    if !d.plate.is_empty() {
                        lines.push(format!("車牌：{}", d.plate));
                    }
                }
                None if !f.reason.is_empty() && f.reason != "confirmed" => {
                    lines.push(f.reason.clone());
                }
                None => {}
            }
            lines.push(policy);
            ("訂單已確認", lines)
        }
        MailKind::OrderCancelled => (
            "訂單已取消",
            vec![
                "您的訂單已取消，未付款的訂單不會收費。".into(),
                order,
                start,
            ],
        ),
        MailKind::OrderRefunded => (
            "訂單已取消並退款",
            vec![
                "您的訂單已取消，退款已存入您的 V 幣錢包。".into(),
                order,
                f.reason.clone(),
            ],
        ),
        MailKind::ReviewHidden => (
            "您的評價已被隱藏",
            vec![
                "您對這筆訂單的評價已不再顯示於方案頁面。".into(),
                order,
                format!("原因：{}", f.reason),
                "如有疑問，歡迎在會員中心聯絡客服。".into(),
            ],
        ),
        _ => return None,
    })
}

/// `取消政策：在 12/23 10:00（越南時間）前免費取消，之後取消收取 50% 費用。`, the words the
/// pages use.
fn policy_line(f: &NoticeFacts, cancellation: &CancellationPolicy) -> String {
    let start = chrono::NaiveDateTime::parse_from_str(&f.start, "%Y-%m-%d %H:%M")
        .map(LocalTime::from_naive);
    match start {
        Ok(start) => format!(
            "取消政策：在 {}（越南時間）前免費取消，之後取消收取 {}% 費用。",
            LocalTime::of(cancellation.free_until(start))
                .naive()
                .format("%m/%d %H:%M"),
            cancellation.late_fee_percent
        ),
        Err(_) => String::new(),
    }
}

/// The order as a calendar event (`.ics`): its service time in UTC, place and link; none when the
/// start cannot be read.
pub(super) fn calendar_event(f: &NoticeFacts, link: Option<&str>) -> Option<Attachment> {
    use ics::properties::{Description, DtEnd, DtStart, Location, Summary, URL};
    let start = chrono::NaiveDateTime::parse_from_str(&f.start, "%Y-%m-%d %H:%M").ok()?;
    let start = LocalTime::from_naive(start).instant();
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
    let mut about = format!("訂單編號 {}", f.order_id);
    if let Some(link) = link {
        about.push_str(&format!("\n{link}"));
        event.push(URL::new(link.to_owned()));
    }
    event.push(Description::new(ics::escape_text(about)));
    let mut calendar = ics::ICalendar::new("2.0", "-//越南旅遊預約//訂單//ZH");
    calendar.add_event(event);
    Some(Attachment {
        filename: format!("{}.ics", f.order_id),
        content_type: "text/calendar; charset=utf-8".into(),
        body: calendar.to_string(),
    })
}
