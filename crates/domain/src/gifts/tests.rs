use chrono::{Duration, TimeZone, Utc};
use proptest::prelude::*;

use super::*;
use crate::shared::{Money, UserId};
use crate::testing::Sequence;

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 3, 0, 0).unwrap()
}

fn batch(count: u32) -> Batch {
    Batch {
        name: "Tết 2027".into(),
        count,
        amount: Money::vnd(200_000),
        redeem_by: now() + Duration::days(60),
        credit_days: Some(90),
    }
}

fn refusal(e: crate::DomainError) -> (String, &'static str) {
    match e {
        crate::DomainError::InvalidArgument { field, message } => (field, message.code),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_code_is_read_as_typed_from_a_card_and_held_to_its_form() {
    let id = GiftCodeId::parse(" abcd-efgh jklm-npqr ").unwrap();
    assert_eq!(id.as_str(), "ABCDEFGHJKLMNPQR");
    assert_eq!(id.grouped(), "ABCD-EFGH-JKLM-NPQR");
    for bad in [
        "",
        "ABCD-EFGH-JKLM-NPQ",
        "ABCD-EFGH-JKLM-NPQRS",
        "ABCD-EFGH-JKLM-NPQ0",
        "=BCD-EFGH-JKLM-NPQR",
    ] {
        assert_eq!(
            refusal(GiftCodeId::parse(bad).unwrap_err()),
            ("code".into(), "gift.code_format"),
            "{bad}"
        );
    }
}

#[test]
fn a_batch_is_checked_before_any_code_is_made() {
    assert!(batch(1).validate(now()).is_ok());
    let with = |f: fn(&mut Batch)| {
        let mut b = batch(10);
        f(&mut b);
        refusal(b.validate(now()).unwrap_err()).0
    };
    assert_eq!(with(|b| b.count = 0), "count");
    assert_eq!(with(|b| b.count = BATCH_MAX + 1), "count");
    assert_eq!(with(|b| b.amount = Money::vnd(1_500)), "amount");
    assert_eq!(
        with(|b| b.amount = Money::vnd(AMOUNT_MAX.amount() + 1_000)),
        "amount"
    );
    assert_eq!(with(|b| b.redeem_by = now()), "redeem_by");
    assert_eq!(with(|b| b.credit_days = Some(0)), "credit_days");
    assert_eq!(with(|b| b.name = "  ".into()), "name");
}

#[test]
fn a_code_is_redeemed_once_before_its_time_and_its_credit_expires_when_the_batch_says() {
    let mut code = issue(&batch(1), &Sequence::default()).remove(0);
    let ann = UserId::parse("ann").unwrap();
    let bob = UserId::parse("bob").unwrap();
    let credit = code.redeem(&ann, now()).unwrap();
    assert_eq!(
        credit,
        Credit {
            amount: Money::vnd(200_000),
            expires_at: Some(now() + Duration::days(90)),
        }
    );
    assert_eq!(
        code.redeem(&ann, now()).unwrap_err().code,
        "gift.redeemed_by_you"
    );
    assert_eq!(code.redeem(&bob, now()).unwrap_err().code, "gift.redeemed");
    let mut late = issue(&batch(1), &Sequence::default()).remove(0);
    assert_eq!(
        late.redeem(&bob, now() + Duration::days(60))
            .unwrap_err()
            .code,
        "gift.expired"
    );
    let mut lasting = batch(1);
    lasting.credit_days = None;
    let mut forever = issue(&lasting, &Sequence::default()).remove(0);
    assert_eq!(forever.redeem(&bob, now()).unwrap().expires_at, None);
}

proptest! {
    #[test]
    fn a_batch_is_as_many_distinct_codes_of_the_form_as_asked(count in 1u32..=300) {
        let codes = issue(&batch(count), &Sequence::default());
        prop_assert_eq!(codes.len(), count as usize);
        let distinct: std::collections::HashSet<_> = codes.iter().map(|c| c.code.clone()).collect();
        prop_assert_eq!(distinct.len(), count as usize);
        for c in &codes {
            prop_assert_eq!(GiftCodeId::parse(&c.code.grouped()).unwrap(), c.code.clone());
            prop_assert!(c.redeemed.is_none());
            prop_assert_eq!(c.amount, Money::vnd(200_000));
        }
    }
}

#[test]
fn a_batch_is_redeemable_through_its_whole_last_day_in_vietnam() {
    let by = redeem_by_from_last_day("2027-02-28").unwrap();
    // 1 March 00:00 in Vietnam is 28 February 17:00 UTC.
    assert_eq!(by, Utc.with_ymd_and_hms(2027, 2, 28, 17, 0, 0).unwrap());
    assert_eq!(last_day_of(by).to_string(), "2027-02-28");
    for bad in ["", "2027-02-30", "28/02/2027"] {
        assert_eq!(
            refusal(redeem_by_from_last_day(bad).unwrap_err()).0,
            "redeem_until",
            "{bad}"
        );
    }
}
