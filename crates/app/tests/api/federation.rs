//! Sign-in with an identity provider against a real OpenID Connect provider on loopback (the
//! `oidc-provider` package, `web/scripts/oidc-provider.mjs`), as two configured providers: test-a
//! trusted for linking by e-mail, test-b not; test-c is test-a's issuer under a name whose redirect
//! URI test-a never registered. Every case on SQLite and PostgreSQL.

use std::collections::HashMap;
use std::process::Stdio;

use gateway::pb::federation_service_client::FederationServiceClient;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, BufReader};
use tonic::Code;
use tonic::transport::Channel;

use super::identity::sign_up;
use super::*;

/// The site the provider knows: its one registered redirect URI per provider is here. The tests
/// take the provider's redirect and bring it to the test server themselves.
const SITE: &str = "http://booking.test";

struct Idp {
    issuers: HashMap<String, String>,
    _process: tokio::process::Child,
}

impl Idp {
    async fn start() -> Self {
        Self::start_with("test-a,test-b").await
    }

    /// A provider with these issuers (`id` each, comma-separated).
    async fn start_with(ids: &str) -> Self {
        let script = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../web/scripts/oidc-provider.mjs"
        );
        let mut process = tokio::process::Command::new("node")
            .arg(script)
            .env("OIDC_TEST_IDS", ids)
            .env("OIDC_TEST_SITE", SITE)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs the test provider");
        let mut line = String::new();
        BufReader::new(process.stdout.take().unwrap())
            .read_line(&mut line)
            .await
            .unwrap();
        Self {
            issuers: serde_json::from_str(&line).expect("the provider's issuers"),
            _process: process,
        }
    }

    fn issuer(&self, id: &str) -> &str {
        &self.issuers[id]
    }

    /// The next ID token test-`id` sends carries these claims instead (null removes one).
    async fn tamper(&self, id: &str, claims: Value) {
        let r = reqwest::Client::new()
            .post(format!("{}/__test/next-id-token", self.issuer(id)))
            .json(&claims)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 204);
    }

    fn settings(&self) -> std::collections::BTreeMap<String, app::OidcSettings> {
        let provider = |issuer: &str, secret: &str, links: bool| app::OidcSettings {
            client_id: Some("booking".into()),
            client_secret: Some(secret.into()),
            issuer: Some(issuer.into()),
            name: None,
            links_by_email: Some(links),
            ..Default::default()
        };
        [
            (
                "test-a",
                provider(self.issuer("test-a"), "secret-test-a", true),
            ),
            (
                "test-b",
                provider(self.issuer("test-b"), "secret-test-b", false),
            ),
            (
                "test-c",
                provider(self.issuer("test-a"), "secret-test-a", true),
            ),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
    }
}

