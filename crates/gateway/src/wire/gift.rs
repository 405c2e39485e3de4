//! Gift codes on the wire: a batch as admins issue and list it, and its codes as CSV.

use domain::error::{DomainError, DomainResult};
use domain::gifts::{Batch, BatchSummary, GiftCode, last_day_of, redeem_by_from_last_day};
use domain::shared::{LocalTime, Money};

use super::csv::CsvFile;
use crate::pb;
use crate::texts::term;
use crate::wire::order::timestamp;

pub(crate) fn batch_from_pb(r: &pb::IssueGiftCodesRequest) -> DomainResult<Batch> {
    Ok(Batch {
        name: r.name.clone(),
        count: r.count,
        amount: Money::vnd(r.amount_vnd),
        redeem_by: redeem_by_from_last_day(&r.redeem_until)?,
        credit_days: (r.credit_days != 0).then_some(r.credit_days),
    })
}

pub(crate) fn summary_to_pb(b: &BatchSummary) -> pb::GiftBatch {
    pb::GiftBatch {
        name: b.name.clone(),
        codes: b.codes,
        redeemed: b.redeemed,
        amount_vnd: b.amount.amount(),
        redeem_until: last_day_of(b.redeem_by).to_string(),
        credit_days: b.credit_days.unwrap_or(0),
        issued_at: Some(timestamp(b.issued_at)),
    }
}

/// The batch's codes, one a row, in the order issued: headers in the caller's language, times in
/// Vietnam time.
pub(crate) fn batch_csv(codes: &[GiftCode]) -> DomainResult<(String, String)> {
    let first = codes
        .first()
        .ok_or_else(|| DomainError::not_found("gift batch"))?;
    let mut out = CsvFile::new();
    out.row(
        [
            "gift_csv.code",
            "gift_csv.amount_vnd",
            "gift_csv.redeem_until",
            "gift_csv.credit_days",
            "gift_csv.redeemed_by",
            "gift_csv.redeemed_at",
        ]
        .map(term),
    );
    for c in codes {
        let (by, at) = c
            .redeemed
            .as_ref()
            .map_or((String::new(), String::new()), |(by, at)| {
                (
                    by.as_str().to_owned(),
                    LocalTime::of(*at)
                        .naive()
                        .format("%Y-%m-%d %H:%M")
                        .to_string(),
                )
            });
        out.row([
            c.code.grouped(),
            c.amount.amount().to_string(),
            last_day_of(c.redeem_by).to_string(),
            c.credit_days.map(|d| d.to_string()).unwrap_or_default(),
            by,
            at,
        ]);
    }
    let safe: String = first
        .batch
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    Ok((format!("gift-codes-{safe}.csv"), out.finish()))
}
