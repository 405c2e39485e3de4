//! Each person reads their own language: a signed-in caller who sends no `Accept-Language` is
//! answered in their profile's language, and mails go out in the recipient's profile language, or
//! the asker's where the address has no account. Every case on SQLite and PostgreSQL.

use adapters::providers::mail::{DevMailbox, StoredMail};
use serde_json::json;

use super::*;

/// The first mail delivered to `to` whose subject passes `wanted`, waiting for the outbox.
pub(super) async fn delivered(
    app: &TestApp,
    to: &str,
    wanted: impl Fn(&str) -> bool,
) -> StoredMail {
    let mailbox = DevMailbox::new(app.web_dir.join("mailbox"));
    for _ in 0..100 {
        let mails = mailbox.list().await;
        if let Some(m) = mails
            .into_iter()
            .find(|m| m.mail.to == to && wanted(&m.mail.subject))
        {
            return m;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no such mail to {to}")
}

/// A REST call in `lang` (no header for `None`), as `token`.
async fn ask(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    body: Value,
    token: Option<&str>,
    lang: Option<&str>,
) -> Value {
    let mut r = app.http.request(method, app.url(path)).json(&body);
    if let Some(token) = token {
        r = r.header("authorization-firebase", token);
    }
    if let Some(lang) = lang {
        r = r.header("accept-language", lang);
    }
    let r = r.send().await.unwrap();
    r.json().await.unwrap_or(Value::Null)
}

api_test!(
    a_profile_s_language_chooses_its_mails_and_its_answers,
    async |app: &TestApp| {
        use reqwest::Method;
        let email = "linh@example.com";
        // Signed up on the Vietnamese pages: the verification mail is in Vietnamese, money and all.
        let signed = ask(
            app,
            Method::POST,
            "/api/auth/sign-up",
            json!({"email": email, "password": "secret-123"}),
            None,
            Some("vi-VN,vi;q=0.9"),
        )
        .await;
        let token = signed["data"]["idToken"].as_str().unwrap().to_owned();
        let verify = delivered(app, email, |s| s.contains("xác minh")).await;
        assert_eq!(
            verify.mail.subject,
            "Vui lòng xác minh email của bạn — Đặt Dịch Vụ Du Lịch Việt Nam"
        );
        assert!(verify.mail.text.contains("3 ngày"), "{}", verify.mail.text);
        assert!(verify.mail.html.contains("lang=\"vi\""));
        // The first visit to the member area makes the profile in the language it is read in.
        let user = ask(
            app,
            Method::POST,
            "/api/login",
            json!({}),
            Some(&token),
            Some("vi"),
        )
        .await;
        assert_eq!(user["data"]["preferredLanguage"], "vi", "{user}");
        // Without a header, a refusal comes in the profile's language.
        let bad = json!({"preferredLanguage": "fr"});
        let refused = ask(
            app,
            Method::PATCH,
            "/api/user",
            bad.clone(),
            Some(&token),
            None,
        )
        .await;
        let words = &refused["error"]["details"][0]["description"];
        assert_eq!(words, "Vui lòng chọn zh-TW, en hoặc vi", "{refused}");
        // Chosen English: a reset asked from the Chinese pages is still mailed in English, since
        // the profile says so; and answers without a header follow.
        let en = json!({"preferredLanguage": "en"});
        let user = ask(
            app,
            Method::PATCH,
            "/api/user",
            en,
            Some(&token),
            Some("vi"),
        )
        .await;
        assert_eq!(user["data"]["preferredLanguage"], "en", "{user}");
        let refused = ask(app, Method::PATCH, "/api/user", bad, Some(&token), None).await;
        let words = &refused["error"]["details"][0]["description"];
        assert_eq!(words, "Choose zh-TW, en or vi", "{refused}");
        let reset = json!({"email": email});
        ask(
            app,
            Method::POST,
            "/api/auth/send-password-reset",
            reset,
            None,
            Some("zh-TW"),
        )
        .await;
        let mail = delivered(app, email, |s| s.starts_with("Reset")).await;
        assert_eq!(
            mail.mail.subject,
            "Reset your password — Vietnam Travel Booking"
        );
        assert!(mail.mail.text.starts_with("Hello,"), "{}", mail.mail.text);
        // An address with no account is written to in the asker's language.
        let stranger = "nobody@example.com";
        let reset = json!({"email": stranger});
        ask(
            app,
            Method::POST,
            "/api/auth/send-password-reset",
            reset,
            None,
            Some("en"),
        )
        .await;
        let mail = delivered(app, stranger, |_| true).await;
        assert_eq!(
            mail.mail.subject,
            "A password reset request — Vietnam Travel Booking"
        );
        // And a caller with no header and no profile reads the default, Traditional Chinese.
        let fresh = super::orders::token_for(app, "an@example.com").await;
        let refused = ask(
            app,
            Method::PATCH,
            "/api/user",
            json!({"preferredLanguage": "fr"}),
            Some(&fresh),
            None,
        )
        .await;
        let words = &refused["error"]["details"][0]["description"];
        assert_eq!(words, "請選擇 zh-TW、en 或 vi", "{refused}");
    }
);

/// A REST read in `lang`.
async fn read_in(app: &TestApp, path: &str, lang: &str) -> Value {
    let r = app.http.get(app.url(path)).header("accept-language", lang);
    r.send().await.unwrap().json().await.unwrap()
}

api_test!(
    the_catalogue_reads_in_each_language_and_admins_translate_it,
    async |app: &TestApp| {
        use super::operations::{Cred, client, operator_token, with};
        // A plan's page and its category's list, each in the reader's language; the lists are
        // kept per language, so one language's never answers another.
        let page = "/api/plan/shuttle/shuttle-sgn-4";
        let en = read_in(app, page, "en").await;
        assert!(
            en["data"]["name"]
                .as_str()
                .unwrap()
                .contains("Tan Son Nhat"),
            "{en}"
        );
        let vi = read_in(app, page, "vi").await;
        assert!(
            vi["data"]["name"].as_str().unwrap().starts_with("Đưa đón"),
            "{vi}"
        );
        let zh = read_in(app, page, "zh-TW").await;
        assert!(
            zh["data"]["name"].as_str().unwrap().starts_with("胡志明市"),
            "{zh}"
        );
        for (lang, start) in [
            ("en", "Ho Chi Minh"),
            ("zh-TW", "胡志明市"),
            ("vi", "Đưa đón"),
        ] {
            let list = read_in(app, "/api/plan/shuttle", lang).await;
            let first = list["data"][0]["name"].as_str().unwrap_or_default();
            assert!(first.starts_with(start), "{lang}: {first}");
        }
        // Not translated: the zh-TW words.
        let foot = read_in(app, "/api/plan/dragon-massage/massage-foot", "en").await;
        assert_eq!(foot["data"]["name"], "Foot reflexology");
        let zh_foot = read_in(app, "/api/plan/dragon-massage/massage-foot", "zh-TW").await;
        assert_eq!(foot["data"]["description"], zh_foot["data"]["description"]);
        // An order keeps the plan's name as its customer read it when booking.
        let ann = super::orders::token_for(app, "ann@example.com").await;
        let mut details = super::orders::shuttle(3);
        details["start"] = json!(super::orders::day_slot());
        let made: Value = app
            .http
            .post(app.url("/api/plan/shuttle/shuttle-sgn-4/order"))
            .header("authorization-firebase", &ann)
            .header("accept-language", "en")
            .json(&json!({"details": details, "contact": super::orders::contact()}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(
            made["data"]["planName"]
                .as_str()
                .unwrap_or_default()
                .contains("Tan Son Nhat"),
            "{made}"
        );

        // The console lists what is missing, and an admin fills it in, one language at a time.
        let admin = operator_token(app).await;
        let cred = Cred::Token(&admin);
        let mut c = client(app).await;
        let listed = c
            .list_catalog(with(&cred, pb::ListCatalogRequest {}))
            .await
            .unwrap()
            .into_inner();
        let gap = |list: &[pb::MissingTranslation]| {
            list.iter()
                .find(|m| m.id == "massage-foot" && m.language == "en")
                .map(|m| m.fields.clone())
        };
        let fields = gap(&listed.missing).unwrap();
        assert!(fields.contains(&"description".to_owned()), "{fields:?}");
        assert!(!fields.contains(&"name".to_owned()), "{fields:?}");
        let words = &listed
            .plans
            .iter()
            .find(|p| p.plan.as_ref().unwrap().id == "massage-foot")
            .unwrap()
            .words;
        let langs: Vec<_> = words.iter().map(|w| w.language.as_str()).collect();
        assert_eq!(langs, ["zh-TW", "vi", "en"]);
        assert_eq!(words[2].name, "Foot reflexology");
        assert!(words[2].description.is_empty());
        let described = "Feet and calves, 60 to 120 minutes, in your hotel room.";
        c.update_plan(with(
            &cred,
            pb::UpdatePlanRequest {
                plan_id: "massage-foot".into(),
                language: "en".into(),
                description: Some(described.into()),
                ..Default::default()
            },
        ))
        .await
        .unwrap();
        let foot = read_in(app, "/api/plan/dragon-massage/massage-foot", "en").await;
        assert_eq!(foot["data"]["description"], described);
        let still = read_in(app, "/api/plan/dragon-massage/massage-foot", "zh-TW").await;
        assert_eq!(still["data"]["description"], zh_foot["data"]["description"]);
        // A language that is none of ours is refused, and nothing changes.
        let refused = c
            .update_plan(with(
                &cred,
                pb::UpdatePlanRequest {
                    plan_id: "massage-foot".into(),
                    language: "fr".into(),
                    name: Some("Réflexologie".into()),
                    ..Default::default()
                },
            ))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), tonic::Code::InvalidArgument, "{refused:?}");
        // A therapist's bio, in Vietnamese (her skills are the Vietnamese ones she has).
        let lan = listed.therapists.iter().find(|t| t.id == "t-lan").unwrap();
        let vi_skills = listed
            .bios
            .iter()
            .find(|b| b.therapist_id == "t-lan" && b.language == "vi")
            .map(|b| b.skills.clone())
            .unwrap_or_default();
        c.update_therapist(with(
            &cred,
            pb::UpdateTherapistRequest {
                therapist_id: "t-lan".into(),
                languages: lan.languages.clone(),
                skills: vi_skills,
                hours: lan.hours.clone(),
                bio: Some("Người Huế, mát tay.".into()),
                language: "vi".into(),
                ..Default::default()
            },
        ))
        .await
        .unwrap();
        let listed = c
            .list_catalog(with(&cred, pb::ListCatalogRequest {}))
            .await
            .unwrap()
            .into_inner();
        let fields = gap(&listed.missing).unwrap();
        assert!(!fields.contains(&"description".to_owned()), "{fields:?}");
        assert!(listed.bios.iter().any(|b| b.therapist_id == "t-lan"
            && b.language == "vi"
            && b.bio == "Người Huế, mát tay."));

        // The file carries every language: exported, imported back, exported again, the same.
        let exported = c
            .export_catalog(with(&cred, pb::ExportCatalogRequest {}))
            .await
            .unwrap()
            .into_inner()
            .catalog_toml;
        assert!(exported.contains(described), "the edit is in the file");
        assert!(exported.contains("Người Huế, mát tay."));
        c.import_catalog(with(
            &cred,
            pb::ImportCatalogRequest {
                catalog_toml: exported.clone(),
            },
        ))
        .await
        .unwrap();
        let again = c
            .export_catalog(with(&cred, pb::ExportCatalogRequest {}))
            .await
            .unwrap()
            .into_inner()
            .catalog_toml;
        assert_eq!(again, exported);
    }
);

/// How many Han characters `text` holds: what a reader of vi or en could not read.
fn han(text: &str) -> usize {
    text.chars()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
        .count()
}

api_test!(
    therapists_read_in_each_language_and_admins_translate_their_names_and_skills,
    async |app: &TestApp| {
        use super::operations::{Cred, client, operator_token, with};
        let list = "/api/plan/dragon-massage/therapist?pageSize=50";
        // Every therapist's name, skills and bio in the reader's language; the languages she
        // speaks are codes each reader's words name.
        for lang in ["vi", "en"] {
            let read = read_in(app, list, lang).await;
            let therapists = read["data"].as_array().unwrap();
            assert!(therapists.len() >= 8, "{read}");
            for t in therapists {
                let words = format!("{} {} {}", t["name"], t["skills"], t["bio"]);
                assert_eq!(han(&words), 0, "{lang}: {words}");
                for code in t["languages"].as_array().unwrap() {
                    assert!(
                        ["zh", "vi", "en", "ko", "ja", "th"].contains(&code.as_str().unwrap()),
                        "{code}"
                    );
                }
            }
        }
        let zh = read_in(app, list, "zh-TW").await;
        let lan = |read: &Value| {
            read["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["id"] == "t-lan")
                .cloned()
                .unwrap()
        };
        assert_eq!(lan(&zh)["name"], "阿蘭 Lan");
        assert_eq!(lan(&read_in(app, list, "en").await)["name"], "Lan");
        // A language filter is a code; a skill is found by the words any reader saw on a card.
        let ids = |read: Value| -> Vec<String> {
            read["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["id"].as_str().unwrap().to_owned())
                .collect()
        };
        assert_eq!(
            ids(read_in(app, &format!("{list}&language=ko"), "en").await),
            ["t-ngoc"]
        );
        let hot_en = ids(read_in(app, &format!("{list}&skill=Hot%20stone"), "en").await);
        let hot_zh = ids(read_in(app, &format!("{list}&skill=%E7%86%B1%E7%9F%B3"), "zh-TW").await);
        assert_eq!(hot_en, ["t-mai", "t-trang"]);
        assert_eq!(hot_en, hot_zh);

        // An admin sets her English name and skills; her English bio stays as it was.
        let admin = operator_token(app).await;
        let cred = Cred::Token(&admin);
        let mut c = client(app).await;
        let listed = c
            .list_catalog(with(&cred, pb::ListCatalogRequest {}))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(
            listed.spoken_languages,
            ["zh", "vi", "en", "ko", "ja", "th"]
        );
        assert!(
            listed.missing.iter().all(|m| m.kind != "therapist"),
            "{:?}",
            listed.missing
        );
        let t = listed.therapists.iter().find(|t| t.id == "t-lan").unwrap();
        let edit = |language: &str, languages: Vec<String>, name: &str, skills: &[&str]| {
            pb::UpdateTherapistRequest {
                therapist_id: "t-lan".into(),
                languages,
                skills: skills.iter().map(|s| (*s).to_owned()).collect(),
                hours: t.hours.clone(),
                name: Some(name.into()),
                language: language.into(),
                ..Default::default()
            }
        };
        let codes = t.languages.clone();
        c.update_therapist(with(
            &cred,
            edit("en", codes.clone(), "Lan (Hue)", &["Acupressure"]),
        ))
        .await
        .unwrap();
        let en = lan(&read_in(app, list, "en").await);
        assert_eq!(en["name"], "Lan (Hue)");
        assert_eq!(en["skills"], json!(["Acupressure"]));
        assert!(en["bio"].as_str().unwrap().starts_with("From Hue"), "{en}");
        assert_eq!(lan(&read_in(app, list, "zh-TW").await)["name"], "阿蘭 Lan");
        // Languages are codes: a word is refused, naming the codes.
        let refused = c
            .update_therapist(with(&cred, edit("en", vec!["中文".into()], "Lan", &[])))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), tonic::Code::InvalidArgument, "{refused:?}");
        assert!(refused.message().contains("zh, vi, en"), "{refused:?}");
        // Her Vietnamese words emptied: read in zh-TW, and on the list of what is missing.
        c.update_therapist(with(
            &cred,
            pb::UpdateTherapistRequest {
                bio: Some(String::new()),
                ..edit("vi", codes, "", &[])
            },
        ))
        .await
        .unwrap();
        assert_eq!(lan(&read_in(app, list, "vi").await)["name"], "阿蘭 Lan");
        let listed = c
            .list_catalog(with(&cred, pb::ListCatalogRequest {}))
            .await
            .unwrap()
            .into_inner();
        let missing = listed
            .missing
            .iter()
            .find(|m| m.id == "t-lan" && m.language == "vi")
            .unwrap();
        assert_eq!(missing.fields, ["name", "skills", "bio"]);
        let kept = |language: &str| {
            listed
                .bios
                .iter()
                .find(|b| b.therapist_id == "t-lan" && b.language == language)
                .map(|b| (b.name.clone(), b.skills.clone()))
        };
        assert_eq!(
            kept("en"),
            Some(("Lan (Hue)".into(), vec!["Acupressure".into()]))
        );
        assert_eq!(kept("vi"), None);
    }
);

api_test!(
    a_request_that_cannot_be_read_is_refused_in_the_caller_s_language,
    async |app: &TestApp| {
        // A body of the wrong shape, a query of the wrong type: the words in each language, and the
        // parser's diagnosis, for the developer, under the part it was found in.
        let body = json!({"email": 5, "password": "secret-123"});
        for (lang, words) in [
            ("zh-TW", "無法讀取請求，請檢查格式"),
            ("vi", "Không đọc được yêu cầu: vui lòng kiểm tra định dạng"),
            ("en", "The request could not be read: check its format"),
        ] {
            let method = reqwest::Method::POST;
            let refused = ask(
                app,
                method,
                "/api/auth/sign-up",
                body.clone(),
                None,
                Some(lang),
            )
            .await;
            assert_eq!(refused["error"]["code"], "INVALID_ARGUMENT", "{refused}");
            assert_eq!(refused["error"]["message"], words, "{refused}");
            let detail = &refused["error"]["details"][0];
            assert_eq!(detail["field"], "body", "{refused}");
            assert!(
                detail["description"].as_str().unwrap().contains("email"),
                "{refused}"
            );
            let refused = read_in(app, "/api/plan/shuttle?pageSize=many", lang).await;
            assert_eq!(refused["error"]["message"], words, "{refused}");
            assert_eq!(
                refused["error"]["details"][0]["field"], "query",
                "{refused}"
            );
        }
    }
);

api_test!(
    an_order_names_its_plan_in_the_reader_s_language,
    async |app: &TestApp| {
        use super::member::pending;
        use super::operations::{Cred, client, operator_token, with};
        use super::orders::token_for;
        use reqwest::Method;
        // Made on the Chinese pages, read on the Vietnamese and English ones: the plan as the
        // catalogue names it in each.
        let ann = token_for(app, "ann@example.com").await;
        let id = pending(app, &ann, 3).await;
        let plan = "/api/plan/shuttle/shuttle-sgn-4";
        for lang in ["vi", "en", "zh-TW"] {
            let named = read_in(app, plan, lang).await["data"]["name"].clone();
            let path = format!("/api/order/detail/{id}");
            let seen = ask(app, Method::GET, &path, Value::Null, Some(&ann), Some(lang)).await;
            assert_eq!(seen["data"]["planName"], named, "{lang}");
            let listed = ask(
                app,
                Method::GET,
                "/api/order/detail",
                Value::Null,
                Some(&ann),
                Some(lang),
            )
            .await;
            assert_eq!(listed["data"][0]["planName"], named, "{lang}: {listed}");
        }
        let vi = read_in(app, plan, "vi").await["data"]["name"].clone();
        assert!(
            !vi.as_str()
                .unwrap()
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "the demo catalogue names it in Vietnamese: {vi}"
        );
        // In the console too (gRPC), in the operator's language.
        let admin = operator_token(app).await;
        let mut request = with(
            &Cred::Token(&admin),
            pb::OperatorServiceGetOrderRequest {
                order_id: id.clone(),
            },
        );
        request
            .metadata_mut()
            .insert("accept-language", "vi".parse().unwrap());
        let order = client(app)
            .await
            .get_order(request)
            .await
            .unwrap()
            .into_inner()
            .order
            .unwrap();
        assert_eq!(order.plan_name, vi.as_str().unwrap());
    }
);

api_test!(
    support_hours_are_said_in_the_reader_s_language,
    async |app: &TestApp| {
        use gateway::pb::support_service_client::SupportServiceClient;
        let mut support = SupportServiceClient::connect(app.url("")).await.unwrap();
        for (lang, said) in [
            ("zh-TW", "每天 08:00–22:00（越南時間）"),
            ("vi", "Hằng ngày 08:00–22:00 (giờ Việt Nam)"),
            ("en", "Every day 08:00–22:00 (Vietnam time)"),
        ] {
            let mut request = tonic::Request::new(pb::GetContactChannelsRequest {});
            request
                .metadata_mut()
                .insert("accept-language", lang.parse().unwrap());
            let channels = support
                .get_contact_channels(request)
                .await
                .unwrap()
                .into_inner()
                .channels
                .unwrap();
            assert_eq!(channels.hours, said, "{lang}");
        }
    }
);

api_test!(
    the_console_names_each_plan_and_therapist_in_the_operator_s_language,
    async |app: &TestApp| {
        use super::operations::{Cred, client, operator_token, with};
        let admin = operator_token(app).await;
        for lang in ["vi", "en"] {
            let mut request = with(&Cred::Token(&admin), pb::ListCatalogRequest {});
            request
                .metadata_mut()
                .insert("accept-language", lang.parse().unwrap());
            let listed = client(app)
                .await
                .list_catalog(request)
                .await
                .unwrap()
                .into_inner();
            let mut translated = 0;
            for p in &listed.plans {
                let own = p.words.iter().find(|w| w.language == lang).unwrap();
                if !own.name.is_empty() {
                    translated += 1;
                    assert_eq!(p.plan.as_ref().unwrap().name, own.name, "{lang}");
                }
            }
            assert!(translated > 10, "{lang}: {translated} plans named");
            // Her heading too: every therapist by her name in the operator's language.
            for t in &listed.therapists {
                let own = listed
                    .bios
                    .iter()
                    .find(|b| b.therapist_id == t.id && b.language == lang)
                    .unwrap();
                assert_eq!((&t.name, &t.skills), (&own.name, &own.skills), "{lang}");
            }
            assert!(listed.therapists.len() >= 8);
        }
    }
);
