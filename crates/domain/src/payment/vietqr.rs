//! VietQR: the EMVCo merchant-presented QR as NAPAS 247 profiles it for transfers to an account,
//! and reading our references back out of a bank transfer's memo.

use crc::{CRC_16_IBM_3740, Crc};

use crate::error::{DomainError, DomainResult, msg};
use crate::shared::Money;

/// EMVCo's CRC: CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), catalogued as IBM-3740.
const CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_IBM_3740);
/// NAPAS's application id, inside the merchant account information (tag 38).
const NAPAS_GUID: &str = "A000000727";
/// "Transfer to an account" (as opposed to a card).
const TO_ACCOUNT: &str = "QRIBFTTA";

/// The account customers transfer to. From configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccount {
    /// The bank's six-digit NAPAS BIN, e.g. 970436 for Vietcombank.
    pub bin: String,
    pub number: String,
    /// Shown to the customer to check before sending; not part of the QR.
    pub holder: String,
    pub bank_name: String,
}

impl BankAccount {
    pub fn new(bin: &str, number: &str, holder: &str, bank_name: &str) -> DomainResult<Self> {
        let bin = bin.trim();
        let number = number.trim();
        if bin.len() != 6 || !bin.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DomainError::invalid("vietqr.bin", msg("vietqr.bin")));
        }
        if number.is_empty()
            || number.len() > 19
            || !number.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return Err(DomainError::invalid(
                "vietqr.account",
                msg("vietqr.account"),
            ));
        }
        Ok(Self {
            bin: bin.to_owned(),
            number: number.to_owned(),
            holder: holder.trim().to_owned(),
            bank_name: bank_name.trim().to_owned(),
        })
    }
}

/// What the payment page shows for a transfer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferInstructions {
    pub payload: String,
    pub account: BankAccount,
    pub amount: Money,
    pub memo: String,
}

impl TransferInstructions {
    pub fn new(account: &BankAccount, amount: Money, memo: &str) -> DomainResult<Self> {
        Ok(Self {
            payload: payload(account, amount, memo)?,
            account: account.clone(),
            amount,
            memo: memo.to_owned(),
        })
    }
}

/// One data object: id, two-digit length, value.
fn tlv(id: &str, value: &str) -> DomainResult<String> {
    if value.len() > 99 {
        return Err(DomainError::invalid(
            "vietqr",
            msg("vietqr.field_length").with("id", id),
        ));
    }
    Ok(format!("{id}{:02}{value}", value.len()))
}

/// The QR text for `amount` to `account` with `memo` (purpose of transaction, tag 62/08).
pub fn payload(account: &BankAccount, amount: Money, memo: &str) -> DomainResult<String> {
    if amount.amount() <= 0 {
        return Err(DomainError::invalid("amount", msg("vietqr.amount")));
    }
    if !memo.is_ascii() {
        return Err(DomainError::invalid("memo", msg("vietqr.memo")));
    }
    let beneficiary = tlv("00", &account.bin)? + &tlv("01", &account.number)?;
    let merchant = tlv("00", NAPAS_GUID)? + &tlv("01", &beneficiary)? + &tlv("02", TO_ACCOUNT)?;
    let mut text = [
        tlv("00", "01")?,
        // 12: dynamic, it carries an amount and is meant for one payment.
        tlv("01", "12")?,
        tlv("38", &merchant)?,
        tlv("53", "704")?,
        tlv("54", &amount.amount().to_string())?,
        tlv("58", "VN")?,
        tlv("62", &tlv("08", memo)?)?,
    ]
    .concat();
    text.push_str("6304");
    let crc = CRC16.checksum(text.as_bytes());
    text.push_str(&format!("{crc:04X}"));
    Ok(text)
}

/// The memo form of an id: upper-case letters and digits only, since banks drop or change the
/// rest.
pub fn memo_of(id: &str) -> String {
    id.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Our references in a memo as the bank passes it on: `BK` (orders) or `PY` (top-ups), six digits,
/// twelve letters or digits, wherever they stand among the bank's own additions.
pub fn references_in(memo: &str) -> Vec<String> {
    const LEN: usize = 2 + 6 + 12;
    let text = memo_of(memo);
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for start in 0..bytes.len().saturating_sub(LEN - 1) {
        let candidate = &bytes[start..start + LEN];
        let prefix_ok = candidate.starts_with(b"BK") || candidate.starts_with(b"PY");
        if prefix_ok && candidate[2..8].iter().all(u8::is_ascii_digit) {
            found.push(text[start..start + LEN].to_owned());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(bin: &str, number: &str) -> BankAccount {
        BankAccount::new(bin, number, "X", "Y").unwrap()
    }

    /// Payloads published by others (a NAPAS generator reference, a payment provider's checkout, a
    /// merchant's sample invoice): ours must be byte for byte the same, CRC included.
    #[test]
    fn matches_published_payloads() {
        let cases = [
            (
                account("970415", "0011001932418"),
                120_000,
                "ung ho lu lut",
                "00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C",
            ),
            (
                account("970422", "VQRQADAIJ5512"),
                7_000,
                "TL89 100",
                "00020101021238570010A000000727012700069704220113VQRQADAIJ55120208QRIBFTTA5303704540470005802VN62120808TL89 1006304E346",
            ),
            (
                account("970436", "1023456789"),
                1_943_000,
                "TT000069",
                "00020101021238540010A00000072701240006970436011010234567890208QRIBFTTA5303704540719430005802VN62120808TT0000696304A8E5",
            ),
        ];
        for (account, amount, memo, expected) in cases {
            assert_eq!(
                payload(&account, Money::vnd(amount), memo).unwrap(),
                expected
            );
        }
    }

    #[test]
    fn refuses_what_a_bank_app_could_not_read() {
        let a = account("970436", "1023456789");
        assert!(payload(&a, Money::ZERO, "X").is_err());
        assert!(payload(&a, Money::vnd(1000), "chuyển tiền").is_err());
        assert!(payload(&a, Money::vnd(1000), &"x".repeat(98)).is_err());
        assert!(BankAccount::new("97043", "1", "", "").is_err());
        assert!(BankAccount::new("970436", "12 34", "", "").is_err());
    }

    #[test]
    fn finds_references_among_the_banks_additions() {
        let order = memo_of("BK261122-aB3dE5fG7hJ9");
        assert_eq!(order, "BK261122AB3DE5FG7HJ9");
        let memo = "MBVCB.3279.bk261122ab3de5fg7hj9.CT tu 0123 toi 1023";
        assert_eq!(references_in(memo), vec![order]);
        assert_eq!(
            references_in("PY261122ZZZZZZZZZZZZ BK261122"),
            vec!["PY261122ZZZZZZZZZZZZ".to_owned()]
        );
        assert!(references_in("thanh toan don hang").is_empty());
        assert!(references_in("").is_empty());
    }
}