macro_rules! federation_test {
    ($name:ident, $body:expr) => {
        mod $name {
            use super::*;

            async fn run(backend: Backend) {
                let idp = Idp::start().await;
                let settings = idp.settings();
                let app = TestApp::start_with(backend, move |c| {
                    c.server.public_url = Some(SITE.into());
                    c.oidc = settings;
                })
                .await;
                ($body)(&app, &idp).await;
                app.stop().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run(Backend::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                run(Backend::Postgres).await;
            }
        }
    };
}

async fn federation(app: &TestApp) -> FederationServiceClient<Channel> {
    FederationServiceClient::connect(app.url("")).await.unwrap()
}

/// A sign-in as far as the provider: the address to send the browser to, and the state.
async fn begin(app: &TestApp, provider: &str, link_as: Option<&str>) -> (String, String) {
    begin_as(app, provider, link_as, false).await
}

async fn begin_as(
    app: &TestApp,
    provider: &str,
    link_as: Option<&str>,
    reauthenticate: bool,
) -> (String, String) {
    let message = pb::BeginSignInRequest {
        provider: provider.into(),
        return_to: "/order/shuttle/step2".into(),
        link: link_as.is_some(),
        reauthenticate,
    };
    let request = match link_as {
        Some(token) => signed(token, message),
        None => tonic::Request::new(message),
    };
    let r = federation(app)
        .await
        .begin_sign_in(request)
        .await
        .unwrap()
        .into_inner();
    (r.authorization_url, r.state)
}

/// The browser at the provider, signing in as `hint` (`sub|email|verified`): the provider's
/// redirects followed with its cookies until it sends the browser to our site. `Err` is the
/// provider's answer when it sends it nowhere.
async fn at_provider(authorization_url: &str, hint: &str) -> Result<String, (u16, String)> {
    let url = format!(
        "{authorization_url}&login_hint={}",
        form_urlencoded::byte_serialize(hint.as_bytes()).collect::<String>()
    );
    at_provider_with(url, &mut HashMap::new()).await
}

/// The same with the provider's cookies the browser keeps between visits (its session there).
async fn at_provider_with(
    mut url: String,
    cookies: &mut HashMap<String, String>,
) -> Result<String, (u16, String)> {
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for _ in 0..10 {
        let cookie = cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let r = http
            .get(&url)
            .header("cookie", cookie)
            .send()
            .await
            .unwrap();
        for c in r.headers().get_all("set-cookie") {
            let pair = c.to_str().unwrap().split(';').next().unwrap();
            if let Some((k, v)) = pair.split_once('=') {
                cookies.insert(k.into(), v.into());
            }
        }
        let Some(location) = r.headers().get("location") else {
            let status = r.status().as_u16();
            return Err((status, r.text().await.unwrap_or_default()));
        };
        let next = reqwest::Url::parse(&url)
            .unwrap()
            .join(location.to_str().unwrap())
            .unwrap()
            .to_string();
        if next.starts_with(SITE) {
            return Ok(next);
        }
        url = next;
    }
    panic!("the provider kept redirecting");
}

/// The browser back at our callback with the state cookie it kept: the outcome our server put in
/// `/auth/continue`'s fragment.
async fn back(app: &TestApp, redirect: &str, kept_state: &str) -> HashMap<String, String> {
    let path = redirect.strip_prefix(SITE).unwrap();
    let r = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(app.url(path))
        .header("cookie", format!("oidc-state={kept_state}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    let location = r.headers()["location"].to_str().unwrap().to_owned();
    let fragment = location
        .strip_prefix("/auth/continue#")
        .unwrap_or_else(|| panic!("{location}"));
    form_urlencoded::parse(fragment.as_bytes())
        .into_owned()
        .collect()
}

/// A whole sign-in as `hint`.
async fn sign_in_with(app: &TestApp, provider: &str, hint: &str) -> HashMap<String, String> {
    let (url, state) = begin(app, provider, None).await;
    let redirect = at_provider(&url, hint).await.unwrap();
    back(app, &redirect, &state).await
}

/// The session a refresh token from the fragment starts, as the web app starts it.
async fn session_of(app: &TestApp, outcome: &HashMap<String, String>) -> Value {
    let refresh = outcome
        .get("refresh")
        .unwrap_or_else(|| panic!("signed in: {outcome:?}"));
    let (status, body) = app
        .post("/api/auth/refresh", json!({"refreshToken": refresh}), None)
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn ways_in(app: &TestApp, token: &str) -> pb::GetWaysInResponse {
    federation(app)
        .await
        .get_ways_in(signed(token, pb::GetWaysInRequest {}))
        .await
        .unwrap()
        .into_inner()
}

fn linked(ways: &pb::GetWaysInResponse) -> Vec<String> {
    ways.linked
        .iter()
        .map(|l| l.provider.as_ref().unwrap().id.clone())
        .collect()
}

federation_test!(
    accounts_are_made_found_and_joined_by_the_rules,
    async |app: &TestApp, _idp: &Idp| {
        let db = &app.db.db;
        // Only the configured providers are offered.
        let listed: Vec<String> = federation(app)
            .await
            .list_providers(pb::ListProvidersRequest {})
            .await
            .unwrap()
            .into_inner()
            .providers
            .into_iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(listed, ["test-a", "test-b", "test-c"]);

        // A new person: an account with the provider's verified address, in the same state as a
        // password account afterwards (ID token, POST /login, the profile).
        let first = sign_in_with(app, "test-a", "ann-1|ann@example.com|1").await;
        assert_eq!(first["to"], "/order/shuttle/step2", "back where she was");
        let ann = session_of(app, &first).await;
        assert_eq!(ann["email"], "ann@example.com");
        assert_eq!(ann["emailVerified"], true);
        let token = ann["idToken"].as_str().unwrap();
        let (status, profile) = app.post("/api/login", json!({}), Some(token)).await;
        assert_eq!(status, 200, "{profile}");
        let ways = ways_in(app, token).await;
        assert_eq!(
            (linked(&ways), ways.has_password),
            (vec!["test-a".into()], false)
        );
        let kinds: Vec<String> = adapters::testing::mails_to(db, "ann@example.com")
            .await
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(kinds, ["provider_linked"]);
        // No password: the password sign-in opens nothing.
        let (status, _) = app
            .post(
                "/api/auth/sign-in",
                json!({"email": "ann@example.com", "password": "anything-1"}),
                None,
            )
            .await;
        assert_eq!(status, 401);
        // Again: the same account.
        let again = session_of(
            app,
            &sign_in_with(app, "test-a", "ann-1|ann@example.com|1").await,
        )
        .await;
        assert_eq!(again["userId"], ann["userId"]);

        // A password account, and the trusted provider vouching for its address: joined.
        let bob = sign_up(app, "bob@example.com", "bob-secret-1").await;
        let joined = session_of(
            app,
            &sign_in_with(app, "test-a", "bob-a|bob@example.com|1").await,
        )
        .await;
        assert_eq!(joined["userId"], bob["userId"]);
        // The other provider is not trusted for that: the password, once.
        let held = sign_in_with(app, "test-b", "bob-b|bob@example.com|1").await;
        assert_eq!(
            held.get("email").map(String::as_str),
            Some("bob@example.com")
        );
        assert!(!held.contains_key("refresh"));
        let finish = |password: &str| pb::FinishHeldSignInRequest {
            ticket: held["ticket"].clone(),
            email: String::new(),
            password: password.into(),
        };
        let wrong = federation(app)
            .await
            .finish_held_sign_in(finish("not-his"))
            .await
            .unwrap_err();
        assert_eq!(wrong.code(), Code::Unauthenticated, "{wrong:?}");
        let done = federation(app)
            .await
            .finish_held_sign_in(finish("bob-secret-1"))
            .await
            .unwrap()
            .into_inner();
        let session = done.session.unwrap();
        assert_eq!(session.user_id, bob["userId"].as_str().unwrap());
        assert_eq!(done.return_to, "/order/shuttle/step2");
        let again = federation(app)
            .await
            .finish_held_sign_in(finish("bob-secret-1"))
            .await
            .unwrap_err();
        assert_eq!(again.code(), Code::InvalidArgument, "a ticket is used once");
        let ways = ways_in(app, &session.id_token).await;
        assert_eq!(linked(&ways), ["test-a", "test-b"]);
        // An unverified address joins nothing either, and is not marked verified.
        let held = sign_in_with(app, "test-a", "bob-2|bob@example.com|0").await;
        assert!(held.contains_key("ticket"), "{held:?}");
        let carol = session_of(
            app,
            &sign_in_with(app, "test-b", "carol|carol@example.com|0").await,
        )
        .await;
        assert_eq!(carol["emailVerified"], false);
        // Both queued by one write, in the same millisecond: compared as a set.
        let mut kinds: Vec<String> = adapters::testing::mails_to(db, "carol@example.com")
            .await
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        kinds.sort();
        assert_eq!(kinds, ["provider_linked", "verify_email"]);
        // Whoever owns carol's mailbox resets the password: the link made on an address nobody
        // had proven goes, so a stranger who typed it first keeps no way in.
        let (status, _) = app
            .post(
                "/api/auth/send-password-reset",
                json!({"email": "carol@example.com"}),
                None,
            )
            .await;
        assert_eq!(status, 204);
        let code = adapters::testing::code_mailed(db, "carol@example.com", "reset_password").await;
        let (status, body) = app
            .post(
                "/api/auth/confirm-password-reset",
                json!({"oobCode": code, "newPassword": "carol-own-1"}),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, signed_in) = app
            .post(
                "/api/auth/sign-in",
                json!({"email": "carol@example.com", "password": "carol-own-1"}),
                None,
            )
            .await;
        let carol_token = signed_in["data"]["idToken"].as_str().unwrap();
        assert!(linked(&ways_in(app, carol_token).await).is_empty());
        let again = sign_in_with(app, "test-b", "carol|carol@example.com|0").await;
        assert!(
            again.contains_key("ticket"),
            "now her password is asked: {again:?}"
        );

        // No address from the provider: the person gives one, verified by our mail.
        let held = sign_in_with(app, "test-b", "dave||0").await;
        assert!(!held.contains_key("email"));
        let done = federation(app)
            .await
            .finish_held_sign_in(pb::FinishHeldSignInRequest {
                ticket: held["ticket"].clone(),
                email: "dave@example.com".into(),
                password: String::new(),
            })
            .await
            .unwrap()
            .into_inner();
        let dave = done.session.unwrap();
        assert!(!dave.email_verified);
        // …and the next time the provider's person finds that account.
        let next = session_of(app, &sign_in_with(app, "test-b", "dave||0").await).await;
        assert_eq!(next["userId"], dave.user_id.as_str());
    }
);

federation_test!(
    the_profile_links_unlinks_and_keeps_a_way_in,
    async |app: &TestApp, _idp: &Idp| {
        let db = &app.db.db;
        let ann = session_of(
            app,
            &sign_in_with(app, "test-a", "ann-1|ann@example.com|1").await,
        )
        .await;
        let token = ann["idToken"].as_str().unwrap().to_owned();
        let unlink = |provider: &str, token: &str| {
            let request = signed(
                token,
                pb::UnlinkProviderRequest {
                    provider: provider.into(),
                },
            );
            async move { federation(app).await.unlink_provider(request).await }
        };
        assert!(!ways_in(app, &token).await.can_unlink, "her only way in");
        let last = unlink("test-a", &token).await.unwrap_err();
        assert_eq!(last.code(), Code::FailedPrecondition, "{last:?}");
        // Linking one more from the profile: the person at test-b need not share the address.
        let (url, state) = begin(app, "test-b", Some(&token)).await;
        let redirect = at_provider(&url, "ann-b|ann.line@example.com|1")
            .await
            .unwrap();
        let outcome = back(app, &redirect, &state).await;
        assert_eq!(
            outcome.get("linked").map(String::as_str),
            Some("test-b"),
            "{outcome:?}"
        );
        let ways = ways_in(app, &token).await;
        assert_eq!(linked(&ways), ["test-a", "test-b"]);
        assert!(ways.can_unlink);
        // Another account may not take test-b's person.
        let bob = sign_up(app, "bob@example.com", "bob-secret-1").await;
        let bob_token = bob["idToken"].as_str().unwrap();
        let (url, state) = begin(app, "test-b", Some(bob_token)).await;
        let redirect = at_provider(&url, "ann-b|ann.line@example.com|1")
            .await
            .unwrap();
        assert_eq!(
            back(app, &redirect, &state).await["error"],
            "linked_elsewhere"
        );
        // A customer without a password unlinks one of two, not the last.
        unlink("test-a", &token).await.unwrap();
        assert_eq!(
            unlink("test-b", &token).await.unwrap_err().code(),
            Code::FailedPrecondition
        );
        // A first password, then the last provider may go.
        let set = federation(app)
            .await
            .set_password(signed(
                &token,
                pb::SetPasswordRequest {
                    new_password: "ann-secret-1".into(),
                },
            ))
            .await
            .unwrap()
            .into_inner();
        let token = set.session.unwrap().id_token;
        let twice = federation(app)
            .await
            .set_password(signed(
                &token,
                pb::SetPasswordRequest {
                    new_password: "another-1".into(),
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(
            twice.code(),
            Code::FailedPrecondition,
            "a password is changed, not set"
        );
        unlink("test-b", &token).await.unwrap();
        let (status, _) = app
            .post(
                "/api/auth/sign-in",
                json!({"email": "ann@example.com", "password": "ann-secret-1"}),
                None,
            )
            .await;
        assert_eq!(status, 200);
        let kinds: Vec<String> = adapters::testing::mails_to(db, "ann@example.com")
            .await
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(
            kinds,
            [
                "provider_linked",
                "provider_linked",
                "provider_unlinked",
                "password_set",
                "provider_unlinked"
            ],
            "every change is mailed"
        );
    }
);

federation_test!(
    what_does_not_hold_is_refused,
    async |app: &TestApp, idp: &Idp| {
        let eve = "eve-1|eve@example.com|1";
        // The state must be the one this browser kept, and is good once.
        let (url, state) = begin(app, "test-a", None).await;
        let redirect = at_provider(&url, eve).await.unwrap();
        assert_eq!(
            back(app, &redirect, "another-browsers").await["error"],
            "state"
        );
        assert_eq!(back(app, &redirect, "").await["error"], "state");
        // Those did not spend it (a stranger cannot void someone's sign-in); the browser's own
        // return signs in, and a replay of it finds nothing.
        session_of(app, &back(app, &redirect, &state).await).await;
        assert_eq!(back(app, &redirect, &state).await["error"], "state");
        // Back at another provider's door with a state sent to test-a: a mix-up.
        let (url, state) = begin(app, "test-a", None).await;
        let redirect = at_provider(&url, eve).await.unwrap();
        let mixed = redirect.replace("/auth/oidc/test-a/", "/auth/oidc/test-b/");
        assert_eq!(back(app, &mixed, &state).await["error"], "state");

        // A code is good once: brought again with a new sign-in's state, the provider refuses it.
        let (url, state) = begin(app, "test-a", None).await;
        let used = at_provider(&url, eve).await.unwrap();
        session_of(app, &back(app, &used, &state).await).await;
        let (_, fresh_state) = begin(app, "test-a", None).await;
        let code = reqwest::Url::parse(&used)
            .unwrap()
            .query_pairs()
            .find(|(k, _)| k == "code")
            .unwrap()
            .1
            .into_owned();
        let replay = format!("{SITE}/auth/oidc/test-a/callback?code={code}&state={fresh_state}");
        assert_eq!(back(app, &replay, &fresh_state).await["error"], "refused");

        // ID tokens the provider's key signed but that do not hold.
        let now = chrono::Utc::now().timestamp();
        for (what, claims) in [
            ("wrong nonce", json!({"nonce": "someone-elses"})),
            ("no nonce", json!({"nonce": null})),
            ("another issuer", json!({"iss": idp.issuer("test-b")})),
            ("another audience", json!({"aud": "another-client"})),
            ("expired", json!({"exp": now - 600, "iat": now - 1200})),
        ] {
            let (url, state) = begin(app, "test-a", None).await;
            let redirect = at_provider(&url, "mallory|mallory@example.com|1")
                .await
                .unwrap();
            idp.tamper("test-a", claims).await;
            let outcome = back(app, &redirect, &state).await;
            assert_eq!(
                outcome.get("error").map(String::as_str),
                Some("refused"),
                "{what}: {outcome:?}"
            );
        }
        // None of those made an account: the address is still free.
        let (status, _) = app
            .post(
                "/api/auth/sign-up",
                json!({"email": "mallory@example.com", "password": "secret-123"}),
                None,
            )
            .await;
        assert_eq!(status, 200);

        // test-c's redirect URI was never registered with its issuer: the provider sends the
        // browser nowhere.
        let (url, _) = begin(app, "test-c", None).await;
        let refused = at_provider(&url, eve).await.unwrap_err();
        assert_eq!(refused.0, 400, "{refused:?}");
        assert!(refused.1.contains("redirect_uri"), "{refused:?}");

        // Turned back at the provider: back to the sign-in page of where they were.
        let (url, state) = begin(app, "test-a", None).await;
        let cancelled =
            format!("{SITE}/auth/oidc/test-a/callback?error=access_denied&state={state}");
        let outcome = back(app, &cancelled, &state).await;
        assert_eq!(
            (outcome["error"].as_str(), outcome["to"].as_str()),
            ("cancelled", "/order/shuttle/step2")
        );
        drop(url);
        // An unknown provider, and the start of a link without a token.
        let unknown = federation(app)
            .await
            .begin_sign_in(pb::BeginSignInRequest {
                provider: "nobody".into(),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(unknown.code(), Code::NotFound);
        let anonymous = federation(app)
            .await
            .begin_sign_in(pb::BeginSignInRequest {
                provider: "test-a".into(),
                link: true,
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(anonymous.code(), Code::Unauthenticated);
    }
);

federation_test!(
    starts_are_throttled_per_address_in_parallel,
    async |app: &TestApp, _idp: &Idp| {
        let starts = (0..40)
            .map(|_| {
                let url = app.url("");
                async move {
                    FederationServiceClient::connect(url)
                        .await
                        .unwrap()
                        .begin_sign_in(pb::BeginSignInRequest {
                            provider: "test-a".into(),
                            return_to: "/".into(),
                            ..Default::default()
                        })
                        .await
                        .map(|_| ())
                        .map_err(|e| e.code())
                }
            })
            .collect();
        let results = join_all(starts).await;
        let ok = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(ok, 30, "{results:?}");
        assert!(
            results
                .iter()
                .all(|r| r.is_ok() || *r == Err(Code::ResourceExhausted))
        );
    }
);

federation_test!(
    after_a_sign_out_on_the_device_the_provider_asks_who_it_is,
    async |app: &TestApp, _idp: &Idp| {
        // Ann signs in; the provider remembers her in the browser's cookies.
        let mut cookies = HashMap::new();
        let (url, state) = begin(app, "test-a", None).await;
        let hint: String = form_urlencoded::byte_serialize(b"ann-1|ann@example.com|1").collect();
        let redirect = at_provider_with(format!("{url}&login_hint={hint}"), &mut cookies)
            .await
            .unwrap();
        let ann = session_of(app, &back(app, &redirect, &state).await).await;
        // Asked again as before, it signs the person it remembers straight back in.
        let (url, state) = begin(app, "test-a", None).await;
        let redirect = at_provider_with(url, &mut cookies).await.unwrap();
        let again = session_of(app, &back(app, &redirect, &state).await).await;
        assert_eq!(again["userId"], ann["userId"]);
        // After a sign-out on the device it is asked to prompt, and shows its sign-in page.
        let (url, _) = begin_as(app, "test-a", None, true).await;
        assert!(url.contains("prompt=login"), "{url}");
        let (status, page) = at_provider_with(url, &mut cookies).await.unwrap_err();
        assert_eq!(status, 200, "{page}");
        assert!(page.contains("Sign in to test-a"), "{page}");
    }
);

/// A stand-in for LINE's Messaging API push call (`POST /v2/bot/message/push`), holding to its
/// published contract: the channel's token as a bearer, a UUID retry key (the same key again is
/// 409, the message having gone the first time), one to five text messages of at most 5,000
/// characters to a user id. What it took: (to, texts).
type LineInbox = std::sync::Arc<std::sync::Mutex<Vec<(String, Vec<String>)>>>;

async fn line_push(
    axum::extract::State((inbox, keys)): axum::extract::State<(
        LineInbox,
        std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    )>,
    headers: axum::http::HeaderMap,
    axum::Json(body): axum::Json<Value>,
) -> (axum::http::StatusCode, axum::Json<Value>) {
    use axum::http::StatusCode;
    let refuse = |status, message: &str| (status, axum::Json(json!({ "message": message })));
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some("Bearer line-token") {
        return refuse(StatusCode::UNAUTHORIZED, "Authentication failed");
    }
    let key = headers
        .get("x-line-retry-key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let uuid = key.len() == 36
        && key.split('-').map(str::len).eq([8, 4, 4, 4, 12])
        && key.chars().all(|c| c == '-' || c.is_ascii_hexdigit());
    if !uuid {
        return refuse(StatusCode::BAD_REQUEST, "The retry key is invalid");
    }
    let to = body["to"].as_str().unwrap_or_default().to_owned();
    let texts: Vec<String> = body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["type"] == "text")
        .filter_map(|m| m["text"].as_str().map(str::to_owned))
        .filter(|t| (1..=5000).contains(&t.chars().count()))
        .collect();
    let count = body["messages"].as_array().map_or(0, Vec::len);
    if !(to.starts_with('U') && to.len() == 33) || texts.len() != count || !(1..=5).contains(&count)
    {
        return refuse(StatusCode::BAD_REQUEST, "The request body has 1 error(s)");
    }
    let mut seen = keys.lock().unwrap();
    if seen.contains(&key) {
        return refuse(StatusCode::CONFLICT, "The retry key is already accepted");
    }
    seen.push(key);
    inbox.lock().unwrap().push((to, texts));
    let sent = json!({ "sentMessages": [{ "id": "461230966842064897", "quoteToken": "q" }] });
    (StatusCode::OK, axum::Json(sent))
}

async fn line_api() -> (String, LineInbox) {
    let inbox = LineInbox::default();
    let router = axum::Router::new()
        .route("/v2/bot/message/push", axum::routing::post(line_push))
        .with_state((inbox.clone(), Default::default()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (origin, inbox)
}

/// The `n`-th message LINE took (from 1).
async fn line_message(inbox: &LineInbox, n: usize) -> (String, String) {
    for _ in 0..100 {
        if let Some((to, texts)) = inbox.lock().unwrap().get(n - 1) {
            return (to.clone(), texts.join("\n"));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("LINE took fewer than {n} messages");
}

/// A traveller who signs in with LINE gets her notices on LINE: an operator's reply, then (with
/// replies turned off) her order's receipt only. Mail stays as it was.
mod line_notices {
    use gateway::pb::notification_service_client::NotificationServiceClient;

    use super::super::member::{pay_with_vcoin, pending};
    use super::super::notifications::thread_with_answers;
    use super::*;

    const LINE_USER: &str = "U0123456789abcdef0123456789abcdef";

    async fn run(backend: Backend) {
        let idp = Idp::start_with("line").await;
        let (api, inbox) = line_api().await;
        let line = app::OidcSettings {
            client_id: Some("booking".into()),
            client_secret: Some("secret-line".into()),
            issuer: Some(idp.issuer("line").into()),
            links_by_email: Some(true),
            ..Default::default()
        };
        let app = TestApp::start_with(backend, move |c| {
            c.server.public_url = Some(SITE.into());
            c.oidc = [("line".to_owned(), line)].into_iter().collect();
            c.line.channel_token = Some("line-token".into());
            c.line.api_url = api;
        })
        .await;
        let outcome = sign_in_with(&app, "line", &format!("{LINE_USER}|ann@line.example|1")).await;
        let session = session_of(&app, &outcome).await;
        let ann = session["idToken"].as_str().unwrap().to_owned();

        let (thread, mut answer) = thread_with_answers(&app, &ann, "司機會等多久？").await;
        answer("司機會等 60 分鐘").await;
        let (to, text) = line_message(&inbox, 1).await;
        assert_eq!(to, LINE_USER);
        assert!(
            text.starts_with("客服回覆了您的訊息\n司機會等 60 分鐘\n"),
            "{text}"
        );
        assert!(text.ends_with(&format!("{SITE}/member/customer-service?thread={thread}")));

        // Support replies off: the next one stays off LINE; the receipt of the order she pays
        // after it goes.
        NotificationServiceClient::connect(app.url(""))
            .await
            .unwrap()
            .set_notice_choice(signed(
                &ann,
                pb::SetNoticeChoiceRequest {
                    kind: pb::NoticeKind::Support.into(),
                    on: false,
                },
            ))
            .await
            .unwrap();
        answer("還有問題嗎？").await;
        let id = pending(&app, &ann, 3).await;
        pay_with_vcoin(&app, &ann, &id).await;
        let (_, text) = line_message(&inbox, 2).await;
        assert!(text.starts_with("付款成功，訂單已成立"), "{text}");
        assert!(text.ends_with(&format!("{SITE}/member/order?id={id}")));
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(inbox.lock().unwrap().len(), 2);
        app.stop().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        run(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        run(Backend::Postgres).await;
    }
}
