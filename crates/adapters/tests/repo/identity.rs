//! The identity adapters against real databases: signing keys across restarts and rotation,
//! throttle windows, and all-or-nothing commits.

use std::sync::Arc;

use adapters::security::jwt::JwtSigner;
use adapters::security::key_sealing::{Kek, Sealing};
use adapters::{SqlIdentityStore, SqlRateLimiter, on_both_databases};
use chrono::{DateTime, Duration, Utc};
use domain::error::AuthError;
use domain::identity::{
    Account, Change, CommitError, Email, IdClaims, IdentityPolicy, IdentityStore, Limit, Profile,
    RateLimiter, Role, Take, TokenSigner, Window,
};
use domain::shared::{Language, UserId};
use sea_orm::DatabaseConnection;

fn at(s: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(s, 0).unwrap()
}

fn claims(now: DateTime<Utc>) -> IdClaims {
    let policy = IdentityPolicy::for_site("http://localhost");
    IdClaims::new(
        &policy,
        &UserId::parse("u1").unwrap(),
        &Email::parse("a@example.com").unwrap(),
        true,
        Role::Operator,
        now,
        now,
    )
}

on_both_databases!(
    signing_keys_survive_restarts_and_rotate,
    |db: DatabaseConnection| async move {
        let (rotation, grace) = (Duration::days(7), Duration::seconds(3630));
        let t0 = Utc::now();
        let kek = Kek::generate();
        let sealing = || Sealing::new(Kek::parse(&kek).unwrap(), None);
        let signer = JwtSigner::load(db.clone(), rotation, grace, sealing())
            .await
            .unwrap();
        let first = signer.sign(&claims(t0), t0).await.unwrap();
        let read = signer.decode(&first, t0).await.unwrap();
        assert_eq!((read.sub.as_str(), read.role), ("u1", Role::Operator));

        // A restart (a new signer on the same database) verifies and keeps signing with the same key.
        let restarted = JwtSigner::load(db.clone(), rotation, grace, sealing())
            .await
            .unwrap();
        assert_eq!(restarted.decode(&first, t0).await.unwrap().sub, "u1");
        let kid = |t: &str| jsonwebtoken::decode_header(t).unwrap().kid.unwrap();
        let again = restarted.sign(&claims(t0), t0).await.unwrap();
        assert_eq!(kid(&again), kid(&first));

        // Past the rotation a new key signs; the old one verifies until its tokens have expired.
        let t1 = t0 + rotation + Duration::minutes(1);
        let second = restarted.sign(&claims(t1), t1).await.unwrap();
        assert_ne!(kid(&second), kid(&first));
        assert!(
            restarted
                .decode(&first, t1 + grace - Duration::seconds(1))
                .await
                .is_ok()
        );
        let jwks = restarted.jwks(t1).await.unwrap();
        assert_eq!(jwks["keys"].as_array().unwrap().len(), 2);
        assert_eq!(
            restarted.decode(&first, t1 + grace).await,
            Err(AuthError::InvalidIdToken),
            "retired"
        );
        assert_eq!(
            restarted.jwks(t1 + grace).await.unwrap()["keys"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
        // Stored sealed: the seed is nowhere in the row, and without the key-encryption key
        // (a read-only copy of the database) no signer can be made from it.
        let (_, stored) = {
            use sea_orm::{ConnectionTrait, Statement};
            let row = db
                .query_one_raw(Statement::from_string(
                    db.get_database_backend(),
                    "SELECT kid, private_key FROM signing_keys ORDER BY created_at_ms LIMIT 1",
                ))
                .await
                .unwrap()
                .unwrap();
            (
                row.try_get::<String>("", "kid").unwrap(),
                row.try_get::<String>("", "private_key").unwrap(),
            )
        };
        assert!(stored.starts_with("sealed:v1:"), "{stored}");
        let other = Sealing::new(Kek::parse(&Kek::generate()).unwrap(), None);
        assert!(
            JwtSigner::load(db.clone(), rotation, grace, other)
                .await
                .is_err()
        );
        // The first signer learns of the new key from the database at once: in one read, not
        // after the minute its key set is trusted for (a busy two-core machine took 138 ms).
        let started = std::time::Instant::now();
        assert!(signer.decode(&second, t1).await.is_ok());
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(5), "{took:?}");

        // A key-encryption key rotated (every node given both keys): the new one current, the old one previous; every key is
        // sealed again under the new one, which then suffices.
        let next = Kek::generate();
        let rotating = Sealing::new(Kek::parse(&next).unwrap(), Some(Kek::parse(&kek).unwrap()));
        JwtSigner::load(db.clone(), rotation, grace, rotating)
            .await
            .unwrap();
        let after = Sealing::new(Kek::parse(&next).unwrap(), None);
        let rotated = JwtSigner::load(db.clone(), rotation, grace, after)
            .await
            .unwrap();
        assert_eq!(rotated.decode(&first, t0).await.unwrap().sub, "u1");
    }
);

on_both_databases!(
    throttle_windows_count_and_restart,
    |db: DatabaseConnection| async move {
        let limiter = SqlRateLimiter::new(db.clone());
        let limit = Limit {
            max: 3,
            window: Duration::minutes(15),
        };
        let t0 = at(1_800_000_000);
        for n in 1..=3 {
            let Take::Counted(w) = limiter
                .take("k", limit, t0 + Duration::seconds(n))
                .await
                .unwrap()
            else {
                panic!("room for {n}");
            };
            assert_eq!(w.count, n as u32);
            assert_eq!(w.resets_at, t0 + Duration::seconds(1) + limit.window);
        }
        let full = limiter.take("k", limit, t0 + Duration::seconds(4)).await;
        assert_eq!(
            full.unwrap(),
            Take::Full(Window {
                count: 3,
                resets_at: t0 + Duration::seconds(1) + limit.window
            }),
            "a full window counts nothing"
        );
        assert!(matches!(
            limiter.take("other", limit, t0).await.unwrap(),
            Take::Counted(Window { count: 1, .. })
        ));
        limiter.give_back("k").await.unwrap();
        assert!(matches!(
            limiter.take("k", limit, t0).await.unwrap(),
            Take::Counted(Window { count: 3, .. })
        ));
        let later = t0 + Duration::seconds(1) + limit.window;
        assert!(
            matches!(
                limiter.take("k", limit, later).await.unwrap(),
                Take::Counted(Window { count: 1, .. })
            ),
            "a new window"
        );
        limiter.clear("k").await.unwrap();
        limiter.give_back("k").await.unwrap();
        limiter.give_back("none").await.unwrap();

        // Parallel takes get exactly the limit's room, however many arrive at once.
        let limiter = Arc::new(limiter);
        let limit = Limit {
            max: 5,
            window: Duration::minutes(15),
        };
        let takes: Vec<_> = (0..30)
            .map(|_| {
                let l = limiter.clone();
                tokio::spawn(async move { l.take("busy", limit, t0).await.unwrap() })
            })
            .collect();
        let mut counted = Vec::new();
        for t in takes {
            if let Take::Counted(w) = t.await.unwrap() {
                counted.push(w.count);
            }
        }
        counted.sort_unstable();
        assert_eq!(counted, [1, 2, 3, 4, 5]);
    }
);

on_both_databases!(
    a_commit_is_all_or_nothing,
    |db: DatabaseConnection| async move {
        let store = SqlIdentityStore::new(db.clone());
        let now = at(1_800_000_000);
        let account = |id: &str, email: &str| Account {
            id: UserId::parse(id).unwrap(),
            email: Email::parse(email).unwrap(),
            role: Role::Customer,
            password_hash: "$argon2id$x".into(),
            email_verified: false,
            disabled: false,
            created_at: now,
            updated_at: now,
            tokens_valid_after: DateTime::UNIX_EPOCH,
        };
        store
            .commit(Change {
                insert_account: Some(account("u1", "a@example.com")),
                ..Change::default()
            })
            .await
            .unwrap();
        let mail = domain::identity::Mail {
            id: "m1".into(),
            to: Email::parse("b@example.com").unwrap(),
            kind: domain::identity::MailKind::VerifyEmail,
            link: None,
            detail: None,
            language: None,
            created_at: now,
        };
        // The same e-mail (stored normalised) again: refused, and the mail queued with it is not.
        let err = store
            .commit(Change {
                insert_account: Some(account("u2", "A@example.com")),
                mails: vec![mail.clone()],
                ..Change::default()
            })
            .await
            .unwrap_err();
        assert_eq!(err, CommitError::EmailTaken);
        assert!(
            adapters::testing::mails_to(&db, "b@example.com")
                .await
                .is_empty()
        );
        assert!(
            store
                .account_by_id(&UserId::parse("u2").unwrap())
                .await
                .unwrap()
                .is_none()
        );

        // A code used twice: the second commit is stale and changes nothing.
        let code = domain::identity::ActionCode {
            hash: domain::identity::TokenHash::of("secret"),
            user_id: UserId::parse("u1").unwrap(),
            mode: domain::identity::ActionMode::VerifyEmail,
            email: Email::parse("a@example.com").unwrap(),
            created_at: now,
            expires_at: now + Duration::hours(1),
            used_at: None,
        };
        store
            .commit(Change {
                new_code: Some(code.clone()),
                ..Change::default()
            })
            .await
            .unwrap();
        let mut verified = account("u1", "a@example.com");
        verified.email_verified = true;
        let use_code = Change {
            consume_code: Some(code.hash.clone()),
            update_account: Some(verified),
            ..Change::default()
        };
        store.commit(use_code.clone()).await.unwrap();
        assert_eq!(
            store.commit(use_code).await.unwrap_err(),
            CommitError::Stale
        );
        let stored = store
            .account_by_id(&UserId::parse("u1").unwrap())
            .await
            .unwrap()
            .unwrap();
        assert!(stored.email_verified);
        assert!(
            store
                .action_code(&code.hash)
                .await
                .unwrap()
                .unwrap()
                .used_at
                .is_some()
        );
    }
);

on_both_databases!(
    housekeeping_keeps_what_still_matters,
    |db: DatabaseConnection| async move {
        let store = SqlIdentityStore::new(db.clone());
        let now = Utc::now();
        let user = UserId::parse("u1").unwrap();
        store
            .commit(Change {
                insert_account: Some(Account {
                    id: user.clone(),
                    email: Email::parse("a@example.com").unwrap(),
                    role: Role::Customer,
                    password_hash: "$argon2id$x".into(),
                    email_verified: false,
                    disabled: false,
                    created_at: now,
                    updated_at: now,
                    tokens_valid_after: DateTime::UNIX_EPOCH,
                }),
                ..Change::default()
            })
            .await
            .unwrap();
        let token = |secret: &str, expires: DateTime<Utc>| domain::identity::RefreshToken {
            hash: domain::identity::TokenHash::of(secret),
            user_id: user.clone(),
            family: "f".into(),
            auth_time: now,
            created_at: now,
            expires_at: expires,
            used_at: None,
            revoked_at: None,
        };
        for t in [
            token("old", now - Duration::days(1)),
            token("live", now + Duration::days(1)),
        ] {
            store
                .commit(Change {
                    new_refresh_token: Some(t),
                    ..Change::default()
                })
                .await
                .unwrap();
        }
        let limiter = SqlRateLimiter::new(db.clone());
        let limit = Limit {
            max: 1,
            window: Duration::minutes(15),
        };
        limiter
            .take("stale", limit, now - Duration::days(2))
            .await
            .unwrap();
        limiter.take("fresh", limit, now).await.unwrap();

        let purged = adapters::stores::housekeeping::purge(&db, now)
            .await
            .unwrap();
        assert_eq!((purged.refresh_tokens, purged.rate_counters), (1, 1));
        let hash = |s: &str| domain::identity::TokenHash::of(s);
        assert!(store.refresh_token(&hash("old")).await.unwrap().is_none());
        assert!(store.refresh_token(&hash("live")).await.unwrap().is_some());
        assert!(
            matches!(
                limiter.take("fresh", limit, now).await.unwrap(),
                Take::Full(_)
            ),
            "the live counter is kept"
        );
    }
);

/// Accounts stored before addresses had one normal form: each is rewritten to it, and where two
/// would share a mailbox the later is left as it was and reported, without failing.
async fn email_forms_migrate(backend: adapters::testing::Backend) {
    use migration::MigratorTrait;
    use sea_orm::{ConnectionTrait, Statement};
    let t = adapters::testing::TestDb::empty(backend).await;
    migration::Migrator::up(&t.db, Some(7)).await.unwrap();
    let accounts = [
        ("a1", "probe.user@example.com"),
        ("a2", "probe.user@ｅｘａｍｐｌｅ.com"),
        ("a3", "lin@exämple.com"),
        ("a4", "lin@xn--exmple-cua.com"),
        ("a5", "wu@ＥＸＡＭＰＬＥ.org"),
    ];
    for (n, (id, email)) in accounts.iter().enumerate() {
        let sql = format!(
            "INSERT INTO accounts (id, email, role, password_hash, email_verified, disabled, \
             created_at_ms, updated_at_ms) VALUES ('{id}', '{email}', 'customer', 'x', false, \
             false, {n}, {n})"
        );
        t.db.execute_raw(Statement::from_string(t.db.get_database_backend(), sql))
            .await
            .unwrap();
    }
    adapters::sql::db::migrate(&t.db).await.unwrap();
    let store = SqlIdentityStore::new(t.db.clone());
    let id_of = async |e: &str| {
        store
            .account_by_email(&Email::parse(e).unwrap())
            .await
            .unwrap()
            .map(|a| a.id.as_str().to_owned())
    };
    assert_eq!(id_of("PROBE.USER@example.com").await.as_deref(), Some("a1"));
    assert_eq!(id_of("lin@xn--exmple-cua.com").await.as_deref(), Some("a4"));
    assert_eq!(
        id_of("wu@example.org").await.as_deref(),
        Some("a5"),
        "rewritten"
    );
    let collisions =
        t.db.query_all_raw(Statement::from_string(
            t.db.get_database_backend(),
            "SELECT account_id, held_by FROM email_collisions ORDER BY account_id",
        ))
        .await
        .unwrap();
    let pairs: Vec<(String, String)> = collisions
        .iter()
        .map(|r| {
            (
                r.try_get("", "account_id").unwrap(),
                r.try_get("", "held_by").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        [("a2".into(), "a1".into()), ("a3".into(), "a4".into())]
    );
    t.remove().await;
}

mod email_forms_migrate_with_collisions_reported {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        super::email_forms_migrate(adapters::testing::Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        super::email_forms_migrate(adapters::testing::Backend::Postgres).await;
    }
}

/// A customer's account, `{id}@example.com`, verified and enabled.
fn customer(id: &str, now: DateTime<Utc>) -> Account {
    Account {
        id: UserId::parse(id).unwrap(),
        email: Email::parse(&format!("{id}@example.com")).unwrap(),
        role: Role::Customer,
        password_hash: "$argon2id$x".into(),
        email_verified: true,
        disabled: false,
        created_at: now,
        updated_at: now,
        tokens_valid_after: DateTime::UNIX_EPOCH,
    }
}

// The account read that authenticates every request batches the lookups made together: each is
// still answered with its own account (or none), and a change is seen by the next lookup.
on_both_databases!(
    lookups_made_together_each_get_their_own_account,
    |db: DatabaseConnection| async move {
        let store = Arc::new(SqlIdentityStore::new(db.clone()));
        let now = at(1_800_000_000);
        let account = |n: usize| Account {
            disabled: n.is_multiple_of(5),
            ..customer(&format!("u{n}"), now)
        };
        for n in 0..40 {
            store
                .commit(Change {
                    insert_account: Some(account(n)),
                    ..Change::default()
                })
                .await
                .unwrap();
        }
        let look_all = |store: Arc<SqlIdentityStore>| async move {
            // Known and unknown ids, each asked for three times, all at once.
            let lookups: Vec<_> = (0..150_usize)
                .map(|i| {
                    let store = store.clone();
                    let n = i % 50;
                    tokio::spawn(async move {
                        let id = UserId::parse(&format!("u{n}")).unwrap();
                        (n, store.account_by_id(&id).await.unwrap())
                    })
                })
                .collect();
            let mut seen = Vec::new();
            for l in lookups {
                seen.push(l.await.unwrap());
            }
            seen
        };
        for (n, found) in look_all(store.clone()).await {
            match found {
                Some(a) => {
                    assert!(n < 40, "u{n} does not exist");
                    assert_eq!(a.id.as_str(), format!("u{n}"));
                    assert_eq!(a.disabled, n.is_multiple_of(5), "u{n}");
                }
                None => assert!(n >= 40, "u{n} exists"),
            }
        }
        let mut off = account(1);
        off.disabled = true;
        store
            .commit(Change {
                update_account: Some(off),
                ..Change::default()
            })
            .await
            .unwrap();
        for (n, found) in look_all(store.clone()).await {
            if n == 1 {
                assert!(found.unwrap().disabled, "the change is seen at once");
            }
        }
    }
);

// A lookup dropped while its batch's query is out (a client gone, a deadline passed) leaves the
// others of that batch answered.
on_both_databases!(
    a_lookup_given_up_leaves_the_others_answered,
    |db: DatabaseConnection| async move {
        let store = Arc::new(SqlIdentityStore::new(db.clone()));
        let now = at(1_800_000_000);
        store
            .commit(Change {
                insert_account: Some(customer("u1", now)),
                ..Change::default()
            })
            .await
            .unwrap();
        for round in 0..20_u64 {
            let lookups: Vec<_> = (0..16_u64)
                .map(|i| {
                    let store = store.clone();
                    tokio::spawn(async move {
                        let id = UserId::parse("u1").unwrap();
                        if i % 2 == 0 {
                            // Given up after a few dozen microseconds: often mid-query.
                            let patience = std::time::Duration::from_micros(20 * (round + i));
                            let _ = tokio::time::timeout(patience, store.account_by_id(&id)).await;
                            return true;
                        }
                        store.account_by_id(&id).await.unwrap().is_some()
                    })
                })
                .collect();
            for l in lookups {
                assert!(l.await.expect("no lookup panics"));
            }
        }
    }
);

// The read that authenticates a call brings the profile's language with the account: none before
// the profile exists, then the one chosen, in lookups made together.
on_both_databases!(
    a_signed_in_account_comes_with_its_profile_s_language,
    |db: DatabaseConnection| async move {
        let store = Arc::new(SqlIdentityStore::new(db.clone()));
        let now = at(1_800_000_000);
        for n in 0..4 {
            let account = customer(&format!("l{n}"), now);
            store
                .commit(Change {
                    insert_account: Some(account.clone()),
                    ..Change::default()
                })
                .await
                .unwrap();
            if n > 0 {
                let language = [Language::ZhTw, Language::Vi, Language::En][n - 1];
                let profile = Profile {
                    language,
                    ..Profile::first(account.id.clone(), &account.email, now)
                };
                store.create_profile(&profile).await.unwrap();
            }
        }
        let lookups: Vec<_> = (0..5)
            .map(|n| {
                let store = store.clone();
                tokio::spawn(async move {
                    let id = UserId::parse(&format!("l{n}")).unwrap();
                    store.account_signed_in(&id).await.unwrap()
                })
            })
            .collect();
        let mut found = Vec::new();
        for l in lookups {
            found.push(l.await.unwrap().map(|(a, language)| (a.id, language)));
        }
        let id = |n: usize| UserId::parse(&format!("l{n}")).unwrap();
        assert_eq!(
            found,
            vec![
                Some((id(0), None)),
                Some((id(1), Some(Language::ZhTw))),
                Some((id(2), Some(Language::Vi))),
                Some((id(3), Some(Language::En))),
                None,
            ]
        );
    }
);
