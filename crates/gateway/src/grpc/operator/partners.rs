//! Admins' and operators' calls on partners: the directory, invitations, pausing one (whose
//! jobs go back to the board), and their weekly pay.

use domain::partners::Week;
use domain::shared::{Money, UserId};
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::earnings::{payroll_csv, statement_to_pb, week_from_pb};
use crate::wire::job::job_to_pb;
use crate::wire::partner::{new_partner_from_pb, partner_to_pb};

pub(super) async fn list_partners(
    ops: &Operators,
    request: Request<pb::ListPartnersRequest>,
) -> Result<Response<pb::ListPartnersResponse>, Status> {
    let by = ops.staff(&request).await?;
    let partners = ops.s.partners.list(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListPartnersResponse {
        partners: partners.iter().map(partner_to_pb).collect(),
        name_max_length: domain::partners::Partner::NAME_MAX as u32,
        home_cities: domain::catalog::CITIES
            .iter()
            .map(|(city, _)| (*city).to_owned())
            .collect(),
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

pub(super) async fn correct_partner_earnings(
    ops: &Operators,
    request: Request<pb::CorrectPartnerEarningsRequest>,
) -> Result<Response<pb::CorrectPartnerEarningsResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let partner = UserId::parse(&r.partner_id)?;
        ops.s
            .partners
            .correct_earnings(
                &by,
                &partner,
                Money::vnd(r.amount_vnd),
                &r.reason,
                &r.request_id,
            )
            .await
    };
    let statement = work.await.map_err(status)?;
    Ok(Response::new(pb::CorrectPartnerEarningsResponse {
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
