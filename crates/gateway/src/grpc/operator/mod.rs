//! `booking.v1.OperatorService`: each call finds the staff member behind the credentials, then
//! calls the domain's operator service; the audit log is written there.

mod admin;

use domain::audit::Staff;
use domain::identity::IdentityService;
use domain::operations::{AuditFilter, OperatorService, SearchOrders};
use domain::shared::{Money, PageRequest, Phone, UserId};
use domain::support::{ThreadId, ThreadView};
use tonic::{Request, Response, Status};

use crate::auth::grpc_staff;
use crate::error::status;
use crate::pb;
use crate::wire::massage::therapist_to_pb;
use crate::wire::operator::{
    catalog_plan_to_pb, customer_to_pb, entry_to_pb, one_order, operator_thread_to_pb, order_id,
};
use crate::wire::order::{filter_from_pb, instant, order_to_pb, timestamp};
use crate::wire::payment::entry_to_pb as ledger_to_pb;
use crate::wire::payment::payment_to_pb;
use crate::wire::review::{Reader, review_to_pb};
use crate::wire::support::{message_to_pb, thread_to_pb};

pub(crate) struct Operators {
    identity: IdentityService,
    operators: OperatorService,
}

impl Operators {
    pub(crate) fn new(identity: IdentityService, operators: OperatorService) -> Self {
        Self {
            identity,
            operators,
        }
    }

    async fn staff<T>(&self, request: &Request<T>) -> Result<Staff, Status> {
        grpc_staff(&self.identity, &self.operators, request).await
    }

    /// Staff with an admin's duties, refused before the request is even read (the domain
    /// refuses again).
    async fn admin<T>(&self, request: &Request<T>) -> Result<Staff, Status> {
        let by = self.staff(request).await?;
        by.require_admin().map_err(status)?;
        Ok(by)
    }
}

#[tonic::async_trait]
impl pb::operator_service_server::OperatorService for Operators {
    async fn search_orders(
        &self,
        request: Request<pb::SearchOrdersRequest>,
    ) -> Result<Response<pb::SearchOrdersResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let mut filter = filter_from_pb(&r.states, r.category)?;
        filter.starts_after = r.service_from.as_ref().map(instant).transpose()?;
        filter.starts_before = r.service_until.as_ref().map(instant).transpose()?;
        filter.soonest_first = r.by_service_time;
        filter.awaiting_transfer = r.awaiting_transfer;
        let search = SearchOrders {
            filter,
            customer_email: Some(r.customer_email),
            text: Some(r.query),
        };
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.operators.search_orders(&search, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::SearchOrdersResponse {
            orders: page.items.iter().map(order_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn get_order(
        &self,
        request: Request<pb::OperatorServiceGetOrderRequest>,
    ) -> Result<Response<pb::OperatorServiceGetOrderResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let order = async { self.operators.order(&order_id(&r.order_id)?).await };
        Ok(Response::new(pb::OperatorServiceGetOrderResponse {
            order: one_order(order.await)?,
        }))
    }

    async fn confirm_order(
        &self,
        request: Request<pb::ConfirmOrderRequest>,
    ) -> Result<Response<pb::ConfirmOrderResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let order = async {
            self.operators
                .confirm(&by, &order_id(&r.order_id)?, r.seen_version)
                .await
        };
        Ok(Response::new(pb::ConfirmOrderResponse {
            order: one_order(order.await)?,
        }))
    }

    async fn assign_driver(
        &self,
        request: Request<pb::AssignDriverRequest>,
    ) -> Result<Response<pb::AssignDriverResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let order = async {
            let id = order_id(&r.order_id)?;
            let d = r.driver.unwrap_or_default();
            let code = match d.phone_country_code.trim() {
                "" => "84",
                code => code,
            };
            let phone = Phone::parse(code, &d.phone_number)?;
            self.operators
                .assign_driver(&by, (&id, r.seen_version), &d.name, phone, &d.plate)
                .await
        };
        Ok(Response::new(pb::AssignDriverResponse {
            order: one_order(order.await)?,
        }))
    }

