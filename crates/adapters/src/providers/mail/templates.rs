use chrono::Duration;
use domain::catalog::CancellationPolicy;
use domain::error::{Message, msg};
use domain::identity::{IdentityPolicy, MailKind, Role};
use domain::shared::Language;
use domain::words::say;

use super::Rendered;
use super::notices::{NoticeFacts, calendar_event, order_lines};

/// Renders one outbox row in `lang`, its recipient's language. The policy gives the site's origin
/// (links in the site are kept as paths) and how long each kind of link lasts, so the mail says
/// what the rules enforce. An order notice tells the facts kept in its payload, and a booking's
/// mails the cancellation terms.
#[allow(clippy::too_many_arguments)]
pub fn render(
    id: &str,
    to: &str,
    kind: MailKind,
    link: Option<&str>,
    payload: Option<&str>,
    policy: &IdentityPolicy,
    cancellation: &CancellationPolicy,
    lang: Language,
) -> Rendered {
    let t = |m: Message| say(&m, lang);
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
    let view_order = t(msg(match kind {
        MailKind::PartnerReminderTomorrow
        | MailKind::PartnerReminderSoon
        | MailKind::PartnerJobChanged
        | MailKind::PartnerFlightMoved
        | MailKind::PartnerJobWithdrawn
        | MailKind::PartnerJobTakenBack => "mail.job.button",
        _ => "mail.order.button",
    }));
    if let Some(f) = &facts
        && let Some((subject, lines)) = order_lines(kind, f, cancellation, lang)
    {
        let button = link.map(|l| (view_order.as_str(), l));
        let mut mail = compose(id, to, &subject, &lines, button, link, lang);
        // A booking that stands goes into the traveller's calendar.
        if matches!(kind, MailKind::OrderPaid | MailKind::OrderConfirmed) {
            mail.attachments.extend(calendar_event(f, link, lang));
        }
        return mail;
    }
    // The identity provider a sign-in mail names (kept in the row's payload).
    let provider = || match payload.filter(|p| !p.is_empty()) {
        Some(name) => name.to_owned(),
        None => t(msg("mail.external_account")),
    };
    let valid = |ttl: Duration| span(ttl, lang);
    let not_you = || t(msg("mail.not_you"));
    let (subject, lines, button): (&str, Vec<String>, Option<(&str, String)>) = match kind {
        MailKind::VerifyEmail => (
            "mail.verify.subject",
            vec![
                t(msg("mail.verify.thanks")),
                t(msg("mail.verify.body").with("span", valid(policy.verify_code_ttl))),
                t(msg("mail.verify.ignore")),
            ],
            link.map(|l| ("mail.verify.button", l.to_owned())),
        ),
        MailKind::ResetPassword => (
            "mail.reset.subject",
            vec![
                t(msg("mail.reset.asked")),
                t(msg("mail.reset.body").with("span", valid(policy.reset_code_ttl))),
                t(msg("mail.reset.ignore")),
            ],
            link.map(|l| ("mail.reset.button", l.to_owned())),
        ),
        MailKind::StaffInvitation => (
            "mail.invite.subject",
            vec![
                t(msg("mail.invite.created")),
                t(msg("mail.invite.body")
                    .with("span", valid(policy.reset_code_ttl))
                    .with("min", Role::Operator.password_min())),
                t(msg("mail.invite.expired")),
            ],
            link.map(|l| ("mail.invite.button", l.to_owned())),
        ),
        MailKind::PartnerInvitation => (
            "mail.partner_invite.subject",
            vec![
                t(msg("mail.partner_invite.created")),
                t(msg("mail.invite.body")
                    .with("span", valid(policy.reset_code_ttl))
                    .with("min", Role::Partner.password_min())),
                t(msg("mail.invite.expired")),
            ],
            link.map(|l| ("mail.invite.button", l.to_owned())),
        ),
        MailKind::ResetUnknownAccount => (
            "mail.unknown.subject",
            vec![
                t(msg("mail.unknown.asked")),
                t(msg("mail.unknown.hint")),
                t(msg("mail.unknown.ignore")),
            ],
            Some(("mail.unknown.button", register)),
        ),
        MailKind::EmailChanged => (
            "mail.email_changed.subject",
            vec![t(msg("mail.email_changed.body")), not_you()],
            None,
        ),
        MailKind::ProviderLinked => (
            "mail.linked.subject",
            vec![
                t(msg("mail.linked.body").with("provider", provider())),
                t(msg("mail.linked.not_you")),
            ],
            link.map(|l| ("mail.linked.button", l.to_owned())),
        ),
        MailKind::ProviderUnlinked => (
            "mail.unlinked.subject",
            vec![
                t(msg("mail.unlinked.body").with("provider", provider())),
                not_you(),
            ],
            None,
        ),
        MailKind::PasswordSet => (
            "mail.password_set.subject",
            vec![t(msg("mail.password_set.body")), not_you()],
            None,
        ),
        // An order notice whose facts could not be read still says where to look.
        _ => (
            "mail.order.subject",
            vec![t(msg("mail.order.body"))],
            link.map(|l| ("mail.order.button", l.to_owned())),
        ),
    };
    let label = button.as_ref().map(|(code, _)| t(msg(code)));
    let button = label
        .as_deref()
        .zip(button.as_ref().map(|(_, url)| url.as_str()));
    compose(id, to, &t(msg(subject)), &lines, button, link, lang)
}

