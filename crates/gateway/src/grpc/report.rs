//! `booking.v1.ReportService`: the business's numbers for admins, and their CSV files streamed a
//! page of rows at a time, so the server holds one page whatever the period's size.

use std::pin::Pin;

use domain::audit::Staff;
use domain::identity::IdentityService;
use domain::operations::OperatorService;
use domain::reports::{Cursor, Grain, Period, ReportService};
use domain::shared::Language;
use futures_util::Stream;
use tonic::{Request, Response, Status};

use crate::auth::grpc_staff;
use crate::error::status;
use crate::pb;
use crate::texts;
use crate::wire::report::{Sheet, grain_from_pb, report_to_pb};

pub(crate) struct Reports {
    identity: IdentityService,
    operators: OperatorService,
    reports: ReportService,
}

impl Reports {
    pub(crate) fn new(
        identity: IdentityService,
        operators: OperatorService,
        reports: ReportService,
    ) -> Self {
        Self {
            identity,
            operators,
            reports,
        }
    }

    /// An admin, refused before anything is read (the domain refuses again).
    async fn admin<T>(&self, request: &Request<T>) -> Result<Staff, Status> {
        let by = grpc_staff(&self.identity, &self.operators, request).await?;
        by.require_admin().map_err(status)?;
        Ok(by)
    }
}

type Chunks = Pin<Box<dyn Stream<Item = Result<pb::ExportReportResponse, Status>> + Send>>;

/// What an export carries from one chunk to the next.
struct Export {
    reports: ReportService,
    by: Staff,
    period: Period,
    grain: Grain,
    what: pb::ReportExport,
    sheet: Sheet,
    /// The file's name until the first chunk carries it.
    filename: Option<String>,
    /// Where the last page ended; none before the first.
    after: Option<Cursor>,
    done: bool,
}

impl Export {
    async fn next(&mut self) -> Option<Result<pb::ExportReportResponse, Status>> {
        if self.done {
            return None;
        }
        let more = match self.page().await {
            Ok(more) => more,
            Err(e) => {
                self.done = true;
                return Some(Err(status(e)));
            }
        };
        self.done = !more;
        let chunk = self.sheet.take();
        if chunk.is_empty() && self.filename.is_none() {
            return None;
        }
        Some(Ok(pb::ExportReportResponse {
            filename: self.filename.take().unwrap_or_default(),
            chunk,
        }))
    }

    /// Writes the next rows into the sheet; true while more may follow.
    async fn page(&mut self) -> domain::DomainResult<bool> {
        let first = self.after.is_none();
        match self.what {
            pb::ReportExport::Orders => {
                if first {
                    self.sheet.order_headers();
                }
                let rows = self
                    .reports
                    .orders_page(&self.by, &self.period, self.after.as_ref())
                    .await?;
                self.sheet.orders(&rows);
                self.after = rows.last().map(|r| Cursor {
                    at: r.created_at,
                    id: r.id.clone(),
                });
                Ok(self.after.is_some() && rows.len() == domain::reports::EXPORT_PAGE as usize)
            }
            pb::ReportExport::Ledger => {
                if first {
                    self.sheet.ledger_headers();
                }
                let rows = self
                    .reports
                    .ledger_page(&self.by, &self.period, self.after.as_ref())
                    .await?;
                self.sheet.ledger(&rows);
                self.after = rows.last().map(|r| Cursor {
                    at: r.at,
                    id: r.id.clone(),
                });
                Ok(self.after.is_some() && rows.len() == domain::reports::EXPORT_PAGE as usize)
            }
            pb::ReportExport::Journal => {
                let lines = self.reports.journal(&self.by, &self.period).await?;
                self.sheet.journal(&lines);
                Ok(false)
            }
            _ => {
                let report = self
                    .reports
                    .report(&self.by, self.period, self.grain)
                    .await?;
                self.sheet.report(&report);
                Ok(false)
            }
        }
    }
}

#[tonic::async_trait]
impl pb::report_service_server::ReportService for Reports {
    type ExportReportStream = Chunks;

    async fn get_report(
        &self,
        request: Request<pb::GetReportRequest>,
    ) -> Result<Response<pb::GetReportResponse>, Status> {
        let by = self.admin(&request).await?;
        let r = request.into_inner();
        let work = async {
            let period = Period::parse(&r.from, &r.until)?;
            self.reports
                .report(&by, period, grain_from_pb(r.grain))
                .await
        };
        let report = work.await.map_err(status)?;
        Ok(Response::new(report_to_pb(&report)))
    }

    async fn export_report(
        &self,
        request: Request<pb::ExportReportRequest>,
    ) -> Result<Response<Chunks>, Status> {
        let by = self.admin(&request).await?;
        let r = request.into_inner();
        let period = Period::parse(&r.from, &r.until).map_err(status)?;
        let (what, name) = match pb::ReportExport::try_from(r.export) {
            Ok(pb::ReportExport::Summary) => (pb::ReportExport::Summary, "report"),
            Ok(pb::ReportExport::Orders) => (pb::ReportExport::Orders, "orders"),
            Ok(pb::ReportExport::Ledger) => (pb::ReportExport::Ledger, "ledger"),
            Ok(pb::ReportExport::Journal) => (pb::ReportExport::Journal, "journal"),
            _ => {
                return Err(status(domain::DomainError::invalid(
                    "export",
                    domain::error::msg("report.export"),
                )));
            }
        };
        // The stream is polled after this call returns, outside the request's scope: the
        // language is carried along.
        let lang: Language = texts::current();
        let export = Export {
            reports: self.reports.clone(),
            by,
            period,
            grain: grain_from_pb(r.grain),
            what,
            sheet: Sheet::new(lang),
            filename: Some(format!("{name}-{}.csv", period.code())),
            after: None,
            done: false,
        };
        let chunks = futures_util::stream::unfold(export, move |mut export| async move {
            texts::speaking(lang, export.next())
                .await
                .map(|chunk| (chunk, export))
        });
        Ok(Response::new(Box::pin(chunks)))
    }
}
