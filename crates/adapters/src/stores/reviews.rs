//! Reviews in SQL: the order's id is the key, so an order has one review however many requests
//! race; edits and hiding are conditional updates on a shown review. Lists page by the time and
//! the review's own id, so a page token never carries an order's id.

use std::collections::HashMap;

use async_trait::async_trait;
use domain::audit::AuditEntry;
use domain::catalog::PlanId;
use domain::identity::MailKind;
use domain::ordering::OrderId;
use domain::reviews::{Hidden, RatingSummary, Review, ReviewStore, Subject};
use domain::shared::{Page, PageRequest, UserId, web_pages};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect, Set, TransactionTrait,
};

use crate::providers::mail::NoticeFacts;
use crate::sql::common::{corrupt, insert_audit, instant, json, ms, storage};
use crate::sql::entities::{account, mail_outbox, review};
use crate::sql::paging::newest_first;

pub struct SqlReviewStore {
    db: DatabaseConnection,
    /// Told after each change, so this node's copies in memory follow its own writes at once.
    version: Option<crate::stores::catalog_version::CatalogVersion>,
}

impl SqlReviewStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db, version: None }
    }

    /// Reads the catalogue's version again after each change.
    pub fn following(mut self, version: crate::stores::catalog_version::CatalogVersion) -> Self {
        self.version = Some(version);
        self
    }

    async fn page(
        &self,
        query: sea_orm::Select<review::Entity>,
        page: &PageRequest,
    ) -> DomainResult<Page<Review>> {
        let (rows, next_token) = newest_first(
            &self.db,
            query,
            (review::Column::CreatedAtMs, review::Column::Id),
            page,
            |r| (r.created_at_ms, &r.id),
        )
        .await?;
        Ok(Page {
            items: rows
                .into_iter()
                .map(from_row)
                .collect::<DomainResult<_>>()?,
            next_token,
        })
    }

    async fn summaries(&self, key: review::Column) -> DomainResult<HashMap<String, RatingSummary>> {
        let rows: Vec<(String, i64, i64)> = review::Entity::find()
            .select_only()
            .column(key)
            .column_as(Expr::col(review::Column::OrderId).count(), "count")
            .column_as(
                Expr::col(review::Column::Rating).sum().cast_as("bigint"),
                "stars",
            )
            .filter(review::Column::HiddenAtMs.is_null())
            .filter(key.ne(""))
            .group_by(key)
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        Ok(rows
            .into_iter()
            .map(|(id, count, stars)| {
                let summary = RatingSummary {
                    count: u32::try_from(count).unwrap_or(0),
                    stars: u32::try_from(stars).unwrap_or(0),
                };
                (id, summary)
            })
            .collect())
    }
}

fn to_row(r: &Review) -> review::ActiveModel {
    review::ActiveModel {
        order_id: Set(r.order_id.as_str().to_owned()),
        id: Set(r.id.clone()),
        owner: Set(r.owner.as_str().to_owned()),
        plan_id: Set(r.plan_id.as_str().to_owned()),
        therapist_id: Set(r.therapist_id.clone()),
        author: Set(r.author.clone()),
        rating: Set(i16::from(r.rating)),
        comment: Set(r.comment.clone()),
        created_at_ms: Set(ms(r.created_at)),
        updated_at_ms: Set(ms(r.updated_at)),
        hidden_at_ms: Set(r.hidden.as_ref().map(|h| ms(h.at))),
        hidden_reason: Set(r
            .hidden
            .as_ref()
            .map(|h| h.reason.clone())
            .unwrap_or_default()),
    }
}

fn from_row(r: review::Model) -> DomainResult<Review> {
    let bad = |e: DomainError| corrupt("review", e);
    Ok(Review {
        id: r.id,
        order_id: OrderId::parse(&r.order_id).map_err(bad)?,
        owner: UserId::parse(&r.owner).map_err(bad)?,
        plan_id: PlanId::parse(&r.plan_id).map_err(bad)?,
        therapist_id: r.therapist_id,
        author: r.author,
        rating: u8::try_from(r.rating).map_err(|e| corrupt("review", e))?,
        comment: r.comment,
        created_at: instant(r.created_at_ms)?,
        updated_at: instant(r.updated_at_ms)?,
        hidden: match r.hidden_at_ms {
            Some(at) => Some(Hidden {
                at: instant(at)?,
                reason: r.hidden_reason,
            }),
            None => None,
        },
    })
}

