use domain::identity::IdentityService;
use domain::notifications::{Choices, NoticeKind, NotificationService};
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::pb;

pub(crate) struct Notifications {
    identity: IdentityService,
    notifications: NotificationService,
}

impl Notifications {
    pub(crate) fn new(identity: IdentityService, notifications: NotificationService) -> Self {
        Self {
            identity,
            notifications,
        }
    }
}

/// The kind a request names; an unknown one is refused with the domain's words.
fn kind_from_pb(kind: i32) -> Result<NoticeKind, Status> {
    let code = match pb::NoticeKind::try_from(kind) {
        Ok(pb::NoticeKind::Orders) => "orders",
        Ok(pb::NoticeKind::Progress) => "progress",
        Ok(pb::NoticeKind::Support) => "support",
        Ok(pb::NoticeKind::Reminders) => "reminders",
        Ok(pb::NoticeKind::Offers) => "offers",
        _ => "",
    };
    NoticeKind::parse(code).map_err(status)
}

fn choices_to_pb(choices: &Choices) -> Vec<pb::NoticeChoice> {
    NoticeKind::ALL
        .into_iter()
        .map(|kind| pb::NoticeChoice {
            kind: match kind {
                NoticeKind::Orders => pb::NoticeKind::Orders,
                NoticeKind::Progress => pb::NoticeKind::Progress,
                NoticeKind::Support => pb::NoticeKind::Support,
                NoticeKind::Reminders => pb::NoticeKind::Reminders,
                NoticeKind::Offers => pb::NoticeKind::Offers,
            }
            .into(),
            on: choices.wants(kind),
        })
        .collect()
}

#[tonic::async_trait]
impl pb::notification_service_server::NotificationService for Notifications {
    async fn get_push_key(
        &self,
        request: Request<pb::GetPushKeyRequest>,
    ) -> Result<Response<pb::GetPushKeyResponse>, Status> {
        grpc_caller(&self.identity, &request).await?;
        let key = self.notifications.push_key().map_err(status)?;
        Ok(Response::new(pb::GetPushKeyResponse {
            public_key: key.to_owned(),
        }))
    }

    async fn add_push_device(
        &self,
        request: Request<pb::AddPushDeviceRequest>,
    ) -> Result<Response<pb::AddPushDeviceResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        self.notifications
            .add_device(&who, &r.endpoint, &r.p256dh, &r.auth)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::AddPushDeviceResponse {}))
    }

    async fn remove_push_device(
        &self,
        request: Request<pb::RemovePushDeviceRequest>,
    ) -> Result<Response<pb::RemovePushDeviceResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let endpoint = request.into_inner().endpoint;
        self.notifications
            .remove_device(&who, &endpoint)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::RemovePushDeviceResponse {}))
    }

    async fn get_notice_choices(
        &self,
        request: Request<pb::GetNoticeChoicesRequest>,
    ) -> Result<Response<pb::GetNoticeChoicesResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let choices = self.notifications.choices(&who).await.map_err(status)?;
        Ok(Response::new(pb::GetNoticeChoicesResponse {
            choices: choices_to_pb(&choices),
        }))
    }

    async fn set_notice_choice(
        &self,
        request: Request<pb::SetNoticeChoiceRequest>,
    ) -> Result<Response<pb::SetNoticeChoiceResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let kind = kind_from_pb(r.kind)?;
        let choices = self
            .notifications
            .choose(&who, kind, r.on)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::SetNoticeChoiceResponse {
            choices: choices_to_pb(&choices),
        }))
    }
}
