//! Service keys and the audit log in SQL. Keys are found by the SHA-256 of the secret (unique),
//! so the secret itself is never stored; audit rows are only ever inserted.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::audit::AuditEntry;
use domain::identity::{Role, TokenHash};
use domain::live::{Change, Holder};
use domain::operations::{AuditFilter, AuditLog, ServiceKey, StaffStore};
use domain::shared::{Page, PageRequest};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::sql::common::{insert_audit, instant, ms, storage};
use crate::sql::entities::{audit_entry, service_key};
use crate::sql::paging::newest_first;
use crate::stores::live;

pub struct SqlOperationsStore {
    db: DatabaseConnection,
}

impl SqlOperationsStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn key_from_row(r: service_key::Model) -> DomainResult<ServiceKey> {
    Ok(ServiceKey {
        id: r.id,
        name: r.name,
        hash: TokenHash::from_stored(r.key_hash),
        admin: Role::from_code(&r.role) == Role::Admin,
        created_by: r.created_by,
        created_at: instant(r.created_at_ms)?,
        revoked_at: r.revoked_at_ms.map(instant).transpose()?,
    })
}

fn entry_from_row(r: audit_entry::Model) -> DomainResult<AuditEntry> {
    Ok(AuditEntry {
        id: r.id,
        at: instant(r.at_ms)?,
        actor: r.actor,
        action: r.action,
        target: r.target,
        before: r.before,
        after: r.after,
        reason: r.reason,
    })
}

#[async_trait]
impl StaffStore for SqlOperationsStore {
    async fn insert_key(&self, key: &ServiceKey, audit: &AuditEntry) -> DomainResult<()> {
        let txn = crate::sql::db::begin_write(&self.db)
            .await
            .map_err(storage)?;
        service_key::Entity::insert(service_key::ActiveModel {
            id: Set(key.id.clone()),
            name: Set(key.name.clone()),
            key_hash: Set(key.hash.as_str().to_owned()),
            created_by: Set(key.created_by.clone()),
            created_at_ms: Set(ms(key.created_at)),
            revoked_at_ms: Set(key.revoked_at.map(ms)),
            role: Set(if key.admin {
                Role::Admin
            } else {
                Role::Operator
            }
            .code()
            .to_owned()),
        })
        .exec(&txn)
        .await
        .map_err(storage)?;
        insert_audit(&txn, audit).await.map_err(storage)?;
        txn.commit().await.map_err(storage)
    }

    async fn key_by_hash(&self, hash: &TokenHash) -> DomainResult<Option<ServiceKey>> {
        service_key::Entity::find()
            .filter(service_key::Column::KeyHash.eq(hash.as_str()))
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(key_from_row)
            .transpose()
    }

    async fn key(&self, id: &str) -> DomainResult<Option<ServiceKey>> {
        service_key::Entity::find_by_id(id)
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(key_from_row)
            .transpose()
    }

    async fn revoke_key(
        &self,
        id: &str,
        at: DateTime<Utc>,
        audit: &AuditEntry,
    ) -> DomainResult<()> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        let revoked = service_key::Entity::update_many()
            .set(service_key::ActiveModel {
                revoked_at_ms: Set(Some(ms(at))),
                ..Default::default()
            })
            .filter(service_key::Column::Id.eq(id))
            .filter(service_key::Column::RevokedAtMs.is_null())
            .exec(&txn)
            .await
            .map_err(storage)?;
        // Revoked meanwhile by someone else: theirs is the action on record.
        let mut changes = Vec::new();
        if revoked.rows_affected == 1 {
            insert_audit(&txn, audit).await.map_err(storage)?;
            // The key's open streams end.
            changes.push(Change::access(&Holder::Key(id.to_owned())));
        }
        txn.commit(ms(at), &changes).await.map_err(storage)
    }

    async fn keys(&self) -> DomainResult<Vec<ServiceKey>> {
        service_key::Entity::find()
            .order_by_desc(service_key::Column::CreatedAtMs)
            .order_by_desc(service_key::Column::Id)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(key_from_row)
            .collect()
    }
}

#[async_trait]
impl AuditLog for SqlOperationsStore {
    async fn record(&self, entry: &AuditEntry) -> DomainResult<()> {
        insert_audit(&self.db, entry).await.map_err(storage)
    }

    async fn list(
        &self,
        filter: &AuditFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<AuditEntry>> {
        let mut query = audit_entry::Entity::find();
        if let Some(target) = &filter.target {
            query = query.filter(audit_entry::Column::Target.eq(target.as_str()));
        }
        if let Some(actor) = &filter.actor_part {
            query = query.filter(audit_entry::Column::Actor.contains(actor.as_str()));
        }
        match filter.action.as_deref() {
            Some(family) if family.ends_with('.') => {
                query = query.filter(audit_entry::Column::Action.starts_with(family));
            }
            Some(action) => query = query.filter(audit_entry::Column::Action.eq(action)),
            None => {}
        }
        if let Some(from) = filter.from {
            query = query.filter(audit_entry::Column::AtMs.gte(ms(from)));
        }
        if let Some(until) = filter.until {
            query = query.filter(audit_entry::Column::AtMs.lt(ms(until)));
        }
        let (rows, next_token) = newest_first(
            &self.db,
            query,
            (audit_entry::Column::AtMs, audit_entry::Column::Id),
            page,
            |r| (r.at_ms, &r.id),
        )
        .await?;
        Ok(Page {
            items: rows
                .into_iter()
                .map(entry_from_row)
                .collect::<DomainResult<_>>()?,
            next_token,
        })
    }
}
