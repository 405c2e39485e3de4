//! Admins' promo codes: the list with each code's uses and cost, adding one, changing one.

use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;
use crate::wire::promotion::{promo_from_pb, promo_to_pb, summary_to_pb};

pub(super) async fn list_promo_codes(
    ops: &Operators,
    request: Request<pb::ListPromoCodesRequest>,
) -> Result<Response<pb::ListPromoCodesResponse>, Status> {
    let by = ops.staff(&request).await?;
    let codes = ops.s.promos.list(&by).await.map_err(status)?;
    Ok(Response::new(pb::ListPromoCodesResponse {
        codes: codes.iter().map(summary_to_pb).collect(),
    }))
}

pub(super) async fn create_promo_code(
    ops: &Operators,
    request: Request<pb::CreatePromoCodeRequest>,
) -> Result<Response<pb::CreatePromoCodeResponse>, Status> {
    let by = ops.admin(&request).await?;
    let work = async {
        let code = promo_from_pb(request.into_inner().code)?;
        ops.s.promos.create(&by, &code).await?;
        Ok(code)
    };
    let code = work.await.map_err(status)?;
    Ok(Response::new(pb::CreatePromoCodeResponse {
        code: Some(promo_to_pb(&code)),
    }))
}

pub(super) async fn update_promo_code(
    ops: &Operators,
    request: Request<pb::UpdatePromoCodeRequest>,
) -> Result<Response<pb::UpdatePromoCodeResponse>, Status> {
    let by = ops.admin(&request).await?;
    let work = async {
        let code = promo_from_pb(request.into_inner().code)?;
        ops.s.promos.save(&by, &code).await?;
        Ok(code)
    };
    let code = work.await.map_err(status)?;
    Ok(Response::new(pb::UpdatePromoCodeResponse {
        code: Some(promo_to_pb(&code)),
    }))
}
