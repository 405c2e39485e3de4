//! Links with identity providers and sign-ins under way, on both databases: a person is linked
//! once and an account once per provider, parallel unlinks leave a way in, and a state or a held
//! sign-in is used once, however many returns race.

use adapters::{SqlFederationStore, SqlIdentityStore, on_both_databases};
use chrono::{DateTime, Duration, Utc};
use domain::identity::federation::{
    Assertion, FederatedIdentity, FederationStore, PendingLink, PendingLogin, ProviderId,
};
use domain::identity::{Account, Change, CommitError, Email, IdentityStore, Role, TokenHash};
use domain::shared::UserId;
use sea_orm::DatabaseConnection;

async fn customer(db: &DatabaseConnection, id: &str) -> UserId {
    let now = Utc::now();
    let user = UserId::parse(id).unwrap();
    SqlIdentityStore::new(db.clone())
        .commit(Change {
            insert_account: Some(Account {
                id: user.clone(),
                email: Email::parse(&format!("{id}@example.com")).unwrap(),
                role: Role::Customer,
                password_hash: String::new(),
                email_verified: true,
                disabled: false,
                created_at: now,
                updated_at: now,
                tokens_valid_after: DateTime::UNIX_EPOCH,
            }),
            ..Change::default()
        })
        .await
        .unwrap();
    user
}

fn link(provider: &str, subject: &str, user: &UserId, at: i64) -> FederatedIdentity {
    FederatedIdentity {
        provider: ProviderId::parse(provider).unwrap(),
        subject: subject.into(),
        user_id: user.clone(),
        email: "ann@example.com".into(),
        linked_at: DateTime::from_timestamp(at, 0).unwrap(),
    }
}

async fn commit(db: &DatabaseConnection, change: Change) -> Result<(), CommitError> {
    SqlIdentityStore::new(db.clone()).commit(change).await
}

fn linking(i: FederatedIdentity) -> Change {
    Change {
        link: Some(i),
        ..Change::default()
    }
}

fn unlinking(user: &UserId, provider: &str) -> Change {
    Change {
        unlink: Some((user.clone(), ProviderId::parse(provider).unwrap())),
        ..Change::default()
    }
}

on_both_databases!(
    a_person_links_once_and_an_account_once_per_provider,
    |db: DatabaseConnection| async move {
        let store = SqlFederationStore::new(db.clone());
        let ann = customer(&db, "ann").await;
        let bob = customer(&db, "bob").await;
        commit(&db, linking(link("google", "g-1", &ann, 10)))
            .await
            .unwrap();
        commit(&db, linking(link("line", "l-1", &ann, 20)))
            .await
            .unwrap();
        assert_eq!(
            commit(&db, linking(link("google", "g-1", &bob, 30))).await,
            Err(CommitError::AlreadyLinked),
            "one person, one account"
        );
        assert_eq!(
            commit(&db, linking(link("google", "g-2", &ann, 40))).await,
            Err(CommitError::AlreadyLinked),
            "one link per provider"
        );
        let google = ProviderId::parse("google").unwrap();
        assert_eq!(
            store
                .identity(&google, "g-1")
                .await
                .unwrap()
                .unwrap()
                .user_id,
            ann
        );
        let mine: Vec<String> = store
            .identities_of(&ann)
            .await
            .unwrap()
            .into_iter()
            .map(|i| i.provider.as_str().to_owned())
            .collect();
        assert_eq!(mine, ["google", "line"], "oldest first");
        commit(&db, unlinking(&ann, "google")).await.unwrap();
        assert!(store.identity(&google, "g-1").await.unwrap().is_none());
        assert_eq!(
            commit(&db, unlinking(&ann, "line")).await,
            Err(CommitError::Stale),
            "ann has no password: her last link stays"
        );
        assert_eq!(store.identities_of(&ann).await.unwrap().len(), 1);
    }
);

