//! Admins' gift codes: the batches with how many were redeemed, issuing one, exporting one.

use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::gift::{batch_csv, batch_from_pb, summary_to_pb};

pub(super) async fn list_gift_batches(
    ops: &Operators,
    request: Request<pb::ListGiftBatchesRequest>,
) -> Result<Response<pb::ListGiftBatchesResponse>, Status> {
    let by = ops.admin(&request).await?;
    let batches = ops.s.gifts.batches(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListGiftBatchesResponse {
        batches: batches.iter().map(summary_to_pb).collect(),
    }))
}

pub(super) async fn issue_gift_codes(
    ops: &Operators,
    request: Request<pb::IssueGiftCodesRequest>,
) -> Result<Response<pb::IssueGiftCodesResponse>, Status> {
    let by = ops.admin(&request).await?;
    let work = async {
        let batch = batch_from_pb(request.get_ref())?;
        ops.s.gifts.issue(&by, &batch).await?;
        let name = batch.name.trim();
        let listed = ops.s.gifts.batches(&by).await?;
        Ok(listed.into_iter().find(|b| b.name == name))
    };
    let batch = work.await.map_err(status)?;
    Ok(Response::new(pb::IssueGiftCodesResponse {
        batch: batch.as_ref().map(summary_to_pb),
    }))
}

pub(super) async fn export_gift_batch(
    ops: &Operators,
    request: Request<pb::ExportGiftBatchRequest>,
) -> Result<Response<pb::ExportGiftBatchResponse>, Status> {
    let by = ops.admin(&request).await?;
    let work = async {
        let codes = ops.s.gifts.batch(&by, &request.get_ref().name).await?;
        batch_csv(&codes)
    };
    let (filename, csv) = work.await.map_err(status)?;
    Ok(Response::new(pb::ExportGiftBatchResponse { filename, csv }))
}
