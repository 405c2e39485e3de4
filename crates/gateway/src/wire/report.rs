//! Reports on the wire: the figures as messages, and the CSV files of a report, its orders and
//! its ledger, written a page at a time in the caller's language. Amounts are plain integer đồng
//! so a spreadsheet adds them; instants are Vietnam time.

use domain::catalog::Category;
use domain::payment::PurposeKind;
use domain::reports::{Entry, Grain, JournalLine, LedgerRow, OrderRow, Report};
use domain::shared::{Language, LocalTime};
use domain::words::{say, term};

use super::csv::CsvFile;
use crate::pb;
use crate::wire::payment::method_to_pb;

pub(crate) fn grain_from_pb(raw: i32) -> Grain {
    match pb::ReportGrain::try_from(raw) {
        Ok(pb::ReportGrain::Week) => Grain::Week,
        Ok(pb::ReportGrain::Month) => Grain::Month,
        _ => Grain::Day,
    }
}

fn grain_to_pb(g: Grain) -> pb::ReportGrain {
    match g {
        Grain::Day => pb::ReportGrain::Day,
        Grain::Week => pb::ReportGrain::Week,
        Grain::Month => pb::ReportGrain::Month,
    }
}

fn purpose_to_pb(kind: PurposeKind) -> pb::PaymentPurpose {
    match kind {
        PurposeKind::Order => pb::PaymentPurpose::Order,
        PurposeKind::TopUp => pb::PaymentPurpose::TopUp,
        PurposeKind::Change => pb::PaymentPurpose::Change,
        PurposeKind::Tip => pb::PaymentPurpose::Tip,
    }
}

fn line_to_pb(l: &domain::reports::Line) -> pb::ReportLine {
    pb::ReportLine {
        key: l.key.clone(),
        amount_vnd: l.amount.amount(),
        count: l.count,
    }
}

pub(crate) fn report_to_pb(r: &Report) -> pb::GetReportResponse {
    pb::GetReportResponse {
        from: r.period.first().to_string(),
        until: r.period.last().to_string(),
        grain: grain_to_pb(r.grain) as i32,
        over_time: r
            .over_time
            .iter()
            .map(|b| pb::ReportBucket {
                start: b.start.to_string(),
                sales_vnd: b.sales.amount(),
                orders: b.orders,
                refunds_vnd: b.refunds.amount(),
                net_vnd: b.net().amount(),
            })
            .collect(),
        categories: r.categories.iter().map(line_to_pb).collect(),
        plans: r
            .plans
            .iter()
            .map(|p| pb::ReportPlanLine {
                category: p.category.clone(),
                plan_id: p.plan_id.clone(),
                name: p.name.clone(),
                amount_vnd: p.amount.amount(),
                orders: p.orders,
            })
            .collect(),
        methods: r
            .methods
            .iter()
            .map(|m| pb::ReportMethodLine {
                method: method_to_pb(m.method) as i32,
                purpose: purpose_to_pb(m.purpose) as i32,
                amount_vnd: m.amount.amount(),
                count: m.count,
            })
            .collect(),
        refunds: r
            .refunds
            .iter()
            .map(|l| pb::ReportRefundLine {
                route: l.route.code().to_owned(),
                state: l.state.code().to_owned(),
                amount_vnd: l.amount.amount(),
                count: l.count,
            })
            .collect(),
        cancellations: Some(pb::ReportCancellations {
            paid: r.cancellations.paid,
            paid_value_vnd: r.cancellations.paid_value.amount(),
            unpaid: r.cancellations.unpaid,
        }),
        promotions: r.promotions.iter().map(line_to_pb).collect(),
        credit: r.credit.iter().map(line_to_pb).collect(),
        partners: Some(pb::ReportPartners {
            earned_vnd: r.partners.earned.amount(),
            tips_vnd: r.partners.tips.amount(),
            tips: r.partners.tip_count,
            paid_vnd: r.partners.paid.amount(),
            due_vnd: r.partners.due.amount(),
        }),
        liability: Some(pb::ReportLiability {
            balances_vnd: r.liability.balances.amount(),
            ledger_vnd: r.liability.ledger.amount(),
            balanced: r.liability.balanced(),
            at_end_vnd: r.liability.at_end.amount(),
        }),
        totals: Some(pb::ReportTotals {
            sales_vnd: r.totals.sales.amount(),
            orders: r.totals.orders,
            refunds_vnd: r.totals.refunds.amount(),
            net_vnd: r.totals.net.amount(),
            promotions_vnd: r.totals.promotions.amount(),
            credit_vnd: r.totals.credit.amount(),
        }),
    }
}