on_both_databases!(
    two_parallel_unlinks_leave_a_way_in,
    |db: DatabaseConnection| async move {
        let ann = customer(&db, "ann").await;
        for (provider, at) in [("google", 10), ("line", 20), ("apple", 30)] {
            commit(
                &db,
                linking(link(provider, &format!("{provider}-1"), &ann, at)),
            )
            .await
            .unwrap();
        }
        // Three unlinks at once of an account with no password: two may go, one must stay.
        let tries: Vec<_> = ["google", "line", "apple"]
            .into_iter()
            .map(|provider| {
                let (db, ann) = (db.clone(), ann.clone());
                tokio::spawn(async move { commit(&db, unlinking(&ann, provider)).await })
            })
            .collect();
        let mut done = 0;
        for t in tries {
            if t.await.unwrap().is_ok() {
                done += 1;
            }
        }
        let left = SqlFederationStore::new(db.clone())
            .identities_of(&ann)
            .await
            .unwrap();
        assert_eq!((done, left.len()), (2, 1));
    }
);

on_both_databases!(
    a_held_sign_in_is_finished_once,
    |db: DatabaseConnection| async move {
        let store = SqlFederationStore::new(db.clone());
        let now = DateTime::from_timestamp(Utc::now().timestamp(), 0).unwrap();
        let held = PendingLink {
            ticket: TokenHash::of("t-1"),
            assertion: Assertion {
                provider: ProviderId::parse("line").unwrap(),
                subject: "U123".into(),
                email: None,
                email_verified: false,
            },
            return_to: "/profile".into(),
            expires_at: now + Duration::minutes(10),
        };
        store.hold(&held).await.unwrap();
        assert_eq!(
            store.held(&held.ticket, now).await.unwrap(),
            Some(held.clone())
        );
        assert_eq!(
            store
                .held(&held.ticket, now + Duration::minutes(10))
                .await
                .unwrap(),
            None,
            "expired"
        );
        let uses: Vec<_> = (0..8)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move {
                    commit(
                        &db,
                        Change {
                            use_pending_link: Some(TokenHash::of("t-1")),
                            ..Change::default()
                        },
                    )
                    .await
                })
            })
            .collect();
        let mut ok = 0;
        for u in uses {
            match u.await.unwrap() {
                Ok(()) => ok += 1,
                Err(e) => assert_eq!(e, CommitError::Stale),
            }
        }
        assert_eq!(ok, 1);
        assert_eq!(store.held(&held.ticket, now).await.unwrap(), None);
    }
);

on_both_databases!(
    a_sign_in_under_way_is_taken_once,
    |db: DatabaseConnection| async move {
        let store = std::sync::Arc::new(SqlFederationStore::new(db.clone()));
        // Whole seconds: the store keeps milliseconds.
        let now = DateTime::from_timestamp(Utc::now().timestamp(), 0).unwrap();
        let pending = |state: &str, expires: DateTime<Utc>| PendingLogin {
            state: TokenHash::of(state),
            provider: ProviderId::parse("google").unwrap(),
            nonce: "n-123".into(),
            pkce_verifier: "v".repeat(64),
            return_to: "/order/shuttle/step2".into(),
            link_to: None,
            expires_at: expires,
        };
        store
            .begin(&pending("s-1", now + Duration::minutes(10)))
            .await
            .unwrap();
        // Eight returns with one state at once: one gets it.
        let takes: Vec<_> = (0..8)
            .map(|_| {
                let store = store.clone();
                tokio::spawn(async move { store.take(&TokenHash::of("s-1"), now).await })
            })
            .collect();
        let mut won = Vec::new();
        for t in takes {
            if let Some(p) = t.await.unwrap().unwrap() {
                won.push(p);
            }
        }
        assert_eq!(won.len(), 1);
        assert_eq!(won[0], pending("s-1", now + Duration::minutes(10)));
        assert!(
            store
                .take(&TokenHash::of("s-1"), now)
                .await
                .unwrap()
                .is_none()
        );
        // An expired one is gone and useless.
        store
            .begin(&pending("s-2", now - Duration::seconds(1)))
            .await
            .unwrap();
        assert!(
            store
                .take(&TokenHash::of("s-2"), now)
                .await
                .unwrap()
                .is_none()
        );
        assert!(
            store
                .take(&TokenHash::of("s-unknown"), now)
                .await
                .unwrap()
                .is_none()
        );
    }
);
