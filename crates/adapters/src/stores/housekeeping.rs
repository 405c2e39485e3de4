//! Removes rows that can no longer matter, so the identity tables do not grow without end:
//! expired refresh tokens (a used one is kept until it expires, for reuse detection), expired
//! codes, throttle counters whose window ended a day ago, and mails delivered or given up on
//! 30 days ago, live events a week old (a page away that long reads everything again; a
//! partner's position events, which come every few seconds, an hour old), sign-ins sent to an
//! identity provider that never came back, and partners' positions past their keeping
//! (`domain::jobs::POSITIONS_KEPT_HOURS`).

use chrono::{DateTime, Utc};
use domain::jobs::POSITIONS_KEPT_HOURS;
use domain::live::Topic;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};

use crate::sql::common::ms;
use crate::sql::entities::{
    action_code, job_position, line_outbox, live_event, mail_outbox, pending_link, pending_login,
    push_outbox, rate_counter, refresh_token, zalo_outbox,
};

const MAIL_KEPT: chrono::Duration = chrono::Duration::days(30);
const COUNTER_KEPT: chrono::Duration = chrono::Duration::days(1);
const EVENTS_KEPT: chrono::Duration = chrono::Duration::days(7);
const POSITION_EVENTS_KEPT: chrono::Duration = chrono::Duration::hours(1);

/// Rows removed by one pass.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Purged {
    pub refresh_tokens: u64,
    pub action_codes: u64,
    pub rate_counters: u64,
    pub mails: u64,
    pub live_events: u64,
    /// Sign-ins with a provider never finished: both the ones at the provider and the held ones.
    pub pending_logins: u64,
    pub positions: u64,
    /// Push and LINE notices a month old, sent or not: of no use to anyone by then (and those of
    /// a site with no LINE channel, never sent).
    pub notices: u64,
}

pub async fn purge(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<Purged, DbErr> {
    let now_ms = ms(now);
    Ok(Purged {
        refresh_tokens: refresh_token::Entity::delete_many()
            .filter(refresh_token::Column::ExpiresAtMs.lt(now_ms))
            .exec(db)
            .await?
            .rows_affected,
        action_codes: action_code::Entity::delete_many()
            .filter(action_code::Column::ExpiresAtMs.lt(now_ms))
            .exec(db)
            .await?
            .rows_affected,
        rate_counters: rate_counter::Entity::delete_many()
            .filter(rate_counter::Column::WindowStartMs.lt(ms(now - COUNTER_KEPT)))
            .exec(db)
            .await?
            .rows_affected,
        mails: mail_outbox::Entity::delete_many()
            .filter(mail_outbox::Column::CreatedAtMs.lt(ms(now - MAIL_KEPT)))
            .filter(
                mail_outbox::Column::SentAtMs
                    .is_not_null()
                    .or(mail_outbox::Column::NextAttemptAtMs.eq(i64::MAX)),
            )
            .exec(db)
            .await?
            .rows_affected,
        live_events: live_event::Entity::delete_many()
            .filter(live_event::Column::AtMs.lt(ms(now - EVENTS_KEPT)))
            .exec(db)
            .await?
            .rows_affected
            + live_event::Entity::delete_many()
                .filter(live_event::Column::Topic.eq(Topic::Position.code()))
                .filter(live_event::Column::AtMs.lt(ms(now - POSITION_EVENTS_KEPT)))
                .exec(db)
                .await?
                .rows_affected,
        pending_logins: pending_login::Entity::delete_many()
            .filter(pending_login::Column::ExpiresAtMs.lt(now_ms))
            .exec(db)
            .await?
            .rows_affected
            + pending_link::Entity::delete_many()
                .filter(pending_link::Column::ExpiresAtMs.lt(now_ms))
                .exec(db)
                .await?
                .rows_affected,
        positions: job_position::Entity::delete_many()
            .filter(
                job_position::Column::TakenAtMs
                    .lt(ms(now - chrono::Duration::hours(POSITIONS_KEPT_HOURS))),
            )
            .exec(db)
            .await?
            .rows_affected,
        notices: push_outbox::Entity::delete_many()
            .filter(push_outbox::Column::CreatedAtMs.lt(ms(now - MAIL_KEPT)))
            .exec(db)
            .await?
            .rows_affected
            + line_outbox::Entity::delete_many()
                .filter(line_outbox::Column::CreatedAtMs.lt(ms(now - MAIL_KEPT)))
                .exec(db)
                .await?
                .rows_affected
            + zalo_outbox::Entity::delete_many()
                .filter(zalo_outbox::Column::CreatedAtMs.lt(ms(now - MAIL_KEPT)))
                .exec(db)
                .await?
                .rows_affected,
    })
}
