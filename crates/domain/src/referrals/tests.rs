use super::*;
use crate::shared::{Money, UserId};
use crate::testing::Sequence;

#[test]
fn an_email_reads_as_its_person_so_twins_are_found() {
    for (a, b) in [
        ("Ann.Lee+trip@Gmail.com", "annlee@gmail.com"),
        ("a.n.n.lee@googlemail.com", "annlee@gmail.com"),
        ("ann+1@example.vn", "ANN@example.vn"),
    ] {
        assert_eq!(email_key(a), email_key(b), "{a} {b}");
    }
    // Dots matter beyond Gmail, and another domain is another person.
    assert_ne!(
        email_key("ann.lee@example.vn"),
        email_key("annlee@example.vn")
    );
    assert_ne!(email_key("ann@gmail.com"), email_key("ann@example.vn"));
}

#[test]
fn nobody_claims_their_own_code_a_twins_or_after_buying() {
    let (ann, bob) = (UserId::parse("ann").unwrap(), UserId::parse("bob").unwrap());
    let inviter = (&ann, "ann@gmail.com");
    assert_eq!(
        check_claim(inviter, (&bob, "bob@example.vn"), false),
        Ok(())
    );
    let code = |r: Result<(), crate::error::Message>| r.unwrap_err().code;
    assert_eq!(
        code(check_claim(inviter, (&ann, "ann@gmail.com"), false)),
        "referral.self"
    );
    assert_eq!(
        code(check_claim(inviter, (&bob, "a.n.n+2@gmail.com"), false)),
        "referral.twin"
    );
    assert_eq!(
        code(check_claim(inviter, (&bob, "bob@example.vn"), true)),
        "referral.not_new"
    );
}

#[test]
fn a_code_is_read_as_typed_and_a_program_gives_whole_thousands() {
    let code = ReferralCode::random(&Sequence::default());
    assert_eq!(code.as_str().len(), CODE_LENGTH);
    assert_eq!(
        ReferralCode::parse(&code.as_str().to_lowercase()).unwrap(),
        code
    );
    assert!(ReferralCode::parse("=1+1+1+1").is_err());
    let on = Program {
        active: true,
        referrer: Money::vnd(100_000),
        referred: Money::vnd(50_000),
        credit_days: Some(90),
    };
    assert!(on.validate().is_ok());
    let field = |p: Program| match p.validate().unwrap_err() {
        crate::DomainError::InvalidArgument { field, .. } => field,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        field(Program {
            referrer: Money::vnd(1_500),
            ..on
        }),
        "referrer_vnd"
    );
    assert_eq!(
        field(Program {
            referred: AMOUNT_MAX + Money::vnd(1_000),
            ..on
        }),
        "referred_vnd"
    );
    assert_eq!(
        field(Program {
            referrer: Money::ZERO,
            referred: Money::ZERO,
            ..on
        }),
        "referrer_vnd"
    );
    assert_eq!(
        field(Program {
            credit_days: Some(0),
            ..on
        }),
        "credit_days"
    );
    assert!(Program::default().validate().is_ok(), "off, giving nothing");
}
