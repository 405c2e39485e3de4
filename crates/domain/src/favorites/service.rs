use std::collections::HashSet;
use std::sync::Arc;

use crate::catalog::{CatalogService, FavoriteStore, Therapist, TherapistQuery};
use crate::error::{DomainError, DomainResult, msg};
use crate::ordering::{OrderId, OrderStore, holds};
use crate::shared::{Page, PageRequest, UserId};

/// A therapist the finder found, and whether the customer asking has them among favourites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub therapist: Therapist,
    pub favorite: bool,
}

#[derive(Clone)]
pub struct FavoriteService {
    catalog: CatalogService,
    store: Arc<dyn FavoriteStore>,
    orders: Arc<dyn OrderStore>,
}

impl FavoriteService {
    /// A customer's favourites are a short list to choose from, not a catalogue of their own.
    pub const MAX: usize = 50;

    pub fn new(
        catalog: CatalogService,
        store: Arc<dyn FavoriteStore>,
        orders: Arc<dyn OrderStore>,
    ) -> Self {
        Self {
            catalog,
            store,
            orders,
        }
    }

    /// The favourites that still work for us, in the customer's order.
    pub async fn get(&self, owner: &UserId) -> DomainResult<Vec<String>> {
        let active: HashSet<String> = self.active_ids().await?;
        let mut ids = self.store.get(owner).await?;
        ids.retain(|id| active.contains(id));
        Ok(ids)
    }

    /// Replaces the set (the product's PUT). Repeats count once; an unknown or retired therapist
    /// refuses the whole request.
    #[tracing::instrument(skip_all, fields(count = therapist_ids.len()))]
    pub async fn replace(
        &self,
        owner: &UserId,
        therapist_ids: Vec<String>,
    ) -> DomainResult<Vec<String>> {
        let mut ids: Vec<String> = Vec::with_capacity(therapist_ids.len());
        for id in therapist_ids {
            let id = id.trim().to_owned();
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        if ids.len() > Self::MAX {
            return Err(DomainError::invalid(
                "therapistIds",
                msg("favorites.max").with("max", Self::MAX),
            ));
        }
        let active = self.active_ids().await?;
        if let Some(unknown) = ids.iter().find(|id| !active.contains(*id)) {
            return Err(DomainError::invalid(
                "therapistIds",
                msg("favorites.unknown").with("id", unknown),
            ));
        }
        self.store.replace(owner, &ids).await?;
        Ok(ids)
    }

    /// Therapists matching the query; with a slot, only those who work then and are not booked
    /// (except by `own_order`, one of the viewer's orders being changed). A signed-in
    /// customer's favourites come first, then the best rated.
    #[tracing::instrument(skip_all)]
    pub async fn find(
        &self,
        viewer: Option<&UserId>,
        query: &TherapistQuery,
        own_order: Option<&OrderId>,
        page: &PageRequest,
    ) -> DomainResult<Page<Found>> {
        // Someone else's order (or none) counts like any other booking.
        let except = match (viewer, own_order) {
            (Some(owner), Some(id)) => self
                .orders
                .get(id)
                .await?
                .filter(|o| &o.owner == owner)
                .map(|o| o.id),
            _ => None,
        };
        let favorites = match viewer {
            Some(owner) => self.store.get(owner).await?,
            None => Vec::new(),
        };
        let busy: HashSet<String> = match query.slot {
            Some(slot) => self
                .orders
                .busy_therapists(&holds::slots(slot), except.as_ref())
                .await?
                .into_iter()
                .collect(),
            None => HashSet::new(),
        };
        let mut found: Vec<Found> = self
            .catalog
            .list_therapists()
            .await?
            .into_iter()
            .filter(|t| query.matches(t) && !busy.contains(&t.id))
            .map(|therapist| Found {
                favorite: favorites.contains(&therapist.id),
                therapist,
            })
            .collect();
        found.sort_by(|a, b| {
            b.favorite
                .cmp(&a.favorite)
                .then(b.therapist.rating_tenths.cmp(&a.therapist.rating_tenths))
                .then(a.therapist.id.cmp(&b.therapist.id))
        });
        // The list is small and ranked per caller, so the token is a position in it.
        let start: usize = match page.token() {
            None => 0,
            Some(t) => t
                .parse()
                .map_err(|_| DomainError::invalid("page_token", msg("page.token")))?,
        };
        let end = start.saturating_add(page.size() as usize).min(found.len());
        let items = found
            .get(start..end)
            .map(<[Found]>::to_vec)
            .unwrap_or_default();
        Ok(Page {
            items,
            next_token: (end < found.len()).then(|| end.to_string()),
        })
    }

    async fn active_ids(&self) -> DomainResult<HashSet<String>> {
        Ok(self
            .catalog
            .list_therapists()
            .await?
            .into_iter()
            .filter(|t| t.active)
            .map(|t| t.id)
            .collect())
    }
}
