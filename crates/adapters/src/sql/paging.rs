//! Keyset pages: a list's page token is the last row's sort key (milliseconds or a sort order)
//! and id, `{key}.{id}`, so a page never skips or repeats rows written meanwhile.

use domain::error::msg;
use domain::shared::PageRequest;
use domain::{DomainError, DomainResult};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder,
    QuerySelect, Select,
};

use crate::sql::common::storage;

/// A token this store gave out, read back; anything else is the client's mistake.
pub(crate) fn decode_cursor<K: std::str::FromStr>(token: &str) -> DomainResult<(K, String)> {
    let bad = || DomainError::invalid("page_token", msg("page.token"));
    let (key, id) = token.split_once('.').ok_or_else(bad)?;
    let key = key.parse::<K>().map_err(|_| bad())?;
    let id_ok = (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !id_ok {
        return Err(bad());
    }
    Ok((key, id.to_owned()))
}

/// One page of `query`, newest first by a time in milliseconds (`at`), then by id; `key` reads
/// a row's time and id for the next page's token.
pub(crate) async fn newest_first<E: EntityTrait>(
    db: &impl ConnectionTrait,
    query: Select<E>,
    columns: (E::Column, E::Column),
    page: &PageRequest,
    key: impl Fn(&E::Model) -> (i64, &str),
) -> DomainResult<(Vec<E::Model>, Option<String>)> {
    by_time(db, query, columns, page, key, Order::Desc).await
}

/// `newest_first`, oldest first: a queue of tasks.
pub(crate) async fn oldest_first<E: EntityTrait>(
    db: &impl ConnectionTrait,
    query: Select<E>,
    columns: (E::Column, E::Column),
    page: &PageRequest,
    key: impl Fn(&E::Model) -> (i64, &str),
) -> DomainResult<(Vec<E::Model>, Option<String>)> {
    by_time(db, query, columns, page, key, Order::Asc).await
}

async fn by_time<E: EntityTrait>(
    db: &impl ConnectionTrait,
    mut query: Select<E>,
    (at, id): (E::Column, E::Column),
    page: &PageRequest,
    key: impl Fn(&E::Model) -> (i64, &str),
    order: Order,
) -> DomainResult<(Vec<E::Model>, Option<String>)> {
    if let Some(token) = page.token() {
        let (ms, last) = decode_cursor::<i64>(token)?;
        let (past_at, past_id) = match order {
            Order::Desc => (at.lt(ms), id.lt(last)),
            _ => (at.gt(ms), id.gt(last)),
        };
        query = query.filter(
            Condition::any()
                .add(past_at)
                .add(Condition::all().add(at.eq(ms)).add(past_id)),
        );
    }
    let size = page.size() as usize;
    let mut rows = query
        .order_by(at, order.clone())
        .order_by(id, order)
        .limit(size as u64 + 1)
        .all(db)
        .await
        .map_err(storage)?;
    let next = if rows.len() > size {
        rows.truncate(size);
        rows.last().map(|r| {
            let (ms, id) = key(r);
            format!("{ms}.{id}")
        })
    } else {
        None
    };
    Ok((rows, next))
}

#[cfg(test)]
mod tests {
    use super::decode_cursor;

    #[test]
    fn cursors_are_checked() {
        assert_eq!(
            decode_cursor::<i32>("10.shuttle-sgn-4").ok(),
            Some((10, "shuttle-sgn-4".into()))
        );
        for bad in ["", "10", "x.shuttle", "10.Bad Id", "10."] {
            assert!(decode_cursor::<i32>(bad).is_err(), "{bad:?}");
        }
    }
}
