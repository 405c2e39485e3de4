//! Throttle counters in SQL, so every node behind a load balancer counts the same events. Room is
//! taken by one conditional upsert (counted only while the window has room, or restarted when it
//! has expired), so parallel requests on any number of nodes never count past the limit.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::identity::{Limit, RateLimiter, Take, Window};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, FromQueryResult, QueryFilter};

use crate::sql::common::{instant, ms, storage};
use crate::sql::entities::rate_counter;

pub struct SqlRateLimiter {
    db: DatabaseConnection,
}

impl SqlRateLimiter {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn window(row: &rate_counter::Model, limit: Limit) -> DomainResult<Window> {
    Ok(Window {
        count: u32::try_from(row.count).unwrap_or(0),
        resets_at: instant(row.window_start_ms)? + limit.window,
    })
}

#[async_trait]
impl RateLimiter for SqlRateLimiter {
    async fn take(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> DomainResult<Take> {
        let now_ms = ms(now);
        let col = |c: rate_counter::Column| Expr::col((rate_counter::Entity, c));
        let restart = col(rate_counter::Column::WindowStartMs).lte(ms(now - limit.window));
        let room = restart
            .clone()
            .or(col(rate_counter::Column::Count).lt(i64::from(limit.max)));
        let mut upsert = sea_orm::sea_query::Query::insert();
        upsert
            .into_table(rate_counter::Entity)
            .columns([
                rate_counter::Column::Key,
                rate_counter::Column::WindowStartMs,
                rate_counter::Column::Count,
            ])
            .values_panic([key.into(), now_ms.into(), 1.into()])
            .on_conflict(
                OnConflict::column(rate_counter::Column::Key)
                    .value(
                        rate_counter::Column::Count,
                        Expr::case(restart.clone(), 1)
                            .finally(col(rate_counter::Column::Count).add(1)),
                    )
                    .value(
                        rate_counter::Column::WindowStartMs,
                        Expr::case(restart, now_ms)
                            .finally(col(rate_counter::Column::WindowStartMs)),
                    )
                    .action_and_where(room)
                    .to_owned(),
            )
            .returning_all();
        let taken =
            rate_counter::Model::find_by_statement(self.db.get_database_backend().build(&upsert))
                .one(&self.db)
                .await
                .map_err(storage)?;
        if let Some(row) = taken {
            return Ok(Take::Counted(window(&row, limit)?));
        }
        // The update's condition was false: the window is full.
        let row = rate_counter::Entity::find_by_id(key)
            .one(&self.db)
            .await
            .map_err(storage)?;
        Ok(Take::Full(match row {
            Some(row) => window(&row, limit)?,
            None => Window {
                count: limit.max,
                resets_at: now + limit.window,
            },
        }))
    }

    async fn give_back(&self, key: &str) -> DomainResult<()> {
        rate_counter::Entity::update_many()
            .col_expr(
                rate_counter::Column::Count,
                Expr::col(rate_counter::Column::Count).sub(1),
            )
            .filter(rate_counter::Column::Key.eq(key))
            .filter(rate_counter::Column::Count.gt(0))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn clear(&self, key: &str) -> DomainResult<()> {
        rate_counter::Entity::delete_by_id(key)
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }
}
