//! Promo codes on the wire: an admin's code and its rules, and what it has cost.

use domain::error::{DomainError, DomainResult, msg};
use domain::promotions::{Discount, PromoCode, PromoCodeId, PromoRules, PromoSummary};
use domain::shared::{LocalTime, Money};

use crate::pb;
use crate::wire::catalog::category_to_pb;

pub(crate) fn promo_from_pb(p: Option<pb::PromoCode>) -> DomainResult<PromoCode> {
    let p = p.ok_or_else(|| DomainError::invalid("code", msg("promo.code_format")))?;
    use pb::promo_code::Discount as Off;
    let discount = match p.discount {
        Some(Off::PercentOff(off)) => Discount::Percent {
            percent: off.percent,
            cap: (off.cap_vnd != 0).then_some(Money::vnd(off.cap_vnd)),
        },
        Some(Off::AmountVnd(amount)) => Discount::Fixed(Money::vnd(amount)),
        None => {
            return Err(DomainError::invalid(
                "amount",
                msg("promo.amount_thousands"),
            ));
        }
    };
    let categories = p
        .categories
        .iter()
        .map(|c| {
            crate::wire::catalog::category_from_pb(*c)
                .map_err(|_| DomainError::invalid("categories", msg("catalog.category")))
        })
        .collect::<DomainResult<Vec<_>>>()?;
    Ok(PromoCode {
        code: PromoCodeId::parse(&p.code)?,
        rules: PromoRules {
            discount,
            min_spend: Money::vnd(p.min_spend_vnd),
            categories,
            plans: p.plan_ids.iter().map(|id| id.trim().to_owned()).collect(),
            valid_from: LocalTime::parse("valid_from", &p.valid_from)?,
            valid_until: LocalTime::parse("valid_until", &p.valid_until)?,
            total_uses: (p.total_uses != 0).then_some(p.total_uses),
            uses_per_customer: p.uses_per_customer,
            first_order_only: p.first_order_only,
        },
        active: p.active,
    })
}

pub(crate) fn promo_to_pb(c: &PromoCode) -> pb::PromoCode {
    use pb::promo_code::Discount as Off;
    let r = &c.rules;
    pb::PromoCode {
        code: c.code.as_str().to_owned(),
        discount: Some(match r.discount {
            Discount::Percent { percent, cap } => Off::PercentOff(pb::PercentOff {
                percent,
                cap_vnd: cap.map_or(0, Money::amount),
            }),
            Discount::Fixed(amount) => Off::AmountVnd(amount.amount()),
        }),
        min_spend_vnd: r.min_spend.amount(),
        categories: r
            .categories
            .iter()
            .map(|c| category_to_pb(*c).into())
            .collect(),
        plan_ids: r.plans.clone(),
        valid_from: r.valid_from.to_string(),
        valid_until: r.valid_until.to_string(),
        total_uses: r.total_uses.unwrap_or(0),
        uses_per_customer: r.uses_per_customer,
        first_order_only: r.first_order_only,
        active: c.active,
    }
}

pub(crate) fn summary_to_pb(s: &PromoSummary) -> pb::PromoCodeSummary {
    pb::PromoCodeSummary {
        code: Some(promo_to_pb(&s.code)),
        used: s.used,
        cost_vnd: s.cost.amount(),
    }
}
