//! E-invoices in SQL. An order's save writes the invoice its step calls for (`queue`, in the
//! save's transaction; its id is the order's and the step's, unique); after that every change is
//! one update conditional on the invoice's state, so two nodes never send one at once nor retry
//! it twice. An invoice issued is mailed to its buyer in the transaction that records it.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::audit::AuditEntry;
use domain::catalog::Category;
use domain::identity::MailKind;
use domain::invoicing::{
    self, Buyer, Company, Invoice, InvoiceId, InvoiceKind, InvoiceState, InvoiceStore, TaxCode,
};
use domain::live::Change;
use domain::ordering::{Order, OrderId};
use domain::shared::{Money, Page, PageRequest, UserId, web_pages};
use domain::{DomainError, DomainResult};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, NotSet,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::providers::mail::{InvoiceFacts, NoticeFacts};
use crate::sql::common::{corrupt, insert_audit, instant, json, ms, storage};
use crate::sql::entities::invoice::{self, Column};
use crate::sql::entities::{account, invoice_buyer, mail_outbox, order};
use crate::sql::paging::oldest_first;
use crate::stores::live;

pub struct SqlInvoiceStore {
    db: DatabaseConnection,
}

impl SqlInvoiceStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

/// Writes the invoice order `o`'s new step calls for, if any (`invoicing::due`), in the order's
/// save's transaction: the buyer as the order names them, or the company they asked for. An
/// order that was never paid has none and is not read for.
pub(crate) async fn queue(db: &impl ConnectionTrait, o: &Order) -> Result<(), DbErr> {
    if !invoicing::may_be_invoiced(o) {
        return Ok(());
    }
    let before: Vec<(String, i64)> = invoice::Entity::find()
        .select_only()
        .column(Column::Kind)
        .column(Column::AmountVnd)
        .filter(Column::OrderId.eq(o.id.as_str()))
        .into_tuple()
        .all(db)
        .await?;
    let invoiced = before.iter().fold(Money::ZERO, |sum, (kind, amount)| {
        let kind = InvoiceKind::from_code(kind).unwrap_or(InvoiceKind::Original);
        sum + kind.signed(Money::vnd(*amount))
    });
    if invoicing::sold(o) == invoiced {
        return Ok(());
    }
    let email = account::Entity::find_by_id(o.owner.as_str())
        .one(db)
        .await?
        .map(|a| a.email)
        .unwrap_or_default();
    let company = invoice_buyer::Entity::find_by_id(o.id.as_str())
        .one(db)
        .await?
        .and_then(company_of);
    let buyer = Buyer::of(o, email, company);
    if let Some(due) = invoicing::due(o, invoiced, !before.is_empty(), buyer) {
        invoice::Entity::insert(to_row(&due))
            .on_conflict(OnConflict::column(Column::Id).do_nothing().to_owned())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

fn company_of(b: invoice_buyer::Model) -> Option<Company> {
    Some(Company {
        name: b.company_name,
        tax_code: TaxCode::parse(&b.company_tax_code).ok()?,
        address: b.company_address,
    })
}

fn to_row(i: &Invoice) -> invoice::ActiveModel {
    let company = i.buyer.company.as_ref();
    invoice::ActiveModel {
        id: Set(i.id.as_str().into()),
        order_id: Set(i.order.as_str().into()),
        owner: Set(i.owner.as_str().into()),
        kind: Set(i.kind.code().into()),
        amount_vnd: Set(i.amount.amount()),
        category: Set(i.category.slug().into()),
        item: Set(i.item.chars().take(200).collect()),
        buyer_name: Set(i.buyer.name.chars().take(100).collect()),
        buyer_email: Set(i.buyer.email.clone()),
        company_name: Set(company.map(|c| c.name.clone())),
        company_tax_code: Set(company.map(|c| c.tax_code.digits().to_owned())),
        company_address: Set(company.map(|c| c.address.clone())),
        state: Set(i.state.code().into()),
        attempts: Set(i32::try_from(i.attempts).unwrap_or(i32::MAX)),
        next_at_ms: Set(ms(i.next_at)),
        lease_until_ms: Set(None),
        reason: Set(i.reason.clone()),
        number: Set(i.number.clone()),
        lookup_code: Set(i.lookup_code.clone()),
        lookup_url: Set(i.lookup_url.clone()),
        issued_at_ms: Set(i.issued_at.map(ms)),
        created_at_ms: Set(ms(i.created_at)),
    }
}

fn from_row(r: invoice::Model) -> DomainResult<Invoice> {
    let bad = |e: DomainError| corrupt("invoice", e);
    let company = match (r.company_name, r.company_tax_code, r.company_address) {
        (Some(name), Some(code), Some(address)) => Some(Company {
            name,
            tax_code: TaxCode::parse(&code).map_err(bad)?,
            address,
        }),
        _ => None,
    };
    Ok(Invoice {
        id: InvoiceId::parse(&r.id).map_err(bad)?,
        order: OrderId::parse(&r.order_id).map_err(bad)?,
        owner: UserId::parse(&r.owner).map_err(bad)?,
        kind: InvoiceKind::from_code(&r.kind).map_err(bad)?,
        amount: Money::vnd(r.amount_vnd),
        category: Category::from_slug(&r.category).map_err(bad)?,
        item: r.item,
        buyer: Buyer {
            name: r.buyer_name,
            email: r.buyer_email,
            company,
        },
        state: InvoiceState::from_code(&r.state).map_err(bad)?,
        attempts: u32::try_from(r.attempts).unwrap_or(0),
        next_at: instant(r.next_at_ms)?,
        reason: r.reason,
        number: r.number,
        lookup_code: r.lookup_code,
        lookup_url: r.lookup_url,
        issued_at: r.issued_at_ms.map(instant).transpose()?,
        created_at: instant(r.created_at_ms)?,
    })
}

/// Writes `row` over invoice `id` if it is still in `state` (one conditional update, so of two
/// nodes or operators at once one writes); whether it did.
async fn write_if(
    db: &impl ConnectionTrait,
    row: invoice::ActiveModel,
    id: &InvoiceId,
    state: InvoiceState,
) -> DomainResult<bool> {
    let written = invoice::Entity::update_many()
        .set(row)
        .filter(Column::Id.eq(id.as_str()))
        .filter(Column::State.eq(state.code()))
        .exec(db)
        .await
        .map_err(storage)?;
    Ok(written.rows_affected == 1)
}

/// The row's writable columns for an update by id.
fn update_of(i: &Invoice) -> invoice::ActiveModel {
    invoice::ActiveModel {
        id: NotSet,
        ..to_row(i)
    }
}

/// The mail that tells the buyer where their invoice is, in their profile's language.
async fn mail_issued(db: &impl ConnectionTrait, i: &Invoice) -> Result<(), DbErr> {
    let Some(owner) = account::Entity::find_by_id(i.owner.as_str())
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let at = i.issued_at.unwrap_or(i.next_at);
    let facts = NoticeFacts {
        order_id: i.order.as_str().to_owned(),
        plan: i.item.clone(),
        total_vnd: i.kind.signed(i.amount).amount(),
        start: String::new(),
        place: String::new(),
        flight: String::new(),
        room: String::new(),
        minutes: 0,
        reason: String::new(),
        driver: None,
        invoice: Some(InvoiceFacts {
            number: i.number.clone().unwrap_or_default(),
            lookup_code: i.lookup_code.clone().unwrap_or_default(),
            lookup_url: i.lookup_url.clone().unwrap_or_default(),
            adjusts: i.kind != InvoiceKind::Original,
        }),
    };
    mail_outbox::Entity::insert(mail_outbox::ActiveModel {
        id: Set(format!("iv-{}", i.id.as_str())),
        recipient: Set(owner.email),
        kind: Set(MailKind::InvoiceIssued.as_str().to_owned()),
        link: Set(Some(web_pages::member_order(i.order.as_str()))),
        payload: Set(Some(json(&facts))),
        created_at_ms: Set(ms(at)),
        attempts: Set(0),
        next_attempt_at_ms: Set(ms(at)),
        sent_at_ms: Set(None),
        last_error: Set(None),
        language: Set(None),
    })
    .on_conflict(
        OnConflict::column(mail_outbox::Column::Id)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

#[async_trait]
impl InvoiceStore for SqlInvoiceStore {
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> DomainResult<Vec<Invoice>> {
        let free = || {
            Condition::any()
                .add(Column::LeaseUntilMs.is_null())
                .add(Column::LeaseUntilMs.lt(ms(now)))
        };
        // An adjustment waits for the invoices before it: it names its original's number.
        let first_open = Expr::cust(
            "NOT EXISTS (SELECT 1 FROM invoices e WHERE e.order_id = invoices.order_id \
             AND e.created_at_ms < invoices.created_at_ms AND e.state <> 'ISSUED')",
        );
        let due: Vec<String> = invoice::Entity::find()
            .select_only()
            .column(Column::Id)
            .filter(Column::State.eq(InvoiceState::Pending.code()))
            .filter(Column::NextAtMs.lte(ms(now)))
            .filter(free())
            .filter(first_open)
            .order_by_asc(Column::NextAtMs)
            .limit(u64::from(limit))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)?;
        let mut won = Vec::new();
        for id in due {
            // Taken only if no other node took it since it was read.
            let taken = invoice::Entity::update_many()
                .col_expr(Column::LeaseUntilMs, Expr::value(ms(lease_until)))
                .col_expr(Column::Attempts, Expr::col(Column::Attempts).add(1))
                .filter(Column::Id.eq(id.as_str()))
                .filter(Column::State.eq(InvoiceState::Pending.code()))
                .filter(free())
                .exec(&self.db)
                .await
                .map_err(storage)?;
            if taken.rows_affected == 1 {
                won.push(id);
            }
        }
        invoice::Entity::find()
            .filter(Column::Id.is_in(won))
            .order_by_asc(Column::CreatedAtMs)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(from_row)
            .collect()
    }

    async fn answered(&self, i: &Invoice) -> DomainResult<()> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        // The tries are the claim's to count.
        let mut row = update_of(i);
        row.attempts = NotSet;
        let written = write_if(&*txn, row, &i.id, InvoiceState::Pending).await?;
        if written && i.state == InvoiceState::Issued {
            mail_issued(&*txn, i).await.map_err(storage)?;
        }
        let change = Change::order_part(i.owner.as_str(), &i.order);
        txn.commit(ms(i.issued_at.unwrap_or(i.next_at)), &[change])
            .await
            .map_err(storage)
    }

    async fn get(&self, id: &InvoiceId) -> DomainResult<Option<Invoice>> {
        invoice::Entity::find_by_id(id.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .map(from_row)
            .transpose()
    }

    async fn of_order(&self, order: &OrderId) -> DomainResult<Vec<Invoice>> {
        invoice::Entity::find()
            .filter(Column::OrderId.eq(order.as_str()))
            .order_by_asc(Column::CreatedAtMs)
            .order_by_asc(Column::Id)
            .all(&self.db)
            .await
            .map_err(storage)?
            .into_iter()
            .map(from_row)
            .collect()
    }

    async fn failed(&self, page: &PageRequest) -> DomainResult<Page<Invoice>> {
        let query = invoice::Entity::find().filter(Column::State.eq(InvoiceState::Failed.code()));
        let (rows, next_token) = oldest_first(
            &self.db,
            query,
            (Column::CreatedAtMs, Column::Id),
            page,
            |r| (r.created_at_ms, r.id.as_str()),
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

    async fn retry(&self, i: &Invoice, audit: &AuditEntry) -> DomainResult<bool> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        let mut row = update_of(i);
        row.lease_until_ms = NotSet;
        if !write_if(&*txn, row, &i.id, InvoiceState::Failed).await? {
            txn.rollback().await.map_err(storage)?;
            return Ok(false);
        }
        insert_audit(&*txn, audit).await.map_err(storage)?;
        let change = Change::order_part(i.owner.as_str(), &i.order);
        txn.commit(ms(audit.at), &[change]).await.map_err(storage)?;
        Ok(true)
    }

    async fn set_company(
        &self,
        order_id: &OrderId,
        owner: &UserId,
        company: Option<&Company>,
        at: DateTime<Utc>,
    ) -> DomainResult<bool> {
        let txn = live::begin(&self.db).await.map_err(storage)?;
        // The order's row, locked (on SQLite the write transaction is the lock): a payment
        // saving it meanwhile waits, then reads the company as this leaves it.
        let locked = order::Entity::find_by_id(order_id.as_str())
            .select_only()
            .column(order::Column::Id)
            .lock_exclusive()
            .into_tuple::<String>()
            .one(&*txn)
            .await
            .map_err(storage)?;
        let invoiced = invoice::Entity::find()
            .filter(Column::OrderId.eq(order_id.as_str()))
            .one(&*txn)
            .await
            .map_err(storage)?;
        if locked.is_none() || invoiced.is_some() {
            txn.rollback().await.map_err(storage)?;
            return Ok(false);
        }
        invoice_buyer::Entity::delete_by_id(order_id.as_str())
            .exec(&*txn)
            .await
            .map_err(storage)?;
        if let Some(c) = company {
            invoice_buyer::Entity::insert(invoice_buyer::ActiveModel {
                order_id: Set(order_id.as_str().into()),
                company_name: Set(c.name.clone()),
                company_tax_code: Set(c.tax_code.digits().to_owned()),
                company_address: Set(c.address.clone()),
            })
            .exec_without_returning(&*txn)
            .await
            .map_err(storage)?;
        }
        let change = Change::order_part(owner.as_str(), order_id);
        txn.commit(ms(at), &[change]).await.map_err(storage)?;
        Ok(true)
    }

    async fn company(&self, order: &OrderId) -> DomainResult<Option<Company>> {
        Ok(invoice_buyer::Entity::find_by_id(order.as_str())
            .one(&self.db)
            .await
            .map_err(storage)?
            .and_then(company_of))
    }
}
