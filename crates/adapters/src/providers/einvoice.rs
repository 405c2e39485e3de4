//! Viettel S-Invoice (API v2), the e-invoice provider behind `domain::invoicing::InvoiceProvider`.
//! Its contract, as published and as Odoo's `l10n_vn_edi_viettel` speaks it:
//! - `POST {base}/auth/login` with JSON `{username, password}` answers `{access_token,
//!   expires_in}` (seconds); the token goes with each call as the cookie `access_token`.
//! - `POST {base}/services/einvoiceapplication/api/InvoiceAPI/InvoiceWS/createInvoice/{tax code}`
//!   with JSON `{generalInvoiceInfo, buyerInfo, sellerInfo, payments, itemInfo, taxBreakdowns}`
//!   answers `{result: {invoiceNo, reservationCode, transactionID}}`; an adjustment carries
//!   `adjustmentType` 5 and names the original (`originalInvoiceId`, its issue date and template).
//! - `POST …/InvoiceWS/searchInvoiceByTransactionUuid` with the form `{supplierTaxCode,
//!   transactionUuid}` answers `{result: [{invoiceNo, reservationCode}]}`: how a call whose answer
//!   was lost finds the invoice it made.
//! - A refusal is an answer whose body has `code` or `error`, its words in `data`, `message` or
//!   `error`. Times are milliseconds since the epoch; amounts whole đồng.
//!
//! An answer that is late, not JSON, or a server error says nothing: the call is `Unavailable`.

use std::time::{Duration, Instant};

use async_trait::async_trait;
use domain::invoicing::{InvoiceKind, InvoiceProvider, Issue, Issued, Receipt};
use domain::{DomainError, DomainResult};
use serde_json::{Value, json};
use tokio::sync::Mutex;

/// The seller's account at Viettel and what its invoices carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViettelConfig {
    /// `https://api-vinvoice.viettel.vn`, or a stand-in's address.
    pub base_url: String,
    pub username: String,
    pub password: String,
    /// The seller's tax code: the account's.
    pub tax_code: String,
    /// The invoice template registered with the tax authority (`1/001`) and its series
    /// (`C26TAA`).
    pub template: String,
    pub series: String,
    pub seller_name: String,
    pub seller_address: String,
    /// Where buyers look an invoice up with its code.
    pub lookup_url: String,
}

pub struct ViettelInvoices {
    config: ViettelConfig,
    http: reqwest::Client,
    /// The token and when to stop using it (before it expires).
    token: Mutex<Option<(String, Instant)>>,
}

const API: &str = "/services/einvoiceapplication/api/InvoiceAPI/InvoiceWS";

fn unavailable(what: impl std::fmt::Display) -> DomainError {
    DomainError::Unavailable(format!("S-Invoice: {what}"))
}

/// An answer, read: JSON with a 2xx or 4xx status; anything else says nothing.
enum Answer {
    Ok(Value),
    /// The provider refused, in its words.
    Refused(String),
    /// The token was refused: log in again.
    Unauthorized,
}

impl ViettelInvoices {
    /// `timeout`: how long an answer is waited for (Viettel asks for 60 s and more).
    pub fn new(config: ViettelConfig, timeout: Duration) -> Self {
        super::install_tls_provider();
        Self {
            config,
            http: reqwest::Client::builder()
                .timeout(timeout)
                .build()
                .unwrap_or_default(),
            token: Mutex::new(None),
        }
    }

    async fn token(&self) -> DomainResult<String> {
        let mut held = self.token.lock().await;
        if let Some((token, until)) = held.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let answer = self
            .http
            .post(format!("{}/auth/login", self.config.base_url))
            .json(&json!({"username": self.config.username, "password": self.config.password}))
            .send()
            .await
            .map_err(unavailable)?;
        let status = answer.status();
        let body: Value = answer.json().await.map_err(unavailable)?;
        let Some(token) = body.get("access_token").and_then(Value::as_str) else {
            return Err(unavailable(format!("login refused ({status})")));
        };
        // Given up a little before it expires, so no call goes out with a token about to lapse.
        let lasts = body.get("expires_in").and_then(Value::as_u64).unwrap_or(60);
        let until = Instant::now() + Duration::from_secs(lasts.saturating_sub(10).max(1));
        *held = Some((token.to_owned(), until));
        Ok(token.to_owned())
    }

    /// Sends a call with the token, logging in again once if the token was refused.
    async fn call(&self, build: impl Fn(&str) -> reqwest::RequestBuilder) -> DomainResult<Answer> {
        for _ in 0..2 {
            let token = self.token().await?;
            let response = build(&token).send().await.map_err(unavailable)?;
            let status = response.status();
            if status == reqwest::StatusCode::UNAUTHORIZED
                || status == reqwest::StatusCode::FORBIDDEN
            {
                *self.token.lock().await = None;
                continue;
            }
            if status.is_server_error() {
                return Err(unavailable(status));
            }
            let body: Value = response.json().await.map_err(unavailable)?;
            if let Some(refusal) = refusal(&body) {
                return Ok(Answer::Refused(refusal));
            }
            if !status.is_success() {
                return Ok(Answer::Refused(status.to_string()));
            }
            return Ok(Answer::Ok(body));
        }
        Ok(Answer::Unauthorized)
    }

    fn receipt(&self, found: &Value) -> Option<Receipt> {
        let number = found.get("invoiceNo")?.as_str()?;
        let code = found.get("reservationCode")?.as_str()?;
        Some(Receipt {
            number: number.to_owned(),
            lookup_code: code.to_owned(),
            lookup_url: self.config.lookup_url.clone(),
        })
    }

