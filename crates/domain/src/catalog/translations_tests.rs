//! Each reader gets the catalogue's words in their language, zh-TW's where not translated.

use crate::catalog::{Category, Plan, PlanTexts, TherapistQuery, TherapistTexts};
use crate::shared::Language;
use crate::testing::{plan as plan_of, therapist};

fn plan(id: &str) -> Plan {
    plan_of(id, Category::Shuttle, 480_000)
}

#[test]
fn a_reader_gets_each_field_translated_or_in_zh_tw() {
    let mut p = plan("p1");
    p.summary = "機場接送".into();
    p.content.included = vec!["過路費".into()];
    p.translations.insert(
        Language::En,
        PlanTexts {
            name: "Airport pick-up".into(),
            included: vec!["Tolls".into()],
            ..PlanTexts::default()
        },
    );
    let en = p.in_language(Language::En);
    assert_eq!(en.name, "Airport pick-up");
    assert_eq!(en.summary, "機場接送", "not translated: zh-TW's");
    assert_eq!(en.content.included, ["Tolls"]);
    assert_eq!(p.in_language(Language::Vi), p);
    assert_eq!(p.in_language(Language::ZhTw), p);
}

#[test]
fn what_zh_tw_says_and_a_language_does_not_is_missing_there() {
    let mut p = plan("p1");
    p.summary = "機場接送".into();
    p.description = String::new();
    p.translations.insert(
        Language::En,
        PlanTexts {
            name: "Airport pick-up".into(),
            ..PlanTexts::default()
        },
    );
    let missing = p.missing_translations();
    let of = |l: Language| {
        missing
            .iter()
            .find(|m| m.language == l)
            .map(|m| m.fields.clone())
    };
    assert_eq!(of(Language::En), Some(vec!["summary"]));
    assert_eq!(of(Language::Vi), Some(vec!["name", "summary"]));
    let mut t = therapist("t1");
    t.bio = "十年經驗".into();
    t.skills = vec!["越式指壓".into()];
    t.set_texts(
        Language::Vi,
        TherapistTexts {
            name: "Lan".into(),
            skills: vec![],
            bio: "Mười năm kinh nghiệm".into(),
        },
    );
    let missing = t.missing_translations();
    assert_eq!(missing.len(), 2);
    assert_eq!(missing[0].language, Language::Vi);
    assert_eq!(missing[0].fields, ["skills"]);
    assert_eq!(missing[1].language, Language::En);
    assert_eq!(missing[1].fields, ["name", "skills", "bio"]);
    let vi = t.in_language(Language::Vi);
    assert_eq!(
        (vi.name.as_str(), vi.bio.as_str()),
        ("Lan", "Mười năm kinh nghiệm")
    );
    assert_eq!(
        vi.skills,
        ["越式指壓"],
        "an untranslated field reads zh-TW's"
    );
    assert_eq!(t.in_language(Language::En).bio, "十年經驗");
    // A skill seen on her card in any language finds her.
    t.translations.get_mut(&Language::Vi).unwrap().skills = vec!["Bấm huyệt".into()];
    for skill in ["越式指壓", "Bấm huyệt"] {
        let q = TherapistQuery {
            skill: Some(skill.into()),
            ..TherapistQuery::default()
        };
        assert!(q.matches(&t), "{skill}");
    }
    // Emptying a language's words drops the language.
    t.set_texts(Language::Vi, TherapistTexts::default());
    assert!(!t.translations.contains_key(&Language::Vi));
    t.languages = vec!["中文".into()];
    assert!(t.validate().is_err(), "languages are codes");
}
