//! Live events over gRPC: a stream opens at once, staff see every change and a customer only
//! their own, a dropped stream resumes after its cursor without losing what happened meanwhile,
//! and nobody without credentials watches. Streams here are opened side by side, and the changes
//! made while they are open.

use std::time::Duration;

use gateway::pb::live_service_client::LiveServiceClient;
use tonic::Code;
use tonic::Streaming;

use super::member::{pay_with_vcoin, pending};
use super::operations::operator_token;
use super::orders::token_for;
use super::*;

async fn watch(
    app: &TestApp,
    token: Option<&str>,
    after: i64,
) -> Result<Streaming<pb::WatchEventsResponse>, tonic::Status> {
    let mut client = LiveServiceClient::connect(app.url("")).await.unwrap();
    let message = pb::WatchEventsRequest { after_id: after };
    let request = match token {
        Some(t) => signed(t, message),
        None => tonic::Request::new(message),
    };
    client
        .watch_events(request)
        .await
        .map(tonic::Response::into_inner)
}

/// The next answer, which must come within a few seconds.
async fn next(stream: &mut Streaming<pb::WatchEventsResponse>) -> pb::WatchEventsResponse {
    tokio::time::timeout(Duration::from_secs(5), stream.message())
        .await
        .expect("an answer within 5 s")
        .unwrap()
        .expect("the stream stays open")
}

/// Answers until one names `subject`; the subjects seen on the way.
async fn until(stream: &mut Streaming<pb::WatchEventsResponse>, subject: &str) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        let answer = next(stream).await;
        seen.extend(answer.events.iter().map(|e| e.subject.clone()));
        if seen.iter().any(|s| s == subject) {
            return seen;
        }
    }
}

api_test!(
    changes_reach_staff_and_their_owner_only,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        let bob = token_for(app, "bob@example.com").await;
        let staff = operator_token(app).await;
        assert_eq!(
            watch(app, None, 0).await.err().map(|s| s.code()),
            Some(Code::Unauthenticated)
        );
        let (mut ann_s, mut bob_s, mut staff_s) = tokio::join!(
            async { watch(app, Some(&ann), 0).await.unwrap() },
            async { watch(app, Some(&bob), 0).await.unwrap() },
            async { watch(app, Some(&staff), 0).await.unwrap() },
        );
        // Each answers at once with where it stands.
        let (a0, b0, s0) = tokio::join!(next(&mut ann_s), next(&mut bob_s), next(&mut staff_s));
        assert!(!a0.reset && !b0.reset && !s0.reset);

        // Ann and Bob each order and pay at once.
        let (ann_order, bob_order) = tokio::join!(pending(app, &ann, 3), pending(app, &bob, 3));
        tokio::join!(
            pay_with_vcoin(app, &ann, &ann_order),
            pay_with_vcoin(app, &bob, &bob_order)
        );
        let (ann_seen, staff_seen) = tokio::join!(until(&mut ann_s, &ann_order), async {
            let mut seen = until(&mut staff_s, &ann_order).await;
            if !seen.contains(&bob_order) {
                seen.extend(until(&mut staff_s, &bob_order).await);
            }
            seen
        });
        assert!(!ann_seen.contains(&bob_order), "{ann_seen:?}");
        assert!(staff_seen.contains(&bob_order) && staff_seen.contains(&ann_order));
        let bob_seen = until(&mut bob_s, &bob_order).await;
        assert!(!bob_seen.contains(&ann_order), "{bob_seen:?}");

        // Ann's stream drops; what happens meanwhile comes when she resumes after her cursor.
        let mut cursor = a0.cursor;
        loop {
            let answer = tokio::time::timeout(Duration::from_millis(800), ann_s.message()).await;
            match answer {
                Ok(Ok(Some(a))) => cursor = a.cursor,
                _ => break,
            }
        }
        drop(ann_s);
        let missed = pending(app, &ann, 4).await;
        let mut resumed = watch(app, Some(&ann), cursor).await.unwrap();
        assert!(!next(&mut resumed).await.reset);
        assert!(until(&mut resumed, &missed).await.contains(&missed));
        // A cursor from nowhere starts afresh and says everything must be read again.
        let mut forged = watch(app, Some(&ann), i64::MAX).await.unwrap();
        assert!(next(&mut forged).await.reset);
    }
);
