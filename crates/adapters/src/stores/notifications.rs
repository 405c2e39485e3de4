//! People's push devices and choices in SQL, and the queuing of a notice on a person's phones: one
//! push outbox row per device and one LINE outbox row for a LINE-linked person, in the caller's
//! transaction (the one that makes the change the notice tells), each under a key made from the
//! notice's and the device's, so it is queued once.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::DomainResult;
use domain::notifications::{
    Choices, NoticeKind, NotificationStore, PushDevice, device_id, notice_key,
};
use domain::shared::UserId;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect,
    Set,
};

pub(crate) use crate::providers::push::SUPPORT_REPLY;
use crate::sql::common::{ms, storage};
use crate::sql::entities::{
    federated_identity, line_outbox, notice_choice, partner, push_device, push_outbox, zalo_outbox,
};

pub struct SqlNotificationStore {
    db: DatabaseConnection,
}

impl SqlNotificationStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl NotificationStore for SqlNotificationStore {
    async fn add_device(&self, d: &PushDevice) -> DomainResult<()> {
        let row = push_device::ActiveModel {
            id: Set(d.id()),
            user_id: Set(d.owner.as_str().to_owned()),
            endpoint: Set(d.endpoint.clone()),
            p256dh: Set(d.p256dh.clone()),
            auth: Set(d.auth.clone()),
            created_at_ms: Set(ms(d.created_at)),
        };
        // The device now belongs to whoever signed in on it, with the keys it has now.
        push_device::Entity::insert(row)
            .on_conflict(
                OnConflict::column(push_device::Column::Id)
                    .update_columns([
                        push_device::Column::UserId,
                        push_device::Column::P256dh,
                        push_device::Column::Auth,
                        push_device::Column::CreatedAtMs,
                    ])
                    .to_owned(),
            )
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn remove_device(&self, owner: &UserId, endpoint: &str) -> DomainResult<()> {
        push_device::Entity::delete_many()
            .filter(push_device::Column::Id.eq(device_id(endpoint)))
            .filter(push_device::Column::UserId.eq(owner.as_str()))
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn devices(&self, owner: &UserId) -> DomainResult<Vec<String>> {
        push_device::Entity::find()
            .select_only()
            .column(push_device::Column::Endpoint)
            .filter(push_device::Column::UserId.eq(owner.as_str()))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(storage)
    }

    async fn choices(&self, owner: &UserId) -> DomainResult<Choices> {
        choices_of(&self.db, owner.as_str()).await.map_err(storage)
    }

    async fn save_choices(&self, owner: &UserId, choices: &Choices) -> DomainResult<()> {
        let off: Vec<&str> = choices.turned_off().iter().map(|k| k.code()).collect();
        let row = notice_choice::ActiveModel {
            user_id: Set(owner.as_str().to_owned()),
            turned_off: Set(off.join(",")),
            updated_at_ms: Set(ms(Utc::now())),
        };
        notice_choice::Entity::insert(row)
            .on_conflict(
                OnConflict::column(notice_choice::Column::UserId)
                    .update_columns([
                        notice_choice::Column::TurnedOff,
                        notice_choice::Column::UpdatedAtMs,
                    ])
                    .to_owned(),
            )
            .exec(&self.db)
            .await
            .map_err(storage)?;
        Ok(())
    }
}

async fn choices_of(db: &impl ConnectionTrait, user: &str) -> Result<Choices, DbErr> {
    let row = notice_choice::Entity::find_by_id(user).one(db).await?;
    // A code this version does not know (written by a newer one) is left out.
    Ok(Choices::off(row.iter().flat_map(|r| {
        r.turned_off
            .split(',')
            .filter_map(|code| NoticeKind::parse(code).ok())
            .collect::<Vec<_>>()
    })))
}

/// A notice to put on a person's devices.
pub(crate) struct PushNotice<'a> {
    /// The notice's own key (its mail's id, or the message's): with the device's, the row's.
    pub key: &'a str,
    pub kind: NoticeKind,
    /// What the sender says: a mail kind (`order_confirmed`) or `support_reply`.
    pub what: &'a str,
    pub link: Option<String>,
    pub payload: Option<String>,
    pub at: DateTime<Utc>,
}

/// The identity provider whose subjects are LINE user ids: LINE Login, set up under the same LINE
/// provider as the Messaging API channel that sends.
pub(crate) const LINE_PROVIDER: &str = "line";

/// Queues `notice` on `user`'s phones, unless they turned its kind off, in the caller's
/// transaction: a Web Push row for each of their devices, a LINE row when they signed in with
/// LINE or linked it, and a Zalo row for a partner who asked for Zalo. A notice queued before is not queued again.
pub(crate) async fn queue_push(
    db: &impl ConnectionTrait,
    user: &str,
    notice: &PushNotice<'_>,
) -> Result<(), DbErr> {
    let devices: Vec<String> = push_device::Entity::find()
        .select_only()
        .column(push_device::Column::Id)
        .filter(push_device::Column::UserId.eq(user))
        .into_tuple()
        .all(db)
        .await?;
    let line: Option<String> = federated_identity::Entity::find()
        .select_only()
        .column(federated_identity::Column::Subject)
        .filter(federated_identity::Column::UserId.eq(user))
        .filter(federated_identity::Column::Provider.eq(LINE_PROVIDER))
        .into_tuple()
        .one(db)
        .await?;
    // A partner who asked for Zalo: their phone number, as Zalo takes it.
    let zalo: Option<(String, String)> = partner::Entity::find_by_id(user)
        .select_only()
        .column(partner::Column::PhoneCountryCode)
        .column(partner::Column::PhoneNumber)
        .filter(partner::Column::ZaloNotices.eq(true))
        .into_tuple()
        .one(db)
        .await?;
    let nowhere = devices.is_empty() && line.is_none() && zalo.is_none();
    if nowhere || !choices_of(db, user).await?.wants(notice.kind) {
        return Ok(());
    }
    let rows: Vec<_> = devices
        .iter()
        .map(|device| push_outbox::ActiveModel {
            id: Set(notice_key(notice.key, device)),
            device_id: Set(device.clone()),
            user_id: Set(user.to_owned()),
            kind: Set(notice.what.to_owned()),
            link: Set(notice.link.clone()),
            payload: Set(notice.payload.clone()),
            created_at_ms: Set(ms(notice.at)),
            attempts: Set(0),
            // Queued when it is due: it goes at once.
            next_attempt_at_ms: Set(0),
            sent_at_ms: Set(None),
            last_error: Set(None),
        })
        .collect();
    if !rows.is_empty() {
        push_outbox::Entity::insert_many(rows)
            .on_conflict_do_nothing()
            .exec_without_returning(db)
            .await?;
    }
    if let Some(line_user) = line {
        let row = line_outbox::ActiveModel {
            id: Set(notice_key(notice.key, &format!("line:{line_user}"))),
            line_user: Set(line_user),
            user_id: Set(user.to_owned()),
            kind: Set(notice.what.to_owned()),
            link: Set(notice.link.clone()),
            payload: Set(notice.payload.clone()),
            created_at_ms: Set(ms(notice.at)),
            attempts: Set(0),
            next_attempt_at_ms: Set(0),
            sent_at_ms: Set(None),
            last_error: Set(None),
        };
        line_outbox::Entity::insert(row)
            .on_conflict_do_nothing()
            .exec_without_returning(db)
            .await?;
    }
    if let Some((country, number)) = zalo {
        let phone: String = format!("{country}{number}")
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        let row = zalo_outbox::ActiveModel {
            id: Set(notice_key(notice.key, &format!("zalo:{phone}"))),
            phone: Set(phone),
            user_id: Set(user.to_owned()),
            kind: Set(notice.what.to_owned()),
            link: Set(notice.link.clone()),
            payload: Set(notice.payload.clone()),
            created_at_ms: Set(ms(notice.at)),
            attempts: Set(0),
            next_attempt_at_ms: Set(0),
            sent_at_ms: Set(None),
            last_error: Set(None),
        };
        zalo_outbox::Entity::insert(row)
            .on_conflict_do_nothing()
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}
