//! What a refused request is told, as a code and the values it mentions: the rules decide what to
//! say, the edge says it in the caller's language (the gateway's catalogue). A value may itself be
//! a term of the catalogue (an order's state, an action), said in the same language.

use std::fmt;

/// One message: a code of the catalogue and its named values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub code: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A value a message mentions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Said as it is (a number, a name, an id).
    Value(String),
    /// A term of the catalogue, said in the message's language.
    Term(&'static str),
    /// An amount of đồng, written in the message's language's money format.
    Money(i64),
}

/// A message without values; add them with [`Message::with`] and [`Message::term`].
pub const fn msg(code: &'static str) -> Message {
    Message {
        code,
        args: Vec::new(),
    }
}

impl Message {
    /// Mentions a value as it is.
    pub fn with(mut self, name: &'static str, value: impl fmt::Display) -> Self {
        self.args.push((name, Arg::Value(value.to_string())));
        self
    }

    /// Mentions an amount of money, in whole đồng (`shared::Money` converts into it; errors stand
    /// below everything, money included).
    pub fn money(mut self, name: &'static str, vnd: impl Into<i64>) -> Self {
        self.args.push((name, Arg::Money(vnd.into())));
        self
    }

    /// Mentions a term of the catalogue.
    pub fn term(mut self, name: &'static str, code: &'static str) -> Self {
        self.args.push((name, Arg::Term(code)));
        self
    }

    /// The value named `name`, as given, if the message has it.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

/// Between the code and each value in the stored form: a control character, which no text a
/// person types may hold (`shared::text`).
const SEPARATOR: char = '\u{1f}';

impl Message {
    /// The form a record keeps of the message: the code, then `name=value` for each value.
    pub fn stored(&self) -> String {
        let mut out = self.code.to_owned();
        for (name, arg) in &self.args {
            out.push(SEPARATOR);
            out.push_str(name);
            out.push('=');
            match arg {
                Arg::Value(v) => out.push_str(v),
                Arg::Term(t) => out.push_str(t),
                Arg::Money(m) => out.push_str(&m.to_string()),
            }
        }
        out
    }

    /// A message read back from its stored form, among the codes a record may hold (each with the
    /// names of its values). Anything else (words kept before records held codes) comes back as
    /// `text.as_is`, said as it was.
    pub fn from_stored(raw: &str, known: &[(&'static str, &[&'static str])]) -> Message {
        let mut parts = raw.split(SEPARATOR);
        let code = parts.next().unwrap_or_default();
        let Some((code, names)) = known.iter().find(|(c, _)| *c == code) else {
            return msg("text.as_is").with("text", raw);
        };
        let mut message = msg(code);
        for part in parts {
            let (name, value) = part.split_once('=').unwrap_or((part, ""));
            if let Some(known) = names.iter().find(|n| **n == name) {
                message = message.with(known, value);
            }
        }
        message
    }

    /// The words of a `text.as_is` message: what a person wrote, or words kept before codes.
    pub fn as_is(&self) -> Option<&str> {
        match (self.code, self.args.first()) {
            ("text.as_is", Some((_, Arg::Value(v)))) => Some(v),
            _ => None,
        }
    }
}

/// For logs and the operator's command line: the code and its values (`order.lead_time{hours=4}`).
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str("{")?;
        for (i, (name, arg)) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match arg {
                Arg::Value(v) => write!(f, "{name}={v}")?,
                Arg::Term(t) => write!(f, "{name}={t}")?,
                Arg::Money(m) => write!(f, "{name}={m} VND")?,
            }
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: &[(&str, &[&str])] = &[("ledger.top_up", &[]), ("ledger.refund", &["order"])];

    #[test]
    fn a_message_comes_back_from_its_stored_form() {
        for m in [
            msg("ledger.top_up"),
            msg("ledger.refund").with("order", "BK1"),
        ] {
            assert_eq!(Message::from_stored(&m.stored(), KNOWN), m);
        }
        assert_eq!(
            Message::from_stored("儲值", KNOWN),
            msg("text.as_is").with("text", "儲值")
        );
        assert_eq!(
            Message::from_stored("no.such", KNOWN).as_is(),
            Some("no.such")
        );
    }
}
