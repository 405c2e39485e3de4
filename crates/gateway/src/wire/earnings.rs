//! Partners' earnings on the wire: their ledger's lines, weekly statements, and the admins'
//! payroll as CSV.

use domain::DomainResult;
use domain::partners::{Earning, EarningCause, EarningsSummary, Partner, Statement, Week};
use domain::shared::LocalTime;

use super::csv::CsvFile;
use super::order::timestamp;
use crate::pb;
use crate::texts::term;

fn cause_to_pb(c: EarningCause) -> pb::EarningCause {
    match c {
        EarningCause::Completed => pb::EarningCause::Completed,
        EarningCause::NoShow => pb::EarningCause::NoShow,
        EarningCause::Payout => pb::EarningCause::Payout,
        EarningCause::Tip => pb::EarningCause::Tip,
        EarningCause::Correction => pb::EarningCause::Correction,
    }
}

/// A ledger line; who paid it only for staff.
fn entry_to_pb(e: &Earning, staff: bool) -> pb::EarningEntry {
    let correction = e.cause == EarningCause::Correction;
    pb::EarningEntry {
        cause: cause_to_pb(e.cause).into(),
        order_id: e
            .order_id
            .as_ref()
            .map(|o| o.as_str().to_owned())
            .unwrap_or_default(),
        service_at: e.service_at.map(timestamp),
        amount_vnd: e.amount.amount(),
        at: Some(timestamp(e.at)),
        // A correction's reference is its reason.
        reference: if correction {
            String::new()
        } else {
            e.reference.clone()
        },
        reason: if correction {
            e.reference.clone()
        } else {
            String::new()
        },
        paid_by: if staff { e.by.clone() } else { String::new() },
    }
}

/// A week's statement, with its lines or (in lists of weeks) without.
pub(crate) fn statement_to_pb(s: &Statement, entries: bool, staff: bool) -> pb::WeekStatement {
    pb::WeekStatement {
        week: s.week.code(),
        earned_vnd: s.earned.amount(),
        jobs: s.jobs,
        no_shows: s.no_shows,
        due_vnd: s.due().amount(),
        payout: s.paid.as_ref().map(|p| entry_to_pb(p, staff)),
        entries: if entries {
            s.entries.iter().map(|e| entry_to_pb(e, staff)).collect()
        } else {
            Vec::new()
        },
        tips_vnd: Earning::sum_of(&s.entries, EarningCause::Tip).amount(),
        corrections_vnd: Earning::sum_of(&s.entries, EarningCause::Correction).amount(),
    }
}

pub(crate) fn summary_to_pb(s: &EarningsSummary) -> pb::GetEarningsResponse {
    pb::GetEarningsResponse {
        today_vnd: s.today.amount(),
        this_week_vnd: s.this_week.amount(),
        owed_vnd: s.owed.amount(),
        weeks: s
            .weeks
            .iter()
            .map(|w| statement_to_pb(w, false, false))
            .collect(),
    }
}

/// The week a request names, if it names one.
pub(crate) fn week_from_pb(raw: &str) -> DomainResult<Option<Week>> {
    if raw.trim().is_empty() {
        Ok(None)
    } else {
        Week::parse(raw).map(Some)
    }
}

/// The week's payroll as CSV: headers in the caller's language, sums in whole đồng (figures a
/// spreadsheet adds up), instants in Vietnam time, and a byte-order mark so that spreadsheets
/// read the names' Vietnamese and Chinese letters as UTF-8.
pub(crate) fn payroll_csv(week: Week, lines: &[(Partner, Statement)]) -> String {
    let mut out = CsvFile::new();
    out.row(
        [
            "payroll.week",
            "payroll.partner_id",
            "payroll.name",
            "payroll.kind",
            "payroll.jobs",
            "payroll.no_shows",
            "payroll.earned_vnd",
            "payroll.tips_vnd",
            "payroll.corrections_vnd",
            "payroll.due_vnd",
            "payroll.reference",
            "payroll.paid_at",
        ]
        .map(term),
    );
    for (partner, s) in lines {
        let (reference, paid_at) = s.paid.as_ref().map_or((String::new(), String::new()), |p| {
            (p.reference.clone(), LocalTime::of(p.at).to_string())
        });
        out.row([
            week.code(),
            partner.user_id.as_str().to_owned(),
            partner.name.clone(),
            term(partner.kind.term()),
            s.jobs.to_string(),
            s.no_shows.to_string(),
            s.earned.amount().to_string(),
            Earning::sum_of(&s.entries, EarningCause::Tip)
                .amount()
                .to_string(),
            Earning::sum_of(&s.entries, EarningCause::Correction)
                .amount()
                .to_string(),
            s.due().amount().to_string(),
            reference,
            paid_at,
        ]);
    }
    out.finish()
}
