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
}

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
}
