//! What the partner earned: today, this week, the last weeks, and one week's statement.

use domain::partners::Week;
use tonic::{Request, Response, Status};

use super::Partners;
use crate::error::status;
use crate::pb;
use crate::wire::earnings::{statement_to_pb, summary_to_pb};

pub(super) async fn get_earnings(
    me: &Partners,
    request: Request<pb::GetEarningsRequest>,
) -> Result<Response<pb::GetEarningsResponse>, Status> {
    let p = me.caller(&request).await?;
    let summary = me.partners.earnings(&p).await.map_err(status)?;
    Ok(Response::new(summary_to_pb(&summary)))
}

pub(super) async fn get_earnings_week(
    me: &Partners,
    request: Request<pb::GetEarningsWeekRequest>,
) -> Result<Response<pb::GetEarningsWeekResponse>, Status> {
    let p = me.caller(&request).await?;
    let work = async {
        let week = Week::parse(&request.get_ref().week)?;
        me.partners.statement(&p, week).await
    };
    let statement = work.await.map_err(status)?;
    Ok(Response::new(pb::GetEarningsWeekResponse {
        statement: Some(statement_to_pb(&statement, true, false)),
    }))
}
