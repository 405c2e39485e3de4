//! `booking.v1.LiveService`: one open stream per page, told what changed. Who is watching is
//! decided once from the credentials (staff see everything, a customer their own, a partner their
//! own work). They are checked again as soon as the feed says they were taken back (a sign-out, a
//! disabled account, a revoked key: within one poll of the feed, on every node), and on a fixed
//! beat whatever the traffic, which is what ends a stream whose token expired.

use std::pin::Pin;
use std::time::Duration;

use domain::identity::IdentityService;
use domain::live::{LiveEvent, LiveService, Next, Watch};
use domain::operations::OperatorService;
use futures_util::Stream;
use tokio::sync::watch;
use tonic::metadata::MetadataMap;
use tonic::{Request, Response, Status};

use crate::auth::grpc_viewer;
use crate::error::status;
use crate::pb;
use crate::texts;
use crate::wire::order::timestamp;

/// The beat: an empty answer and a check of the credentials. Proxies close a stream that says
/// nothing for a minute or so; this is well inside.
const BEAT: Duration = Duration::from_secs(15);

pub(crate) struct Live {
    identity: IdentityService,
    operators: OperatorService,
    live: LiveService,
    /// Turns true when the node starts draining: streams end so clients move to another node.
    draining: watch::Receiver<bool>,
}

impl Live {
    pub(crate) fn new(
        identity: IdentityService,
        operators: OperatorService,
        live: LiveService,
        draining: watch::Receiver<bool>,
    ) -> Self {
        Self {
            identity,
            operators,
            live,
            draining,
        }
    }
}

fn event_to_pb(e: &LiveEvent) -> pb::LiveEvent {
    use domain::live::Topic;
    pb::LiveEvent {
        id: e.id,
        at: Some(timestamp(e.at)),
        topic: match e.topic {
            Topic::Order => pb::LiveTopic::Order,
            Topic::Thread => pb::LiveTopic::Thread,
            Topic::Wallet => pb::LiveTopic::Wallet,
            Topic::Position => pb::LiveTopic::Position,
            Topic::Job => pb::LiveTopic::Job,
            // Never seen by a viewer (`Viewer::sees`).
            Topic::Access => pb::LiveTopic::Unspecified,
        } as i32,
        subject: e.subject.clone(),
        customer_id: e.owner.as_str().to_owned(),
    }
}

type Answers = Pin<Box<dyn Stream<Item = Result<pb::WatchEventsResponse, Status>> + Send>>;

/// What the stream loop carries from one answer to the next.
struct Open {
    identity: IdentityService,
    operators: OperatorService,
    live: LiveService,
    draining: watch::Receiver<bool>,
    metadata: MetadataMap,
    watch: Watch,
    /// Ticks every `BEAT` from the start, however many answers went meanwhile.
    beat: tokio::time::Interval,
    /// The answer to send before waiting (the first one).
    first: Option<pb::WatchEventsResponse>,
    done: bool,
}

impl Open {
    async fn next(&mut self) -> Option<Result<pb::WatchEventsResponse, Status>> {
        if let Some(first) = self.first.take() {
            return Some(Ok(first));
        }
        if self.done {
            return None;
        }
        let answer = |events: &[LiveEvent], reset: bool, cursor: i64| pb::WatchEventsResponse {
            events: events.iter().map(event_to_pb).collect(),
            cursor,
            reset,
        };
        // What to send once the credentials are checked again.
        let then = tokio::select! {
            next = self.live.next(&mut self.watch) => {
                let cursor = self.watch.cursor();
                match next {
                    Ok(Next::Events(events)) => return Some(Ok(answer(&events, false, cursor))),
                    Ok(Next::Reset) => answer(&[], true, cursor),
                    Ok(Next::Recheck(events)) => answer(&events, false, cursor),
                    Err(e) => {
                        self.done = true;
                        return Some(Err(status(e)));
                    }
                }
            }
            _ = self.beat.tick() => answer(&[], false, self.watch.cursor()),
            () = drained(&mut self.draining) => return None,
        };
        // Still the same person with a good token, or the stream ends before `then` is sent.
        Some(
            match grpc_viewer(&self.identity, &self.operators, &self.metadata).await {
                Ok(_) => Ok(then),
                Err(e) => {
                    self.done = true;
                    Err(e)
                }
            },
        )
    }
}

/// Resolves once the node drains (at once if it already is).
async fn drained(draining: &mut watch::Receiver<bool>) {
    // A gone sender means the node is gone too.
    let _ = draining.wait_for(|on| *on).await.map(|_| ());
}

#[tonic::async_trait]
impl pb::live_service_server::LiveService for Live {
    type WatchEventsStream = Answers;

    async fn watch_events(
        &self,
        request: Request<pb::WatchEventsRequest>,
    ) -> Result<Response<Answers>, Status> {
        let metadata = request.metadata().clone();
        let (viewer, holder) = grpc_viewer(&self.identity, &self.operators, &metadata).await?;
        let request = request.into_inner();
        let after = request.after_id;
        let (mut watch, reset) = self
            .live
            .watch(viewer, holder, (after != 0).then_some(after))
            .await
            .map_err(status)?;
        watch.follow(request.follow_orders).map_err(status)?;
        let open = Open {
            identity: self.identity.clone(),
            operators: self.operators.clone(),
            live: self.live.clone(),
            draining: self.draining.clone(),
            metadata,
            first: Some(pb::WatchEventsResponse {
                events: Vec::new(),
                cursor: watch.cursor(),
                reset,
            }),
            watch,
            beat: {
                let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + BEAT, BEAT);
                beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                beat
            },
            done: false,
        };
        // The stream is polled after this call returns, outside the request's scope: each answer
        // is made in the caller's language again, so a refusal mid-stream reads as the first.
        let lang = texts::current();
        let answers = futures_util::stream::unfold(open, move |mut open| async move {
            texts::speaking(lang, open.next())
                .await
                .map(|answer| (answer, open))
        });
        Ok(Response::new(Box::pin(answers)))
    }
}
