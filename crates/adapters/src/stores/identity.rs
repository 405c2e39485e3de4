//! Accounts, profiles, refresh tokens, codes and the mail outbox in SQL; the same code on SQLite
//! and PostgreSQL. `commit` applies a domain [`Change`] in one transaction.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use dataloader::BatchFn;
use dataloader::non_cached::Loader;
use domain::identity::{
    Account, ActionCode, ActionMode, Change, CommitError, Email, IdentityStore, Mail, Profile,
    RefreshToken, Role, TokenHash,
};
use domain::live::{self, Holder};
use domain::shared::{Language, Phone, UserId};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::NotSet, ColumnTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait,
    FromQueryResult, JoinType, PaginatorTrait, QueryFilter, QuerySelect, Select, Set, SqlErr,
    TryInsertResult,
};

use crate::sql::common::{corrupt, insert_audit, instant, ms, storage};
use crate::sql::entities::{
    account, action_code, federated_identity, mail_outbox, pending_link, profile, refresh_token,
};

pub struct SqlIdentityStore {
    db: DatabaseConnection,
    accounts: Loader<String, DomainResult<Option<SignedIn>>, AccountsById>,
}

/// An account with its profile's language (none before the profile exists).
type SignedIn = (Account, Option<Language>);

impl SqlIdentityStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            accounts: Loader::new(AccountsById(db.clone())),
            db,
        }
    }
}

/// Accounts by id with their profile's language, the read that authenticates every signed-in
/// request, for the lookups that arrive together in one query: one query out at a time, the
/// lookups made meanwhile sharing the next. Alone, each lookup woke a reading connection's thread
/// and, on SQLite, re-read pages that the last commit had emptied from that connection's cache: as
/// much of the server's time as the orders it authenticated (see docs/measurements.md). The
/// profile's language comes in the same query: a call answered in it (no `Accept-Language`)
/// read the profile again, a fifth of an order's time at the peak.
struct AccountsById(DatabaseConnection);

impl BatchFn<String, DomainResult<Option<SignedIn>>> for AccountsById {
    async fn load(&mut self, ids: &[String]) -> HashMap<String, DomainResult<Option<SignedIn>>> {
        let its_profile = account::Entity::belongs_to(profile::Entity)
            .from(account::Column::Id)
            .to(profile::Column::UserId)
            .into();
        let found = account::Entity::find()
            .filter(account::Column::Id.is_in(ids.iter().map(String::as_str)))
            .join(JoinType::LeftJoin, its_profile)
            .column_as(profile::Column::Language, "profile_language")
            .into_model::<AccountRow>()
            .all(&self.0)
            .await;
        let mut by_id: HashMap<String, DomainResult<Option<SignedIn>>> = match found {
            Ok(rows) => rows
                .into_iter()
                .map(|r| (r.account.id.clone(), signed_in_from_row(r).map(Some)))
                .collect(),
            Err(e) => {
                let e = storage(e);
                return ids.iter().map(|id| (id.clone(), Err(e.clone()))).collect();
            }
        };
        for id in ids {
            by_id.entry(id.clone()).or_insert(Ok(None));
        }
        by_id
    }
}

#[derive(FromQueryResult)]
struct AccountRow {
    #[sea_orm(nested)]
    account: account::Model,
    profile_language: Option<String>,
}

fn signed_in_from_row(r: AccountRow) -> DomainResult<SignedIn> {
    let language = r
        .profile_language
        .map(|l| Language::parse(&l).map_err(|e| corrupt("profile", e)))
        .transpose()?;
    Ok((account_from_row(r.account)?, language))
}

pub(crate) fn account_from_row(r: account::Model) -> DomainResult<Account> {
    Ok(Account {
        id: UserId::parse(&r.id).map_err(|e| corrupt("account", e))?,
        email: Email::parse(&r.email).map_err(|e| corrupt("account", e))?,
        role: Role::from_code(&r.role),
        password_hash: r.password_hash,
        email_verified: r.email_verified,
        disabled: r.disabled,
        created_at: instant(r.created_at_ms)?,
        updated_at: instant(r.updated_at_ms)?,
        tokens_valid_after: instant(r.tokens_valid_after_ms)?,
    })
}

fn account_to_row(a: &Account) -> account::ActiveModel {
    account::ActiveModel {
        id: Set(a.id.as_str().to_owned()),
        email: Set(a.email.as_str().to_owned()),
        role: Set(a.role.code().to_owned()),
        password_hash: Set(a.password_hash.clone()),
        email_verified: Set(a.email_verified),
        disabled: Set(a.disabled),
        created_at_ms: Set(ms(a.created_at)),
        updated_at_ms: Set(ms(a.updated_at)),
        tokens_valid_after_ms: Set(ms(a.tokens_valid_after)),
    }
}

