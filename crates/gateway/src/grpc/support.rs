use domain::identity::IdentityService;
use domain::shared::PageRequest;
use domain::support::{NewThread, SupportService, ThreadId};
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::pb;
use crate::wire::support::{message_to_pb, thread_to_pb};

pub(crate) struct Support {
    identity: IdentityService,
    support: SupportService,
}

impl Support {
    pub(crate) fn new(identity: IdentityService, support: SupportService) -> Self {
        Self { identity, support }
    }
}

#[tonic::async_trait]
impl pb::support_service_server::SupportService for Support {
    async fn get_contact_channels(
        &self,
        _: Request<pb::GetContactChannelsRequest>,
    ) -> Result<Response<pb::GetContactChannelsResponse>, Status> {
        let c = self.support.channels();
        Ok(Response::new(pb::GetContactChannelsResponse {
            channels: Some(pb::ContactChannels {
                line_id: c.line_id.clone(),
                zalo_phone: c.zalo_phone.clone(),
                whatsapp_phone: c.whatsapp_phone.clone(),
                phone: c.phone.clone(),
                email: c.email.clone(),
                hours: c
                    .hours_message()
                    .map_or_else(|| c.hours.clone(), |m| crate::texts::render(&m)),
                company_name: c.company.name.clone(),
                company_address: c.company.address.clone(),
                company_registration: c.company.registration.clone(),
            }),
        }))
    }

    async fn list_threads(
        &self,
        request: Request<pb::ListThreadsRequest>,
    ) -> Result<Response<pb::ListThreadsResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.support.threads(&who.user_id, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::ListThreadsResponse {
            threads: page.items.iter().map(thread_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn get_thread(
        &self,
        request: Request<pb::GetThreadRequest>,
    ) -> Result<Response<pb::GetThreadResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = ThreadId::parse(&r.thread_id)?;
            self.support.thread(&who.user_id, &id).await
        };
        let (thread, messages) = work.await.map_err(status)?;
        Ok(Response::new(pb::GetThreadResponse {
            thread: Some(thread_to_pb(&thread)),
            messages: messages.iter().map(message_to_pb).collect(),
        }))
    }

    async fn open_thread(
        &self,
        request: Request<pb::OpenThreadRequest>,
    ) -> Result<Response<pb::OpenThreadResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let new = NewThread {
            subject: r.subject,
            order_id: r.order_id,
            body: r.body,
            request_id: r.request_id,
        };
        let thread = self.support.open(&who.user_id, new).await.map_err(status)?;
        Ok(Response::new(pb::OpenThreadResponse {
            thread: Some(thread_to_pb(&thread)),
        }))
    }

    async fn send_message(
        &self,
        request: Request<pb::SendMessageRequest>,
    ) -> Result<Response<pb::SendMessageResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = ThreadId::parse(&r.thread_id)?;
            self.support
                .post(&who.user_id, &id, &r.body, &r.request_id)
                .await
        };
        let thread = work.await.map_err(status)?;
        Ok(Response::new(pb::SendMessageResponse {
            thread: Some(thread_to_pb(&thread)),
        }))
    }

    async fn mark_thread_read(
        &self,
        request: Request<pb::MarkThreadReadRequest>,
    ) -> Result<Response<pb::MarkThreadReadResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = ThreadId::parse(&r.thread_id)?;
            self.support.mark_read(&who.user_id, &id).await
        };
        let thread = work.await.map_err(status)?;
        Ok(Response::new(pb::MarkThreadReadResponse {
            thread: Some(thread_to_pb(&thread)),
        }))
    }

    async fn get_unread_count(
        &self,
        request: Request<pb::GetUnreadCountRequest>,
    ) -> Result<Response<pb::GetUnreadCountResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let unread_count = self.support.unread(&who.user_id).await.map_err(status)?;
        Ok(Response::new(pb::GetUnreadCountResponse { unread_count }))
    }
}