    /// The body of `createInvoice` for `issue`.
    fn body(&self, issue: &Issue) -> Value {
        let c = &self.config;
        let at = issue.at.timestamp() * 1000;
        let mut general = json!({
            "transactionUuid": issue.transaction,
            "invoiceType": "1",
            "templateCode": c.template,
            "invoiceSeries": c.series,
            "invoiceIssuedDate": at,
            "currencyCode": "VND",
            "adjustmentType": "1",
            "paymentStatus": true,
            "cusGetInvoiceRight": true,
            "validation": 1,
        });
        if let Some((number, issued)) = &issue.original {
            general["adjustmentType"] = json!("5");
            general["adjustmentInvoiceType"] = json!("1");
            general["originalInvoiceId"] = json!(number);
            general["originalInvoiceIssueDate"] = json!(issued.timestamp() * 1000);
            general["originalTemplateCode"] = json!(c.template);
            general["additionalReferenceDesc"] = json!(issue.note);
            general["additionalReferenceDate"] = json!(at);
        }
        let buyer = &issue.buyer;
        let mut buyer_info = json!({
            "buyerName": buyer.name,
            "buyerEmail": buyer.email,
            "buyerNotGetInvoice": 0,
        });
        if let Some(company) = &buyer.company {
            buyer_info["buyerLegalName"] = json!(company.name);
            buyer_info["buyerTaxCode"] = json!(company.tax_code.printed());
            buyer_info["buyerAddressLine"] = json!(company.address);
        }
        let (gross, vat, net) = (
            issue.gross.amount(),
            issue.vat.amount(),
            issue.net().amount(),
        );
        let mut item = json!({
            "lineNumber": 1,
            "selection": 1,
            "itemName": issue.item,
            "unitName": issue.unit,
            "quantity": 1,
            "unitPrice": net,
            "itemTotalAmountWithoutTax": net,
            "taxPercentage": issue.vat_percent,
            "taxAmount": vat,
            "itemTotalAmountWithTax": gross,
            "discount": 0,
        });
        if issue.original.is_some() {
            item["isIncreaseItem"] = json!(issue.kind == InvoiceKind::Increase);
            item["adjustmentTaxAmount"] = json!(vat);
        }
        json!({
            "generalInvoiceInfo": general,
            "buyerInfo": buyer_info,
            "sellerInfo": {
                "sellerLegalName": c.seller_name,
                "sellerTaxCode": c.tax_code,
                "sellerAddressLine": c.seller_address,
            },
            "payments": [{"paymentMethodName": "TM/CK"}],
            "itemInfo": [item],
            "taxBreakdowns": [{
                "taxPercentage": issue.vat_percent,
                "taxableAmount": net,
                "taxAmount": vat,
            }],
        })
    }
}

/// The provider's refusal in an answer: its `code` or `error`, with its words.
fn refusal(body: &Value) -> Option<String> {
    let flagged = ["code", "error"]
        .iter()
        .any(|k| body.get(k).is_some_and(|v| !v.is_null()));
    if !flagged {
        return None;
    }
    let words = ["data", "message", "error", "code"]
        .iter()
        .find_map(|k| match body.get(k) {
            Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
            Some(v) if !v.is_null() && !v.is_object() => Some(v.to_string()),
            _ => None,
        });
    Some(words.unwrap_or_else(|| body.to_string()))
}

#[async_trait]
impl InvoiceProvider for ViettelInvoices {
    async fn issue(&self, issue: &Issue) -> DomainResult<Issued> {
        let url = format!(
            "{}{API}/createInvoice/{}",
            self.config.base_url, self.config.tax_code
        );
        let body = self.body(issue);
        let answer = self
            .call(|token| {
                self.http
                    .post(&url)
                    .header(reqwest::header::COOKIE, format!("access_token={token}"))
                    .json(&body)
            })
            .await?;
        match answer {
            Answer::Ok(body) => body
                .get("result")
                .and_then(|r| self.receipt(r))
                .map(Issued::Yes)
                .ok_or_else(|| unavailable("an answer without the invoice's number")),
            Answer::Refused(words) => Ok(Issued::Refused(words)),
            Answer::Unauthorized => Err(unavailable("the login is refused")),
        }
    }

    async fn find(&self, transaction: &str) -> DomainResult<Option<Receipt>> {
        let url = format!(
            "{}{API}/searchInvoiceByTransactionUuid",
            self.config.base_url
        );
        let form = form_urlencoded::Serializer::new(String::new())
            .append_pair("supplierTaxCode", &self.config.tax_code)
            .append_pair("transactionUuid", transaction)
            .finish();
        let answer = self
            .call(|token| {
                self.http
                    .post(&url)
                    .header(reqwest::header::COOKIE, format!("access_token={token}"))
                    .header(
                        reqwest::header::CONTENT_TYPE,
                        "application/x-www-form-urlencoded",
                    )
                    .body(form.clone())
            })
            .await?;
        match answer {
            Answer::Ok(body) => Ok(body
                .get("result")
                .and_then(Value::as_array)
                .and_then(|found| found.iter().find_map(|f| self.receipt(f)))),
            // Not knowing is not "none": sending again could make a second invoice.
            Answer::Refused(words) => Err(unavailable(words)),
            Answer::Unauthorized => Err(unavailable("the login is refused")),
        }
    }
}
