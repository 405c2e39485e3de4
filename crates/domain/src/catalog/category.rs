//! The four services we sell.

use crate::error::{DomainError, DomainResult};

/// The four services we sell. The slug is the `{category}` of the product's routes and API paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Shuttle,
    Charter,
    Escort,
    DragonMassage,
}

impl Category {
    pub const ALL: [Category; 4] = [
        Category::Shuttle,
        Category::Charter,
        Category::Escort,
        Category::DragonMassage,
    ];

    pub const fn slug(self) -> &'static str {
        match self {
            Category::Shuttle => "shuttle",
            Category::Charter => "charter",
            Category::Escort => "escort",
            Category::DragonMassage => "dragon-massage",
        }
    }

    /// The category's drawing, which the site shows for a plan with no photo.
    pub fn drawing(self) -> String {
        format!("/img/plans/{}.svg", self.slug())
    }

    pub fn from_slug(slug: &str) -> DomainResult<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.slug() == slug)
            .ok_or_else(|| DomainError::not_found(format!("category {slug}")))
    }

    /// The category's name as a term of the catalogue at the edge.
    pub const fn name(self) -> &'static str {
        match self {
            Category::Shuttle => "category.shuttle",
            Category::Charter => "category.charter",
            Category::Escort => "category.escort",
            Category::DragonMassage => "category.dragon_massage",
        }
    }

    /// What the category offers, as a term of the catalogue at the edge.
    pub const fn description(self) -> &'static str {
        match self {
            Category::Shuttle => "category.shuttle.about",
            Category::Charter => "category.charter.about",
            Category::Escort => "category.escort.about",
            Category::DragonMassage => "category.dragon_massage.about",
        }
    }
}
