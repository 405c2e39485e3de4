//! Links with identity providers and the sign-ins under way, in SQL. A person is linked once
//! (the provider and `sub` are the key) and an account once per provider (a unique index); a
//! sign-in under way is claimed by deleting its row, so of two returns with one state one wins.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::identity::TokenHash;
use domain::identity::federation::{FederatedIdentity, FederationStore, PendingLogin, ProviderId};
use domain::shared::UserId;
use domain::{DomainError, DomainResult};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set, SqlErr,
    TryInsertResult,
};

use crate::entities::{federated_identity, pending_login};
use crate::sql_common::{corrupt, instant, ms, storage};

pub struct SqlFederationStore {
    db: DatabaseConnection,
}

impl SqlFederationStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn identity_from_row(r: federated_identity::Model) -> DomainResult<FederatedIdentity> {
    let bad = |e: DomainError| corrupt("federated identity", e);
    Ok(FederatedIdentity {
        provider: ProviderId::parse(&r.provider).map_err(bad)?,
        subject: r.subject,
        user_id: UserId::parse(&r.user_id).map_err(bad)?,
        email: r.email,
        linked_at: instant(r.linked_at_ms)?,
    })
}

#[async_trait]
impl FederationStore for SqlFederationStore {
    async fn identity(
        &self,
        provider: &ProviderId,
        subject: &str,
    ) -> DomainResult<Option<FederatedIdentity>> {
        federated_identity::Entity::find_by_id((provider.as_str().to_owned(), subject.to_owned()))
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(identity_from_row)
            .transpose()
    }

    async fn identities_of(&self, user: &UserId) -> DomainResult<Vec<FederatedIdentity>> {
        federated_identity::Entity::find()
            .filter(federated_identity::Column::UserId.eq(user.as_str()))
            .order_by_asc(federated_identity::Column::LinkedAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(identity_from_row)
            .collect()
    }

    async fn link(&self, i: &FederatedIdentity) -> DomainResult<bool> {
        let row = federated_identity::ActiveModel {
            provider: Set(i.provider.as_str().to_owned()),
            subject: Set(i.subject.clone()),
            user_id: Set(i.user_id.as_str().to_owned()),
            email: Set(i.email.clone()),
            linked_at_ms: Set(ms(i.linked_at)),
        };
        // The key (provider, sub) is the conflict skipped; the account's one link per provider
        // is a second unique index, whose violation says the same: not linked.
        match federated_identity::Entity::insert(row)
            .on_conflict_do_nothing()
            .exec_without_returning(&self.db)
            .await
        {
            Ok(written) => Ok(matches!(written, TryInsertResult::Inserted(1))),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                Ok(false)
            }
            Err(e) => Err(storage(e)),
        }
    }

    async fn unlink(&self, user: &UserId, provider: &ProviderId) -> DomainResult<bool> {
        let gone = federated_identity::Entity::delete_many()
            .filter(federated_identity::Column::UserId.eq(user.as_str()))
            .filter(federated_identity::Column::Provider.eq(provider.as_str()))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(gone.rows_affected == 1)
    }

    async fn begin(&self, l: &PendingLogin) -> DomainResult<()> {
        pending_login::Entity::insert(pending_login::ActiveModel {
            state_hash: Set(l.state.as_str().to_owned()),
            provider: Set(l.provider.as_str().to_owned()),
            nonce: Set(l.nonce.clone()),
            pkce_verifier: Set(l.pkce_verifier.clone()),
            return_to: Set(l.return_to.clone()),
            expires_at_ms: Set(ms(l.expires_at)),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn take(
        &self,
        state: &TokenHash,
        now: DateTime<Utc>,
    ) -> DomainResult<Option<PendingLogin>> {
        let Some(row) = pending_login::Entity::find_by_id(state.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
        else {
            return Ok(None);
        };
        // The delete is the claim: of two returns with one state, one deletes the row.
        let claimed = pending_login::Entity::delete_by_id(state.as_str())
            .exec(&self.db)
            .await
            .map_err(storage)?;
        if claimed.rows_affected != 1 || row.expires_at_ms <= ms(now) {
            return Ok(None);
        }
        let bad = |e: DomainError| corrupt("pending login", e);
        Ok(Some(PendingLogin {
            state: TokenHash::from_stored(row.state_hash),
            provider: ProviderId::parse(&row.provider).map_err(bad)?,
            nonce: row.nonce,
            pkce_verifier: row.pkce_verifier,
            return_to: row.return_to,
            expires_at: instant(row.expires_at_ms)?,
        }))
    }
}
