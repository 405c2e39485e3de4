//! `job.proto`'s services: a partner's offers, steps, whereabouts and thread, and the traveller
//! following the job. A partner's calls are answered by `partner::jobs` and `partner::thread`
//! (which find the partner), a traveller's by `traveller`; `PartnerService` and
//! `JobProgressService` serve the same functions under the calls' first names. Staff's calls on
//! jobs are `OperatorService`'s (`operator::jobs`).

mod traveller;

use std::sync::Arc;

pub(crate) use traveller::Progress;

use super::partner::{Partners, jobs as partner, thread};
use crate::pb;

/// A job's partner and traveller, each found as their first service finds them.
pub(crate) struct Jobs {
    partner: Arc<Partners>,
    traveller: Arc<Progress>,
}

impl Jobs {
    pub(crate) fn new(partner: Arc<Partners>, traveller: Arc<Progress>) -> Self {
        Self { partner, traveller }
    }
}

serve_by_subject! {
    pb::job_dispatch_service_server::JobDispatchService, Jobs, {
        list_jobs(ListJobsRequest, ListJobsResponse) => partner: partner::list_jobs;
        get_job(GetJobRequest, GetJobResponse) => partner: partner::get_job;
        accept_job(AcceptJobRequest, AcceptJobResponse) => partner: partner::accept_job;
        decline_job(DeclineJobRequest, DeclineJobResponse) => partner: partner::decline_job;
        decline_job_change(DeclineJobChangeRequest, DeclineJobChangeResponse) => partner: partner::decline_job_change;
    }
}

serve_by_subject! {
    pb::job_step_service_server::JobStepService, Jobs, {
        advance_job(AdvanceJobRequest, AdvanceJobResponse) => partner: partner::advance_job;
        check_in(CheckInRequest, CheckInResponse) => partner: partner::check_in;
        get_hotel_photo(GetHotelPhotoRequest, GetHotelPhotoResponse) => partner: partner::get_hotel_photo;
        report_no_show(ReportNoShowRequest, ReportNoShowResponse) => partner: partner::report_no_show;
    }
}

serve_by_subject! {
    pb::job_whereabouts_service_server::JobWhereaboutsService, Jobs, {
        report_position(ReportPositionRequest, ReportPositionResponse) => partner: partner::report_position;
    }
}

serve_by_subject! {
    pb::job_thread_service_server::JobThreadService, Jobs, {
        get_job_thread(GetJobThreadRequest, GetJobThreadResponse) => partner: thread::get_job_thread;
        send_job_message(SendJobMessageRequest, SendJobMessageResponse) => partner: thread::send_job_message;
    }
}

serve_by_subject! {
    pb::traveller_job_service_server::TravellerJobService, Jobs, {
        get_job_progress(GetJobProgressRequest, GetJobProgressResponse) => traveller: traveller::get_job_progress;
        get_traveller_thread(GetTravellerThreadRequest, GetTravellerThreadResponse) => traveller: traveller::get_traveller_thread;
        send_traveller_message(SendTravellerMessageRequest, SendTravellerMessageResponse) => traveller: traveller::send_traveller_message;
        get_tip(GetTipRequest, GetTipResponse) => traveller: traveller::get_tip;
        tip_partner(TipPartnerRequest, TipPartnerResponse) => traveller: traveller::tip_partner;
    }
}
