//! A group's rows in as few statements as the connection takes: the orders, their transitions
//! and, when asked, their live events, each kind one multi-row insert, joined into one round trip.

use domain::live::{Change, Topic};
use domain::ordering::Order;
use sea_orm::sea_query::{CommonTableExpression, Expr, InsertStatement, Query, Values, WithClause};
use sea_orm::{ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryTrait, Statement};

use super::rows::{event_rows, order_to_row};
use crate::sql::common::ms;
use crate::sql::db::{DbLock, pg_lock, wire_bytes};
use crate::sql::entities::{live_event, order, order_event};
use crate::stores::live;

/// Where the live events of the orders an `insert_all` writes go.
#[derive(Clone, Copy)]
pub(super) enum Announce {
    /// In the statement that writes the orders (the last of its transaction but the commit).
    WithRows,
    /// Left to the caller, who has more to write and may wait for rows first.
    Later,
}

/// The time of the live events of `orders`: their latest change.
pub(super) fn latest(orders: &[&Order]) -> i64 {
    orders.iter().map(|o| ms(o.updated_at)).max().unwrap_or(0)
}

/// Writes `orders`, their transitions and, as `announce` says, their live events in one round
/// trip to the database (on SQLite, one call to its thread): a statement each is a wait each for
/// the whole group. A chunk past the connection's `db::message_limit` is split into parts of equal count,
/// each a statement, halved again should one still be too large.
pub(super) async fn insert_rows(
    db: &impl ConnectionTrait,
    orders: &[&Order],
    announce: Announce,
    limit: Option<usize>,
) -> Result<(), DbErr> {
    for (_, statement) in row_statements(db.get_database_backend(), orders, announce, limit)? {
        db.execute_raw(statement).await?;
    }
    Ok(())
}

/// The statements of `insert_rows`, each with the number of orders it writes, in order.
pub(super) fn row_statements(
    backend: DbBackend,
    orders: &[&Order],
    announce: Announce,
    bound: Option<usize>,
) -> Result<Vec<(usize, Statement)>, DbErr> {
    let mut statements = Vec::new();
    let mut rest = orders;
    while !rest.is_empty() {
        let mut n = rest.len();
        let statement = loop {
            let statement = rows_statement(backend, &rest[..n], announce)?;
            let size = wire_bytes(&statement);
            match bound {
                Some(bound) if n > 1 && size > bound => {
                    n = n.div_ceil(size.div_ceil(bound)).min(n / 2);
                }
                _ => break statement,
            }
        };
        statements.push((n, statement));
        rest = &rest[n..];
    }
    Ok(statements)
}

/// The statement of `insert_rows` for `orders`. On PostgreSQL the orders' insert is a `WITH` of
/// the rest (the transitions' foreign key is checked at the end of the statement, when the orders
/// are in); the live events are made from the orders inserted, joined to the call that takes the
/// live-events lock, so that the lock is held before their first id is drawn (see `live`).
/// SQLite, the only other backend, takes the inserts in one string, under its write lock.
fn rows_statement(
    backend: DbBackend,
    orders: &[&Order],
    announce: Announce,
) -> Result<Statement, DbErr> {
    let mut orders_insert =
        order::Entity::insert_many(orders.iter().map(|o| order_to_row(o))).into_query();
    let events_insert = events_of(orders);
    let at = latest(orders);
    Ok(match (backend, announce) {
        (DbBackend::Postgres, Announce::Later) => {
            backend.build(&events_insert.with(with_orders(orders_insert)))
        }
        (DbBackend::Postgres, Announce::WithRows) => {
            orders_insert
                .returning(Query::returning().columns([order::Column::Owner, order::Column::Id]));
            let mut with = with_orders(orders_insert);
            with.cte(
                CommonTableExpression::new()
                    .query(events_insert)
                    .table_name("new_events")
                    .to_owned(),
            );
            backend.build(&live_of_new_orders(at)?.with(with))
        }
        (_, Announce::Later) => joined(backend, &[&orders_insert, &events_insert]),
        (_, Announce::WithRows) => {
            let changes: Vec<Change> = orders.iter().map(|o| Change::order(o)).collect();
            let live_insert = live::insert(at, &changes).into_query();
            joined(backend, &[&orders_insert, &events_insert, &live_insert])
        }
    })
}

