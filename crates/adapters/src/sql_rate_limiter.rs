//! Throttle counters in SQL, so every node behind a load balancer counts the same events. One
//! statement per hit (an upsert that restarts an expired window), so concurrent hits never lose a
//! count.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::identity::{Limit, RateLimiter, Window};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{DatabaseConnection, EntityTrait, Set};

use crate::entities::rate_counter;
use crate::sql_catalog::storage;
use crate::sql_identity::{instant, ms};

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
    async fn hit(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> DomainResult<Window> {
        let now_ms = ms(now);
        let col = |c: rate_counter::Column| Expr::col((rate_counter::Entity, c));
        let restart = col(rate_counter::Column::WindowStartMs).lte(ms(now - limit.window));
        let row = rate_counter::Entity::insert(rate_counter::ActiveModel {
            key: Set(key.to_owned()),
            window_start_ms: Set(now_ms),
            count: Set(1),
        })
        .on_conflict(
            OnConflict::column(rate_counter::Column::Key)
                .value(
                    rate_counter::Column::Count,
                    Expr::case(restart.clone(), 1).finally(col(rate_counter::Column::Count).add(1)),
                )
                .value(
                    rate_counter::Column::WindowStartMs,
                    Expr::case(restart, now_ms).finally(col(rate_counter::Column::WindowStartMs)),
                )
                .to_owned(),
        )
        .exec_with_returning(&self.db)
        .await
        .map_err(storage)?;
        window(&row, limit)
    }

    async fn peek(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> DomainResult<Window> {
        let row = rate_counter::Entity::find_by_id(key)
            .one(&self.db)
            .await
            .map_err(storage)?;
        match row {
            Some(row) if row.window_start_ms > ms(now - limit.window) => window(&row, limit),
            _ => Ok(Window {
                count: 0,
                resets_at: now,
            }),
        }
    }

    async fn clear(&self, key: &str) -> DomainResult<()> {
        rate_counter::Entity::delete_by_id(key)
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }
}
