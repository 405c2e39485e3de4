//! `booking.v1.PartnerService`: the partner app's calls. Each finds its caller first (an ID token
//! with the partner role and an active partner record: `PartnerService::partner_of`), then asks
//! the domain, which checks the job is theirs.

use domain::error::DomainError;
use domain::identity::IdentityService;
use domain::jobs::{JobService, Talker};
use domain::media::{ImageId, Variant};
use domain::partners::{Partner, PartnerService, Week};
use tonic::{Request, Response, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::pb;
use crate::wire::earnings::{statement_to_pb, summary_to_pb};
use crate::wire::massage::shifts_from_pb;
use crate::wire::operator::order_id;
use crate::wire::partner::{
    availability_to_pb, days_off_from_pb, partner_job_to_pb, partner_to_pb, point_from_pb,
    position_from_pb, progress_to_pb, proof_from_pb, said_from_pb, step_from_pb, thread_to_pb,
};

pub(crate) struct Partners {
    identity: IdentityService,
    partners: PartnerService,
    jobs: JobService,
}

impl Partners {
    pub(crate) fn new(
        identity: IdentityService,
        partners: PartnerService,
        jobs: JobService,
    ) -> Self {
        Self {
            identity,
            partners,
            jobs,
        }
    }

    async fn caller<T>(&self, request: &Request<T>) -> Result<Partner, Status> {
        let principal = grpc_caller(&self.identity, request).await?;
        self.partners.partner_of(&principal).await.map_err(status)
    }

    fn seen(&self, p: &Partner, job: &domain::jobs::PartnerJob) -> pb::PartnerJob {
        partner_job_to_pb(job, &p.user_id, self.jobs.clock().now())
    }
}

#[tonic::async_trait]
impl pb::partner_service_server::PartnerService for Partners {
    async fn get_partner(
        &self,
        request: Request<pb::GetPartnerRequest>,
    ) -> Result<Response<pb::GetPartnerResponse>, Status> {
        let p = self.caller(&request).await?;
        Ok(Response::new(pb::GetPartnerResponse {
            partner: Some(partner_to_pb(&p)),
        }))
    }

    async fn list_jobs(
        &self,
        request: Request<pb::ListJobsRequest>,
    ) -> Result<Response<pb::ListJobsResponse>, Status> {
        let p = self.caller(&request).await?;
        let days = match request.get_ref().days {
            0 => 2,
            n => n,
        };
        let jobs = self.jobs.schedule(&p, days).await.map_err(status)?;
        Ok(Response::new(pb::ListJobsResponse {
            jobs: jobs.iter().map(|j| self.seen(&p, j)).collect(),
        }))
    }

    async fn get_job(
        &self,
        request: Request<pb::GetJobRequest>,
    ) -> Result<Response<pb::GetJobResponse>, Status> {
        let p = self.caller(&request).await?;
        let work = async {
            let id = order_id(&request.get_ref().order_id)?;
            self.jobs.job(&p, &id).await
        };
        let job = work.await.map_err(status)?;
        Ok(Response::new(pb::GetJobResponse {
            job: Some(self.seen(&p, &job)),
        }))
    }

    async fn accept_job(
        &self,
        request: Request<pb::AcceptJobRequest>,
    ) -> Result<Response<pb::AcceptJobResponse>, Status> {
        let p = self.caller(&request).await?;
        let work = async {
            let id = order_id(&request.get_ref().order_id)?;
            self.jobs.accept(&p, &id).await
        };
        let job = work.await.map_err(status)?;
        Ok(Response::new(pb::AcceptJobResponse {
            job: Some(self.seen(&p, &job)),
        }))
    }

    async fn decline_job(
        &self,
        request: Request<pb::DeclineJobRequest>,
    ) -> Result<Response<pb::DeclineJobResponse>, Status> {
        let p = self.caller(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = order_id(&r.order_id)?;
            self.jobs.decline(&p, &id, &r.reason).await?;
            self.jobs.job(&p, &id).await
        };
        let job = work.await.map_err(status)?;
        Ok(Response::new(pb::DeclineJobResponse {
            job: Some(self.seen(&p, &job)),
        }))
    }

    async fn advance_job(
        &self,
        request: Request<pb::AdvanceJobRequest>,
    ) -> Result<Response<pb::AdvanceJobResponse>, Status> {
        let p = self.caller(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = order_id(&r.order_id)?;
            self.jobs.advance(&p, &id, step_from_pb(r.status)?).await
        };
        let job = work.await.map_err(status)?;
        Ok(Response::new(pb::AdvanceJobResponse {
            job: Some(self.seen(&p, &job)),
        }))
    }

    async fn check_in(
        &self,
        request: Request<pb::CheckInRequest>,
    ) -> Result<Response<pb::CheckInResponse>, Status> {
        let p = self.caller(&request).await?;
        let r = request.get_ref();
        let work = async {
            let id = order_id(&r.order_id)?;
            self.jobs.check_in(&p, &id, &r.voucher_code).await
        };
        let job = work.await.map_err(status)?;
        Ok(Response::new(pb::CheckInResponse {
            job: Some(self.seen(&p, &job)),
        }))
    }

    async fn get_hotel_photo(
        &self,
        request: Request<pb::GetHotelPhotoRequest>,
    ) -> Result<Response<pb::GetHotelPhotoResponse>, Status> {
        let p = self.caller(&request).await?;
        let r = request.into_inner();
        let variant = if r.thumbnail {
            Variant::Thumbnail
        } else {
            Variant::Full
        };
        let work = async {
            let id = order_id(&r.order_id)?;
            let image = ImageId::parse(&r.image_id).map_err(|_| DomainError::not_found("image"))?;
            self.jobs.hotel_photo(&p, &id, &image, variant).await
        };
        let jpeg = work.await.map_err(status)?;
        Ok(Response::new(pb::GetHotelPhotoResponse { jpeg }))
    }

    async fn report_no_show(
        &self,
        request: Request<pb::ReportNoShowRequest>,
    ) -> Result<Response<pb::ReportNoShowResponse>, Status> {
        let p = self.caller(&request).await?;
        let r = request.into_inner();
        let proof = proof_from_pb(r.photo, r.position)?;
        let work = async {
            let id = order_id(&r.order_id)?;
            self.jobs.no_show(&p, &id, proof).await
        };
        let job = work.await.map_err(status)?;
        Ok(Response::new(pb::ReportNoShowResponse {
            job: Some(self.seen(&p, &job)),
        }))
    }

    async fn report_position(
        &self,
        request: Request<pb::ReportPositionRequest>,
    ) -> Result<Response<pb::ReportPositionResponse>, Status> {
        let p = self.caller(&request).await?;
        let r = request.into_inner();
        let position = position_from_pb(r.position)?;
        let work = async {
            let id = order_id(&r.order_id)?;
            self.jobs.report_position(&p, &id, position).await
        };
        Ok(Response::new(match work.await.map_err(status)? {
            Ok(()) => pb::ReportPositionResponse {
                kept: true,
                ..Default::default()
            },
            Err(dropped) => {
                tracing::debug!(reason = dropped.code(), "position dropped");
                pb::ReportPositionResponse {
                    kept: false,
                    dropped: dropped.code().into(),
                    reason: crate::texts::render(&dropped.message()),
                }
            }
        }))
    }

    async fn get_job_thread(
        &self,
        request: Request<pb::GetJobThreadRequest>,
    ) -> Result<Response<pb::GetJobThreadResponse>, Status> {
        let p = self.caller(&request).await?;
        let work = async {
            let id = order_id(&request.get_ref().order_id)?;
            self.jobs.talk(Talker::Partner(&p), &id).await
        };
        let talk = work.await.map_err(status)?;
        Ok(Response::new(pb::GetJobThreadResponse {
            thread: Some(thread_to_pb(&talk, Some(&p.user_id))),
        }))
    }

    async fn send_job_message(
        &self,
        request: Request<pb::SendJobMessageRequest>,
    ) -> Result<Response<pb::SendJobMessageResponse>, Status> {
        use pb::send_job_message_request::Said as Of;
        let p = self.caller(&request).await?;
        let r = request.into_inner();
        let (phrase, text) = match r.said {
            Some(Of::Phrase(code)) => (Some(code), None),
            Some(Of::Text(body)) => (None, Some(body)),
            None => (None, None),
        };
        let who = Talker::Partner(&p);
        let talk = say_and_read(&self.jobs, who, &r.order_id, (phrase, text), &r.key).await?;
        Ok(Response::new(pb::SendJobMessageResponse {
            thread: Some(thread_to_pb(&talk, Some(&p.user_id))),
        }))
    }

    async fn get_availability(
        &self,
        request: Request<pb::GetAvailabilityRequest>,
    ) -> Result<Response<pb::GetAvailabilityResponse>, Status> {
        let p = self.caller(&request).await?;
        let a = self.partners.availability(&p).await.map_err(status)?;
        Ok(Response::new(pb::GetAvailabilityResponse {
            availability: Some(availability_to_pb(&p, &a)),
        }))
    }

    async fn set_availability(
        &self,
        request: Request<pb::SetAvailabilityRequest>,
    ) -> Result<Response<pb::SetAvailabilityResponse>, Status> {
        let p = self.caller(&request).await?;
        let r = request.into_inner();
        let work = async {
            let hours = shifts_from_pb(&r.hours)?;
            let days = days_off_from_pb(&r.days_off)?;
            self.partners.set_availability(&p, hours, days).await
        };
        let a = work.await.map_err(status)?;
        Ok(Response::new(pb::SetAvailabilityResponse {
            availability: Some(availability_to_pb(&p, &a)),
        }))
    }

    async fn get_earnings(
        &self,
        request: Request<pb::GetEarningsRequest>,
    ) -> Result<Response<pb::GetEarningsResponse>, Status> {
        let p = self.caller(&request).await?;
        let summary = self.partners.earnings(&p).await.map_err(status)?;
        Ok(Response::new(summary_to_pb(&summary)))
    }

    async fn get_earnings_week(
        &self,
        request: Request<pb::GetEarningsWeekRequest>,
    ) -> Result<Response<pb::GetEarningsWeekResponse>, Status> {
        let p = self.caller(&request).await?;
        let work = async {
            let week = Week::parse(&request.get_ref().week)?;
            self.partners.statement(&p, week).await
        };
        let statement = work.await.map_err(status)?;
        Ok(Response::new(pb::GetEarningsWeekResponse {
            statement: Some(statement_to_pb(&statement, true, false)),
        }))
    }
}

/// Writes a message in a job's thread (a phrase's code or free text), then reads the thread as
/// the writer now has it.
async fn say_and_read(
    jobs: &JobService,
    who: Talker<'_>,
    order: &str,
    (phrase, text): (Option<String>, Option<String>),
    key: &str,
) -> Result<domain::jobs::Talk, Status> {
    let work = async {
        let id = order_id(order)?;
        let said = said_from_pb(phrase, text)?;
        jobs.say(who, &id, said, key).await?;
        jobs.talk(who, &id).await
    };
    work.await.map_err(status)
}

/// `booking.v1.JobProgressService`: a traveller following their order's job.
pub(crate) struct Progress {
    identity: IdentityService,
    jobs: JobService,
}

impl Progress {
    pub(crate) fn new(identity: IdentityService, jobs: JobService) -> Self {
        Self { identity, jobs }
    }
}

#[tonic::async_trait]
impl pb::job_progress_service_server::JobProgressService for Progress {
    async fn get_job_progress(
        &self,
        request: Request<pb::GetJobProgressRequest>,
    ) -> Result<Response<pb::GetJobProgressResponse>, Status> {
        let caller = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let near = point_from_pb(r.near)?;
        let work = async {
            let id = order_id(&r.order_id)?;
            self.jobs.progress(&caller.user_id, &id, near).await
        };
        let progress = work.await.map_err(status)?;
        Ok(Response::new(pb::GetJobProgressResponse {
            progress: progress.as_ref().map(progress_to_pb),
        }))
    }

    async fn get_traveller_thread(
        &self,
        request: Request<pb::GetTravellerThreadRequest>,
    ) -> Result<Response<pb::GetTravellerThreadResponse>, Status> {
        let caller = grpc_caller(&self.identity, &request).await?;
        let work = async {
            let id = order_id(&request.get_ref().order_id)?;
            self.jobs
                .talk(Talker::Traveller(&caller.user_id), &id)
                .await
        };
        let talk = work.await.map_err(status)?;
        Ok(Response::new(pb::GetTravellerThreadResponse {
            thread: Some(thread_to_pb(&talk, Some(&caller.user_id))),
        }))
    }

    async fn send_traveller_message(
        &self,
        request: Request<pb::SendTravellerMessageRequest>,
    ) -> Result<Response<pb::SendTravellerMessageResponse>, Status> {
        use pb::send_traveller_message_request::Said as Of;
        let caller = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let (phrase, text) = match r.said {
            Some(Of::Phrase(code)) => (Some(code), None),
            Some(Of::Text(body)) => (None, Some(body)),
            None => (None, None),
        };
        let who = Talker::Traveller(&caller.user_id);
        let talk = say_and_read(&self.jobs, who, &r.order_id, (phrase, text), &r.key).await?;
        Ok(Response::new(pb::SendTravellerMessageResponse {
            thread: Some(thread_to_pb(&talk, Some(&caller.user_id))),
        }))
    }
}
