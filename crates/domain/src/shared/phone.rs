use crate::error::{DomainError, DomainResult, msg};

/// A phone number with its country code, in E.164's bounds (at most 15 digits in all), so drivers
/// and therapists can call a traveller's foreign number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone {
    country_code: String,
    number: String,
}

/// Vietnam's country code: a local's number (a driver's, a therapist's) when none is given.
pub const HOME_COUNTRY_CODE: &str = "84";

impl Phone {
    /// A local's number: `country_code` may be left empty for Vietnam's.
    pub fn parse_local(country_code: &str, number: &str) -> DomainResult<Self> {
        match country_code.trim() {
            "" => Self::parse(HOME_COUNTRY_CODE, number),
            code => Self::parse(code, number),
        }
    }

    /// `country_code` as `+886` or `886`; `number` may hold spaces and dashes. A national number's
    /// leading trunk zero is dropped, as in international dialling.
    pub fn parse(country_code: &str, number: &str) -> DomainResult<Self> {
        let cc = country_code.trim().trim_start_matches('+');
        if cc.is_empty()
            || cc.len() > 3
            || cc.starts_with('0')
            || !cc.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(DomainError::invalid(
                "phone.country_code",
                msg("phone.country_code"),
            ));
        }
        let digits: String = number
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '(' | ')'))
            .collect();
        let digits = digits.trim_start_matches('0');
        if digits.len() < 4
            || cc.len() + digits.len() > 15
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(DomainError::invalid("phone.number", msg("phone.number")));
        }
        Ok(Self {
            country_code: cc.to_owned(),
            number: digits.to_owned(),
        })
    }

    /// Digits only, without `+`.
    pub fn country_code(&self) -> &str {
        &self.country_code
    }

    pub fn number(&self) -> &str {
        &self.number
    }

    pub fn e164(&self) -> String {
        format!("+{}{}", self.country_code, self.number)
    }

    /// The numbers (as [`Phone::number`] keeps them) that someone searching for `text` may mean:
    /// what looks like a phone number, six digits or more once a leading trunk 0 is dropped, as
    /// typed or after a country code of one to three digits. `None` for anything else. Exact
    /// numbers, so that a search reads an index rather than every contact.
    pub fn searched(text: &str) -> Option<Vec<String>> {
        let looks = text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '+' | '(' | ')'));
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        let digits = digits.trim_start_matches('0');
        if !looks || digits.len() < SEARCHED_DIGITS {
            return None;
        }
        let mut numbers = vec![digits.to_owned()];
        for code in 1..=3 {
            let rest = &digits[code..];
            if rest.len() >= SEARCHED_DIGITS && !rest.starts_with('0') {
                numbers.push(rest.to_owned());
            }
        }
        Some(numbers)
    }
}

/// The fewest digits a search takes for a phone number.
const SEARCHED_DIGITS: usize = 6;

#[cfg(test)]
mod tests {
    use super::Phone;

    #[test]
    fn phones_keep_country_code_and_digits() {
        let p = Phone::parse("+886", "0912-345 678").unwrap();
        assert_eq!((p.country_code(), p.number()), ("886", "912345678"));
        assert_eq!(p.e164(), "+886912345678");
        assert!(Phone::parse("84", "90 123 4567").is_ok());
        for (cc, n) in [
            ("", "912345678"),
            ("+0", "912345678"),
            ("8861", "912345678"),
            ("886", "12"),
            ("886", "9123abc"),
            ("886", "1234567890123"),
        ] {
            assert!(Phone::parse(cc, n).is_err(), "{cc} {n}");
        }
    }

    #[test]
    fn a_searched_number_is_the_stored_one_with_or_without_its_country_code() {
        let stored = Phone::parse("84", "0901 234 567").unwrap();
        for typed in [
            "901234567",
            "0901-234-567",
            "+84 901 234 567",
            "(84) 901234567",
        ] {
            let numbers = Phone::searched(typed).unwrap();
            assert!(numbers.iter().any(|n| n == stored.number()), "{typed}");
        }
        assert_eq!(
            Phone::searched("+886 912345678").unwrap(),
            ["886912345678", "86912345678", "6912345678", "912345678"]
        );
        // Too short, or not a number at all.
        for typed in ["12345", "0012345", "BK2611", "90-12a"] {
            assert_eq!(Phone::searched(typed), None, "{typed}");
        }
    }
}
