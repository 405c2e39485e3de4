//! Followed flights in SQL (`domain::flights::FlightStore`): one row per flight, claimed for a
//! look by a write over its version (or by inserting it), so that of nodes looking at once one
//! asks the provider.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::flights::{FlightReport, FlightState, FlightStore, Followed};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Set, SqlErr};

use crate::sql::common::{corrupt, instant, ms, storage};
use crate::sql::entities::followed_flight as row;

pub struct SqlFlightStore {
    db: DatabaseConnection,
}

impl SqlFlightStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

const STATES: [(FlightState, &str); 5] = [
    (FlightState::Scheduled, "scheduled"),
    (FlightState::EnRoute, "en_route"),
    (FlightState::Landed, "landed"),
    (FlightState::Cancelled, "cancelled"),
    (FlightState::Diverted, "diverted"),
];

fn state_code(state: FlightState) -> &'static str {
    STATES
        .iter()
        .find(|(s, _)| *s == state)
        .map_or("scheduled", |(_, code)| code)
}

fn followed(r: row::Model) -> DomainResult<Followed> {
    let at = |v: Option<i64>| v.map(instant).transpose();
    let report = match (r.state.as_deref(), r.scheduled_at_ms) {
        (Some(code), Some(scheduled)) => Some(FlightReport {
            state: STATES
                .iter()
                .find(|(_, c)| *c == code)
                .map(|(s, _)| *s)
                .ok_or_else(|| corrupt("followed flight", code))?,
            scheduled_arrival: instant(scheduled)?,
            estimated_arrival: at(r.estimated_at_ms)?,
            actual_arrival: at(r.actual_at_ms)?,
        }),
        _ => None,
    };
    Ok(Followed {
        key: r.flight_key,
        report,
        next_look: at(r.next_look_at_ms)?,
        looks: u32::try_from(r.looks).unwrap_or_default(),
        version: r.version,
    })
}

fn unique(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

#[async_trait]
impl FlightStore for SqlFlightStore {
    async fn followed(&self, keys: &[String]) -> DomainResult<Vec<Followed>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        row::Entity::find()
            .filter(row::Column::FlightKey.is_in(keys.iter().cloned()))
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(followed)
            .collect()
    }

    async fn claim(
        &self,
        key: &str,
        read: Option<i64>,
        until: DateTime<Utc>,
    ) -> DomainResult<Option<i64>> {
        let Some(version) = read else {
            let first = row::ActiveModel {
                flight_key: Set(key.to_owned()),
                state: Set(None),
                scheduled_at_ms: Set(None),
                estimated_at_ms: Set(None),
                actual_at_ms: Set(None),
                next_look_at_ms: Set(Some(ms(until))),
                looks: Set(0),
                version: Set(1),
            };
            return match row::Entity::insert(first).exec(&self.db).await {
                Ok(_) => Ok(Some(1)),
                // Another node began following it first.
                Err(e) if unique(&e) => Ok(None),
                Err(e) => Err(storage(e)),
            };
        };
        let done = row::Entity::update_many()
            .col_expr(row::Column::NextLookAtMs, Expr::value(ms(until)))
            .col_expr(row::Column::Version, Expr::value(version + 1))
            .filter(row::Column::FlightKey.eq(key))
            .filter(row::Column::Version.eq(version))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok((done.rows_affected == 1).then_some(version + 1))
    }

    async fn record(
        &self,
        key: &str,
        version: i64,
        report: Option<&FlightReport>,
        next_look: Option<DateTime<Utc>>,
    ) -> DomainResult<()> {
        let mut update = row::Entity::update_many()
            .col_expr(row::Column::NextLookAtMs, Expr::value(next_look.map(ms)))
            .col_expr(row::Column::Looks, Expr::col(row::Column::Looks).add(1))
            .col_expr(row::Column::Version, Expr::value(version + 1));
        if let Some(r) = report {
            update = update
                .col_expr(row::Column::State, Expr::value(state_code(r.state)))
                .col_expr(
                    row::Column::ScheduledAtMs,
                    Expr::value(ms(r.scheduled_arrival)),
                )
                .col_expr(
                    row::Column::EstimatedAtMs,
                    Expr::value(r.estimated_arrival.map(ms)),
                )
                .col_expr(
                    row::Column::ActualAtMs,
                    Expr::value(r.actual_arrival.map(ms)),
                );
        }
        // Over the claim's version: a node whose lease ran out and was taken over keeps nothing.
        update
            .filter(row::Column::FlightKey.eq(key))
            .filter(row::Column::Version.eq(version))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }
}
