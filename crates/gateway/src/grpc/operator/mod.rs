//! `booking.v1.OperatorService`, one file per subject: each call finds the staff member behind
//! the credentials, then calls the subject's own service with them (`OrderService::confirm`,
//! `SupportService::reply`, …), which checks the duty and writes the audit entry. What is the
//! operators' own (staff, keys, audit, customers) goes to `OperatorService`.

mod backups;
mod catalog;
mod customers;
mod gifts;
mod jobs;
mod orders;
mod partners;
mod payments;
mod promotions;
mod referrals;
mod reviews;
mod staff;
mod support;

use domain::audit::Staff;
use tonic::{Request, Status};

use crate::auth::grpc_staff;
use crate::error::status;
use crate::pb;
use crate::services::Services;

pub(crate) struct Operators {
    s: Services,
}

impl Operators {
    pub(crate) fn new(services: Services) -> Self {
        Self { s: services }
    }

    async fn staff<T>(&self, request: &Request<T>) -> Result<Staff, Status> {
        grpc_staff(&self.s.identity, &self.s.operators, request).await
    }

    /// Staff with an admin's duties, refused before the request is even read (the domain
    /// refuses again).
    async fn admin<T>(&self, request: &Request<T>) -> Result<Staff, Status> {
        let by = self.staff(request).await?;
        by.require_admin().map_err(status)?;
        Ok(by)
    }
}