/// Writes CSV rows in one language.
pub(crate) struct Sheet {
    lang: Language,
    out: CsvFile,
}

impl Sheet {
    pub(crate) fn new(lang: Language) -> Self {
        Self {
            lang,
            out: CsvFile::new(),
        }
    }

    fn term(&self, code: &str) -> String {
        term(code, self.lang)
    }

    fn headers(&mut self, codes: &[&str]) {
        let words: Vec<String> = codes.iter().map(|c| self.term(c)).collect();
        self.out.row(words);
    }

    /// The bytes written so far, taken out (the first chunk begins with the byte-order mark).
    pub(crate) fn take(&mut self) -> Vec<u8> {
        self.out.take()
    }

    fn category(&self, slug: &str) -> String {
        Category::from_slug(slug).map_or_else(|_| slug.to_owned(), |c| self.term(c.name()))
    }

    fn row(&mut self, section: &str, key: String, detail: String, amount: i64, count: i64) {
        let section = self.term(section);
        self.out
            .row([section, key, detail, amount.to_string(), count.to_string()]);
    }

    /// Every figure of `r`, one row each: section, key, detail, amount, count.
    pub(crate) fn report(&mut self, r: &Report) {
        self.headers(&[
            "report_csv.section",
            "report_csv.key",
            "report_csv.detail",
            "report_csv.amount_vnd",
            "report_csv.count",
        ]);
        let (sales, refunded, net) = (
            self.term("report_csv.sales"),
            self.term("report_csv.refunded"),
            self.term("report_csv.net"),
        );
        for b in &r.over_time {
            let start = b.start.to_string();
            self.row(
                "report_csv.over_time",
                start.clone(),
                sales.clone(),
                b.sales.amount(),
                b.orders,
            );
            self.row(
                "report_csv.over_time",
                start.clone(),
                refunded.clone(),
                b.refunds.amount(),
                0,
            );
            self.row(
                "report_csv.over_time",
                start,
                net.clone(),
                b.net().amount(),
                0,
            );
        }
        for c in &r.categories {
            let name = self.category(&c.key);
            self.row(
                "report_csv.categories",
                name,
                String::new(),
                c.amount.amount(),
                c.count,
            );
        }
        for p in &r.plans {
            let category = self.category(&p.category);
            let plan = format!("{} ({})", p.name, p.plan_id);
            self.row(
                "report_csv.plans",
                category,
                plan,
                p.amount.amount(),
                p.orders,
            );
        }
        for m in &r.methods {
            let method = self.term(m.method.term());
            let purpose = self.term(&format!(
                "report_csv.purpose_{}",
                m.purpose.code().to_lowercase()
            ));
            self.row(
                "report_csv.methods",
                method,
                purpose,
                m.amount.amount(),
                m.count,
            );
        }
        for l in &r.refunds {
            let route = self.term(&format!(
                "report_csv.route_{}",
                l.route.code().to_lowercase()
            ));
            let state = self.term(&format!(
                "report_csv.state_{}",
                l.state.code().to_lowercase()
            ));
            self.row(
                "report_csv.refunds",
                route,
                state,
                l.amount.amount(),
                l.count,
            );
        }
        let c = r.cancellations;
        let (paid, unpaid) = (
            self.term("report_csv.cancelled_paid"),
            self.term("report_csv.cancelled_unpaid"),
        );
        self.row(
            "report_csv.cancellations",
            paid,
            String::new(),
            c.paid_value.amount(),
            c.paid,
        );
        self.row(
            "report_csv.cancellations",
            unpaid,
            String::new(),
            0,
            c.unpaid,
        );
        for p in &r.promotions {
            self.row(
                "report_csv.promotions",
                p.key.clone(),
                String::new(),
                p.amount.amount(),
                p.count,
            );
        }
        for l in &r.credit {
            let kind = self.term(&format!("report_csv.kind_{}", l.key.to_lowercase()));
            self.row(
                "report_csv.credit",
                kind,
                String::new(),
                l.amount.amount(),
                l.count,
            );
        }
        let p = r.partners;
        for (code, amount, count) in [
            ("report_csv.partners_earned", p.earned, 0),
            ("report_csv.partners_tips", p.tips, p.tip_count),
            ("report_csv.partners_paid", p.paid, 0),
            ("report_csv.partners_due", p.due, 0),
        ] {
            let key = self.term(code);
            self.row(
                "report_csv.partners",
                key,
                String::new(),
                amount.amount(),
                count,
            );
        }
        let l = r.liability;
        for (code, amount) in [
            ("report_csv.liability_balances", l.balances),
            ("report_csv.liability_ledger", l.ledger),
            ("report_csv.liability_at_end", l.at_end),
        ] {
            let key = self.term(code);
            self.row(
                "report_csv.liability",
                key,
                String::new(),
                amount.amount(),
                0,
            );
        }
        let t = r.totals;
        for (code, amount, count) in [
            ("report_csv.sales", t.sales, t.orders),
            ("report_csv.refunded", t.refunds, 0),
            ("report_csv.net", t.net, 0),
            ("report_csv.promotions", t.promotions, 0),
            ("report_csv.credit", t.credit, 0),
        ] {
            let key = self.term(code);
            self.row(
                "report_csv.totals",
                key,
                String::new(),
                amount.amount(),
                count,
            );
        }
    }

