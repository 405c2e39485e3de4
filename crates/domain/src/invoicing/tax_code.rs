//! A Vietnamese tax code (mã số thuế): ten digits, the tenth checking the first nine, and for a
//! branch three more (001 to 999), written `0312687878-001`. The check digit is
//! `10 − (31·d1 + 29·d2 + 23·d3 + 19·d4 + 17·d5 + 13·d6 + 7·d7 + 5·d8 + 3·d9) mod 11`; a sum whose
//! remainder is 0 would need a check digit of 10, so no code is issued with it.

use crate::error::{DomainError, DomainResult, msg};

const WEIGHTS: [u32; 9] = [31, 29, 23, 19, 17, 13, 7, 5, 3];

/// A tax code whose digits add up: a company's (10 digits) or a branch's (13).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TaxCode(String);

impl TaxCode {
    /// Reads a code as people write it: spaces, dots and a dash between the company's ten digits
    /// and the branch's three are left out.
    pub fn parse(raw: &str) -> DomainResult<Self> {
        let digits: String = raw
            .chars()
            .filter(|c| !matches!(c, ' ' | '.' | '-'))
            .collect();
        let refuse = |key: &'static str| DomainError::invalid("tax_code", msg(key));
        if digits.is_empty() {
            return Err(refuse("invoice.tax_code_required"));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) || !matches!(digits.len(), 10 | 13) {
            return Err(refuse("invoice.tax_code_form"));
        }
        // A province, then a sequence that starts at 0000001; a branch from 001.
        if &digits[2..9] == "0000000" || (digits.len() == 13 && &digits[10..] == "000") {
            return Err(refuse("invoice.tax_code_form"));
        }
        if check_digit(&digits[..9]) != Some(digits.as_bytes()[9] - b'0') {
            return Err(refuse("invoice.tax_code_check"));
        }
        Ok(Self(digits))
    }

    /// The digits alone, as the e-invoice provider takes them.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// As printed: `0312687878` or `0312687878-001`.
    pub fn printed(&self) -> String {
        match self.0.split_at_checked(10) {
            Some((company, branch)) if !branch.is_empty() => format!("{company}-{branch}"),
            _ => self.0.clone(),
        }
    }
}

/// The check digit of nine digits, or none when the rule gives 10 (no code has it).
pub fn check_digit(nine: &str) -> Option<u8> {
    let sum: u32 = nine
        .bytes()
        .zip(WEIGHTS)
        .map(|(b, w)| u32::from(b - b'0') * w)
        .sum();
    u8::try_from(10 - sum % 11).ok().filter(|d| *d <= 9)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn refused(raw: &str) -> String {
        match TaxCode::parse(raw) {
            Err(DomainError::InvalidArgument { message, .. }) => message.code.to_owned(),
            other => panic!("{raw}: {other:?}"),
        }
    }

    #[test]
    fn codes_as_people_write_them_are_read_and_printed_one_way() {
        for (raw, printed) in [
            ("0100233488", "0100233488"),
            ("0314409058-002", "0314409058-002"),
            ("01.00.112.437", "0100112437"),
            ("0312 68 78 78 - 001", "0312687878-001"),
        ] {
            assert_eq!(TaxCode::parse(raw).unwrap().printed(), printed, "{raw}");
        }
        assert_eq!(
            TaxCode::parse("0314409058-002").unwrap().digits(),
            "0314409058002"
        );
    }

    #[test]
    fn a_wrong_digit_a_wrong_length_or_an_empty_part_is_refused_in_words() {
        assert_eq!(refused("0100233480"), "invoice.tax_code_check");
        assert_eq!(refused(" "), "invoice.tax_code_required");
        for raw in [
            "12345",
            "01002334881",
            "010023348A",
            "0100233488-00",
            "0100000003",
        ] {
            assert_eq!(refused(raw), "invoice.tax_code_form", "{raw}");
        }
        assert_eq!(refused("0314409058-000"), "invoice.tax_code_form");
    }

    proptest! {
        /// Any nine digits with their check digit read (unless the rule gives none), and changing
        /// any one digit of such a code is caught.
        #[test]
        fn the_check_digit_catches_every_single_changed_digit(
            nine in "[0-9]{2}[1-9][0-9]{6}",
            at in 0usize..10,
            by in 1u8..10,
        ) {
            let Some(check) = check_digit(&nine) else { return Ok(()); };
            let code = format!("{nine}{check}");
            prop_assert!(TaxCode::parse(&code).is_ok());
            let mut bytes = code.into_bytes();
            bytes[at] = b'0' + (bytes[at] - b'0' + by) % 10;
            let changed = String::from_utf8(bytes).unwrap();
            prop_assert!(TaxCode::parse(&changed).is_err(), "{changed}");
        }
    }
}
