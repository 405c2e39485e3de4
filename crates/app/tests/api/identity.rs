//! Accounts over the wire: every error path of the identity calls, the token checks on
//! protected calls, refresh-token rotation, mailed codes, and the throttles.

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use gateway::pb::identity_service_client::IdentityServiceClient;
use gateway::pb::user_service_client::UserServiceClient;
use reqwest::Method;
use serde_json::json;

use super::*;

pub(crate) async fn sign_up(app: &TestApp, email: &str, password: &str) -> Value {
    let (status, body) = app
        .post(
            "/api/auth/sign-up",
            json!({"email": email, "password": password, "continueUrl": "/profile"}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn sign_in(app: &TestApp, email: &str, password: &str) -> (u16, Value) {
    app.post(
        "/api/auth/sign-in",
        json!({"email": email, "password": password}),
        None,
    )
    .await
}

fn code_of(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

/// A token signed with `seed` (the real key or another), with claims changed by `edit`.
pub(crate) fn forge(seed: &[u8; 32], kid: &str, edit: impl FnOnce(&mut Value)) -> String {
    use ed25519_dalek::pkcs8::EncodePrivateKey;
    let now = chrono_now();
    let mut claims = json!({
        "iss": "", "aud": "booking-web", "sub": "someone", "email": "x@example.com",
        "email_verified": true, "auth_time": now, "iat": now, "nbf": now, "exp": now + 3600,
    });
    edit(&mut claims);
    let der = ed25519_dalek::SigningKey::from_bytes(seed)
        .to_pkcs8_der()
        .unwrap();
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::EdDSA);
    header.kid = Some(kid.to_owned());
    jsonwebtoken::encode(
        &header,
        &claims,
        &jsonwebtoken::EncodingKey::from_ed_der(der.as_bytes()),
    )
    .unwrap()
}

fn chrono_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

api_test!(sign_up_verify_and_profile, async |app: &TestApp| {
    let s = sign_up(app, "  Lin.Mei@Example.COM ", "secret1").await;
    assert_eq!(s["email"], "lin.mei@example.com", "stored normalised");
    assert_eq!(s["emailVerified"], false);
    assert_eq!(s["expiresIn"], 3600);
    let token = s["idToken"].as_str().unwrap().to_owned();

    for (body, status, code) in [
        (
            json!({"email": "LIN.MEI@example.com", "password": "secret1"}),
            409,
            "EMAIL_EXISTS",
        ),
        (
            json!({"email": "not-an-email", "password": "secret1"}),
            400,
            "INVALID_EMAIL",
        ),
        (
            json!({"email": "a@b", "password": "secret1"}),
            400,
            "INVALID_EMAIL",
        ),
        (
            json!({"email": "new@example.com", "password": "12345"}),
            400,
            "WEAK_PASSWORD",
        ),
        (
            json!({"email": "new@example.com", "password": "secret1", "continueUrl": "https://evil.example/"}),
            400,
            "INVALID_CONTINUE_URI",
        ),
        (json!({"email": "new@example.com"}), 400, "INVALID_ARGUMENT"),
    ] {
        let (got, err) = app.post("/api/auth/sign-up", body.clone(), None).await;
        assert_eq!((got, code_of(&err)), (status, code), "{body}: {err}");
    }
    let (_, err) = app
        .post(
            "/api/auth/sign-up",
            json!({"email": "n@example.com", "password": "1"}),
            None,
        )
        .await;
    assert_eq!(
        err["error"]["message"],
        "WEAK_PASSWORD : Password should be at least 6 characters"
    );

    // The product's login: the profile in `data`, created on the first call.
    let (status, body) = app.post("/api/login", json!(null), Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["email"], "lin.mei@example.com");
    assert_eq!(body["data"]["displayName"], "lin.mei");
    assert_eq!(body["data"]["preferredLanguage"], "zh-TW");
    let (status, body, _) = app
        .call(
            Method::PATCH,
            "/api/user",
            Some(json!({"displayName": "林美", "phone": {"countryCode": "+886", "number": "0912-345-678"}, "lineId": "linmei"})),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"]["phone"],
        json!({"countryCode": "886", "number": "912345678"})
    );
    let (status, body, _) = app
        .call(
            Method::PATCH,
            "/api/user",
            Some(json!({"lineId": null, "preferredLanguage": "xx"})),
            Some(&token),
        )
        .await;
    assert_eq!((status, code_of(&body)), (400, "INVALID_ARGUMENT"));
    assert_eq!(body["error"]["details"][0]["field"], "preferred_language");
    let (_, body, _) = app.call(Method::GET, "/api/user", None, Some(&token)).await;
    assert_eq!(
        body["data"]["lineId"], "linmei",
        "a refused update changes nothing"
    );
    let (status, body, _) = app
        .call(
            Method::PATCH,
            "/api/user",
            Some(json!({"email": "x@example.com"})),
            Some(&token),
        )
        .await;
    assert_eq!(
        (status, code_of(&body)),
        (400, "INVALID_ARGUMENT"),
        "unknown fields are refused"
    );

    // The verification mail: its code is consumed only by the POST, once.
    let db = &app.db.db;
    let mails = adapters::testing::mails_to(db, "lin.mei@example.com").await;
    assert_eq!(mails.len(), 1);
    let link = mails[0].1.clone().unwrap();
    assert!(
        link.contains("/auth/action?mode=verifyEmail&oobCode="),
        "{link}"
    );
    assert!(link.ends_with("continueUrl=%2Fprofile"), "{link}");
    let code = adapters::testing::code_mailed(db, "lin.mei@example.com", "verify_email").await;
    let (status, body) = app
        .post(
            "/api/auth/check-action-code",
            json!({"oobCode": code}),
            None,
        )
        .await;
    assert_eq!(
        (status, &body["data"]["mode"]),
        (200, &json!("verifyEmail"))
    );
    let (status, _) = app
        .post(
            "/api/auth/apply-action-code",
            json!({"oobCode": code}),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .post(
            "/api/auth/apply-action-code",
            json!({"oobCode": code}),
            None,
        )
        .await;
    assert_eq!(
        (status, code_of(&body)),
        (400, "INVALID_OOB_CODE"),
        "single use"
    );
    let (status, body) = app
        .post(
            "/api/auth/apply-action-code",
            json!({"oobCode": "forged"}),
            None,
        )
        .await;
    assert_eq!((status, code_of(&body)), (400, "INVALID_OOB_CODE"));
    let (status, body) = sign_in(app, "LIN.MEI@example.com", "secret1").await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["emailVerified"], true);
    let (status, body) = app
        .post(
            "/api/auth/send-verification-email",
            json!({}),
            Some(body["data"]["idToken"].as_str().unwrap()),
        )
        .await;
    assert_eq!((status, code_of(&body)), (400, "EMAIL_ALREADY_VERIFIED"));
});

api_test!(
    wrong_and_unknown_credentials_look_alike,
    async |app: &TestApp| {
        sign_up(app, "chen@example.com", "secret1").await;
        let (s1, wrong) = sign_in(app, "chen@example.com", "secret2").await;
        let (s2, unknown) = sign_in(app, "nobody@example.com", "secret1").await;
        assert_eq!((s1, s2), (401, 401));
        assert_eq!(wrong, unknown, "the answer never tells which e-mails exist");
        assert_eq!(code_of(&wrong), "INVALID_LOGIN_CREDENTIALS");
        let (status, body) = sign_in(app, "chen@example", "secret1").await;
        assert_eq!((status, code_of(&body)), (400, "INVALID_EMAIL"));
    }
);

api_test!(failed_sign_ins_are_throttled, async |app: &TestApp| {
    sign_up(app, "wu@example.com", "secret1").await;
    for _ in 0..5 {
        let (status, _) = sign_in(app, "wu@example.com", "wrong-pw").await;
        assert_eq!(status, 401);
    }
    let (status, body, headers) = app
        .call(
            Method::POST,
            "/api/auth/sign-in",
            Some(json!({"email": "WU@example.com", "password": "secret1"})),
            None,
        )
        .await;
    assert_eq!(
        (status, code_of(&body)),
        (429, "TOO_MANY_ATTEMPTS_TRY_LATER"),
        "even the right password"
    );
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    // Per client address: failures over many e-mails add up (credential stuffing).
    for i in 0..15 {
        let (status, _) = sign_in(app, &format!("guess{i}@example.com"), "whatever").await;
        assert_eq!(status, 401, "attempt {i}");
    }
    let (status, body) = sign_in(app, "someone-else@example.com", "whatever").await;
    assert_eq!(
        (status, code_of(&body)),
        (429, "TOO_MANY_ATTEMPTS_TRY_LATER")
    );
});

api_test!(sign_ups_are_throttled_per_address, async |app: &TestApp| {
    for i in 0..10 {
        sign_up(app, &format!("bulk{i}@example.com"), "secret1").await;
    }
    let (status, body) = app
        .post(
            "/api/auth/sign-up",
            json!({"email": "bulk10@example.com", "password": "secret1"}),
            None,
        )
        .await;
    assert_eq!(
        (status, code_of(&body)),
        (429, "TOO_MANY_ATTEMPTS_TRY_LATER")
    );
});

api_test!(protected_calls_check_the_token, async |app: &TestApp| {
    let s = sign_up(app, "token@example.com", "secret1").await;
    let good = s["idToken"].as_str().unwrap().to_owned();
    let (status, _) = app
        .post("/api/login", json!(null), Some(&format!("Bearer {good}")))
        .await;
    assert_eq!(status, 200, "Bearer prefix accepted");

    let sealing = TestApp::config(&app.db, &app.web_dir).sealing().unwrap();
    let (kid, seed) = adapters::testing::signing_key(&app.db.db, &sealing).await;
    let seed: [u8; 32] = STANDARD.decode(seed).unwrap().try_into().unwrap();
    let iss = app.url("");
    let sub = s["userId"].as_str().unwrap().to_owned();
    let valid = forge(&seed, &kid, |c| {
        c["iss"] = json!(iss);
        c["sub"] = json!(sub);
    });
    let (status, _) = app.post("/api/login", json!(null), Some(&valid)).await;
    assert_eq!(
        status, 200,
        "a well-formed token of ours passes, so the cases below test one thing each"
    );

    let header_none =
        URL_SAFE_NO_PAD.encode(format!(r#"{{"alg":"none","typ":"JWT","kid":"{kid}"}}"#));
    // Key confusion: HS256 keyed with our published public key, as a verifier that trusts the
    // header's algorithm would check it.
    let public = ed25519_dalek::SigningKey::from_bytes(&seed).verifying_key();
    {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
        header.kid = Some(kid.clone());
        let claims: Value = serde_json::from_slice(
            &URL_SAFE_NO_PAD
                .decode(valid.split('.').nth(1).unwrap())
                .unwrap(),
        )
        .unwrap();
        let x = URL_SAFE_NO_PAD.encode(public.as_bytes());
        for secret in [public.as_bytes().as_slice(), x.as_bytes()] {
            let token = jsonwebtoken::encode(
                &header,
                &claims,
                &jsonwebtoken::EncodingKey::from_secret(secret),
            )
            .unwrap();
            let (status, err, _) = app
                .call(Method::POST, "/api/login", None, Some(&token))
                .await;
            assert_eq!(
                (status, code_of(&err)),
                (401, "INVALID_ID_TOKEN"),
                "HS256 keyed with the public key"
            );
        }
    }
    let body_part = valid.split('.').nth(1).unwrap();
    let other_seed = [7u8; 32];
    let cases: Vec<(&str, String, &str)> = vec![
        ("none", String::new(), "MISSING_ID_TOKEN"),
        ("garbage", "not.a.jwt".into(), "INVALID_ID_TOKEN"),
        (
            "alg none",
            format!("{header_none}.{body_part}."),
            "INVALID_ID_TOKEN",
        ),
        (
            "wrong key",
            forge(&other_seed, &kid, |c| {
                c["iss"] = json!(iss);
                c["sub"] = json!(sub);
            }),
            "INVALID_ID_TOKEN",
        ),
        (
            "unknown kid",
            forge(&seed, "nokey", |c| {
                c["iss"] = json!(iss);
                c["sub"] = json!(sub);
            }),
            "INVALID_ID_TOKEN",
        ),
        (
            "wrong aud",
            forge(&seed, &kid, |c| {
                c["iss"] = json!(iss);
                c["sub"] = json!(sub);
                c["aud"] = json!("other-app");
            }),
            "INVALID_ID_TOKEN",
        ),
        (
            "wrong iss",
            forge(&seed, &kid, |c| {
                c["iss"] = json!("https://evil.example");
                c["sub"] = json!(sub);
            }),
            "INVALID_ID_TOKEN",
        ),
        (
            "not yet valid",
            forge(&seed, &kid, |c| {
                c["iss"] = json!(iss);
                c["sub"] = json!(sub);
                c["nbf"] = json!(chrono_now() + 600);
            }),
            "INVALID_ID_TOKEN",
        ),
        (
            "expired",
            forge(&seed, &kid, |c| {
                c["iss"] = json!(iss);
                c["sub"] = json!(sub);
                c["exp"] = json!(chrono_now() - 120);
            }),
            "TOKEN_EXPIRED",
        ),
        (
            "tampered",
            {
                let mut t = valid.clone();
                t.pop();
                t.push(if valid.ends_with('A') { 'B' } else { 'A' });
                t
            },
            "INVALID_ID_TOKEN",
        ),
    ];
    for (what, token, code) in cases {
        let token = (!token.is_empty()).then_some(token);
        for (method, path) in [
            (Method::POST, "/api/login"),
            (Method::GET, "/api/user"),
            (Method::PATCH, "/api/user"),
        ] {
            let body = (method == Method::PATCH).then(|| json!({"displayName": "x"}));
            let (status, err, _) = app.call(method, path, body, token.as_deref()).await;
            assert_eq!((status, code_of(&err)), (401, code), "{what} on {path}");
        }
    }
    // Native gRPC says UNAUTHENTICATED with the same code.
    let mut users = UserServiceClient::connect(app.url("")).await.unwrap();
    let err = users.login(pb::LoginRequest {}).await.unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (tonic::Code::Unauthenticated, "MISSING_ID_TOKEN")
    );
    let mut request = tonic::Request::new(pb::GetUserRequest {});
    request
        .metadata_mut()
        .insert("authorization-firebase", good.parse().unwrap());
    let user = users
        .get_user(request)
        .await
        .unwrap()
        .into_inner()
        .user
        .unwrap();
    assert_eq!(user.email, "token@example.com");

    let (status, jwks, _) = app
        .call(Method::GET, "/.well-known/jwks.json", None, None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(jwks["keys"][0]["kid"], json!(kid));
    assert_eq!(jwks["keys"][0]["crv"], "Ed25519");
});

api_test!(
    refresh_tokens_rotate_and_a_reuse_within_the_grace_keeps_the_family,
    async |app: &TestApp| {
        let s = sign_up(app, "rot@example.com", "secret1").await;
        let first = s["refreshToken"].as_str().unwrap().to_owned();
        let (status, body) = app
            .post("/api/auth/refresh", json!({"refreshToken": first}), None)
            .await;
        assert_eq!(status, 200);
        let second = body["data"]["refreshToken"].as_str().unwrap().to_owned();
        assert_ne!(first, second);
        let id_token = body["data"]["idToken"].as_str().unwrap().to_owned();
        let (status, _) = app.post("/api/login", json!(null), Some(&id_token)).await;
        assert_eq!(status, 200);
        // The replaced token again, at once: the same client that lost the answer (a navigation
        // cut it off). It gets another token of the family, and the family lives on. A reuse after
        // the grace revokes the family (the domain's test, on a clock moved past it).
        let (status, body) = app
            .post("/api/auth/refresh", json!({"refreshToken": first}), None)
            .await;
        assert_eq!(status, 200, "{body}");
        let sibling = body["data"]["refreshToken"].as_str().unwrap().to_owned();
        for token in [&second, &sibling] {
            let (status, body) = app
                .post("/api/auth/refresh", json!({"refreshToken": token}), None)
                .await;
            assert_eq!(status, 200, "{body}");
        }
        let (status, body) = app
            .post("/api/auth/refresh", json!({"refreshToken": "forged"}), None)
            .await;
        assert_eq!((status, code_of(&body)), (401, "INVALID_REFRESH_TOKEN"));

        // Eight tabs spend one token at once: every one gets a session, and each goes on.
        let (_, s) = sign_in(app, "rot@example.com", "secret1").await;
        let token = s["data"]["refreshToken"].clone();
        let url = app.url("/api/auth/refresh");
        let tabs = (0..8).map(|_| {
            let (http, url, body) = (
                app.http.clone(),
                url.clone(),
                json!({"refreshToken": token}),
            );
            async move {
                let r = http.post(url).json(&body).send().await.unwrap();
                let status = r.status().as_u16();
                (status, r.json::<Value>().await.unwrap_or(Value::Null))
            }
        });
        let answers = join_all(tabs.collect()).await;
        for (status, body) in &answers {
            assert_eq!(*status, 200, "{body}");
        }
        for (_, body) in &answers {
            let next = &body["data"]["refreshToken"];
            let (status, body) = app
                .post("/api/auth/refresh", json!({"refreshToken": next}), None)
                .await;
            assert_eq!(status, 200, "{body}");
        }

        // Sign-out revokes every session of the account.
        let (_, a) = sign_in(app, "rot@example.com", "secret1").await;
        let (_, b) = sign_in(app, "rot@example.com", "secret1").await;
        let (status, _, _) = app
            .call(
                Method::POST,
                "/api/auth/sign-out",
                None,
                a["data"]["idToken"].as_str(),
            )
            .await;
        assert_eq!(status, 204);
        for s in [a, b] {
            let (status, _) = app
                .post(
                    "/api/auth/refresh",
                    json!({"refreshToken": s["data"]["refreshToken"]}),
                    None,
                )
                .await;
            assert_eq!(status, 401);
        }
    }
);

/// A reuse past the grace (none here) is a copy in someone else's hands: the family goes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reuse_after_the_grace_revokes_the_family() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let app = TestApp::start_with(backend, |c| c.accounts.refresh_reuse_grace_secs = 0).await;
        let s = sign_up(&app, "copy@example.com", "secret1").await;
        let first = s["refreshToken"].as_str().unwrap().to_owned();
        let (status, body) = app
            .post("/api/auth/refresh", json!({"refreshToken": first}), None)
            .await;
        assert_eq!(status, 200, "{body}");
        let second = body["data"]["refreshToken"].as_str().unwrap().to_owned();
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let (status, body) = app
            .post("/api/auth/refresh", json!({"refreshToken": first}), None)
            .await;
        assert_eq!((status, code_of(&body)), (401, "INVALID_REFRESH_TOKEN"));
        let (status, body) = app
            .post("/api/auth/refresh", json!({"refreshToken": second}), None)
            .await;
        assert_eq!(
            (status, code_of(&body)),
            (401, "INVALID_REFRESH_TOKEN"),
            "revoked with its family"
        );
        app.stop().await;
    }
}

api_test!(
    password_reset_answers_alike_and_ends_sessions,
    async |app: &TestApp| {
        let s = sign_up(app, "reset@example.com", "secret1").await;
        let db = &app.db.db;
        for email in ["reset@example.com", "ghost@example.com"] {
            let (status, body, _) = app
                .call(
                    Method::POST,
                    "/api/auth/send-password-reset",
                    Some(json!({"email": email})),
                    None,
                )
                .await;
            assert_eq!((status, body), (204, Value::Null), "{email}");
        }
        let ghost = adapters::testing::mails_to(db, "ghost@example.com").await;
        assert_eq!(ghost, [("reset_unknown_account".to_owned(), None)]);
        let code = adapters::testing::code_mailed(db, "reset@example.com", "reset_password").await;
        let (status, body) = app
            .post(
                "/api/auth/apply-action-code",
                json!({"oobCode": code}),
                None,
            )
            .await;
        assert_eq!(
            (status, code_of(&body)),
            (400, "INVALID_OOB_CODE"),
            "a reset code does not verify"
        );
        let (status, body) = app
            .post(
                "/api/auth/confirm-password-reset",
                json!({"oobCode": code, "newPassword": "short"}),
                None,
            )
            .await;
        assert_eq!((status, code_of(&body)), (400, "WEAK_PASSWORD"));
        let (status, body) = app
            .post(
                "/api/auth/confirm-password-reset",
                json!({"oobCode": code, "newPassword": "brand-new"}),
                None,
            )
            .await;
        assert_eq!(
            (status, &body["data"]["email"]),
            (200, &json!("reset@example.com"))
        );
        let (status, _) = app
            .post(
                "/api/auth/confirm-password-reset",
                json!({"oobCode": code, "newPassword": "again-new"}),
                None,
            )
            .await;
        assert_eq!(status, 400, "single use");
        let (status, _) = app
            .post(
                "/api/auth/refresh",
                json!({"refreshToken": s["refreshToken"]}),
                None,
            )
            .await;
        assert_eq!(status, 401, "sessions from before the reset are over");
        assert_eq!(sign_in(app, "reset@example.com", "secret1").await.0, 401);
        let (status, body) = sign_in(app, "reset@example.com", "brand-new").await;
        assert_eq!(status, 200);
        assert_eq!(
            body["data"]["emailVerified"], true,
            "the reset proved the mailbox"
        );

        // An expired code is told apart from a used one.
        app.call(
            Method::POST,
            "/api/auth/send-password-reset",
            Some(json!({"email": "reset@example.com"})),
            None,
        )
        .await;
        let code = adapters::testing::code_mailed(db, "reset@example.com", "reset_password").await;
        adapters::testing::expire_codes(db).await;
        let (status, body) = app
            .post(
                "/api/auth/confirm-password-reset",
                json!({"oobCode": code, "newPassword": "brand-new2"}),
                None,
            )
            .await;
        assert_eq!((status, code_of(&body)), (400, "EXPIRED_OOB_CODE"));
    }
);

api_test!(changing_password_and_email, async |app: &TestApp| {
    let s = sign_up(app, "move@example.com", "secret1").await;
    sign_up(app, "taken@example.com", "secret1").await;
    let token = s["idToken"].as_str().unwrap().to_owned();
    let (status, body) = app
        .post(
            "/api/auth/change-password",
            json!({"currentPassword": "nope-nope", "newPassword": "secret2"}),
            Some(&token),
        )
        .await;
    assert_eq!((status, code_of(&body)), (401, "INVALID_LOGIN_CREDENTIALS"));
    let (status, body) = app
        .post(
            "/api/auth/change-password",
            json!({"currentPassword": "secret1", "newPassword": "secret2"}),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let token = body["data"]["idToken"].as_str().unwrap().to_owned();
    let (status, _) = app
        .post(
            "/api/auth/refresh",
            json!({"refreshToken": s["refreshToken"]}),
            None,
        )
        .await;
    assert_eq!(status, 401, "other sessions end");
    let (status, body) = app
        .post(
            "/api/auth/change-email",
            json!({"password": "secret2", "newEmail": "TAKEN@example.com"}),
            Some(&token),
        )
        .await;
    assert_eq!((status, code_of(&body)), (409, "EMAIL_EXISTS"));
    let (status, body) = app
        .post(
            "/api/auth/change-email",
            json!({"password": "secret2", "newEmail": "moved@example.com"}),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["email"], "moved@example.com");
    assert_eq!(body["data"]["emailVerified"], false);
    let old = adapters::testing::mails_to(&app.db.db, "move@example.com").await;
    assert!(
        old.iter().any(|(k, _)| k == "email_changed"),
        "the old address is told"
    );
    let code =
        adapters::testing::code_mailed(&app.db.db, "moved@example.com", "verify_email").await;
    let (status, _) = app
        .post(
            "/api/auth/apply-action-code",
            json!({"oobCode": code}),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(sign_in(app, "moved@example.com", "secret2").await.0, 200);
    assert_eq!(sign_in(app, "move@example.com", "secret2").await.0, 401);
});

api_test!(identity_over_grpc_and_grpc_web, async |app: &TestApp| {
    let mut id = IdentityServiceClient::connect(app.url("")).await.unwrap();
    let session = id
        .sign_up(pb::SignUpRequest {
            email: "grpc@example.com".into(),
            password: "secret1".into(),
            continue_url: String::new(),
        })
        .await
        .unwrap()
        .into_inner()
        .session
        .unwrap();
    assert_eq!(session.expires_in_seconds, 3600);
    let err = id
        .sign_up(pb::SignUpRequest {
            email: "GRPC@example.com".into(),
            password: "secret1".into(),
            continue_url: String::new(),
        })
        .await
        .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (tonic::Code::AlreadyExists, "EMAIL_EXISTS")
    );
    let (status, _) = app
        .grpc_web::<pb::SignInWithPasswordResponse>(
            "IdentityService/SignInWithPassword",
            &pb::SignInWithPasswordRequest {
                email: "grpc@example.com".into(),
                password: "wrong-one".into(),
            },
        )
        .await;
    assert_eq!(status, tonic::Code::Unauthenticated as u32);
    let (status, response) = app
        .grpc_web::<pb::SignInWithPasswordResponse>(
            "IdentityService/SignInWithPassword",
            &pb::SignInWithPasswordRequest {
                email: "grpc@example.com".into(),
                password: "secret1".into(),
            },
        )
        .await;
    assert_eq!(status, 0);
    assert_eq!(response.unwrap().session.unwrap().email, "grpc@example.com");
});

api_test!(
    one_mailbox_is_one_account_however_it_is_written,
    async |app: &TestApp| {
        for (first, again) in [
            ("probe.user@example.com", "probe.user@ｅｘａｍｐｌｅ.com"),
            ("lin@exämple.com", "lin@xn--exmple-cua.com"),
            ("wu@xn--exmple-cua.com", "WU＠EXÄMPLE.COM"),
        ] {
            sign_up(app, first, "secret1").await;
            let (status, body) = app
                .post(
                    "/api/auth/sign-up",
                    json!({"email": again, "password": "secret1"}),
                    None,
                )
                .await;
            assert_eq!((status, code_of(&body)), (409, "EMAIL_EXISTS"), "{again}");
            let (status, body) = sign_in(app, again, "secret1").await;
            assert_eq!(status, 200, "{again}: {body}");
        }
    }
);

api_test!(
    tokens_from_before_a_sign_out_or_a_password_change_are_refused,
    async |app: &TestApp| {
        let write = |token: String| async move {
            let body =
                json!({"details": super::orders::shuttle(2), "contact": super::orders::contact()});
            let (status, body) = app
                .post("/api/plan/shuttle/shuttle-sgn-4/order", body, Some(&token))
                .await;
            (status, code_of(&body).to_owned())
        };
        // Signed out: the token of that session is spent at once, for writes and reads.
        let s = sign_up(app, "cut@example.com", "secret1").await;
        let first = s["idToken"].as_str().unwrap().to_owned();
        assert_eq!(write(first.clone()).await.0, 201);
        let (status, _) = app
            .post("/api/auth/sign-out", json!({}), Some(&first))
            .await;
        assert_eq!(status, 204);
        assert_eq!(
            write(first.clone()).await,
            (401, "TOKEN_EXPIRED".to_owned())
        );
        assert_eq!(app.get_as("/api/v-coin", &first).await.0, 401);
        // A password change: the old token is spent, the one it returns works.
        let (_, body) = sign_in(app, "cut@example.com", "secret1").await;
        let second = body["data"]["idToken"].as_str().unwrap().to_owned();
        let (status, body) = app
            .post(
                "/api/auth/change-password",
                json!({"currentPassword": "secret1", "newPassword": "secret2"}),
                Some(&second),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let third = body["data"]["idToken"].as_str().unwrap().to_owned();
        assert_eq!(write(second).await.0, 401);
        assert_eq!(write(third).await.0, 201);

        // An operator who signs out: their token stops working on operator calls at once.
        let operator = super::operations::operator_token(app).await;
        let mut ops =
            gateway::pb::operator_service_client::OperatorServiceClient::connect(app.url(""))
                .await
                .unwrap();
        let search = || signed(&operator, gateway::pb::SearchOrdersRequest::default());
        assert!(ops.search_orders(search()).await.is_ok());
        let (status, _) = app
            .post("/api/auth/sign-out", json!({}), Some(&operator))
            .await;
        assert_eq!(status, 204);
        let err = ops.search_orders(search()).await.unwrap_err();
        assert_eq!(err.code(), tonic::Code::Unauthenticated);
    }
);
