//! Changing a paid order over the wire: the new details priced, the difference paid from the
//! wallet or given back, once however many identical changes arrive at once; the change in the
//! order's timeline; a cancellation afterwards refunds what the order costs now.

use futures_util::future::join_all;
use gateway::pb::order_service_client::OrderServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use super::orders::{shuttle, token_for};
use super::payments::{balance, pay, pending_order, top_up};
use super::*;

async fn orders(app: &TestApp) -> OrderServiceClient<Channel> {
    OrderServiceClient::connect(app.url("")).await.unwrap()
}

/// The test's shuttle (three passengers, two days ahead) with `seats` child seats.
fn with_seats(seats: u32) -> pb::OrderDetails {
    pb::OrderDetails {
        service: Some(pb::order_details::Service::Shuttle(pb::ShuttleDetails {
            child_seats: seats,
            ..serde_json::from_value(shuttle(3)).unwrap()
        })),
    }
}

fn change(id: &str, seats: u32) -> pb::ChangePaidOrderRequest {
    pb::ChangePaidOrderRequest {
        order_id: id.into(),
        details: Some(with_seats(seats)),
        ..Default::default()
    }
}

api_test!(
    a_paid_order_changes_once_its_difference_paid_or_given_back,
    async |app: &TestApp| {
        let ann = token_for(app, "ann@example.com").await;
        assert_eq!(top_up(app, &ann, 1_000_000, "top").await.0, 200);
        let id = pending_order(app, &ann).await;
        assert_eq!(pay(app, &ann, &id, "VCOIN", "pay").await.0, 200);
        assert_eq!(balance(app, &ann).await, 520_000);

        // The quote: until when, and what a second child seat costs.
        let quote = orders(app)
            .await
            .quote_order_change(signed(
                &ann,
                pb::QuoteOrderChangeRequest {
                    order_id: id.clone(),
                    details: Some(with_seats(2)),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((quote.before_vnd, quote.after_vnd), (480_000, 580_000));
        assert!(quote.change_until.is_some());

        // Five identical changes at once: one pays the difference, the rest find it made.
        let sends: Vec<_> = (0..5)
            .map(|_| async {
                orders(app)
                    .await
                    .change_paid_order(signed(&ann, change(&id, 2)))
                    .await
            })
            .collect();
        let answers = join_all(sends).await;
        let changed = answers
            .iter()
            .filter(|a| a.as_ref().is_ok_and(|r| r.get_ref().changed))
            .count();
        assert_eq!(changed, 1, "{answers:?}");
        for a in &answers {
            if let Err(e) = a {
                assert_eq!(e.code(), Code::Aborted, "{e:?}");
            }
        }
        assert_eq!(balance(app, &ann).await, 420_000, "paid once");
        let order = orders(app)
            .await
            .get_order(signed(
                &ann,
                pb::GetOrderRequest {
                    order_id: id.clone(),
                },
            ))
            .await
            .unwrap()
            .into_inner()
            .order
            .unwrap();
        assert_eq!(order.estimate.as_ref().unwrap().total_vnd, 580_000);
        assert_eq!(order.state(), pb::OrderState::Paid);
        let step = order.events.last().unwrap();
        assert_eq!(
            step.why,
            Some(pb::order_event::Why::Changed(pb::ChangedStep {
                before_vnd: 480_000,
                after_vnd: 580_000
            }))
        );
        assert!(order.actions.contains(&i32::from(pb::OrderAction::Amend)));

        // No seat at all: 200,000 back to v-coin at once.
        let less = orders(app)
            .await
            .change_paid_order(signed(&ann, change(&id, 0)))
            .await
            .unwrap()
            .into_inner();
        assert_eq!((less.before_vnd, less.after_vnd), (580_000, 380_000));
        assert_eq!(less.refunds.len(), 1);
        assert_eq!(less.refunds[0].route(), pb::RefundRoute::Wallet);
        assert_eq!(balance(app, &ann).await, 620_000);

        // Cancelled now, what it costs now comes back: the wallet is whole again.
        let path = format!("/api/order/detail/{id}/cancel");
        let (status, body) = app.post(&path, serde_json::json!({}), Some(&ann)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["refundVnd"], 380_000);
        assert_eq!(balance(app, &ann).await, 1_000_000);

        // Someone else's order is not found; an unpaid one cannot be changed this way.
        let bob = token_for(app, "bob@example.com").await;
        let other = orders(app)
            .await
            .change_paid_order(signed(&bob, change(&id, 1)))
            .await
            .unwrap_err();
        assert_eq!(other.code(), Code::NotFound);
        let unpaid = pending_order(app, &ann).await;
        let refused = orders(app)
            .await
            .change_paid_order(signed(&ann, change(&unpaid, 2)))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::FailedPrecondition);
    }
);