fn compose(
    id: &str,
    to: &str,
    subject: &str,
    lines: &[String],
    button: Option<(&str, &str)>,
    link: Option<&str>,
    lang: Language,
) -> Rendered {
    let t = |code: &'static str| say(&msg(code), lang);
    let (greeting, brand) = (t("mail.greeting"), t("mail.brand"));
    let subject = say(&msg("mail.subject").with("subject", subject), lang);
    let mut text = format!("{greeting}\n\n{}\n", lines.join("\n"));
    if let Some((label, url)) = button {
        text.push_str(&format!("\n{label}\n{url}\n"));
    }
    text.push_str(&format!("\n{brand}\n"));
    let paragraphs: String = lines
        .iter()
        .map(|l| format!("<p>{}</p>", escape(l)))
        .collect();
    let action = button.map_or(String::new(), |(label, url)| {
        let (url, label) = (escape(url), escape(label));
        let fallback = escape(&t("mail.link_fallback"));
        format!(
            "<p><a href=\"{url}\" style=\"display:inline-block;padding:12px 24px;background:#154EC1;\
color:#fff;border-radius:6px;text-decoration:none\">{label}</a></p>\
<p style=\"color:#666;font-size:13px\">{fallback}<br>{url}</p>"
        )
    });
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title></head>\
<body style=\"font-family:sans-serif;line-height:1.6;color:#222\"><p>{}</p>{paragraphs}{action}\
<p style=\"color:#666\">{}</p></body></html>",
        lang.tag(),
        escape(&subject),
        escape(&greeting),
        escape(&brand),
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

/// A lifetime in the largest whole unit (3 days, 1 hour, 30 minutes), in the language's words.
fn span(d: Duration, lang: Language) -> String {
    let (code, n) = if d.num_days() > 0 && d == Duration::days(d.num_days()) {
        ("mail.span.days", d.num_days())
    } else if d.num_hours() > 0 && d == Duration::hours(d.num_hours()) {
        ("mail.span.hours", d.num_hours())
    } else {
        ("mail.span.minutes", d.num_minutes().max(1))
    };
    say(&msg(code).with("n", n), lang)
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
            Language::ZhTw,
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
            Language::ZhTw,
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
            Language::ZhTw,
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
            Language::ZhTw,
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
            Language::ZhTw,
        );
        assert_eq!(set.subject, "您的帳號已設定密碼 — 越南旅遊預約");
    }

    #[test]
    fn the_traveller_is_told_their_driver_set_off_and_arrived_in_their_language() {
        let facts = r#"{"orderId":"BK1","plan":"Đón sân bay","totalVnd":480000,"start":"2026-12-24 10:00","place":"Rex Hotel","flight":"VN123","reason":"","driver":{"name":"Minh","phone":"+84901234567","plate":"51A-123.45"}}"#;
        let terms = CancellationPolicy {
            free_until_hours: 24,
            late_fee_percent: 50,
        };
        let mail = |kind, lang| {
            render(
                "m9",
                "d@example.com",
                kind,
                Some("/member/order?id=BK1"),
                Some(facts),
                &IdentityPolicy::for_site("http://x"),
                &terms,
                lang,
            )
        };
        let set_off = mail(MailKind::PartnerOnTheWay, Language::Vi);
        assert!(set_off.subject.starts_with("Người phục vụ đang đến"));
        assert!(
            set_off
                .text
                .contains("Minh đã xuất phát và đang đến gặp bạn."),
            "{}",
            set_off.text
        );
        assert!(set_off.text.contains("51A-123.45"), "{}", set_off.text);
        let arrived = mail(MailKind::PartnerArrived, Language::ZhTw);
        assert!(arrived.subject.starts_with("服務人員已抵達"));
        assert!(
            arrived.text.contains("Minh 已抵達約定地點"),
            "{}",
            arrived.text
        );
        assert!(arrived.attachments.is_empty(), "no calendar event");
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
            Language::ZhTw,
        );
        assert!(m.text.contains("金額：VND\u{a0}480,000"), "{}", m.text);
        assert!(
            m.text.contains("服務時間：2026/12/24 10:00（越南時間）"),
            "{}",
            m.text
        );
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
            "DESCRIPTION:訂單編號 BK1",
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
            Language::ZhTw,
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
            Language::ZhTw,
        );
        assert!(m.text.contains("連結 30 分鐘內有效"), "{}", m.text);
        assert_eq!(span(Duration::hours(1), Language::ZhTw), "1 小時");
        assert_eq!(span(Duration::hours(36), Language::ZhTw), "36 小時");
        assert_eq!(span(Duration::hours(1), Language::En), "1 hour");
        assert_eq!(span(Duration::days(3), Language::En), "3 days");
        assert_eq!(span(Duration::minutes(30), Language::Vi), "30 phút");
    }

    fn order_mail(kind: MailKind, facts: &str, lang: Language) -> Rendered {
        let terms = CancellationPolicy {
            free_until_hours: 24,
            late_fee_percent: 50,
        };
        let policy = IdentityPolicy::for_site("http://x");
        let link = Some("/member/order?id=BK1");
        render(
            "m",
            "d@example.com",
            kind,
            link,
            Some(facts),
            &policy,
            &terms,
            lang,
        )
    }

    #[test]
    fn a_receipt_in_each_language_writes_money_and_dates_its_way() {
        let facts = r#"{"orderId":"BK1","plan":"Spa","totalVnd":480000,"start":"2026-12-24 10:00","place":"Rex Hotel 141 Nguyen Hue","room":"1203","reason":"","driver":null}"#;
        let vi = order_mail(MailKind::OrderPaid, facts, Language::Vi);
        assert_eq!(
            vi.subject,
            "Thanh toán thành công, đơn hàng đã được tạo — Đặt Dịch Vụ Du Lịch Việt Nam"
        );
        for line in [
            "Xin chào,",
            "Thời gian: 24/12/2026 10:00 (giờ Việt Nam)",
            "Địa điểm: Rex Hotel 141 Nguyen Hue (phòng 1203)",
            "Số tiền: 480.000\u{a0}₫",
            "hủy miễn phí trước 23/12 10:00 (giờ Việt Nam); sau đó thu 50% phí.",
            "Xem đơn hàng",
        ] {
            assert!(vi.text.contains(line), "{line} in {}", vi.text);
        }
        assert!(vi.html.contains("<html lang=\"vi\">"));
        let [ics] = vi.attachments.as_slice() else {
            panic!("one attachment")
        };
        assert!(ics.body.contains("DESCRIPTION:Mã đơn BK1"), "{}", ics.body);
        let en = order_mail(MailKind::OrderPaid, facts, Language::En);
        for line in [
            "Hello,",
            "Time: 24/12/2026 10:00 (Vietnam time)",
            "Amount: VND\u{a0}480,000",
            "Cancellation: free until 23/12 10:00 (Vietnam time); after that, a 50% fee.",
        ] {
            assert!(en.text.contains(line), "{line} in {}", en.text);
        }
        let zh = order_mail(MailKind::OrderPaid, facts, Language::ZhTw);
        assert!(
            zh.text
                .contains("地點：Rex Hotel 141 Nguyen Hue（1203 號房）"),
            "{}",
            zh.text
        );
    }

    #[test]
    fn a_refund_and_a_therapist_are_told_in_words_not_in_the_history_s_codes() {
        let refunded = r#"{"orderId":"BK1","plan":"Spa","totalVnd":480000,"start":"2026-12-24 10:00","reason":"refunded: 240000 240000 late","driver":null}"#;
        let m = order_mail(MailKind::OrderRefunded, refunded, Language::En);
        assert!(
            m.text
                .contains("Refunded VND\u{a0}240,000, fee VND\u{a0}240,000."),
            "{}",
            m.text
        );
        assert!(!m.text.contains("refunded:"), "{}", m.text);
        let confirmed = r#"{"orderId":"BK1","plan":"Spa","totalVnd":480000,"start":"2026-12-24 10:00","reason":"therapist: Lan","driver":null}"#;
        let m = order_mail(MailKind::OrderConfirmed, confirmed, Language::Vi);
        assert!(m.text.contains("Kỹ thuật viên: Lan"), "{}", m.text);
        assert!(!m.text.contains("therapist:"), "{}", m.text);
    }
}
