//! Refund parts against real databases: a part is made once per order and payment, sent by one
//! node however many ask at once (and not again while it is held or before its next time), and
//! closed by one operator however many press at once, with one audit entry.

use std::sync::Arc;

use adapters::{SqlOperationsStore, SqlRefundStore, on_both_databases};
use chrono::Duration;
use domain::audit::AuditEntry;
use domain::ordering::Order;
use domain::payment::refund::{PayeeAccount, RefundId, RefundPart, RefundState, Route};
use domain::payment::{PaymentId, RefundStore, SettleError, Settlement};
use domain::shared::{Money, PageRequest, UserId};
use sea_orm::DatabaseConnection;

use super::operations::actions;
use super::orders::now;
use super::payments::pending_order;

fn part(o: &Order, owner: &UserId, n: u32, route: Route) -> RefundPart {
    RefundPart {
        id: RefundId::parse(&format!("RF261122TEST{n:08}")).unwrap(),
        order: o.id.clone(),
        owner: owner.clone(),
        payment: Some(PaymentId::parse(&format!("PY261122TEST{n:08}")).unwrap()),
        cause: "cancel".into(),
        route,
        amount: Money::vnd(150_000),
        state: RefundState::Pending,
        account: (route == Route::Bank)
            .then(|| PayeeAccount::parse("Vietcombank", "0071000123456", "NGUYEN VAN AN").unwrap()),
        attempts: 0,
        next_at: now(),
        answer: None,
        created_at: now() + Duration::milliseconds(i64::from(n)),
        done_at: None,
        closed_by: None,
    }
}

fn made(parts: Vec<RefundPart>) -> Settlement {
    Settlement {
        refunds: parts,
        ..Settlement::default()
    }
}

/// Eight nodes' claims at `at`, at once: every part any of them took.
async fn claims(
    refunds: &Arc<SqlRefundStore>,
    at: chrono::DateTime<chrono::Utc>,
) -> Vec<RefundPart> {
    let mut claiming = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let refunds = refunds.clone();
        claiming.spawn(async move {
            refunds
                .claim_due(at, at + Duration::minutes(2), 10)
                .await
                .unwrap()
        });
    }
    let mut taken = Vec::new();
    while let Some(done) = claiming.join_next().await {
        taken.extend(done.unwrap());
    }
    taken
}

on_both_databases!(
    a_refund_part_is_made_once_sent_by_one_node_and_closed_by_one_operator,
    |db: DatabaseConnection| async move {
        let (store, _orders, o, owner) = pending_order(&db).await;
        let refunds = Arc::new(SqlRefundStore::new(db.clone()));
        let vnpay = part(&o, &owner, 1, Route::VnPay);
        let bank = part(&o, &owner, 2, Route::Bank);
        store
            .settle_alone(&made(vec![vnpay.clone(), bank.clone()]))
            .await
            .unwrap();
        // A second part for the same payment is refused, and with it the whole settlement.
        let again = RefundPart {
            id: RefundId::parse("RF261122TEST00000009").unwrap(),
            ..vnpay.clone()
        };
        assert_eq!(
            store.settle_alone(&made(vec![again])).await,
            Err(SettleError::Stale)
        );
        let kept = refunds.of_order(&o.id).await.unwrap();
        assert_eq!(kept, [vnpay.clone(), bank.clone()]);

        // Eight nodes at once: the VNPay part is sent by one, its attempt counted.
        let taken = claims(&refunds, now()).await;
        assert_eq!(taken.len(), 1, "{taken:?}");
        assert_eq!(
            (taken[0].id.clone(), taken[0].attempts),
            (vnpay.id.clone(), 1)
        );
        // Held by that node, nobody else takes it.
        assert!(
            claims(&refunds, now() + Duration::seconds(30))
                .await
                .is_empty()
        );
        // No answer: tried again a minute later, not before, by one node again.
        let mut sent = taken[0].clone();
        sent.unanswered(now());
        refunds.answered(&sent).await.unwrap();
        assert!(
            claims(&refunds, now() + Duration::seconds(50))
                .await
                .is_empty()
        );
        let later = now() + Duration::minutes(3);
        let retried = claims(&refunds, later).await;
        assert_eq!(retried.len(), 1);
        assert_eq!(retried[0].attempts, 2);
        let mut done = retried[0].clone();
        done.taken("94", later);
        refunds.answered(&done).await.unwrap();
        let read = refunds.get(&vnpay.id).await.unwrap().unwrap();
        assert_eq!(
            (read.state, read.answer.as_deref()),
            (RefundState::Done, Some("94"))
        );
        assert!(
            claims(&refunds, later + Duration::hours(1))
                .await
                .is_empty()
        );
        // A late answer of the first send changes nothing once it is done.
        refunds.answered(&sent).await.unwrap();
        assert_eq!(
            refunds.get(&vnpay.id).await.unwrap().unwrap().state,
            RefundState::Done
        );

        // The bank part is the operators' task; eight close it at once, one does.
        let tasks = refunds.tasks(&PageRequest::first(10)).await.unwrap();
        assert_eq!(tasks.items, std::slice::from_ref(&bank));
        let mut closing = tokio::task::JoinSet::new();
        for n in 0..8 {
            let (refunds, mut part) = (refunds.clone(), bank.clone());
            part.close(&format!("FT-{n}"), "小美", now()).unwrap();
            let audit = AuditEntry {
                id: format!("au-refund-{n}"),
                at: now(),
                actor: "staff:小美".into(),
                action: "refund.close".into(),
                target: format!("refund:{}", bank.id.as_str()),
                before: String::new(),
                after: part.answer.clone().unwrap(),
                reason: String::new(),
            };
            closing.spawn(async move { refunds.close(&part, &audit).await.unwrap() });
        }
        let mut closed = 0;
        while let Some(done) = closing.join_next().await {
            closed += u32::from(done.unwrap());
        }
        assert_eq!(closed, 1);
        let audit = SqlOperationsStore::new(db.clone());
        let target = format!("refund:{}", bank.id.as_str());
        assert_eq!(actions(&audit, Some(&target)).await, ["refund.close"]);
        let read = refunds.get(&bank.id).await.unwrap().unwrap();
        assert_eq!(read.state, RefundState::Done);
        assert!(read.answer.unwrap().starts_with("FT-"));
        assert!(
            refunds
                .tasks(&PageRequest::first(10))
                .await
                .unwrap()
                .items
                .is_empty()
        );
    }
);
