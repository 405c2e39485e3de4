//! Why an order took a step, as its history keeps it: one short text per step (a column of its
//! own), written and read here only, so that the edges get the parts and never parse the text.

use crate::shared::Money;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepReason {
    /// A code the catalogue words (`created`, `expired`, …), or words kept as they were written
    /// before reasons were codes.
    Code(String),
    /// Paid by `method` (its code, `VCOIN`) with payment `payment`.
    Paid { method: String, payment: String },
    /// A driver (or guide) named.
    Driver { name: String },
    /// A therapist named.
    Therapist { name: String },
    /// Refunded: the fee kept, the amount returned, and what the one who cancelled said.
    Refunded {
        fee: Money,
        refund: Money,
        said: String,
    },
    /// The paid order's details changed: its total before and after.
    Changed { before: Money, after: Money },
}

impl StepReason {
    pub fn code(code: &str) -> Self {
        Self::Code(code.to_owned())
    }

    /// The text the history keeps.
    pub fn text(&self) -> String {
        match self {
            Self::Code(code) => code.clone(),
            Self::Paid { method, payment } => format!("paid: {method} {payment}"),
            Self::Driver { name } => format!("driver: {name}"),
            Self::Therapist { name } => format!("therapist: {name}"),
            Self::Changed { before, after } => {
                format!("changed: {} {}", before.amount(), after.amount())
            }
            Self::Refunded { fee, refund, said } => {
                let text = format!("refunded: {} {}", fee.amount(), refund.amount());
                match said.trim() {
                    "" => text,
                    said => format!("{text} {said}"),
                }
            }
        }
    }

    /// The parts of a kept text; anything else is a code (or old words), as it is.
    pub fn read(text: &str) -> Self {
        let parsed = if let Some(rest) = text.strip_prefix("paid: ") {
            rest.split_once(' ').map(|(method, payment)| Self::Paid {
                method: method.to_owned(),
                payment: payment.to_owned(),
            })
        } else if let Some(name) = text.strip_prefix("driver: ") {
            Some(Self::Driver { name: name.into() })
        } else if let Some(name) = text.strip_prefix("therapist: ") {
            Some(Self::Therapist { name: name.into() })
        } else if let Some(rest) = text.strip_prefix("changed: ") {
            rest.split_once(' ').and_then(|(before, after)| {
                Some(Self::Changed {
                    before: Money::vnd(before.parse().ok()?),
                    after: Money::vnd(after.parse().ok()?),
                })
            })
        } else if let Some(rest) = text.strip_prefix("refunded: ") {
            let mut parts = rest.splitn(3, ' ');
            let amount = |p: Option<&str>| p.and_then(|v| v.parse::<i64>().ok()).map(Money::vnd);
            match (amount(parts.next()), amount(parts.next())) {
                (Some(fee), Some(refund)) => Some(Self::Refunded {
                    fee,
                    refund,
                    said: parts.next().unwrap_or_default().to_owned(),
                }),
                _ => None,
            }
        } else {
            None
        };
        parsed.unwrap_or_else(|| Self::Code(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_as_written() {
        for reason in [
            StepReason::code("created"),
            StepReason::Paid {
                method: "VCOIN".into(),
                payment: "PY1".into(),
            },
            StepReason::Driver {
                name: "阮文明".into(),
            },
            StepReason::Therapist {
                name: "阿秋 Thu".into(),
            },
            StepReason::Refunded {
                fee: Money::vnd(0),
                refund: Money::vnd(380_000),
                said: "改期 下週".into(),
            },
            StepReason::Refunded {
                fee: Money::vnd(190_000),
                refund: Money::vnd(190_000),
                said: String::new(),
            },
        ] {
            assert_eq!(StepReason::read(&reason.text()), reason);
        }
        // Words kept from before reasons were codes stay words.
        assert_eq!(
            StepReason::read("指派司機 Lan"),
            StepReason::code("指派司機 Lan")
        );
        assert_eq!(
            StepReason::read("refunded: lots"),
            StepReason::code("refunded: lots")
        );
    }
}
