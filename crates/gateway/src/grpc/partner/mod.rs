//! `booking.v1.PartnerService`, one file per subject: the partner's record and hours
//! (`record`), their jobs (`jobs`), a job's thread (`thread`) and their earnings (`earnings`).
//! Each call finds its caller first (an ID token with the partner role and an active partner
//! record: `PartnerService::partner_of`), then asks the domain, which checks the job is theirs
//! (another's is NOT_FOUND).

mod earnings;
pub(crate) mod jobs;
mod record;
pub(crate) mod thread;

use domain::identity::IdentityService;
use domain::jobs::JobService;
use domain::partners::{Partner, PartnerService};
use tonic::{Request, Status};

use crate::auth::grpc_caller;
use crate::error::status;
use crate::pb;
use crate::wire::job::partner_job_to_pb;

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

serve_by_subject! {
    pb::partner_service_server::PartnerService, Partners, {
        get_partner(GetPartnerRequest, GetPartnerResponse) => record::get_partner;
        list_jobs(ListJobsRequest, ListJobsResponse) => jobs::list_jobs;
        get_job(GetJobRequest, GetJobResponse) => jobs::get_job;
        accept_job(AcceptJobRequest, AcceptJobResponse) => jobs::accept_job;
        decline_job(DeclineJobRequest, DeclineJobResponse) => jobs::decline_job;
        advance_job(AdvanceJobRequest, AdvanceJobResponse) => jobs::advance_job;
        check_in(CheckInRequest, CheckInResponse) => jobs::check_in;
        get_hotel_photo(GetHotelPhotoRequest, GetHotelPhotoResponse) => jobs::get_hotel_photo;
        report_no_show(ReportNoShowRequest, ReportNoShowResponse) => jobs::report_no_show;
        report_position(ReportPositionRequest, ReportPositionResponse) => jobs::report_position;
        get_job_thread(GetJobThreadRequest, GetJobThreadResponse) => thread::get_job_thread;
        send_job_message(SendJobMessageRequest, SendJobMessageResponse) => thread::send_job_message;
        get_availability(GetAvailabilityRequest, GetAvailabilityResponse) => record::get_availability;
        set_availability(SetAvailabilityRequest, SetAvailabilityResponse) => record::set_availability;
        set_zalo_notices(SetZaloNoticesRequest, SetZaloNoticesResponse) => record::set_zalo_notices;
        get_earnings(GetEarningsRequest, GetEarningsResponse) => earnings::get_earnings;
        get_earnings_week(GetEarningsWeekRequest, GetEarningsWeekResponse) => earnings::get_earnings_week;
    }
}
