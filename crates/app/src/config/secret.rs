//! A configured secret: a password, a key, a token, a database address with its password. It is
//! read as the text it holds (`Deref`), and never printed: `Debug` says it is there, not what it
//! is, so a configuration logged or shown in a panic gives nothing away.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

#[derive(Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// The text, where it is used (a connection, a signature).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl Deref for Secret {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Secret {
    fn from(text: String) -> Self {
        Self(text)
    }
}

impl From<&str> for Secret {
    fn from(text: &str) -> Self {
        Self(text.to_owned())
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}
