//! The customer's profile.

use domain::identity;

use crate::pb;

pub(crate) fn user_to_pb(u: identity::User) -> pb::User {
    let p = u.profile;
    pb::User {
        user_id: p.user_id.as_str().into(),
        email: u.email.as_str().into(),
        email_verified: u.email_verified,
        display_name: p.display_name,
        phone: p.phone.map(|ph| pb::Phone {
            country_code: ph.country_code().into(),
            number: ph.number().into(),
        }),
        line_id: p.line_id.unwrap_or_default(),
        zalo_id: p.zalo_id.unwrap_or_default(),
        whatsapp_id: p.whatsapp_id.unwrap_or_default(),
        preferred_language: p.language.tag().into(),
        password_min_length: u32::try_from(u.password_min).unwrap_or(u32::MAX),
    }
}