    async fn assign_therapist(
        &self,
        request: Request<pb::AssignTherapistRequest>,
    ) -> Result<Response<pb::AssignTherapistResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let order = async {
            let id = order_id(&r.order_id)?;
            self.operators
                .assign_therapist(&by, (&id, r.seen_version), &r.therapist_id)
                .await
        };
        Ok(Response::new(pb::AssignTherapistResponse {
            order: one_order(order.await)?,
        }))
    }

    async fn complete_order(
        &self,
        request: Request<pb::CompleteOrderRequest>,
    ) -> Result<Response<pb::CompleteOrderResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let order = async {
            self.operators
                .complete(&by, &order_id(&r.order_id)?, r.seen_version)
                .await
        };
        Ok(Response::new(pb::CompleteOrderResponse {
            order: one_order(order.await)?,
        }))
    }

    async fn list_order_payments(
        &self,
        request: Request<pb::ListOrderPaymentsRequest>,
    ) -> Result<Response<pb::ListOrderPaymentsResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let payments = async { self.operators.order_payments(&order_id(&r.order_id)?).await };
        let payments = payments.await.map_err(status)?;
        Ok(Response::new(pb::ListOrderPaymentsResponse {
            payments: payments.iter().map(payment_to_pb).collect(),
        }))
    }

    async fn quote_cancellation(
        &self,
        request: Request<pb::OperatorServiceQuoteCancellationRequest>,
    ) -> Result<Response<pb::OperatorServiceQuoteCancellationResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let quote = async { self.operators.refund_quote(&order_id(&r.order_id)?).await };
        let q = quote.await.map_err(status)?;
        Ok(Response::new(
            pb::OperatorServiceQuoteCancellationResponse {
                quote: Some(pb::QuoteCancellationResponse {
                    paid_vnd: q.paid.amount(),
                    fee_vnd: q.fee.amount(),
                    refund_vnd: q.refund.amount(),
                    free_until: Some(timestamp(q.free_until)),
                    late_fee_percent: q.late_fee_percent,
                }),
            },
        ))
    }

    async fn add_order_note(
        &self,
        request: Request<pb::AddOrderNoteRequest>,
    ) -> Result<Response<pb::AddOrderNoteResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = order_id(&r.order_id)?;
            self.operators.add_note(&by, &id, &r.note).await
        };
        let entry = work.await.map_err(status)?;
        Ok(Response::new(pb::AddOrderNoteResponse {
            entry: Some(entry_to_pb(&entry)),
        }))
    }

    async fn cancel_order(
        &self,
        request: Request<pb::OperatorServiceCancelOrderRequest>,
    ) -> Result<Response<pb::OperatorServiceCancelOrderResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = order_id(&r.order_id)?;
            self.operators
                .cancel(&by, &id, &r.reason, r.refund_vnd.map(Money::vnd))
                .await
        };
        let done = work.await.map_err(status)?;
        let (fee, refund) = done
            .refund
            .map_or((0, 0), |q| (q.fee.amount(), q.refund.amount()));
        Ok(Response::new(pb::OperatorServiceCancelOrderResponse {
            order: Some(order_to_pb(&done.order)),
            fee_vnd: fee,
            refund_vnd: refund,
        }))
    }

    async fn mark_transfer_paid(
        &self,
        request: Request<pb::MarkTransferPaidRequest>,
    ) -> Result<Response<pb::MarkTransferPaidResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let order = async {
            let id = order_id(&r.order_id)?;
            self.operators
                .mark_transfer_paid(&by, &id, &r.bank_ref)
                .await
        };
        Ok(Response::new(pb::MarkTransferPaidResponse {
            order: one_order(order.await)?,
        }))
    }

    async fn reply_to_thread(
        &self,
        request: Request<pb::ReplyToThreadRequest>,
    ) -> Result<Response<pb::ReplyToThreadResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = ThreadId::parse(r.thread_id.trim())?;
            self.operators.reply(&by, &id, &r.message).await
        };
        let thread = work.await.map_err(status)?;
        Ok(Response::new(pb::ReplyToThreadResponse {
            thread: Some(thread_to_pb(&thread)),
        }))
    }

    async fn adjust_wallet(
        &self,
        request: Request<pb::AdjustWalletRequest>,
    ) -> Result<Response<pb::AdjustWalletResponse>, Status> {
        admin::adjust_wallet(self, request).await
    }

    async fn export_catalog(
        &self,
        request: Request<pb::ExportCatalogRequest>,
    ) -> Result<Response<pb::ExportCatalogResponse>, Status> {
        admin::export_catalog(self, request).await
    }

    async fn import_catalog(
        &self,
        request: Request<pb::ImportCatalogRequest>,
    ) -> Result<Response<pb::ImportCatalogResponse>, Status> {
        admin::import_catalog(self, request).await
    }

    async fn set_plan_active(
        &self,
        request: Request<pb::SetPlanActiveRequest>,
    ) -> Result<Response<pb::SetPlanActiveResponse>, Status> {
        admin::set_plan_active(self, request).await
    }

    async fn set_therapist_active(
        &self,
        request: Request<pb::SetTherapistActiveRequest>,
    ) -> Result<Response<pb::SetTherapistActiveResponse>, Status> {
        admin::set_therapist_active(self, request).await
    }

    async fn set_therapist_hours(
        &self,
        request: Request<pb::SetTherapistHoursRequest>,
    ) -> Result<Response<pb::SetTherapistHoursResponse>, Status> {
        admin::set_therapist_hours(self, request).await
    }

    async fn list_support_threads(
        &self,
        request: Request<pb::ListSupportThreadsRequest>,
    ) -> Result<Response<pb::ListSupportThreadsResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            let view = match pb::ThreadView::try_from(r.view).unwrap_or_default() {
                pb::ThreadView::Waiting => ThreadView::Waiting,
                pb::ThreadView::Open => ThreadView::Open,
                pb::ThreadView::Closed => ThreadView::Closed,
                pb::ThreadView::Unspecified if r.waiting_only => ThreadView::Waiting,
                pb::ThreadView::Unspecified => ThreadView::All,
            };
            self.operators.support_threads(view, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::ListSupportThreadsResponse {
            threads: page.items.iter().map(operator_thread_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn get_support_thread(
        &self,
        request: Request<pb::GetSupportThreadRequest>,
    ) -> Result<Response<pb::GetSupportThreadResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = ThreadId::parse(r.thread_id.trim())?;
            self.operators.support_thread(&id).await
        };
        let (thread, messages) = work.await.map_err(status)?;
        Ok(Response::new(pb::GetSupportThreadResponse {
            thread: Some(operator_thread_to_pb(&thread)),
            messages: messages.iter().map(message_to_pb).collect(),
        }))
    }

    async fn list_audit_entries(
        &self,
        request: Request<pb::ListAuditEntriesRequest>,
    ) -> Result<Response<pb::ListAuditEntriesResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let given = |s: &str| Some(s.trim().to_owned()).filter(|t| !t.is_empty());
        let filter = AuditFilter {
            target: given(&r.target),
            actor_part: given(&r.actor),
            action: given(&r.action),
            from: r.from.as_ref().map(instant).transpose()?,
            until: r.until.as_ref().map(instant).transpose()?,
        };
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.operators.audit_entries(&filter, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::ListAuditEntriesResponse {
            entries: page.items.iter().map(entry_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn find_customers(
        &self,
        request: Request<pb::FindCustomersRequest>,
    ) -> Result<Response<pb::FindCustomersResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.operators.find_customers(&r.query, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::FindCustomersResponse {
            customers: page.items.iter().map(customer_to_pb).collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn get_customer(
        &self,
        request: Request<pb::GetCustomerRequest>,
    ) -> Result<Response<pb::GetCustomerResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = UserId::parse(r.customer_id.trim())
                .map_err(|_| domain::DomainError::not_found("customer"))?;
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.operators.customer(&id, &page).await
        };
        let (card, entries) = work.await.map_err(status)?;
        Ok(Response::new(pb::GetCustomerResponse {
            customer: Some(customer_to_pb(&card)),
            entries: entries.items.iter().map(ledger_to_pb).collect(),
            next_page_token: entries.next_token.unwrap_or_default(),
        }))
    }

    async fn list_staff(
        &self,
        request: Request<pb::ListStaffRequest>,
    ) -> Result<Response<pb::ListStaffResponse>, Status> {
        admin::list_staff(self, request).await
    }

    async fn invite_staff(
        &self,
        request: Request<pb::InviteStaffRequest>,
    ) -> Result<Response<pb::InviteStaffResponse>, Status> {
        admin::invite_staff(self, request).await
    }

    async fn update_staff(
        &self,
        request: Request<pb::UpdateStaffRequest>,
    ) -> Result<Response<pb::UpdateStaffResponse>, Status> {
        admin::update_staff(self, request).await
    }

    async fn list_service_keys(
        &self,
        request: Request<pb::ListServiceKeysRequest>,
    ) -> Result<Response<pb::ListServiceKeysResponse>, Status> {
        admin::list_service_keys(self, request).await
    }

    async fn issue_service_key(
        &self,
        request: Request<pb::IssueServiceKeyRequest>,
    ) -> Result<Response<pb::IssueServiceKeyResponse>, Status> {
        admin::issue_service_key(self, request).await
    }

    async fn revoke_service_key(
        &self,
        request: Request<pb::RevokeServiceKeyRequest>,
    ) -> Result<Response<pb::RevokeServiceKeyResponse>, Status> {
        admin::revoke_service_key(self, request).await
    }

    async fn set_thread_closed(
        &self,
        request: Request<pb::SetThreadClosedRequest>,
    ) -> Result<Response<pb::SetThreadClosedResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = ThreadId::parse(r.thread_id.trim())?;
            self.operators.set_thread_closed(&by, &id, r.closed).await
        };
        let thread = work.await.map_err(status)?;
        Ok(Response::new(pb::SetThreadClosedResponse {
            thread: Some(operator_thread_to_pb(&thread)),
        }))
    }

    async fn list_catalog(
        &self,
        request: Request<pb::ListCatalogRequest>,
    ) -> Result<Response<pb::ListCatalogResponse>, Status> {
        self.staff(&request).await?;
        let (plans, therapists) = self.operators.catalogue().await.map_err(status)?;
        Ok(Response::new(pb::ListCatalogResponse {
            plans: plans.into_iter().map(catalog_plan_to_pb).collect(),
            therapists: therapists
                .into_iter()
                .map(|t| therapist_to_pb(t, false))
                .collect(),
        }))
    }

    async fn update_therapist(
        &self,
        request: Request<pb::UpdateTherapistRequest>,
    ) -> Result<Response<pb::UpdateTherapistResponse>, Status> {
        admin::update_therapist(self, request).await
    }

    async fn update_plan(
        &self,
        request: Request<pb::UpdatePlanRequest>,
    ) -> Result<Response<pb::UpdatePlanResponse>, Status> {
        admin::update_plan(self, request).await
    }

    async fn upload_catalog_photo(
        &self,
        request: Request<pb::UploadCatalogPhotoRequest>,
    ) -> Result<Response<pb::UploadCatalogPhotoResponse>, Status> {
        admin::upload_catalog_photo(self, request).await
    }

    async fn list_all_reviews(
        &self,
        request: Request<pb::ListAllReviewsRequest>,
    ) -> Result<Response<pb::ListAllReviewsResponse>, Status> {
        self.staff(&request).await?;
        let r = request.into_inner();
        let hidden = match pb::ReviewView::try_from(r.view) {
            Ok(pb::ReviewView::Shown) => Some(false),
            Ok(pb::ReviewView::Hidden) => Some(true),
            _ => None,
        };
        let work = async {
            let page = PageRequest::new(r.page_size, Some(r.page_token))?;
            self.operators.reviews(hidden, &page).await
        };
        let page = work.await.map_err(status)?;
        Ok(Response::new(pb::ListAllReviewsResponse {
            reviews: page
                .items
                .into_iter()
                .map(|r| review_to_pb(r, Reader::Private))
                .collect(),
            next_page_token: page.next_token.unwrap_or_default(),
        }))
    }

    async fn hide_review(
        &self,
        request: Request<pb::HideReviewRequest>,
    ) -> Result<Response<pb::HideReviewResponse>, Status> {
        let by = self.staff(&request).await?;
        let r = request.into_inner();
        let work = async {
            let id = order_id(&r.order_id)?;
            self.operators.hide_review(&by, &id, &r.reason).await
        };
        let review = work.await.map_err(status)?;
        Ok(Response::new(pb::HideReviewResponse {
            review: Some(review_to_pb(review, Reader::Private)),
        }))
    }
}
