use chrono::Duration;
use domain::catalog::CancellationPolicy;
use domain::identity::{IdentityPolicy, MailKind};

use super::Rendered;
use super::notices::{NoticeFacts, calendar_event, order_lines};

const BRAND: &str = "越南旅遊預約";

/// The identity provider a sign-in mail names (kept in the row's payload).
fn provider_name(payload: Option<&str>) -> &str {
    payload.filter(|p| !p.is_empty()).unwrap_or("外部帳號")
}

/// Renders one outbox row. The policy gives the site's origin (links in the site are kept as
/// paths) and how long each kind of link lasts, so the mail says what the rules enforce. An order
/// notice tells the facts kept in its payload, and a booking's mails the cancellation terms.
pub fn render(
    id: &str,
    to: &str,
    kind: MailKind,
    link: Option<&str>,
    payload: Option<&str>,
    policy: &IdentityPolicy,
    cancellation: &CancellationPolicy,
) -> Rendered {
    let register = format!("{}/register", policy.site);
    let site_link = link.map(|l| {
        if l.starts_with('/') {
            format!("{}{l}", policy.site)
        } else {
            l.to_owned()
        }
    });
    let link = site_link.as_deref();
    let facts = payload.and_then(|p| serde_json::from_str::<NoticeFacts>(p).ok());
    if let Some(f) = &facts
        && let Some((subject, lines)) = order_lines(kind, f, cancellation)
    {
        let mut mail = compose(id, to, subject, &lines, link.map(|l| ("查看訂單", l)), link);
        // A booking that stands goes into the traveller's calendar.
        if matches!(kind, MailKind::OrderPaid | MailKind::OrderConfirmed) {
            mail.attachments.extend(calendar_event(f, link));
        }
        return mail;
    }
    let (subject, lines, button): (&str, Vec<String>, Option<(&str, &str)>) = match kind {
        MailKind::VerifyEmail => (
            "請驗證您的電子信箱",
            vec![
                "感謝您註冊越南旅遊預約。".into(),
                format!(
                    "請點選下方按鈕完成電子信箱驗證，連結 {}內有效，且只能使用一次。",
                    span(policy.verify_code_ttl)
                ),
                "如果您沒有註冊，請忽略這封信。".into(),
            ],
            link.map(|l| ("驗證電子信箱", l)),
        ),
        MailKind::ResetPassword => (
            "重設您的密碼",
            vec![
                "我們收到重設您帳號密碼的要求。".into(),
                format!(
                    "請點選下方按鈕設定新密碼，連結 {}內有效，且只能使用一次。",
                    span(policy.reset_code_ttl)
                ),
                "如果您沒有提出這個要求，請忽略這封信，您的密碼不會改變。".into(),
            ],
            link.map(|l| ("重設密碼", l)),
        ),
        MailKind::StaffInvitation => (
            "您受邀加入營運後台",
            vec![
                "管理員為您建立了營運後台的帳號，登入信箱就是收到這封信的地址。".into(),
                format!(
                    "請點選下方按鈕設定密碼（至少 12 個字元），連結 {}內有效，且只能使用一次。",
                    span(policy.reset_code_ttl)
                ),
                "連結過期時，請管理員再邀請一次。".into(),
            ],
            link.map(|l| ("設定密碼", l)),
        ),
        MailKind::ResetUnknownAccount => (
            "重設密碼的要求",
            vec![
                "我們收到以這個信箱重設密碼的要求，但這個信箱尚未註冊帳號。".into(),
                "如果是您本人，請改用註冊時的信箱，或以這個信箱註冊新帳號。".into(),
                "如果您沒有提出這個要求，請忽略這封信。".into(),
            ],
            Some(("註冊新帳號", register.as_str())),
        ),
        MailKind::EmailChanged => (
            "您的登入信箱已變更",
            vec![
                "您帳號的登入信箱剛剛改為另一個地址，之後的通知將寄到新信箱。".into(),
                "如果這不是您本人的操作，請立即重設密碼並聯絡客服。".into(),
            ],
            None,
        ),
        MailKind::ProviderLinked => (
            "您的帳號已連結新的登入方式",
            vec![
                format!("您的帳號現在可以使用 {} 登入。", provider_name(payload)),
                "如果這不是您本人的操作，請立即到會員資料解除連結並聯絡客服。".into(),
            ],
            link.map(|l| ("查看會員資料", l)),
        ),
        MailKind::ProviderUnlinked => (
            "您的帳號已解除一個登入方式",
            vec![
                format!("您的帳號已不能再使用 {} 登入。", provider_name(payload)),
                "如果這不是您本人的操作，請立即重設密碼並聯絡客服。".into(),
            ],
            None,
        ),
        MailKind::PasswordSet => (
            "您的帳號已設定密碼",
            vec![
                "您的帳號已設定密碼，之後也可以用電子信箱和密碼登入。".into(),
                "如果這不是您本人的操作，請立即重設密碼並聯絡客服。".into(),
            ],
            None,
        ),
        // An order notice whose facts could not be read still says where to look.
        _ => (
            "您的訂單有新的進度",
            vec!["您的訂單有新的進度，請到會員中心查看。".into()],
            link.map(|l| ("查看訂單", l)),
        ),
    };
    compose(id, to, subject, &lines, button, link)
}

