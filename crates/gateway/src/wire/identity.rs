//! Sessions and action codes.

use domain::identity::{self, ActionMode};

use crate::pb;

pub(crate) fn session_to_pb(s: identity::Session) -> pb::Session {
    pb::Session {
        user_id: s.user_id.as_str().into(),
        email: s.email.as_str().into(),
        email_verified: s.email_verified,
        id_token: s.id_token,
        refresh_token: s.refresh_token,
        expires_in_seconds: s.expires_in_secs,
    }
}

pub(crate) fn mode_to_pb(m: ActionMode) -> pb::ActionMode {
    match m {
        ActionMode::VerifyEmail => pb::ActionMode::VerifyEmail,
        ActionMode::ResetPassword => pb::ActionMode::ResetPassword,
    }
}
