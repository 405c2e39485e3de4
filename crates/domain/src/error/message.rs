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
            }
        }
        f.write_str("}")
    }
}
