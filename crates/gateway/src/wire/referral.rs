//! Referrals on the wire: the program's terms, a customer's own code and standing.

use domain::error::{DomainError, DomainResult, msg};
use domain::referrals::{MyReferral, Program};
use domain::shared::Money;

use crate::pb;

pub(crate) fn program_to_pb(p: &Program) -> pb::ReferralProgram {
    pb::ReferralProgram {
        active: p.active,
        referrer_vnd: p.referrer.amount(),
        referred_vnd: p.referred.amount(),
        credit_days: p.credit_days.unwrap_or(0),
    }
}

/// The program as sent; one not sent at all is refused rather than read as "off, nothing".
pub(crate) fn program_from_pb(p: Option<pb::ReferralProgram>) -> DomainResult<Program> {
    let p = p.ok_or_else(|| DomainError::invalid("program", msg("referral.program_required")))?;
    Ok(Program {
        active: p.active,
        referrer: Money::vnd(p.referrer_vnd),
        referred: Money::vnd(p.referred_vnd),
        credit_days: (p.credit_days != 0).then_some(p.credit_days),
    })
}

pub(crate) fn mine_to_pb(m: &MyReferral) -> pb::GetReferralResponse {
    pb::GetReferralResponse {
        code: m.code.as_str().to_owned(),
        program: Some(program_to_pb(&m.program)),
        invited: m.standing.invited,
        rewarded: m.standing.rewarded,
    }
}
