//! Admins' and operators' calls on partners and their jobs.

use domain::jobs::Offering;
use domain::partners::Week;
use domain::shared::UserId;
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::earnings::{payroll_csv, statement_to_pb, week_from_pb};
use crate::wire::operator::order_id;
use crate::wire::partner::{
    board_job_to_pb, job_to_pb, new_partner_from_pb, partner_to_pb, thread_to_pb,
};
use domain::jobs::Talker;

pub(super) async fn list_partners(
    ops: &Operators,
    request: Request<pb::ListPartnersRequest>,
) -> Result<Response<pb::ListPartnersResponse>, Status> {
    let by = ops.staff(&request).await?;
    let partners = ops.s.partners.list(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListPartnersResponse {
        partners: partners.iter().map(partner_to_pb).collect(),
        name_max_length: domain::partners::Partner::NAME_MAX as u32,
    }))
}

pub(super) async fn invite_partner(
    ops: &Operators,
    request: Request<pb::InvitePartnerRequest>,
) -> Result<Response<pb::InvitePartnerResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let continue_url = if r.continue_url.is_empty() {
        "/partner"
    } else {
        r.continue_url.as_str()
    };
    let work = async {
        let new = new_partner_from_pb(r.partner.unwrap_or_default())?;
        ops.s
            .partners
            .invite(&by, &ops.s.operators, &r.email, new, continue_url)
            .await
    };
    let partner = work.await.map_err(status)?;
    Ok(Response::new(pb::InvitePartnerResponse {
        partner: Some(partner_to_pb(&partner)),
    }))
}

pub(super) async fn offer_job(
    ops: &Operators,
    request: Request<pb::OfferJobRequest>,
) -> Result<Response<pb::OfferJobResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = order_id(&r.order_id)?;
        let to = match r.partner_id.trim() {
            "" => Offering::Eligible,
            partner => Offering::One(UserId::parse(partner)?),
        };
        ops.s.jobs.offer(&by, &id, to).await
    };
    let (job, offered) = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::OfferJobResponse {
        job: Some(job_to_pb(&job, None, now)),
        offered_to: offered.iter().map(|p| p.as_str().to_owned()).collect(),
    }))
}

pub(super) async fn set_partner_active(
    ops: &Operators,
    request: Request<pb::SetPartnerActiveRequest>,
) -> Result<Response<pb::SetPartnerActiveResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = UserId::parse(&r.user_id)?;
        ops.s.jobs.set_partner_active(&by, &id, r.active).await
    };
    let (partner, returned) = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::SetPartnerActiveResponse {
        partner: Some(partner_to_pb(&partner)),
        returned: returned.iter().map(|j| job_to_pb(j, None, now)).collect(),
    }))
}

pub(super) async fn withdraw_job(
    ops: &Operators,
    request: Request<pb::WithdrawJobRequest>,
) -> Result<Response<pb::WithdrawJobResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        ops.s.jobs.withdraw(&by, &id).await
    };
    let job = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::WithdrawJobResponse {
        job: Some(job_to_pb(&job, None, now)),
    }))
}

pub(super) async fn list_job_board(
    ops: &Operators,
    request: Request<pb::ListJobBoardRequest>,
) -> Result<Response<pb::ListJobBoardResponse>, Status> {
    let by = ops.staff(&request).await?;
    let days = match request.get_ref().days {
        0 => 2,
        d => d,
    };
    let jobs = ops.s.jobs.board(&by, days).await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::ListJobBoardResponse {
        jobs: jobs.iter().map(|j| board_job_to_pb(j, now)).collect(),
    }))
}

pub(super) async fn get_order_job(
    ops: &Operators,
    request: Request<pb::GetOrderJobRequest>,
) -> Result<Response<pb::GetOrderJobResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        ops.s.jobs.job_of(&by, &id).await
    };
    let job = work.await.map_err(status)?;
    let now = ops.s.jobs.clock().now();
    Ok(Response::new(pb::GetOrderJobResponse {
        job: job.map(|j| job_to_pb(&j, None, now)),
    }))
}

pub(super) async fn get_order_job_thread(
    ops: &Operators,
    request: Request<pb::GetOrderJobThreadRequest>,
) -> Result<Response<pb::GetOrderJobThreadResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let id = order_id(&request.get_ref().order_id)?;
        ops.s.jobs.talk(Talker::Staff(&by), &id).await
    };
    let talk = work.await.map_err(status)?;
    Ok(Response::new(pb::GetOrderJobThreadResponse {
        thread: Some(thread_to_pb(&talk, None)),
    }))
}

pub(super) async fn list_payroll(
    ops: &Operators,
    request: Request<pb::ListPayrollRequest>,
) -> Result<Response<pb::ListPayrollResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let week = week_from_pb(&request.get_ref().week)?;
        ops.s.partners.payroll(&by, week).await
    };
    let payroll = work.await.map_err(status)?;
    Ok(Response::new(pb::ListPayrollResponse {
        week: payroll.week.code(),
        over: payroll.over,
        lines: payroll
            .lines
            .iter()
            .map(|(p, s)| pb::PayrollLine {
                partner: Some(partner_to_pb(p)),
                statement: Some(statement_to_pb(s, true, true)),
            })
            .collect(),
    }))
}

pub(super) async fn pay_partner_week(
    ops: &Operators,
    request: Request<pb::PayPartnerWeekRequest>,
) -> Result<Response<pb::PayPartnerWeekResponse>, Status> {
    let by = ops.staff(&request).await?;
    let r = request.into_inner();
    let work = async {
        let partner = UserId::parse(&r.partner_id)?;
        let week = Week::parse(&r.week)?;
        ops.s
            .partners
            .pay_week(&by, &partner, week, &r.reference)
            .await
    };
    let statement = work.await.map_err(status)?;
    Ok(Response::new(pb::PayPartnerWeekResponse {
        statement: Some(statement_to_pb(&statement, true, true)),
    }))
}

pub(super) async fn export_payroll(
    ops: &Operators,
    request: Request<pb::ExportPayrollRequest>,
) -> Result<Response<pb::ExportPayrollResponse>, Status> {
    let by = ops.staff(&request).await?;
    let work = async {
        let week = week_from_pb(&request.get_ref().week)?;
        ops.s.partners.payroll(&by, week).await
    };
    let payroll = work.await.map_err(status)?;
    Ok(Response::new(pb::ExportPayrollResponse {
        filename: format!("payroll-{}.csv", payroll.week.code()),
        csv: payroll_csv(payroll.week, &payroll.lines),
    }))
}