fn profile_from_row(r: profile::Model) -> DomainResult<Profile> {
    let phone = match (r.phone_country_code, r.phone_number) {
        (Some(cc), Some(n)) => Some(Phone::parse(&cc, &n).map_err(|e| corrupt("profile", e))?),
        _ => None,
    };
    Ok(Profile {
        user_id: UserId::parse(&r.user_id).map_err(|e| corrupt("profile", e))?,
        display_name: r.display_name,
        phone,
        line_id: r.line_id,
        zalo_id: r.zalo_id,
        whatsapp_id: r.whatsapp_id,
        language: Language::parse(&r.language).map_err(|e| corrupt("profile", e))?,
        created_at: instant(r.created_at_ms)?,
        updated_at: instant(r.updated_at_ms)?,
    })
}

fn profile_to_row(p: &Profile) -> profile::ActiveModel {
    profile::ActiveModel {
        user_id: Set(p.user_id.as_str().to_owned()),
        display_name: Set(p.display_name.clone()),
        phone_country_code: Set(p.phone.as_ref().map(|x| x.country_code().to_owned())),
        phone_number: Set(p.phone.as_ref().map(|x| x.number().to_owned())),
        line_id: Set(p.line_id.clone()),
        zalo_id: Set(p.zalo_id.clone()),
        whatsapp_id: Set(p.whatsapp_id.clone()),
        language: Set(p.language.tag().to_owned()),
        created_at_ms: Set(ms(p.created_at)),
        updated_at_ms: Set(ms(p.updated_at)),
    }
}

fn opt_instant(v: Option<i64>) -> DomainResult<Option<DateTime<Utc>>> {
    v.map(instant).transpose()
}

fn refresh_from_row(r: refresh_token::Model) -> DomainResult<RefreshToken> {
    Ok(RefreshToken {
        hash: TokenHash::from_stored(r.hash),
        user_id: UserId::parse(&r.user_id).map_err(|e| corrupt("refresh token", e))?,
        family: r.family,
        auth_time: instant(r.auth_time_ms)?,
        created_at: instant(r.created_at_ms)?,
        expires_at: instant(r.expires_at_ms)?,
        used_at: opt_instant(r.used_at_ms)?,
        revoked_at: opt_instant(r.revoked_at_ms)?,
    })
}

fn code_from_row(r: action_code::Model) -> DomainResult<ActionCode> {
    Ok(ActionCode {
        hash: TokenHash::from_stored(r.hash),
        user_id: UserId::parse(&r.user_id).map_err(|e| corrupt("action code", e))?,
        mode: ActionMode::parse(&r.mode).ok_or_else(|| corrupt("action code", &r.mode))?,
        email: Email::parse(&r.email).map_err(|e| corrupt("action code", e))?,
        created_at: instant(r.created_at_ms)?,
        expires_at: instant(r.expires_at_ms)?,
        used_at: opt_instant(r.used_at_ms)?,
    })
}

fn mail_to_row(m: &Mail) -> mail_outbox::ActiveModel {
    mail_outbox::ActiveModel {
        id: Set(m.id.clone()),
        recipient: Set(m.to.as_str().to_owned()),
        kind: Set(m.kind.as_str().to_owned()),
        link: Set(m.link.clone()),
        payload: Set(m.detail.clone()),
        created_at_ms: Set(ms(m.created_at)),
        attempts: Set(0),
        next_attempt_at_ms: Set(ms(m.created_at)),
        sent_at_ms: Set(None),
        last_error: Set(None),
        language: Set(m.language.map(|l| l.tag().to_owned())),
    }
}

/// One row through its mapping, or none.
async fn one<E: EntityTrait, T>(
    select: Select<E>,
    db: &DatabaseConnection,
    read: fn(E::Model) -> DomainResult<T>,
) -> DomainResult<Option<T>> {
    select.one(db).await.map_err(storage)?.map(read).transpose()
}

