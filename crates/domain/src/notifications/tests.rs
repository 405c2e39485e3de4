//! Which notices reach phones, which devices are accepted, and the choices a person makes.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;

use super::*;
use crate::DomainError;
use crate::error::DomainResult;
use crate::identity::{MailKind, Principal, Role};
use crate::shared::UserId;
use crate::shared::outbound::OutboundPolicy;
use crate::testing::{FixedClock, now};

const P256DH: &str =
    "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const AUTH: &str = "tBHItJI5svbpez7KI4CCXg";

fn ann() -> UserId {
    UserId::parse("ann").unwrap()
}

#[test]
fn order_notices_and_reminders_reach_phones_and_account_mails_do_not() {
    assert_eq!(
        NoticeKind::of_mail(MailKind::OrderConfirmed),
        Some(NoticeKind::Orders)
    );
    assert_eq!(
        NoticeKind::of_mail(MailKind::PartnerArrived),
        Some(NoticeKind::Progress)
    );
    assert_eq!(
        NoticeKind::of_mail(MailKind::ReminderSoon),
        Some(NoticeKind::Reminders)
    );
    for account in [
        MailKind::VerifyEmail,
        MailKind::ResetPassword,
        MailKind::EmailChanged,
    ] {
        assert_eq!(NoticeKind::of_mail(account), None);
    }
    for kind in NoticeKind::ALL {
        assert_eq!(NoticeKind::parse(kind.code()).unwrap(), kind);
    }
    assert!(NoticeKind::parse("ads").is_err());
}

#[test]
fn every_kind_is_on_until_turned_off() {
    let c = Choices::default();
    assert!(NoticeKind::ALL.iter().all(|k| c.wants(*k)));
    let c = c
        .set(NoticeKind::Support, false)
        .set(NoticeKind::Support, false);
    assert!(!c.wants(NoticeKind::Support) && c.wants(NoticeKind::Orders));
    assert_eq!(c.turned_off(), [NoticeKind::Support]);
    assert!(c.set(NoticeKind::Support, true).wants(NoticeKind::Support));
}

#[test]
fn a_device_needs_a_browsers_push_service_and_keys_on_the_curve() {
    let rules = PushRules::default();
    let ok = |endpoint: &str| PushDevice::new(ann(), endpoint, P256DH, AUTH, now(), &rules);
    for service in [
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        "https://web.push.apple.com/QGuQyavXutnMH",
        "https://wns2-par02p.notify.windows.com/w/?token=x",
    ] {
        assert!(ok(service).is_ok(), "{service}");
    }
    for bad in [
        "https://push.example/1",
        "https://evilfcm.googleapis.com.example/x",
        "https://notfcm.googleapis.com/x",
        "http://fcm.googleapis.com/fcm/send/abc",
        "http://127.0.0.1:4000/push/1",
        "http://127.0.0.1:1@127.0.0.2:9999/x",
        "https://u:p@fcm.googleapis.com/x",
        "https://fcm.googleapis.com/a b",
        "https://",
        "ftp://x",
        "javascript:alert(1)",
        "",
    ] {
        let e = ok(bad).unwrap_err();
        assert!(
            matches!(&e, DomainError::InvalidArgument { field, .. } if field == "endpoint"),
            "{bad}"
        );
    }
    let any = PushRules::any_service(OutboundPolicy::default());
    let device = |endpoint: &str, p256dh: &str, auth: &str| {
        PushDevice::new(ann(), endpoint, p256dh, auth, now(), &any)
    };
    assert!(device("https://p.example/1", P256DH, AUTH).is_ok());
    assert!(device("https://127.0.0.1/1", P256DH, AUTH).is_err());
    let field = |r: DomainResult<PushDevice>| match r {
        Err(DomainError::InvalidArgument { field, .. }) => field,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        field(device("https://p.example/1", &P256DH[..40], AUTH)),
        "p256dh"
    );
    // 65 bytes of the right form that are no point on the curve.
    let off_curve = format!("BA{}", &"A".repeat(P256DH.len() - 2));
    assert_eq!(
        field(device("https://p.example/1", &off_curve, AUTH)),
        "p256dh"
    );
    assert_eq!(
        field(device("https://p.example/1", P256DH, "not base64!")),
        "auth"
    );
    // Only a local origin the settings name is taken, and over plain http.
    let named =
        PushRules::any_service(OutboundPolicy::allowing(["http://127.0.0.1:4000"]).unwrap());
    assert!(
        PushDevice::new(
            ann(),
            "http://127.0.0.1:4000/push/1",
            P256DH,
            AUTH,
            now(),
            &named
        )
        .is_ok()
    );
    assert!(
        PushDevice::new(
            ann(),
            "http://127.0.0.1:4001/push/1",
            P256DH,
            AUTH,
            now(),
            &named
        )
        .is_err()
    );
    // The same endpoint is the same device, whoever holds it; a notice's key differs per device.
    let d = device("https://p.example/1", P256DH, AUTH).unwrap();
    assert_eq!(
        d.id(),
        device(" https://p.example/1 ", P256DH, AUTH).unwrap().id()
    );
    assert_ne!(notice_key("n-1", &d.id()), notice_key("n-1", "d-other"));
}

