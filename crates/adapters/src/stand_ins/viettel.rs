//! Viettel S-Invoice (API v2) for one seller, as its contract says (`providers::einvoice` lists
//! it): a login that gives a token for `expires_in` seconds, taken back as the `access_token`
//! cookie (401 without it, or once it lapsed); `createInvoice/{tax code}` that refuses, with
//! `code` and words in `data`, another seller's tax code, a transaction id used before, a
//! missing template, series, buyer or item, VAT other than -2, -1, 0, 5, 8 or 10, amounts that
//! do not add up, a buyer's tax code not of 10 or 13 digits, and an adjustment of an invoice it
//! did not issue; and `searchInvoiceByTransactionUuid`. It can answer late (the invoice is
//! made all the same), refuse the next invoice, or fail with a server error.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};

/// What the stand-in issued and was asked.
#[derive(Default)]
pub struct ViettelBooks {
    /// Issued invoices by transaction id: (number, lookup code, the body it came with).
    pub issued: HashMap<String, (String, String, Value)>,
    /// Tokens given, live.
    pub tokens: HashSet<String>,
    /// Logins made.
    pub logins: u32,
    /// The next `createInvoice` answers this late (the invoice is made all the same).
    pub late: Option<Duration>,
    /// The next `createInvoice` is refused with these words.
    pub refuse: Option<String>,
    /// The next `createInvoice` fails with a server error, making nothing.
    pub down: bool,
}

struct Seller {
    username: String,
    password: String,
    tax_code: String,
    books: Mutex<ViettelBooks>,
}

/// S-Invoice on a local port.
pub struct ViettelStandIn {
    /// Its base address (`APP_EINVOICE_URL`).
    pub url: String,
    seller: Arc<Seller>,
}

const API: &str = "/services/einvoiceapplication/api/InvoiceAPI/InvoiceWS";

impl ViettelStandIn {
    pub async fn start(username: &str, password: &str, tax_code: &str) -> Self {
        let seller = Arc::new(Seller {
            username: username.into(),
            password: password.into(),
            tax_code: tax_code.into(),
            books: Mutex::default(),
        });
        let router = axum::Router::new()
            .route("/auth/login", axum::routing::post(login))
            .route(
                &format!("{API}/createInvoice/{{tax}}"),
                axum::routing::post(create),
            )
            .route(
                &format!("{API}/searchInvoiceByTransactionUuid"),
                axum::routing::post(search),
            )
            .with_state(seller.clone());
        let url = super::serve(router).await;
        Self { url, seller }
    }

    pub fn books(&self) -> std::sync::MutexGuard<'_, ViettelBooks> {
        self.seller.books.lock().expect("the stand-in's books")
    }

    /// Lets every token lapse, as an hour would.
    pub fn expire_tokens(&self) {
        self.books().tokens.clear();
    }
}

async fn login(State(s): State<Arc<Seller>>, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    let (user, pass) = (text(&body, "username"), text(&body, "password"));
    if user != s.username || pass != s.password {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({"error": "invalid_grant", "error_description": "Bad credentials"})),
        );
    }
    let mut books = s.books.lock().expect("the stand-in's books");
    books.logins += 1;
    let token = format!("tok-{}", books.logins);
    books.tokens.insert(token.clone());
    (
        StatusCode::OK,
        Json(json!({"access_token": token, "token_type": "bearer", "expires_in": 300})),
    )
}

fn text(v: &Value, key: &str) -> String {
    match v.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn authorized(s: &Seller, headers: &HeaderMap) -> bool {
    let Some(cookie) = headers.get("cookie").and_then(|c| c.to_str().ok()) else {
        return false;
    };
    let books = s.books.lock().expect("the stand-in's books");
    cookie
        .split(';')
        .filter_map(|c| c.trim().strip_prefix("access_token="))
        .any(|t| books.tokens.contains(t))
}

fn refused(code: u16, words: &str) -> (StatusCode, Json<Value>) {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({"code": code, "message": "INVOICE_ERROR", "data": words})),
    )
}

fn unauthorized() -> (StatusCode, Json<Value>) {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({"error": "invalid_token"})),
    )
}

