//! One mailbox, one account: e-mail addresses stored before the domain's normal form (NFKC, lower
//! case, the domain in IDNA ASCII) are rewritten to it. Where two accounts would then share an
//! address, neither is changed or merged: each one left out is written to `email_collisions` and
//! to standard error for an operator to settle, and the migration goes on.

use domain::identity::Email;
use sea_orm_migration::sea_orm::{ConnectionTrait, FromQueryResult};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Id,
    Email,
    CreatedAtMs,
}

#[derive(DeriveIden)]
enum EmailCollisions {
    Table,
    AccountId,
    Email,
    Normalised,
    /// The account that has (or was given) the address.
    HeldBy,
}

#[derive(FromQueryResult)]
struct Row {
    id: String,
    email: String,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(EmailCollisions::Table)
                .col(string_len(EmailCollisions::AccountId, 64).primary_key())
                .col(string_len(EmailCollisions::Email, 254))
                .col(string_len(EmailCollisions::Normalised, 254))
                .col(string_len(EmailCollisions::HeldBy, 64))
                .to_owned(),
        )
        .await?;
        let db = m.get_connection();
        let select = Query::select()
            .columns([Accounts::Id, Accounts::Email])
            .from(Accounts::Table)
            .order_by(Accounts::CreatedAtMs, Order::Asc)
            .order_by(Accounts::Id, Order::Asc)
            .to_owned();
        let rows = Row::find_by_statement(db.get_database_backend().build(&select))
            .all(db)
            .await?;
        // Who holds each normal form: first an account already in it, then the oldest.
        let mut holder = std::collections::HashMap::<String, String>::new();
        let normal = |email: &str| Email::parse(email).map(|e| e.as_str().to_owned()).ok();
        for r in &rows {
            if normal(&r.email).as_deref() == Some(r.email.as_str()) {
                holder.insert(r.email.clone(), r.id.clone());
            }
        }
        for r in &rows {
            let Some(form) = normal(&r.email).filter(|f| *f != r.email) else {
                continue;
            };
            match holder.get(&form) {
                None => {
                    holder.insert(form.clone(), r.id.clone());
                    let update = Query::update()
                        .table(Accounts::Table)
                        .value(Accounts::Email, form)
                        .and_where(Expr::col(Accounts::Id).eq(r.id.as_str()))
                        .to_owned();
                    db.execute(&update).await?;
                }
                Some(held_by) => {
                    eprintln!(
                        "e-mail collision: account {} ({}) is the same mailbox as account {held_by} \
                         ({form}); left as it is, recorded in email_collisions",
                        r.id, r.email
                    );
                    let insert = Query::insert()
                        .into_table(EmailCollisions::Table)
                        .columns([
                            EmailCollisions::AccountId,
                            EmailCollisions::Email,
                            EmailCollisions::Normalised,
                            EmailCollisions::HeldBy,
                        ])
                        .values_panic([
                            r.id.as_str().into(),
                            r.email.as_str().into(),
                            form.into(),
                            held_by.as_str().into(),
                        ])
                        .to_owned();
                    db.execute(&insert).await?;
                }
            }
        }
        Ok(())
    }
}
