//! Referrals in SQL: a code per customer, the program's one row, and the claims. A claim is unique
//! per new customer and per e-mail key (the columns refuse a second); a reward is marked by one
//! conditional update in the unit its credit is written in.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::audit::AuditEntry;
use domain::error::msg;
use domain::ordering::OrderState;
use domain::referrals::{ClaimError, Program, Referral, ReferralCode, ReferralStore, Standing};
use domain::shared::{Money, Unit, UserId};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect,
    Set, SqlErr,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::{account, order, referral, referral_code, referral_program};
use crate::stores::live::SqlWork;

/// The program's row.
const PROGRAM: i32 = 1;

pub struct SqlReferralStore {
    db: DatabaseConnection,
}

impl SqlReferralStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn unique(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

fn days(d: Option<u32>) -> Option<i32> {
    d.map(|d| i32::try_from(d).unwrap_or(i32::MAX))
}

fn from_row(r: referral::Model) -> DomainResult<Referral> {
    let bad = |e: DomainError| corrupt("referral", e);
    Ok(Referral {
        referrer: UserId::parse(&r.referrer).map_err(bad)?,
        referred: UserId::parse(&r.referred).map_err(bad)?,
        id: r.id,
        referred_key: r.referred_key,
        terms: Program {
            active: true,
            referrer: Money::vnd(r.referrer_vnd),
            referred: Money::vnd(r.referred_vnd),
            credit_days: r.credit_days.map(|d| u32::try_from(d).unwrap_or(0)),
        },
        claimed_at: instant(r.claimed_at_ms)?,
        rewarded_at: r.rewarded_at_ms.map(instant).transpose()?,
    })
}

#[async_trait]
impl ReferralStore for SqlReferralStore {
    async fn code_of(&self, owner: &UserId, fresh: &ReferralCode) -> DomainResult<ReferralCode> {
        let made = referral_code::Entity::insert(referral_code::ActiveModel {
            owner: Set(owner.as_str().to_owned()),
            code: Set(fresh.as_str().to_owned()),
            created_at_ms: Set(ms(Utc::now())),
        })
        .on_conflict(
            OnConflict::column(referral_code::Column::Owner)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(&self.db)
        .await;
        match made {
            Ok(_) => {}
            // The code is another customer's.
            Err(e) if unique(&e) => {
                return Err(DomainError::Conflict(msg("request.repeated")));
            }
            Err(e) => return Err(storage(e)),
        }
        let row = referral_code::Entity::find_by_id(owner.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .ok_or_else(|| corrupt("referral code", owner.as_str()))?;
        ReferralCode::parse(&row.code).map_err(|e| corrupt("referral code", e))
    }

    async fn owner_of(&self, code: &ReferralCode) -> DomainResult<Option<UserId>> {
        referral_code::Entity::find()
            .filter(referral_code::Column::Code.eq(code.as_str()))
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(|r| UserId::parse(&r.owner).map_err(|e| corrupt("referral code", e)))
            .transpose()
    }

    async fn email_of(&self, account: &UserId) -> DomainResult<Option<String>> {
        Ok(account::Entity::find_by_id(account.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(|a| a.email))
    }

    async fn has_ordered(&self, customer: &UserId) -> DomainResult<bool> {
        crate::stores::orders::has_purchase(&self.db, customer).await
    }

    async fn standing(&self, referrer: &UserId) -> DomainResult<Standing> {
        let mine =
            || referral::Entity::find().filter(referral::Column::Referrer.eq(referrer.as_str()));
        let invited = mine().count(&self.db).await.map_err(storage)?;
        let rewarded = mine()
            .filter(referral::Column::RewardedAtMs.is_not_null())
            .count(&self.db)
            .await
            .map_err(storage)?;
        Ok(Standing {
            invited: u32::try_from(invited).unwrap_or(u32::MAX),
            rewarded: u32::try_from(rewarded).unwrap_or(u32::MAX),
        })
    }

    async fn claim(&self, r: &Referral) -> Result<(), ClaimError> {
        let row = referral::ActiveModel {
            id: Set(r.id.clone()),
            referrer: Set(r.referrer.as_str().to_owned()),
            referred: Set(r.referred.as_str().to_owned()),
            referred_key: Set(r.referred_key.clone()),
            referrer_vnd: Set(r.terms.referrer.amount()),
            referred_vnd: Set(r.terms.referred.amount()),
            credit_days: Set(days(r.terms.credit_days)),
            claimed_at_ms: Set(ms(r.claimed_at)),
            rewarded_at_ms: Set(None),
        };
        match referral::Entity::insert(row).exec(&self.db).await {
            Ok(_) => Ok(()),
            Err(e) if unique(&e) => Err(ClaimError::Claimed),
            Err(e) => Err(ClaimError::Other(storage(e))),
        }
    }

    async fn program(&self) -> DomainResult<Program> {
        let row = referral_program::Entity::find_by_id(PROGRAM)
            .one(&self.db)
            .await
            .map_err(storage)?;
        Ok(row.map_or_else(Program::default, |r| Program {
            active: r.active,
            referrer: Money::vnd(r.referrer_vnd),
            referred: Money::vnd(r.referred_vnd),
            credit_days: r.credit_days.map(|d| u32::try_from(d).unwrap_or(0)),
        }))
    }

    async fn save_program(
        &self,
        p: &Program,
        audit: &AuditEntry,
        at: DateTime<Utc>,
    ) -> DomainResult<()> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        referral_program::Entity::insert(referral_program::ActiveModel {
            id: Set(PROGRAM),
            active: Set(p.active),
            referrer_vnd: Set(p.referrer.amount()),
            referred_vnd: Set(p.referred.amount()),
            credit_days: Set(days(p.credit_days)),
            updated_at_ms: Set(ms(at)),
        })
        .on_conflict(
            OnConflict::column(referral_program::Column::Id)
                .update_columns([
                    referral_program::Column::Active,
                    referral_program::Column::ReferrerVnd,
                    referral_program::Column::ReferredVnd,
                    referral_program::Column::CreditDays,
                    referral_program::Column::UpdatedAtMs,
                ])
                .to_owned(),
        )
        .exec_without_returning(&txn)
        .await
        .map_err(storage)?;
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)
    }

    async fn due(&self, limit: u32) -> DomainResult<Vec<Referral>> {
        // A completed order of the new customer's, found by the orders' owner index.
        let completed = Query::select()
            .expr(Expr::val(1))
            .from(order::Entity)
            .and_where(
                Expr::col((order::Entity, order::Column::Owner))
                    .equals((referral::Entity, referral::Column::Referred)),
            )
            .and_where(
                Expr::col((order::Entity, order::Column::State)).eq(OrderState::Completed.code()),
            )
            .to_owned();
        referral::Entity::find()
            .filter(referral::Column::RewardedAtMs.is_null())
            .filter(Expr::exists(completed))
            .limit(u64::from(limit))
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(from_row)
            .collect()
    }

    async fn mark_rewarded(
        &self,
        unit: &mut Unit,
        id: &str,
        at: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let work = SqlWork::of(unit)?;
        let marked = referral::Entity::update_many()
            .col_expr(referral::Column::RewardedAtMs, Expr::value(ms(at)))
            .filter(referral::Column::Id.eq(id))
            .filter(referral::Column::RewardedAtMs.is_null())
            .exec(work.txn())
            .await
            .map_err(storage)?;
        Ok(marked.rows_affected == 1)
    }
}
