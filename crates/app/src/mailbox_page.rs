//! `/dev/mailbox`: the mails the dev environment "sent", newest first, each with its link, so a
//! newcomer can register and verify without a mail server. Served in the dev environment only.

use adapters::providers::mail::{DevMailbox, StoredMail, escape_html};
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;

pub(crate) fn router(mailbox: DevMailbox) -> Router {
    Router::new()
        .route("/dev/mailbox", get(list))
        .route("/dev/mailbox/{id}", get(show))
        .with_state(mailbox)
}

/// The mailbox shows mails as they are, inline styles and all, in frames of its own.
const MAILBOX_POLICY: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; frame-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";

fn page(title: &str, body: &str) -> Response {
    let html = Html(format!(
        "<!doctype html><html lang=\"zh-Hant\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title>\
<style>body{{font-family:sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#222}}\
table{{border-collapse:collapse;width:100%}}td,th{{text-align:left;padding:.5rem;border-bottom:1px solid #ddd}}\
.note{{color:#666}}iframe{{width:100%;height:420px;border:1px solid #ddd}}\
pre,a{{white-space:pre-wrap;overflow-wrap:anywhere}}</style></head><body>{body}</body></html>",
        escape_html(title)
    ));
    ([(header::CONTENT_SECURITY_POLICY, MAILBOX_POLICY)], html).into_response()
}

fn vietnam_time(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| {
            (t + chrono::Duration::hours(7))
                .format("%Y-%m-%d %H:%M:%S")
                .to_string()
        })
        .unwrap_or_default()
}

async fn list(State(mailbox): State<DevMailbox>) -> Response {
    let rows: String = mailbox
        .list()
        .await
        .iter()
        .map(
            |StoredMail {
                 mail: m,
                 delivered_at_ms,
             }| {
                format!(
                    "<tr><td>{}</td><td>{}</td><td><a href=\"/dev/mailbox/{}\">{}</a></td></tr>",
                    vietnam_time(*delivered_at_ms),
                    escape_html(&m.to),
                    escape_html(&m.id),
                    escape_html(&m.subject)
                )
            },
        )
        .collect();
    let body = if rows.is_empty() {
        "<p>還沒有信件。</p>".to_owned()
    } else {
        format!(
            "<table><thead><tr><th>時間（越南）</th><th>收件人</th><th>主旨</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    };
    page(
        "開發用信箱",
        &format!(
            "<h1>開發用信箱</h1><p class=\"note\">開發環境不寄出信件，系統寄給客人的信都在這裡。</p>{body}"
        ),
    )
}

async fn show(State(mailbox): State<DevMailbox>, Path(id): Path<String>) -> Response {
    let Some(StoredMail {
        mail: m,
        delivered_at_ms,
    }) = mailbox.get(&id).await
    else {
        return (
            StatusCode::NOT_FOUND,
            page(
                "找不到信件",
                "<h1>找不到信件</h1><p><a href=\"/dev/mailbox\">← 信箱</a></p>",
            ),
        )
            .into_response();
    };
    let link = m.link.as_deref().map_or(String::new(), |l| {
        let l = escape_html(l);
        format!("<p>信中的連結：<a class=\"mail-link\" href=\"{l}\">{l}</a></p>")
    });
    page(
        &m.subject,
        &format!(
            "<p><a href=\"/dev/mailbox\">← 信箱</a></p><h1>{}</h1><p>收件人：{}　時間（越南）：{}</p>{link}\
<iframe title=\"信件內容\" sandbox srcdoc=\"{}\"></iframe><h2>純文字</h2><pre>{}</pre>{}",
            escape_html(&m.subject),
            escape_html(&m.to),
            vietnam_time(delivered_at_ms),
            escape_html(&m.html),
            escape_html(&m.text),
            m.attachments
                .iter()
                .map(|a| format!(
                    "<h2>附件：{}</h2><pre class=\"attachment\">{}</pre>",
                    escape_html(&a.filename),
                    escape_html(&a.body)
                ))
                .collect::<String>()
        ),
    )
    .into_response()
}