/// What is wrong with an invoice's body, as S-Invoice checks it; none when it would issue it.
fn check(s: &Seller, books: &ViettelBooks, body: &Value) -> Option<&'static str> {
    let general = &body["generalInvoiceInfo"];
    let buyer = &body["buyerInfo"];
    let Some(items) = body["itemInfo"].as_array() else {
        return Some("Thiếu hàng hóa, dịch vụ");
    };
    if text(general, "transactionUuid").is_empty()
        || text(general, "templateCode").is_empty()
        || text(general, "invoiceSeries").is_empty()
    {
        return Some("Thiếu thông tin hóa đơn");
    }
    if text(general, "currencyCode") != "VND" || general["invoiceIssuedDate"].as_i64().is_none() {
        return Some("Thông tin hóa đơn không hợp lệ");
    }
    if text(buyer, "buyerName").is_empty() && text(buyer, "buyerLegalName").is_empty() {
        return Some("Thiếu thông tin người mua");
    }
    let tax = text(buyer, "buyerTaxCode").replace('-', "");
    let well_formed = matches!(tax.len(), 10 | 13) && tax.bytes().all(|b| b.is_ascii_digit());
    if !tax.is_empty() && !well_formed {
        return Some("Mã số thuế người mua không hợp lệ");
    }
    if text(&body["sellerInfo"], "sellerTaxCode") != s.tax_code {
        return Some("Mã số thuế người bán không khớp");
    }
    if items.is_empty() {
        return Some("Thiếu hàng hóa, dịch vụ");
    }
    for item in items {
        let n = |k: &str| item[k].as_i64();
        let (Some(without), Some(tax), Some(with), Some(rate)) = (
            n("itemTotalAmountWithoutTax"),
            n("taxAmount"),
            n("itemTotalAmountWithTax"),
            n("taxPercentage"),
        ) else {
            return Some("Thiếu số tiền hàng hóa, dịch vụ");
        };
        if text(item, "itemName").is_empty() || without < 0 || tax < 0 {
            return Some("Hàng hóa, dịch vụ không hợp lệ");
        }
        if ![-2, -1, 0, 5, 8, 10].contains(&rate) {
            return Some("Thuế suất không hợp lệ");
        }
        if without + tax != with {
            return Some("Tổng tiền không khớp");
        }
    }
    if text(general, "adjustmentType") == "5" {
        let original = text(general, "originalInvoiceId");
        let known = books
            .issued
            .values()
            .any(|(number, _, _)| *number == original);
        if !known || general["originalInvoiceIssueDate"].as_i64().is_none() {
            return Some("Không tìm thấy hóa đơn gốc");
        }
        if items.iter().any(|i| !i["isIncreaseItem"].is_boolean()) {
            return Some("Thiếu tính chất điều chỉnh");
        }
    }
    None
}

async fn create(
    State(s): State<Arc<Seller>>,
    Path(tax): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    if !authorized(&s, &headers) {
        return unauthorized();
    }
    let (answer, late) = {
        let mut books = s.books.lock().expect("the stand-in's books");
        if std::mem::take(&mut books.down) {
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                Json(json!({"status": 500})),
            );
        }
        let transaction = text(&body["generalInvoiceInfo"], "transactionUuid");
        let answer = if tax != s.tax_code {
            refused(400, "Mã số thuế không đúng")
        } else if let Some(words) = books.refuse.take() {
            refused(400, &words)
        } else if books.issued.contains_key(&transaction) {
            refused(400, "transactionUuid đã tồn tại")
        } else if let Some(words) = check(&s, &books, &body) {
            refused(400, words)
        } else {
            let n = books.issued.len() + 1;
            let series = text(&body["generalInvoiceInfo"], "invoiceSeries");
            let number = format!("{series}{n}");
            let code = format!("RC{n:08}");
            books
                .issued
                .insert(transaction.clone(), (number.clone(), code.clone(), body));
            (
                StatusCode::OK,
                Json(json!({
                    "errorCode": null,
                    "description": null,
                    "result": {
                        "supplierTaxCode": s.tax_code,
                        "invoiceNo": number,
                        "transactionID": transaction,
                        "reservationCode": code,
                    },
                })),
            )
        };
        (answer, books.late.take())
    };
    if let Some(wait) = late {
        tokio::time::sleep(wait).await;
    }
    answer
}

async fn search(
    State(s): State<Arc<Seller>>,
    headers: HeaderMap,
    form: String,
) -> (StatusCode, Json<Value>) {
    let form: HashMap<String, String> = form_urlencoded::parse(form.as_bytes())
        .into_owned()
        .collect();
    if !authorized(&s, &headers) {
        return unauthorized();
    }
    let field = |k: &str| form.get(k).cloned().unwrap_or_default();
    if field("supplierTaxCode") != s.tax_code {
        return refused(400, "Mã số thuế không đúng");
    }
    let books = s.books.lock().expect("the stand-in's books");
    let found: Vec<Value> = books
        .issued
        .get(&field("transactionUuid"))
        .map(|(number, code, _)| json!({"invoiceNo": number, "reservationCode": code, "status": "Đã phát hành"}))
        .into_iter()
        .collect();
    (
        StatusCode::OK,
        Json(json!({"errorCode": null, "result": found})),
    )
}