#[derive(Default)]
struct Memory {
    devices: Mutex<Vec<PushDevice>>,
    choices: Mutex<Choices>,
}

#[async_trait]
impl NotificationStore for Memory {
    async fn add_device(&self, device: &PushDevice) -> DomainResult<()> {
        let mut all = self.devices.lock().unwrap();
        all.retain(|d| d.endpoint != device.endpoint);
        all.push(device.clone());
        Ok(())
    }
    async fn remove_device(&self, owner: &UserId, endpoint: &str) -> DomainResult<()> {
        let mut all = self.devices.lock().unwrap();
        all.retain(|d| !(d.owner == *owner && d.endpoint == endpoint));
        Ok(())
    }
    async fn devices(&self, owner: &UserId) -> DomainResult<Vec<String>> {
        let all = self.devices.lock().unwrap();
        Ok(all
            .iter()
            .filter(|d| d.owner == *owner)
            .map(|d| d.endpoint.clone())
            .collect())
    }
    async fn choices(&self, _owner: &UserId) -> DomainResult<Choices> {
        Ok(self.choices.lock().unwrap().clone())
    }
    async fn save_choices(&self, _owner: &UserId, choices: &Choices) -> DomainResult<()> {
        *self.choices.lock().unwrap() = choices.clone();
        Ok(())
    }
}

fn who() -> Principal {
    Principal {
        user_id: ann(),
        email: "ann@example.com".into(),
        email_verified: true,
        role: Role::Customer,
        auth_time: now(),
        language: crate::shared::Language::default(),
    }
}

#[tokio::test]
async fn a_person_keeps_up_to_ten_devices_and_chooses_kinds() {
    let store = Arc::new(Memory::default());
    let svc = NotificationService::new(
        store.clone(),
        Arc::new(FixedClock::at(now())),
        Some("k".into()),
        PushRules::any_service(OutboundPolicy::default()),
    );
    for i in 0..10 {
        let endpoint = format!("https://p.example/{i}");
        svc.add_device(&who(), &endpoint, P256DH, AUTH)
            .await
            .unwrap();
    }
    // The same one again is fine; an eleventh is refused.
    svc.add_device(&who(), "https://p.example/3", P256DH, AUTH)
        .await
        .unwrap();
    let e = svc
        .add_device(&who(), "https://p.example/10", P256DH, AUTH)
        .await
        .unwrap_err();
    assert!(matches!(e, DomainError::FailedPrecondition(_)));
    svc.remove_device(&who(), "https://p.example/3")
        .await
        .unwrap();
    assert_eq!(store.devices(&ann()).await.unwrap().len(), 9);
    let c = svc
        .choose(&who(), NoticeKind::Reminders, false)
        .await
        .unwrap();
    assert!(!c.wants(NoticeKind::Reminders));
    assert_eq!(svc.choices(&who()).await.unwrap(), c);
    // Without a key, no device is taken.
    let off = NotificationService::new(
        store,
        Arc::new(FixedClock::at(now())),
        None,
        PushRules::default(),
    );
    assert!(off.push_key().is_err());
    let e = off
        .add_device(&who(), "https://p.example/x", P256DH, AUTH)
        .await
        .unwrap_err();
    assert!(matches!(e, DomainError::FailedPrecondition(_)));
}
