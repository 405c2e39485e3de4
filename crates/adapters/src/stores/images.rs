//! Hotel images' records in SQL. The bytes are the blob store's.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::media::{HotelImage, ImageId, ImageStore};
use domain::shared::UserId;
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::Query;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::sql::common::{corrupt, instant, ms, storage};
use crate::sql::entities::{hotel_image, job, order_image};

pub struct SqlImageStore {
    db: DatabaseConnection,
}

impl SqlImageStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn from_row(r: hotel_image::Model) -> DomainResult<HotelImage> {
    let bad = |e: DomainError| corrupt("hotel image", e);
    Ok(HotelImage {
        id: ImageId::parse(&r.id).map_err(bad)?,
        owner: UserId::parse(&r.owner).map_err(bad)?,
        width: u32::try_from(r.width).map_err(|e| corrupt("hotel image", e))?,
        height: u32::try_from(r.height).map_err(|e| corrupt("hotel image", e))?,
        bytes: u64::try_from(r.bytes).map_err(|e| corrupt("hotel image", e))?,
        created_at: instant(r.created_at_ms)?,
    })
}

/// Image ids no order carries.
/// The images something carries: an order (its hotel photos) or a job (its no-show's proof).
fn not_carried() -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(order_image::Column::ImageId)
        .from(order_image::Entity)
        .union(
            sea_orm::sea_query::UnionType::All,
            Query::select()
                .column(job::Column::NoShowImageId)
                .from(job::Entity)
                .and_where(job::Column::NoShowImageId.is_not_null())
                .to_owned(),
        )
        .to_owned()
}

#[async_trait]
impl ImageStore for SqlImageStore {
    async fn insert(&self, images: &[HotelImage]) -> DomainResult<()> {
        if images.is_empty() {
            return Ok(());
        }
        let rows = images.iter().map(|i| hotel_image::ActiveModel {
            id: Set(i.id.as_str().to_owned()),
            owner: Set(i.owner.as_str().to_owned()),
            width: Set(i32::try_from(i.width).unwrap_or(i32::MAX)),
            height: Set(i32::try_from(i.height).unwrap_or(i32::MAX)),
            bytes: Set(i64::try_from(i.bytes).unwrap_or(i64::MAX)),
            created_at_ms: Set(ms(i.created_at)),
        });
        // One statement: all the upload's images or none.
        hotel_image::Entity::insert_many(rows)
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn get(&self, id: &ImageId) -> DomainResult<Option<HotelImage>> {
        hotel_image::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(from_row)
            .transpose()
    }

    async fn delete_unattached(&self, id: &ImageId) -> DomainResult<bool> {
        // One statement, so an order taking the image meanwhile either wins (the foreign key
        // keeps the row) or comes after (and its own check finds no image).
        let gone = hotel_image::Entity::delete_many()
            .filter(hotel_image::Column::Id.eq(id.as_str()))
            .filter(hotel_image::Column::Id.not_in_subquery(not_carried()))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(gone.rows_affected == 1)
    }

    async fn unattached(&self, before: DateTime<Utc>, limit: u32) -> DomainResult<Vec<ImageId>> {
        let ids: Vec<String> = hotel_image::Entity::find()
            .select_only()
            .column(hotel_image::Column::Id)
            .filter(hotel_image::Column::CreatedAtMs.lt(ms(before)))
            .filter(hotel_image::Column::Id.not_in_subquery(not_carried()))
            .order_by_asc(hotel_image::Column::CreatedAtMs)
            .limit(u64::from(limit))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        ids.iter()
            .map(|id| ImageId::parse(id).map_err(|e| corrupt("hotel image", e)))
            .collect()
    }
}
