//! The accounts as operators look them up: customers with their profile's name and phone and
//! their wallet's balance, newest sign-ups first; and the staff.

use std::collections::HashMap;

use async_trait::async_trait;
use domain::DomainResult;
use domain::identity::{Account, Role};
use domain::operations::{AccountDirectory, CustomerCard, CustomerFilter};
use domain::shared::{Money, Page, PageRequest, UserId};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};

use crate::sql::common::{instant, storage};
use crate::sql::entities::{account, profile, wallet};
use crate::sql::paging::newest_first;

pub struct SqlAccountDirectory {
    db: DatabaseConnection,
}

impl SqlAccountDirectory {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// The cards of these accounts, their profiles and wallets read in one query each.
    async fn cards(&self, accounts: Vec<account::Model>) -> DomainResult<Vec<CustomerCard>> {
        let ids: Vec<String> = accounts.iter().map(|a| a.id.clone()).collect();
        let profiles: HashMap<String, profile::Model> = profile::Entity::find()
            .filter(profile::Column::UserId.is_in(ids.clone()))
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(|p| (p.user_id.clone(), p))
            .collect();
        let balances: HashMap<String, i64> = wallet::Entity::find()
            .filter(wallet::Column::Owner.is_in(ids))
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(|w| (w.owner, w.balance_vnd))
            .collect();
        accounts
            .into_iter()
            .map(|a| {
                let profile = profiles.get(&a.id);
                let phone = profile.and_then(|p| {
                    Some(format!(
                        "+{} {}",
                        p.phone_country_code.as_deref()?,
                        p.phone_number.as_deref()?
                    ))
                });
                Ok(CustomerCard {
                    id: UserId::parse(&a.id)?,
                    display_name: profile.map(|p| p.display_name.clone()).unwrap_or_default(),
                    phone,
                    created_at: instant(a.created_at_ms)?,
                    disabled: a.disabled,
                    balance: Money::vnd(balances.get(&a.id).copied().unwrap_or(0)),
                    email: a.email,
                })
            })
            .collect()
    }
}

#[async_trait]
impl AccountDirectory for SqlAccountDirectory {
    async fn staff(&self) -> DomainResult<Vec<Account>> {
        let rows = account::Entity::find()
            .filter(account::Column::Role.is_in([Role::Operator.code(), Role::Admin.code()]))
            .order_by_asc(account::Column::CreatedAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?;
        rows.into_iter()
            .map(crate::stores::identity::account_from_row)
            .collect()
    }

    async fn find(
        &self,
        filter: &CustomerFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<CustomerCard>> {
        let mut query =
            account::Entity::find().filter(account::Column::Role.eq(Role::Customer.code()));
        if let Some(part) = &filter.email_part {
            query = query.filter(account::Column::Email.contains(part.as_str()));
        }
        if let Some(numbers) = &filter.phone_numbers {
            query = query.filter(
                account::Column::Id.in_subquery(
                    Query::select()
                        .column(profile::Column::UserId)
                        .from(profile::Entity)
                        .and_where(profile::Column::PhoneNumber.is_in(numbers))
                        .to_owned(),
                ),
            );
        }
        let (rows, next_token) = newest_first(
            &self.db,
            query,
            (account::Column::CreatedAtMs, account::Column::Id),
            page,
            |r| (r.created_at_ms, &r.id),
        )
        .await?;
        Ok(Page {
            items: self.cards(rows).await?,
            next_token,
        })
    }

    async fn card(&self, id: &UserId) -> DomainResult<Option<CustomerCard>> {
        let found = account::Entity::find_by_id(id.as_str())
            .filter(account::Column::Role.eq(Role::Customer.code()))
            .one(&self.db)
            .await
            .map_err(storage)?;
        match found {
            Some(a) => Ok(self.cards(vec![a]).await?.pop()),
            None => Ok(None),
        }
    }
}
