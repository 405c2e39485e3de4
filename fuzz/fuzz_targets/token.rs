//! ID tokens as anyone can send them, checked by the real signer over a real (SQLite) key store:
//! any text is refused without a panic, and our own token with its claims replaced by anything
//! else keeps its signature but is never accepted.
#![no_main]

use std::sync::OnceLock;

use adapters::security::jwt::JwtSigner;
use adapters::testing::{Backend, TestDb};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Duration, Utc};
use domain::identity::{IdClaims, Role, TokenSigner};
use libfuzzer_sys::fuzz_target;

struct World {
    runtime: tokio::runtime::Runtime,
    signer: JwtSigner,
    token: String,
    _db: TestDb,
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let (db, signer, token) = runtime.block_on(async {
            let db = TestDb::migrated(Backend::Sqlite).await;
            let signer = JwtSigner::load(db.db.clone(), Duration::days(30), Duration::hours(2))
                .await
                .expect("the signing keys");
            let now = Utc::now().timestamp();
            let claims = IdClaims {
                iss: "https://booking.invalid".into(),
                aud: "booking".into(),
                sub: "fuzz-user".into(),
                email: "fuzz@example.com".into(),
                email_verified: true,
                role: Role::Customer,
                auth_time: now,
                iat: now,
                nbf: now,
                exp: now + 3600,
            };
            let token = signer.sign(&claims, Utc::now()).await.expect("a token");
            (db, signer, token)
        });
        World {
            runtime,
            signer,
            token,
            _db: db,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let w = world();
    let now = Utc::now();
    let text = String::from_utf8_lossy(data);
    let _ = w.runtime.block_on(w.signer.decode(&text, now));
    let mut parts = w.token.split('.');
    let (Some(header), Some(claims), Some(signature)) = (parts.next(), parts.next(), parts.next())
    else {
        panic!("our token has three parts");
    };
    let forged_claims = URL_SAFE_NO_PAD.encode(data);
    if forged_claims != claims {
        let forged = format!("{header}.{forged_claims}.{signature}");
        let accepted = w.runtime.block_on(w.signer.decode(&forged, now));
        assert!(accepted.is_err(), "a token with other claims was accepted");
    }
});
