//! `booking.v1.InvoiceService`: a customer's order's e-invoices and company, and staff's failed
//! invoices with their retry.

use domain::identity::IdentityService;
use domain::invoicing::{InvoiceId, InvoiceService};
use domain::operations::OperatorService;
use domain::shared::PageRequest;
use tonic::{Request, Response, Status};

use crate::auth::{grpc_caller, grpc_staff};
use crate::error::status;
use crate::pb;
use crate::wire::invoice::{company_from_pb, company_to_pb, invoice_to_pb};
use crate::wire::order::order_id;

pub(crate) struct Invoices {
    identity: IdentityService,
    operators: OperatorService,
    invoices: InvoiceService,
}

impl Invoices {
    pub(crate) fn new(
        identity: IdentityService,
        operators: OperatorService,
        invoices: InvoiceService,
    ) -> Self {
        Self {
            identity,
            operators,
            invoices,
        }
    }
}

#[tonic::async_trait]
impl pb::invoice_service_server::InvoiceService for Invoices {
    async fn get_order_invoices(
        &self,
        request: Request<pb::GetOrderInvoicesRequest>,
    ) -> Result<Response<pb::GetOrderInvoicesResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let work = async {
            let id = order_id(&request.get_ref().order_id)?;
            let invoices = self.invoices.of_order(&who, &id).await?;
            let company = self.invoices.company(&who, &id).await?;
            Ok((invoices, company))
        };
        let (invoices, company) = work.await.map_err(status)?;
        Ok(Response::new(pb::GetOrderInvoicesResponse {
            invoices: invoices.into_iter().map(invoice_to_pb).collect(),
            company: company.as_ref().map(company_to_pb),
        }))
    }

    async fn set_invoice_company(
        &self,
        request: Request<pb::SetInvoiceCompanyRequest>,
    ) -> Result<Response<pb::SetInvoiceCompanyResponse>, Status> {
        let who = grpc_caller(&self.identity, &request).await?;
        let r = request.into_inner();
        let work = async {
            let id = order_id(&r.order_id)?;
            let company = r.company.as_ref().map(company_from_pb).transpose()?;
            self.invoices.ask_company(&who, &id, company).await
        };
        let company = work.await.map_err(status)?;
        Ok(Response::new(pb::SetInvoiceCompanyResponse {
            company: company.as_ref().map(company_to_pb),
        }))
    }

    async fn list_failed_invoices(
        &self,
        request: Request<pb::ListFailedInvoicesRequest>,
    ) -> Result<Response<pb::ListFailedInvoicesResponse>, Status> {
        let by = grpc_staff(&self.identity, &self.operators, &request).await?;
        let r = request.into_inner();
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.invoices.failed(&by, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::ListFailedInvoicesResponse {
            invoices: page.items.into_iter().map(invoice_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn retry_invoice(
        &self,
        request: Request<pb::RetryInvoiceRequest>,
    ) -> Result<Response<pb::RetryInvoiceResponse>, Status> {
        let by = grpc_staff(&self.identity, &self.operators, &request).await?;
        let work = async {
            let id = InvoiceId::parse(request.get_ref().invoice_id.trim())?;
            self.invoices.retry(&by, &id).await
        };
        let invoice = work.await.map_err(status)?;
        Ok(Response::new(pb::RetryInvoiceResponse {
            invoice: Some(invoice_to_pb(invoice)),
        }))
    }
}