    pub(crate) fn order_headers(&mut self) {
        self.headers(&[
            "report_csv.order_id",
            "report_csv.created_at",
            "report_csv.customer",
            "report_csv.category",
            "report_csv.plan",
            "report_csv.state",
            "report_csv.start_at",
            "report_csv.total_vnd",
            "report_csv.paid_vnd",
            "report_csv.refunded_vnd",
        ]);
    }

    pub(crate) fn orders(&mut self, rows: &[OrderRow]) {
        for o in rows {
            let cells = [
                o.id.clone(),
                vietnam(o.created_at),
                o.owner.clone(),
                self.category(&o.category),
                format!("{} ({})", o.plan_name, o.plan_id),
                self.term(&format!("order.state.{}", o.state.to_lowercase())),
                vietnam(o.start_at),
                o.total.amount().to_string(),
                o.paid.amount().to_string(),
                o.refunded.amount().to_string(),
            ];
            self.out.row(cells);
        }
    }

    pub(crate) fn ledger_headers(&mut self) {
        self.headers(&[
            "report_csv.entry_id",
            "report_csv.at",
            "report_csv.customer",
            "report_csv.kind",
            "report_csv.amount_vnd",
            "report_csv.balance_after_vnd",
            "report_csv.order_id",
            "report_csv.payment_id",
            "report_csv.operator",
            "report_csv.note",
        ]);
    }

    pub(crate) fn ledger(&mut self, rows: &[LedgerRow]) {
        for e in rows {
            let cells = [
                e.id.clone(),
                vietnam(e.at),
                e.owner.clone(),
                self.term(&format!("report_csv.kind_{}", e.kind.to_lowercase())),
                e.amount.amount().to_string(),
                e.balance_after.amount().to_string(),
                e.order_id.clone(),
                e.payment_id.clone(),
                e.operator.clone(),
                say(&e.note, self.lang),
            ];
            self.out.row(cells);
        }
    }

    /// The accounting journal: a line per day, entry and key (a category or a ledger kind).
    pub(crate) fn journal(&mut self, lines: &[JournalLine]) {
        self.headers(&[
            "report_csv.day",
            "report_csv.entry",
            "report_csv.key",
            "report_csv.amount_vnd",
            "report_csv.vat_percent",
            "report_csv.count",
        ]);
        for l in lines {
            let key = match l.entry {
                Entry::Wallet => self.term(&format!("report_csv.kind_{}", l.key.to_lowercase())),
                Entry::Payouts => String::new(),
                _ => self.category(&l.key),
            };
            let cells = [
                l.day.to_string(),
                self.term(&format!("report_csv.entry_{}", l.entry.code())),
                key,
                l.amount.amount().to_string(),
                l.vat_percent.map(|r| r.to_string()).unwrap_or_default(),
                l.count.to_string(),
            ];
            self.out.row(cells);
        }
    }
}

fn vietnam(at: chrono::DateTime<chrono::Utc>) -> String {
    LocalTime::of(at)
        .naive()
        .format("%Y-%m-%d %H:%M")
        .to_string()
}