/// On PostgreSQL, the insert of a live event for each row of `new_orders`, under the lock.
fn live_of_new_orders(at: i64) -> Result<InsertStatement, DbErr> {
    let new = "new_orders";
    let announce = Query::select()
        .expr(Expr::val(at))
        .column((new, order::Column::Owner))
        .expr(Expr::val(Topic::Order.code()))
        .column((new, order::Column::Id))
        .from(new)
        .from_subquery(
            Query::select().expr(pg_lock(DbLock::LiveEvents)).to_owned(),
            "lock",
        )
        .to_owned();
    Ok(Query::insert()
        .into_table(live_event::Entity)
        .columns([
            live_event::Column::AtMs,
            live_event::Column::Owner,
            live_event::Column::Topic,
            live_event::Column::Subject,
        ])
        .select_from(announce)
        .map_err(|e| DbErr::Custom(e.to_string()))?
        .to_owned())
}

/// The insert of the transitions of `orders`; every new order has at least its creation.
fn events_of(orders: &[&Order]) -> InsertStatement {
    order_event::Entity::insert_many(orders.iter().flat_map(|o| event_rows(o, 0))).into_query()
}

/// A `WITH` clause that inserts the orders as `new_orders`.
fn with_orders(orders_insert: InsertStatement) -> WithClause {
    WithClause::new()
        .cte(
            CommonTableExpression::new()
                .query(orders_insert)
                .table_name("new_orders")
                .to_owned(),
        )
        .to_owned()
}

/// SQLite's statements in one string, for one call to its thread (inside a transaction, which
/// makes them one change).
fn joined(backend: DbBackend, statements: &[&InsertStatement]) -> Statement {
    let built: Vec<Statement> = statements.iter().map(|s| backend.build(*s)).collect();
    let sql = built
        .iter()
        .map(|b| b.sql.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    let values = built
        .into_iter()
        .flat_map(|b| b.values)
        .flat_map(|v| v.0)
        .collect();
    Statement::from_sql_and_values(backend, sql, Values(values))
}

#[cfg(test)]
mod tests {
    use domain::ordering::{Contact, Direction, OrderId, ServiceDetails, ShuttleDetails};
    use domain::shared::{LocalTime, Phone, UserId};

    use domain::catalog::Category;

    use super::*;
    use crate::stores::orders::writer::GROUP;

    fn orders(count: usize) -> Vec<Order> {
        let plan = crate::testing::plan("shuttle-sgn-4", Category::Shuttle, 1, 480_000);
        let start = LocalTime::parse("start", "2026-12-01T10:00").unwrap();
        let at = "2026-11-25T00:00:00Z".parse().unwrap();
        (0..count)
            .map(|n| {
                let details = ServiceDetails::Shuttle(ShuttleDetails {
                    direction: Direction::PickUp,
                    flight_number: "VN123".into(),
                    start,
                    departure: None,
                    address: "Caravelle Saigon".into(),
                    passengers: 3,
                    luggage: 2,
                    child_seats: 1,
                    extra_stops: 0,
                });
                let contact =
                    Contact::new("Bench", Phone::parse("84", "901234567").unwrap(), None).unwrap();
                Order::create(
                    OrderId::parse(&format!("BK-{n}")).unwrap(),
                    UserId::parse(&format!("u{n}")).unwrap(),
                    &plan,
                    details,
                    Some(contact),
                    "備註".into(),
                    at,
                    chrono::Duration::minutes(60),
                )
                .unwrap()
            })
            .collect()
    }

    // Over TLS a message of more than one record waits 40 ms for the server's delayed ACK: every
    // statement of a full group fits in one, and together they write each order once. Without
    // TLS the bound is higher, and SQLite has none.
    #[test]
    fn a_groups_rows_on_postgres_go_in_statements_within_their_bound() {
        let orders = orders(GROUP);
        let all: Vec<&Order> = orders.iter().collect();
        let mut counts = Vec::new();
        for bound in [12 * 1024, 22 * 1024] {
            for announce in [Announce::WithRows, Announce::Later] {
                let statements =
                    row_statements(DbBackend::Postgres, &all, announce, Some(bound)).unwrap();
                for (_, s) in &statements {
                    assert!(wire_bytes(s) <= bound, "{} bytes", wire_bytes(s));
                }
                assert_eq!(statements.iter().map(|(n, _)| n).sum::<usize>(), GROUP);
                counts.push(statements.len());
            }
        }
        assert!(counts[0] > counts[2] && counts[2] > 1, "{counts:?}");
        let on_sqlite = row_statements(DbBackend::Sqlite, &all, Announce::WithRows, None).unwrap();
        assert_eq!(on_sqlite.len(), 1);
    }
}
