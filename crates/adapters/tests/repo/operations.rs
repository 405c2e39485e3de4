//! Service keys and the audit log on both databases: an audit entry is written with the change it
//! records or not at all.

use adapters::{SqlOperationsStore, on_both_databases};
use domain::audit::AuditEntry;
use domain::identity::TokenHash;
use domain::operations::{AuditFilter, AuditLog, ServiceKey, StaffStore};
use domain::ordering::{Actor, Order, OrderStore, StoreError};
use domain::payment::SettleError;
use domain::shared::PageRequest;
use sea_orm::DatabaseConnection;

use super::orders::now;
use super::payments::{pending_order, settle, spend};

fn entry(n: u32, action: &str, target: &str) -> AuditEntry {
    AuditEntry {
        id: format!("au-{n}"),
        at: now() + chrono::Duration::seconds(i64::from(n)),
        actor: "service:dispatch".into(),
        action: action.into(),
        target: target.into(),
        before: "b".into(),
        after: "a".into(),
        reason: String::new(),
    }
}

pub(super) async fn actions(store: &SqlOperationsStore, target: Option<&str>) -> Vec<String> {
    let filter = AuditFilter {
        target: target.map(str::to_owned),
        ..AuditFilter::default()
    };
    store
        .list(&filter, &PageRequest::first(50))
        .await
        .unwrap()
        .items
        .into_iter()
        .map(|e| e.action)
        .collect()
}

on_both_databases!(
    audit_entries_go_with_their_changes,
    |db: DatabaseConnection| async move {
        let audit = SqlOperationsStore::new(db.clone());
        let (payments, orders, order, owner) = pending_order(&db).await;
        let target = format!("order:{}", order.id.as_str());

        // A save refused as stale records nothing; the one that lands records its action.
        let mut cancelled = order.clone();
        cancelled
            .cancel(Actor::Operator("ops".into()), "test", now())
            .unwrap();
        let mut stale = cancelled.clone();
        stale.version += 1;
        assert_eq!(
            audited(&*orders, &stale, &entry(1, "order.cancel", &target)).await,
            Err(StoreError::Stale)
        );
        assert!(actions(&audit, Some(&target)).await.is_empty());

        // A settlement that would overdraw leaves neither the payment nor its audit entry.
        let mut short = spend(&order, &owner, 1);
        short.0.audit = Some(entry(2, "order.mark_transfer_paid", &target));
        assert_eq!(
            settle(&payments, &*orders, &short).await,
            Err(SettleError::Insufficient)
        );
        assert!(actions(&audit, Some(&target)).await.is_empty());

        audited(&*orders, &cancelled, &entry(3, "order.cancel", &target))
            .await
            .unwrap();
        assert_eq!(actions(&audit, Some(&target)).await, ["order.cancel"]);
    }
);

on_both_databases!(
    keys_are_found_by_hash_and_revoked_once,
    |db: DatabaseConnection| async move {
        let store = SqlOperationsStore::new(db.clone());
        let key = ServiceKey {
            id: "key-1".into(),
            name: "dispatch".into(),
            hash: TokenHash::of("bks_secret"),
            created_by: "shell:admin".into(),
            created_at: now(),
            revoked_at: None,
            admin: true,
        };
        store
            .insert_key(&key, &entry(1, "key.issue", "key:key-1"))
            .await
            .unwrap();
        assert_eq!(
            store
                .key_by_hash(&TokenHash::of("bks_secret"))
                .await
                .unwrap(),
            Some(key)
        );
        assert_eq!(
            store
                .key_by_hash(&TokenHash::of("bks_other"))
                .await
                .unwrap(),
            None
        );
        for n in [2, 3] {
            store
                .revoke_key("key-1", now(), &entry(n, "key.revoke", "key:key-1"))
                .await
                .unwrap();
        }
        assert!(
            store
                .key("key-1")
                .await
                .unwrap()
                .unwrap()
                .revoked_at
                .is_some()
        );
        assert_eq!(
            actions(&store, Some("key:key-1")).await,
            ["key.revoke", "key.issue"],
            "a second revocation changes nothing and is not recorded"
        );

        // Pages follow one another, newest first, without gaps or repeats.
        let first = store
            .list(&AuditFilter::default(), &PageRequest::first(1))
            .await
            .unwrap();
        let second = store
            .list(
                &AuditFilter::default(),
                &PageRequest::new(1, first.next_token).unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(first.items[0].id, "au-2");
        assert_eq!(second.items[0].id, "au-1");
        assert_eq!(second.next_token, None);
    }
);

/// An order saved with its audit entry in a unit of its own, committed.
async fn audited(
    orders: &dyn OrderStore,
    order: &Order,
    audit: &domain::audit::AuditEntry,
) -> Result<(), StoreError> {
    let mut unit = orders.begin().await?;
    orders.save_audited_in(&mut unit, order, audit).await?;
    Ok(unit.commit().await?)
}