fn email_taken(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// The writes of one change, in the order the domain documents; `Stale` rolls everything back.
/// Returns what the open streams are told at the commit.
async fn apply(
    txn: &DatabaseTransaction,
    c: Change,
    now_ms: i64,
) -> Result<Vec<live::Change>, CommitError> {
    if let Some(a) = &c.insert_account {
        account::Entity::insert(account_to_row(a))
            .exec(txn)
            .await
            .map_err(|e| {
                if email_taken(&e) {
                    CommitError::EmailTaken
                } else {
                    storage(e).into()
                }
            })?;
    }
    if let Some(p) = &c.name_profile {
        profile::Entity::insert(profile_to_row(p))
            .on_conflict(
                OnConflict::column(profile::Column::UserId)
                    .update_columns([profile::Column::DisplayName, profile::Column::UpdatedAtMs])
                    .to_owned(),
            )
            .exec(txn)
            .await
            .map_err(storage)?;
    }
    if let Some(a) = &c.update_account {
        account::Entity::update(account_to_row(a))
            .exec(txn)
            .await
            .map_err(|e| {
                if email_taken(&e) {
                    CommitError::EmailTaken
                } else {
                    storage(e).into()
                }
            })?;
    }
    if let Some(ticket) = &c.use_pending_link {
        let done = pending_link::Entity::delete_many()
            .filter(pending_link::Column::TicketHash.eq(ticket.as_str()))
            .filter(pending_link::Column::ExpiresAtMs.gt(now_ms))
            .exec(txn)
            .await
            .map_err(storage)?;
        if done.rows_affected != 1 {
            return Err(CommitError::Stale);
        }
    }
    if let Some(hash) = &c.consume_code {
        let done = action_code::Entity::update_many()
            .col_expr(action_code::Column::UsedAtMs, Expr::value(now_ms))
            .filter(action_code::Column::Hash.eq(hash.as_str()))
            .filter(action_code::Column::UsedAtMs.is_null())
            .exec(txn)
            .await
            .map_err(storage)?;
        if done.rows_affected != 1 {
            return Err(CommitError::Stale);
        }
    }
    if let Some(hash) = &c.use_refresh_token {
        let done = refresh_token::Entity::update_many()
            .col_expr(refresh_token::Column::UsedAtMs, Expr::value(now_ms))
            .filter(refresh_token::Column::Hash.eq(hash.as_str()))
            .filter(refresh_token::Column::UsedAtMs.is_null())
            .filter(refresh_token::Column::RevokedAtMs.is_null())
            .exec(txn)
            .await
            .map_err(storage)?;
        if done.rows_affected != 1 {
            return Err(CommitError::Stale);
        }
    }
    let revoke = refresh_token::Entity::update_many()
        .col_expr(refresh_token::Column::RevokedAtMs, Expr::value(now_ms))
        .filter(refresh_token::Column::RevokedAtMs.is_null());
    if let Some(family) = &c.revoke_family {
        revoke
            .clone()
            .filter(refresh_token::Column::Family.eq(family.as_str()))
            .exec(txn)
            .await
            .map_err(storage)?;
    }
    if let Some(user) = &c.revoke_all_of {
        revoke
            .filter(refresh_token::Column::UserId.eq(user.as_str()))
            .exec(txn)
            .await
            .map_err(storage)?;
    }
    apply_links(txn, &c).await?;
    if let Some(code) = &c.new_code {
        action_code::Entity::insert(action_code::ActiveModel {
            hash: Set(code.hash.as_str().to_owned()),
            user_id: Set(code.user_id.as_str().to_owned()),
            mode: Set(code.mode.as_str().to_owned()),
            email: Set(code.email.as_str().to_owned()),
            created_at_ms: Set(ms(code.created_at)),
            expires_at_ms: Set(ms(code.expires_at)),
            used_at_ms: Set(None),
        })
        .exec(txn)
        .await
        .map_err(storage)?;
    }
    if let Some(t) = &c.new_refresh_token {
        refresh_token::Entity::insert(refresh_token::ActiveModel {
            hash: Set(t.hash.as_str().to_owned()),
            user_id: Set(t.user_id.as_str().to_owned()),
            family: Set(t.family.clone()),
            auth_time_ms: Set(ms(t.auth_time)),
            created_at_ms: Set(ms(t.created_at)),
            expires_at_ms: Set(ms(t.expires_at)),
            used_at_ms: Set(None),
            revoked_at_ms: Set(None),
        })
        .exec(txn)
        .await
        .map_err(storage)?;
    }
    if !c.mails.is_empty() {
        mail_outbox::Entity::insert_many(c.mails.iter().map(mail_to_row))
            .exec(txn)
            .await
            .map_err(storage)?;
    }
    if let Some(audit) = &c.audit {
        insert_audit(txn, audit).await.map_err(storage)?;
    }
    // The account's open streams check their tokens again.
    Ok(c.revoke_all_of
        .iter()
        .map(|user| live::Change::access(&Holder::Account(user.clone())))
        .collect())
}

/// The change's links with identity providers. A person is linked once (provider and `sub` are
/// the key) and an account once per provider (a unique index): either conflict writes nothing.
/// An unlink locks the account's row first, so that of two parallel unlinks the second counts
/// what the first left, and refuses to leave the account with no way in.
async fn apply_links(txn: &DatabaseTransaction, c: &Change) -> Result<(), CommitError> {
    if let Some(user) = &c.unlink_all_of {
        federated_identity::Entity::delete_many()
            .filter(federated_identity::Column::UserId.eq(user.as_str()))
            .exec(txn)
            .await
            .map_err(storage)?;
    }
    if let Some((user, provider)) = &c.unlink {
        account::Entity::update_many()
            .col_expr(
                account::Column::UpdatedAtMs,
                Expr::col(account::Column::UpdatedAtMs),
            )
            .filter(account::Column::Id.eq(user.as_str()))
            .exec(txn)
            .await
            .map_err(storage)?;
        federated_identity::Entity::delete_many()
            .filter(federated_identity::Column::UserId.eq(user.as_str()))
            .filter(federated_identity::Column::Provider.eq(provider.as_str()))
            .exec(txn)
            .await
            .map_err(storage)?;
        let left = federated_identity::Entity::find()
            .filter(federated_identity::Column::UserId.eq(user.as_str()))
            .count(txn)
            .await
            .map_err(storage)?;
        let has_password = account::Entity::find_by_id(user.as_str())
            .one(txn)
            .await
            .map_err(storage)?
            .is_some_and(|a| !a.password_hash.is_empty());
        if left == 0 && !has_password {
            return Err(CommitError::Stale);
        }
    }
    if let Some(i) = &c.link {
        let written = federated_identity::Entity::insert(federated_identity::ActiveModel {
            provider: Set(i.provider.as_str().to_owned()),
            subject: Set(i.subject.clone()),
            user_id: Set(i.user_id.as_str().to_owned()),
            email: Set(i.email.clone()),
            linked_at_ms: Set(ms(i.linked_at)),
        })
        .on_conflict_do_nothing()
        .exec_without_returning(txn)
        .await;
        match written {
            Ok(TryInsertResult::Inserted(1)) => {}
            Ok(_) => return Err(CommitError::AlreadyLinked),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                return Err(CommitError::AlreadyLinked);
            }
            Err(e) => return Err(storage(e).into()),
        }
    }
    Ok(())
}

