//! Links with identity providers and sign-ins under way, on both databases: a person is linked
//! once and an account once per provider, and a state is taken once, however many returns race.

use adapters::{SqlFederationStore, SqlIdentityStore, on_both_databases};
use chrono::{DateTime, Duration, Utc};
use domain::identity::federation::{FederatedIdentity, FederationStore, PendingLogin, ProviderId};
use domain::identity::{Account, Change, Email, IdentityStore, Role, TokenHash};
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

on_both_databases!(
    a_person_links_once_and_an_account_once_per_provider,
    |db: DatabaseConnection| async move {
        let store = SqlFederationStore::new(db.clone());
        let ann = customer(&db, "ann").await;
        let bob = customer(&db, "bob").await;
        assert!(store.link(&link("google", "g-1", &ann, 10)).await.unwrap());
        assert!(store.link(&link("line", "l-1", &ann, 20)).await.unwrap());
        assert!(
            !store.link(&link("google", "g-1", &bob, 30)).await.unwrap(),
            "one person, one account"
        );
        assert!(
            !store.link(&link("google", "g-2", &ann, 40)).await.unwrap(),
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
        assert!(store.unlink(&ann, &google).await.unwrap());
        assert!(!store.unlink(&ann, &google).await.unwrap());
        assert!(store.identity(&google, "g-1").await.unwrap().is_none());
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
