//! Links with identity providers and the sign-ins under way, in SQL. Links are written by the
//! identity store's change (with the account); a sign-in under way is claimed by deleting its
//! row, so of two returns with one state one wins; a held one is used up by the change that
//! finishes it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::identity::federation::{
    Assertion, FederatedIdentity, FederationStore, PendingLink, PendingLogin, ProviderId,
};
use domain::identity::{Email, TokenHash};
use domain::shared::UserId;
use domain::{DomainError, DomainResult};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::sql::common::{corrupt, instant, ms, storage};
use crate::sql::entities::{federated_identity, pending_link, pending_login};

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

    async fn begin(&self, l: &PendingLogin) -> DomainResult<()> {
        pending_login::Entity::insert(pending_login::ActiveModel {
            state_hash: Set(l.state.as_str().to_owned()),
            provider: Set(l.provider.as_str().to_owned()),
            nonce: Set(l.nonce.clone()),
            pkce_verifier: Set(l.pkce_verifier.clone()),
            return_to: Set(l.return_to.clone()),
            link_user_id: Set(l.link_to.as_ref().map(|u| u.as_str().to_owned())),
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
            link_to: row
                .link_user_id
                .as_deref()
                .map(UserId::parse)
                .transpose()
                .map_err(bad)?,
            expires_at: instant(row.expires_at_ms)?,
        }))
    }

    async fn hold(&self, l: &PendingLink) -> DomainResult<()> {
        let a = &l.assertion;
        pending_link::Entity::insert(pending_link::ActiveModel {
            ticket_hash: Set(l.ticket.as_str().to_owned()),
            provider: Set(a.provider.as_str().to_owned()),
            subject: Set(a.subject.clone()),
            email: Set(a.email.as_ref().map(|e| e.as_str().to_owned())),
            email_verified: Set(a.email_verified),
            return_to: Set(l.return_to.clone()),
            expires_at_ms: Set(ms(l.expires_at)),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn held(
        &self,
        ticket: &TokenHash,
        now: DateTime<Utc>,
    ) -> DomainResult<Option<PendingLink>> {
        let Some(row) = pending_link::Entity::find_by_id(ticket.as_str())
            .filter(pending_link::Column::ExpiresAtMs.gt(ms(now)))
            .one(&self.db)
            .await
            .map_err(storage)?
        else {
            return Ok(None);
        };
        let bad = |e: DomainError| corrupt("pending link", e);
        Ok(Some(PendingLink {
            ticket: TokenHash::from_stored(row.ticket_hash),
            assertion: Assertion {
                provider: ProviderId::parse(&row.provider).map_err(bad)?,
                subject: row.subject,
                email: row
                    .email
                    .as_deref()
                    .map(Email::parse)
                    .transpose()
                    .map_err(|e| corrupt("pending link", e))?,
                email_verified: row.email_verified,
            },
            return_to: row.return_to,
            expires_at: instant(row.expires_at_ms)?,
        }))
    }
}
