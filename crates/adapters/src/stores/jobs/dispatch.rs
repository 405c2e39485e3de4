//! What automatic dispatch reads: the paid orders awaiting it, the jobs with an offer open, the
//! jobs each partner took this week, and each partner's latest reading.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::jobs::{Job, JobStatus, KeptPosition};
use domain::ordering::{OrderId, OrderState};
use domain::shared::UserId;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Statement, TransactionTrait,
};

use super::SqlJobStore;
use super::rows::position_from_row;
use crate::sql::common::{corrupt, insert_audit, ms, numbered, storage};
use crate::sql::entities::{job, job_position};

/// An offer not answered and not lapsed at `$1`.
const OPEN_OFFER: &str = "f.answer = '' AND f.expires_at_ms > $1";

impl SqlJobStore {
    pub(super) async fn awaiting(
        &self,
        now: DateTime<Utc>,
        limit: u32,
        by_hand: &[Category],
    ) -> DomainResult<Vec<OrderId>> {
        // Categories are the domain's own slugs, never a user's words: safe to write inline.
        let skip: String = by_hand
            .iter()
            .map(|c| format!(" AND o.category <> '{}'", c.slug()))
            .collect();
        let sql = format!(
            "SELECT o.id FROM orders o LEFT JOIN jobs j ON j.order_id = o.id \
             WHERE o.state = $2 AND o.start_at_ms > $1{skip} \
             AND (j.order_id IS NULL OR (j.status = $3 AND NOT j.dispatch_by_hand \
             AND j.handed_over = '' AND NOT EXISTS \
             (SELECT 1 FROM job_offers f WHERE f.order_id = j.order_id AND {OPEN_OFFER}))) \
             ORDER BY o.start_at_ms, o.id LIMIT {limit}"
        );
        let values = vec![
            ms(now).into(),
            OrderState::Paid.code().into(),
            JobStatus::Open.code().into(),
        ];
        let rows = self
            .db
            .query_all_raw(numbered(self.db.get_database_backend(), &sql, values))
            .await
            .map_err(storage)?;
        rows.iter()
            .map(|r| {
                let id: String = r.try_get("", "id").map_err(|e| corrupt("order", e))?;
                OrderId::parse(&id)
            })
            .collect()
    }

    pub(super) async fn hand_categories(&self) -> DomainResult<Vec<Category>> {
        let rows = self
            .db
            .query_all_raw(Statement::from_string(
                self.db.get_database_backend(),
                "SELECT category FROM dispatch_categories WHERE by_hand ORDER BY category",
            ))
            .await
            .map_err(storage)?;
        rows.iter()
            .map(|r| {
                let slug: String = r
                    .try_get("", "category")
                    .map_err(|e| corrupt("category", e))?;
                Category::from_slug(&slug)
            })
            .collect()
    }

    /// One row per category ever switched, written with its audit entry.
    pub(super) async fn set_hand_category(
        &self,
        category: Category,
        by_hand: bool,
        audit: &AuditEntry,
    ) -> DomainResult<()> {
        let txn = self.db.begin().await.map_err(storage)?;
        let backend = txn.get_database_backend();
        let sql = "INSERT INTO dispatch_categories (category, by_hand, updated_at_ms) \
                   VALUES ($1, $2, $3) ON CONFLICT (category) DO UPDATE \
                   SET by_hand = excluded.by_hand, updated_at_ms = excluded.updated_at_ms";
        let values = vec![category.slug().into(), by_hand.into(), ms(audit.at).into()];
        txn.execute_raw(numbered(backend, sql, values))
            .await
            .map_err(storage)?;
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)
    }

    pub(super) async fn with_open_offers(&self, now: DateTime<Utc>) -> DomainResult<Vec<Job>> {
        let sql = format!(
            "SELECT DISTINCT f.order_id FROM job_offers f WHERE {OPEN_OFFER} ORDER BY f.order_id"
        );
        let rows = self
            .db
            .query_all_raw(numbered(
                self.db.get_database_backend(),
                &sql,
                vec![ms(now).into()],
            ))
            .await
            .map_err(storage)?;
        let ids = rows
            .iter()
            .map(|r| r.try_get::<String>("", "order_id"))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| corrupt("offer", e))?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let jobs = job::Entity::find()
            .filter(job::Column::OrderId.is_in(ids))
            .all(&self.db)
            .await
            .map_err(storage)?;
        self.load(jobs).await
    }

    pub(super) async fn counts(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> DomainResult<Vec<(UserId, u32)>> {
        let sql = "SELECT partner_id, COUNT(*) AS n FROM jobs WHERE partner_id IS NOT NULL \
                   AND start_at_ms >= $1 AND start_at_ms < $2 GROUP BY partner_id";
        let rows = self
            .db
            .query_all_raw(numbered(
                self.db.get_database_backend(),
                sql,
                vec![ms(from).into(), ms(until).into()],
            ))
            .await
            .map_err(storage)?;
        rows.iter()
            .map(|r| {
                let id: String = r.try_get("", "partner_id").map_err(|e| corrupt("job", e))?;
                let n: i64 = r.try_get("", "n").map_err(|e| corrupt("job", e))?;
                Ok((UserId::parse(&id)?, u32::try_from(n).unwrap_or(u32::MAX)))
            })
            .collect()
    }

    pub(super) async fn latest(&self, since: DateTime<Utc>) -> DomainResult<Vec<KeptPosition>> {
        let rows = job_position::Entity::find()
            .filter(job_position::Column::KeptAtMs.gte(ms(since)))
            .all(&self.db)
            .await
            .map_err(storage)?;
        let mut latest: HashMap<String, KeptPosition> = HashMap::new();
        for row in rows {
            let kept = position_from_row(row)?;
            let key = kept.partner.as_str().to_owned();
            if latest
                .get(&key)
                .is_none_or(|l| l.position.taken_at < kept.position.taken_at)
            {
                latest.insert(key, kept);
            }
        }
        Ok(latest.into_values().collect())
    }
}