fn compose(
    id: &str,
    to: &str,
    subject: &str,
    lines: &[String],
    button: Option<(&str, &str)>,
    link: Option<&str>,
) -> Rendered {
    let subject = format!("{subject} — {BRAND}");
    let mut text = format!("您好：\n\n{}\n", lines.join("\n"));
    if let Some((label, url)) = button {
        text.push_str(&format!("\n{label}：{url}\n"));
    }
    text.push_str(&format!("\n{BRAND}\n"));
    let paragraphs: String = lines
        .iter()
        .map(|l| format!("<p>{}</p>", escape(l)))
        .collect();
    let action = button.map_or(String::new(), |(label, url)| {
        let url = escape(url);
        format!(
            "<p><a href=\"{url}\" style=\"display:inline-block;padding:12px 24px;background:#154EC1;\
color:#fff;border-radius:6px;text-decoration:none\">{label}</a></p>\
<p style=\"color:#666;font-size:13px\">按鈕無法使用時，請複製這個網址到瀏覽器：<br>{url}</p>"
        )
    });
    let html = format!(
        "<!doctype html><html lang=\"zh-Hant\"><head><meta charset=\"utf-8\"><title>{}</title></head>\
<body style=\"font-family:sans-serif;line-height:1.6;color:#222\"><p>您好：</p>{paragraphs}{action}\
<p style=\"color:#666\">{BRAND}</p></body></html>",
        escape(&subject)
    );
    Rendered {
        id: id.to_owned(),
        to: to.to_owned(),
        subject,
        text,
        html,
        link: link.map(str::to_owned),
        attachments: Vec::new(),
    }
}

/// A lifetime in the largest whole unit: 3 天, 1 小時, 30 分鐘.
fn span(d: Duration) -> String {
    if d.num_days() > 0 && d == Duration::days(d.num_days()) {
        format!("{} 天", d.num_days())
    } else if d.num_hours() > 0 && d == Duration::hours(d.num_hours()) {
        format!("{} 小時", d.num_hours())
    } else {
        format!("{} 分鐘", d.num_minutes().max(1))
    }
}

pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verification_mail_carries_its_link_in_both_parts() {
        let link = "http://127.0.0.1:8080/auth/action?mode=verifyEmail&oobCode=abc&continueUrl=%2F";
        let m = render(
            "m1",
            "a@example.com",
            MailKind::VerifyEmail,
            Some(link),
            None,
            &IdentityPolicy::for_site("http://x"),
            &CancellationPolicy::default(),
        );
        assert_eq!(m.subject, "請驗證您的電子信箱 — 越南旅遊預約");
        assert!(m.text.contains("連結 3 天內有效"), "{}", m.text);
        assert!(m.text.contains(link));
        assert!(m.html.contains(&link.replace('&', "&amp;")));
        assert!(m.html.contains("驗證電子信箱"));
    }

    #[test]
    fn a_reset_for_an_unknown_address_points_to_registration() {
        let m = render(
            "m2",
            "b@example.com",
            MailKind::ResetUnknownAccount,
            None,
            None,
            &IdentityPolicy::for_site("https://s.example"),
            &CancellationPolicy::default(),
        );
        assert!(m.text.contains("https://s.example/register"));
        assert!(m.link.is_none());
    }

    #[test]
    fn sign_in_changes_name_the_provider() {
        let policy = IdentityPolicy::for_site("https://s.example");
        let cancellation = CancellationPolicy::default();
        let linked = render(
            "m3",
            "c@example.com",
            MailKind::ProviderLinked,
            Some("/profile"),
            Some("LINE"),
            &policy,
            &cancellation,
        );
        assert!(linked.text.contains("使用 LINE 登入"), "{}", linked.text);
        assert!(linked.text.contains("https://s.example/profile"));
        let unlinked = render(
            "m4",
            "c@example.com",
            MailKind::ProviderUnlinked,
            None,
            Some("Google"),
            &policy,
            &cancellation,
        );
        assert!(unlinked.text.contains("不能再使用 Google 登入"));
        let set = render(
            "m5",
            "c@example.com",
            MailKind::PasswordSet,
            None,
            None,
            &policy,
            &cancellation,
        );
        assert_eq!(set.subject, "您的帳號已設定密碼 — 越南旅遊預約");
    }

    #[test]
    fn a_receipt_states_the_cancellation_terms_in_vietnam_time() {
        let facts = r#"{"orderId":"BK1","plan":"接機","totalVnd":480000,"start":"2026-12-24 10:00","place":"Rex Hotel","flight":"VN123","reason":"","driver":null}"#;
        let terms = CancellationPolicy {
            free_until_hours: 24,
            late_fee_percent: 50,
        };
        let m = render(
            "m4",
            "d@example.com",
            MailKind::OrderPaid,
            Some("/member/order?id=BK1"),
            Some(facts),
            &IdentityPolicy::for_site("http://x"),
            &terms,
        );
        assert!(m.text.contains("金額：VND 480,000"), "{}", m.text);
        assert!(m.text.contains("地點：Rex Hotel"), "{}", m.text);
        assert!(m.text.contains("航班：VN123"), "{}", m.text);
        // The booking comes as a calendar event: 10:00 in Vietnam is 03:00 UTC, an hour long.
        let [ics] = m.attachments.as_slice() else {
            panic!("one attachment, got {:?}", m.attachments)
        };
        assert_eq!(ics.filename, "BK1.ics");
        assert!(ics.content_type.starts_with("text/calendar"));
        let body = ics.body.replace("\r\n ", "");
        for line in [
            "BEGIN:VEVENT",
            "UID:BK1@booking",
            "DTSTART:20261224T030000Z",
            "DTEND:20261224T040000Z",
            "SUMMARY:接機",
            "LOCATION:Rex Hotel",
            "URL:http://x/member/order?id=BK1",
        ] {
            assert!(body.contains(line), "{line} in {body}");
        }
        assert!(
            m.text.contains(
                "取消政策：在 12/23 10:00（越南時間）前免費取消，之後取消收取 50% 費用。"
            ),
            "{}",
            m.text
        );
    }

    #[test]
    fn a_hidden_review_tells_its_customer_why() {
        let facts = r#"{"orderId":"BK1","plan":"接機","totalVnd":0,"start":"","reason":"含有電話號碼","driver":null}"#;
        let m = render(
            "rh-BK1",
            "d@example.com",
            MailKind::ReviewHidden,
            Some("/member/order?id=BK1"),
            Some(facts),
            &IdentityPolicy::for_site("http://x"),
            &CancellationPolicy::default(),
        );
        assert_eq!(m.subject, "您的評價已被隱藏 — 越南旅遊預約");
        assert!(m.text.contains("訂單編號：BK1（接機）"), "{}", m.text);
        assert!(m.text.contains("原因：含有電話號碼"), "{}", m.text);
        assert!(
            m.text.contains("http://x/member/order?id=BK1"),
            "{}",
            m.text
        );
        assert!(m.attachments.is_empty(), "no calendar for a review");
    }

    #[test]
    fn lifetimes_follow_the_policy() {
        let mut policy = IdentityPolicy::for_site("http://x");
        policy.reset_code_ttl = Duration::minutes(30);
        let m = render(
            "m3",
            "c@example.com",
            MailKind::ResetPassword,
            Some("http://x/a"),
            None,
            &policy,
            &CancellationPolicy::default(),
        );
        assert!(m.text.contains("連結 30 分鐘內有效"), "{}", m.text);
        assert_eq!(span(Duration::hours(1)), "1 小時");
        assert_eq!(span(Duration::hours(36)), "36 小時");
    }
}