#[async_trait]
impl IdentityStore for SqlIdentityStore {
    async fn account_by_email(&self, email: &Email) -> DomainResult<Option<Account>> {
        let select = account::Entity::find().filter(account::Column::Email.eq(email.as_str()));
        one(select, &self.db, account_from_row).await
    }

    async fn account_by_id(&self, id: &UserId) -> DomainResult<Option<Account>> {
        Ok(self
            .account_signed_in(id)
            .await?
            .map(|(account, _)| account))
    }

    async fn account_signed_in(&self, id: &UserId) -> DomainResult<Option<SignedIn>> {
        // The loader runs a batch's query inside one of its lookups. Were that lookup dropped
        // mid-query (a client gone, a deadline passed), the others of the batch would never be
        // answered: dataloader 0.18 panics in them. Each lookup is a task of its own, which runs
        // to its end whoever waits for it. (Every id asked for has an answer in its batch, so the
        // loader's own error cannot happen either.)
        let (accounts, id) = (self.accounts.clone(), id.as_str().to_owned());
        tokio::spawn(async move { accounts.try_load(id).await })
            .await
            .map_err(|e| DomainError::Unavailable(format!("account lookup: {e}")))?
            .map_err(|e| DomainError::Unavailable(format!("account lookup: {e}")))?
    }

    async fn action_code(&self, hash: &TokenHash) -> DomainResult<Option<ActionCode>> {
        one(
            action_code::Entity::find_by_id(hash.as_str()),
            &self.db,
            code_from_row,
        )
        .await
    }

    async fn refresh_token(&self, hash: &TokenHash) -> DomainResult<Option<RefreshToken>> {
        one(
            refresh_token::Entity::find_by_id(hash.as_str()),
            &self.db,
            refresh_from_row,
        )
        .await
    }

    async fn commit(&self, change: Change) -> Result<(), CommitError> {
        let now_ms = ms(Utc::now());
        let txn = crate::stores::live::begin(&self.db)
            .await
            .map_err(storage)?;
        match apply(&txn, change, now_ms).await {
            Ok(changes) => txn
                .commit(now_ms, &changes)
                .await
                .map_err(|e| storage(e).into()),
            Err(e) => {
                txn.rollback().await.ok();
                Err(e)
            }
        }
    }

    async fn profile(&self, id: &UserId) -> DomainResult<Option<Profile>> {
        one(
            profile::Entity::find_by_id(id.as_str()),
            &self.db,
            profile_from_row,
        )
        .await
    }

    async fn create_profile(&self, p: &Profile) -> DomainResult<Profile> {
        profile::Entity::insert(profile_to_row(p))
            .on_conflict_do_nothing()
            .exec(&self.db)
            .await
            .map_err(storage)?;
        self.profile(&p.user_id)
            .await?
            .ok_or_else(|| corrupt("profile", "missing after insert"))
    }

    async fn save_profile(&self, p: &Profile) -> DomainResult<()> {
        let mut row = profile_to_row(p);
        row.created_at_ms = NotSet;
        profile::Entity::update(row)
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }
}