#[async_trait]
impl ReviewStore for SqlReviewStore {
    async fn get(&self, order: &OrderId) -> DomainResult<Option<Review>> {
        review::Entity::find_by_id(order.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(from_row)
            .transpose()
    }

    async fn insert(&self, r: &Review) -> DomainResult<bool> {
        let written = review::Entity::insert(to_row(r))
            .on_conflict_do_nothing()
            .exec_without_returning(&self.db)
            .await
            .map_err(storage)?;
        crate::stores::catalog_version::after_change(self.version.as_ref()).await;
        Ok(matches!(written, sea_orm::TryInsertResult::Inserted(1)))
    }

    async fn update(&self, r: &Review) -> DomainResult<bool> {
        let done = review::Entity::update_many()
            .col_expr(review::Column::Rating, Expr::value(i16::from(r.rating)))
            .col_expr(review::Column::Comment, Expr::value(r.comment.clone()))
            .col_expr(review::Column::UpdatedAtMs, Expr::value(ms(r.updated_at)))
            .filter(review::Column::OrderId.eq(r.order_id.as_str()))
            .filter(review::Column::HiddenAtMs.is_null())
            .exec(&self.db)
            .await
            .map_err(storage)?;
        crate::stores::catalog_version::after_change(self.version.as_ref()).await;
        Ok(done.rows_affected == 1)
    }

    async fn hide(&self, r: &Review, plan_name: &str, audit: &AuditEntry) -> DomainResult<bool> {
        let Some(hidden) = &r.hidden else {
            return Err(corrupt("review", "hide without a reason"));
        };
        let txn = self.db.begin().await.map_err(storage)?;
        let done = review::Entity::update_many()
            .col_expr(review::Column::HiddenAtMs, Expr::value(ms(hidden.at)))
            .col_expr(
                review::Column::HiddenReason,
                Expr::value(hidden.reason.clone()),
            )
            .filter(review::Column::OrderId.eq(r.order_id.as_str()))
            .filter(review::Column::HiddenAtMs.is_null())
            .exec(&txn)
            .await
            .map_err(storage)?;
        if done.rows_affected != 1 {
            return Ok(false);
        }
        insert_audit(&txn, audit).await.map_err(storage)?;
        let owner = account::Entity::find_by_id(r.owner.as_str())
            .one(&txn)
            .await
            .map_err(storage)?;
        if let Some(owner) = owner {
            let order = r.order_id.as_str();
            let facts = NoticeFacts {
                order_id: order.to_owned(),
                plan: plan_name.to_owned(),
                total_vnd: 0,
                start: String::new(),
                place: String::new(),
                flight: String::new(),
                room: String::new(),
                minutes: 0,
                reason: hidden.reason.clone(),
                driver: None,
                invoice: None,
            };
            mail_outbox::Entity::insert(mail_outbox::ActiveModel {
                id: Set(format!("rh-{order}")),
                recipient: Set(owner.email),
                kind: Set(MailKind::ReviewHidden.as_str().to_owned()),
                link: Set(Some(web_pages::member_order(order))),
                payload: Set(Some(json(&facts))),
                created_at_ms: Set(ms(hidden.at)),
                attempts: Set(0),
                next_attempt_at_ms: Set(ms(hidden.at)),
                sent_at_ms: Set(None),
                last_error: Set(None),
                // The customer has a profile, whose language the mail is written in.
                language: Set(None),
            })
            .exec_without_returning(&txn)
            .await
            .map_err(storage)?;
        }
        txn.commit().await.map_err(storage)?;
        crate::stores::catalog_version::after_change(self.version.as_ref()).await;
        Ok(true)
    }

    async fn list(&self, subject: &Subject, page: &PageRequest) -> DomainResult<Page<Review>> {
        let query = review::Entity::find().filter(review::Column::HiddenAtMs.is_null());
        let query = match subject {
            Subject::Plan(p) => query.filter(review::Column::PlanId.eq(p.as_str())),
            Subject::Therapist(t) => query.filter(review::Column::TherapistId.eq(t.as_str())),
        };
        self.page(query, page).await
    }

    async fn all(&self, hidden: Option<bool>, page: &PageRequest) -> DomainResult<Page<Review>> {
        let query = review::Entity::find();
        let query = match hidden {
            Some(true) => query.filter(review::Column::HiddenAtMs.is_not_null()),
            Some(false) => query.filter(review::Column::HiddenAtMs.is_null()),
            None => query,
        };
        self.page(query, page).await
    }

    async fn plan_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>> {
        self.summaries(review::Column::PlanId).await
    }

    async fn therapist_summaries(&self) -> DomainResult<HashMap<String, RatingSummary>> {
        self.summaries(review::Column::TherapistId).await
    }
}
