use crate::error::{DomainError, DomainResult, msg};

/// A request for one page of a list. The token is opaque to callers; each repository decides what
/// it holds (a keyset cursor), and an unreadable token is the caller's error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageRequest {
    size: u32,
    token: Option<String>,
}

impl PageRequest {
    pub const DEFAULT_SIZE: u32 = 20;
    pub const MAX_SIZE: u32 = 100;

    /// `size` 0 means the default; above the maximum is refused rather than silently cut, so a
    /// client never mistakes a short page for the end of the list.
    pub fn new(size: u32, token: Option<String>) -> DomainResult<Self> {
        if size > Self::MAX_SIZE {
            return Err(DomainError::invalid(
                "page_size",
                msg("page.size_max").with("max", Self::MAX_SIZE),
            ));
        }
        let size = if size == 0 { Self::DEFAULT_SIZE } else { size };
        let token = token.filter(|t| !t.is_empty());
        Ok(Self { size, token })
    }

    pub fn first(size: u32) -> Self {
        Self {
            size: size.clamp(1, Self::MAX_SIZE),
            token: None,
        }
    }

    pub fn size(&self) -> u32 {
        self.size
    }

    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next_token: Option<String>,
}

impl<T> Page<T> {
    pub fn empty() -> Self {
        Self {
            items: Vec::new(),
            next_token: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_means_default_and_too_large_is_refused() {
        assert_eq!(PageRequest::new(0, None).map(|p| p.size()), Ok(20));
        assert!(matches!(
            PageRequest::new(101, None),
            Err(DomainError::InvalidArgument { field, .. }) if field == "page_size"
        ));
        assert_eq!(
            PageRequest::new(5, Some(String::new())).map(|p| p.token().is_none()),
            Ok(true)
        );
    }
}
