//! Favourite therapists in SQL: one row per (customer, therapist), with the customer's order.

use async_trait::async_trait;
use domain::DomainResult;
use domain::catalog::FavoriteStore;
use domain::shared::UserId;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::sql::common::storage;
use crate::sql::entities::favorite_therapist;

pub struct SqlFavoriteStore {
    db: DatabaseConnection,
}

impl SqlFavoriteStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl FavoriteStore for SqlFavoriteStore {
    async fn get(&self, owner: &UserId) -> DomainResult<Vec<String>> {
        favorite_therapist::Entity::find()
            .select_only()
            .column(favorite_therapist::Column::TherapistId)
            .filter(favorite_therapist::Column::Owner.eq(owner.as_str()))
            .order_by_asc(favorite_therapist::Column::Position)
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)
    }

    async fn replace(&self, owner: &UserId, therapist_ids: &[String]) -> DomainResult<()> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        favorite_therapist::Entity::delete_many()
            .filter(favorite_therapist::Column::Owner.eq(owner.as_str()))
            .exec(&txn)
            .await
            .map_err(storage)?;
        if !therapist_ids.is_empty() {
            let rows = therapist_ids.iter().zip(0..).map(|(id, position)| {
                favorite_therapist::ActiveModel {
                    owner: Set(owner.as_str().to_owned()),
                    therapist_id: Set(id.clone()),
                    position: Set(position),
                }
            });
            favorite_therapist::Entity::insert_many(rows)
                .exec(&txn)
                .await
                .map_err(storage)?;
        }
        txn.commit().await.map_err(storage)
    }
}