serve_by_subject! {
    pb::operator_service_server::OperatorService, Operators, {
        search_orders(SearchOrdersRequest, SearchOrdersResponse) => orders::search_orders;
        get_order(OperatorServiceGetOrderRequest, OperatorServiceGetOrderResponse) => orders::get_order;
        confirm_order(ConfirmOrderRequest, ConfirmOrderResponse) => orders::confirm_order;
        assign_driver(AssignDriverRequest, AssignDriverResponse) => orders::assign_driver;
        assign_therapist(AssignTherapistRequest, AssignTherapistResponse) => orders::assign_therapist;
        complete_order(CompleteOrderRequest, CompleteOrderResponse) => orders::complete_order;
        list_order_payments(ListOrderPaymentsRequest, ListOrderPaymentsResponse) => payments::list_order_payments;
        quote_cancellation(OperatorServiceQuoteCancellationRequest, OperatorServiceQuoteCancellationResponse) => payments::quote_cancellation;
        add_order_note(AddOrderNoteRequest, AddOrderNoteResponse) => orders::add_order_note;
        cancel_order(OperatorServiceCancelOrderRequest, OperatorServiceCancelOrderResponse) => payments::cancel_order;
        list_refund_tasks(ListRefundTasksRequest, ListRefundTasksResponse) => payments::list_refund_tasks;
        close_refund(CloseRefundRequest, CloseRefundResponse) => payments::close_refund;
        mark_transfer_paid(MarkTransferPaidRequest, MarkTransferPaidResponse) => payments::mark_transfer_paid;
        reply_to_thread(ReplyToThreadRequest, ReplyToThreadResponse) => support::reply_to_thread;
        adjust_wallet(AdjustWalletRequest, AdjustWalletResponse) => payments::adjust_wallet;
        export_catalog(ExportCatalogRequest, ExportCatalogResponse) => catalog::export_catalog;
        import_catalog(ImportCatalogRequest, ImportCatalogResponse) => catalog::import_catalog;
        set_plan_active(SetPlanActiveRequest, SetPlanActiveResponse) => catalog::set_plan_active;
        set_therapist_active(SetTherapistActiveRequest, SetTherapistActiveResponse) => catalog::set_therapist_active;
        set_therapist_hours(SetTherapistHoursRequest, SetTherapistHoursResponse) => catalog::set_therapist_hours;
        list_support_threads(ListSupportThreadsRequest, ListSupportThreadsResponse) => support::list_support_threads;
        get_support_thread(GetSupportThreadRequest, GetSupportThreadResponse) => support::get_support_thread;
        list_audit_entries(ListAuditEntriesRequest, ListAuditEntriesResponse) => staff::list_audit_entries;
        find_customers(FindCustomersRequest, FindCustomersResponse) => customers::find_customers;
        get_customer(GetCustomerRequest, GetCustomerResponse) => customers::get_customer;
        list_staff(ListStaffRequest, ListStaffResponse) => staff::list_staff;
        invite_staff(InviteStaffRequest, InviteStaffResponse) => staff::invite_staff;
        update_staff(UpdateStaffRequest, UpdateStaffResponse) => staff::update_staff;
        list_service_keys(ListServiceKeysRequest, ListServiceKeysResponse) => staff::list_service_keys;
        issue_service_key(IssueServiceKeyRequest, IssueServiceKeyResponse) => staff::issue_service_key;
        revoke_service_key(RevokeServiceKeyRequest, RevokeServiceKeyResponse) => staff::revoke_service_key;
        set_thread_closed(SetThreadClosedRequest, SetThreadClosedResponse) => support::set_thread_closed;
        list_catalog(ListCatalogRequest, ListCatalogResponse) => catalog::list_catalog;
        update_therapist(UpdateTherapistRequest, UpdateTherapistResponse) => catalog::update_therapist;
        update_plan(UpdatePlanRequest, UpdatePlanResponse) => catalog::update_plan;
        list_category_seasons(ListCategorySeasonsRequest, ListCategorySeasonsResponse) => catalog::list_category_seasons;
        set_category_seasons(SetCategorySeasonsRequest, SetCategorySeasonsResponse) => catalog::set_category_seasons;
        upload_catalog_photo(UploadCatalogPhotoRequest, UploadCatalogPhotoResponse) => catalog::upload_catalog_photo;
        list_all_reviews(ListAllReviewsRequest, ListAllReviewsResponse) => reviews::list_all_reviews;
        hide_review(HideReviewRequest, HideReviewResponse) => reviews::hide_review;
        list_partners(ListPartnersRequest, ListPartnersResponse) => partners::list_partners;
        invite_partner(InvitePartnerRequest, InvitePartnerResponse) => partners::invite_partner;
        offer_job(OfferJobRequest, OfferJobResponse) => jobs::offer_job;
        set_partner_active(SetPartnerActiveRequest, SetPartnerActiveResponse) => partners::set_partner_active;
        withdraw_job(WithdrawJobRequest, WithdrawJobResponse) => jobs::withdraw_job;
        set_job_dispatch(SetJobDispatchRequest, SetJobDispatchResponse) => jobs::set_job_dispatch;
        list_category_dispatch(ListCategoryDispatchRequest, ListCategoryDispatchResponse) => jobs::list_category_dispatch;
        set_category_dispatch(SetCategoryDispatchRequest, SetCategoryDispatchResponse) => jobs::set_category_dispatch;
        list_job_board(ListJobBoardRequest, ListJobBoardResponse) => jobs::list_job_board;
        get_order_job(GetOrderJobRequest, GetOrderJobResponse) => jobs::get_order_job;
        get_order_job_thread(GetOrderJobThreadRequest, GetOrderJobThreadResponse) => jobs::get_order_job_thread;
        list_payroll(ListPayrollRequest, ListPayrollResponse) => partners::list_payroll;
        pay_partner_week(PayPartnerWeekRequest, PayPartnerWeekResponse) => partners::pay_partner_week;
        correct_partner_earnings(CorrectPartnerEarningsRequest, CorrectPartnerEarningsResponse) => partners::correct_partner_earnings;
        export_payroll(ExportPayrollRequest, ExportPayrollResponse) => partners::export_payroll;
        get_backups(GetBackupsRequest, GetBackupsResponse) => backups::get_backups;
        start_backup(StartBackupRequest, StartBackupResponse) => backups::start_backup;
        list_promo_codes(ListPromoCodesRequest, ListPromoCodesResponse) => promotions::list_promo_codes;
        create_promo_code(CreatePromoCodeRequest, CreatePromoCodeResponse) => promotions::create_promo_code;
        update_promo_code(UpdatePromoCodeRequest, UpdatePromoCodeResponse) => promotions::update_promo_code;
        list_gift_batches(ListGiftBatchesRequest, ListGiftBatchesResponse) => gifts::list_gift_batches;
        issue_gift_codes(IssueGiftCodesRequest, IssueGiftCodesResponse) => gifts::issue_gift_codes;
        export_gift_batch(ExportGiftBatchRequest, ExportGiftBatchResponse) => gifts::export_gift_batch;
        get_referral_program(GetReferralProgramRequest, GetReferralProgramResponse) => referrals::get_referral_program;
        update_referral_program(UpdateReferralProgramRequest, UpdateReferralProgramResponse) => referrals::update_referral_program;
    }
}
