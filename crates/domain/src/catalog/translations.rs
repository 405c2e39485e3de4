//! The catalogue's own words in the languages beside Traditional Chinese: a plan's texts and a
//! therapist's bio. A field left empty in a language is not translated there: the reader gets the
//! zh-TW words, and the field is on the operators' list of missing translations.

use std::collections::BTreeMap;

use super::model::Plan;
use super::therapist::Therapist;
use crate::shared::Language;

/// A plan's words in one language; an empty field (or list) is not translated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanTexts {
    pub name: String,
    pub summary: String,
    pub description: String,
    pub included: Vec<String>,
    pub excluded: Vec<String>,
    pub meeting_point: String,
    pub finding: String,
    pub service_area: String,
}

/// Each translated language's words, by language; zh-TW's are the entry's own fields.
pub type Translations<T> = BTreeMap<Language, T>;

/// Which entry of the catalogue a missing translation belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Plan,
    Therapist,
}

/// An entry that lacks words in a language: the fields zh-TW has and that language does not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingTranslation {
    pub kind: EntryKind,
    pub id: String,
    /// Its zh-TW name, to find it by.
    pub name: String,
    pub language: Language,
    pub fields: Vec<&'static str>,
}

impl PlanTexts {
    /// The fields, by the names the catalogue file and the console use, with whether each has
    /// words.
    fn filled(&self) -> [(&'static str, bool); 8] {
        [
            ("name", !self.name.trim().is_empty()),
            ("summary", !self.summary.trim().is_empty()),
            ("description", !self.description.trim().is_empty()),
            ("included", !self.included.is_empty()),
            ("excluded", !self.excluded.is_empty()),
            ("meeting_point", !self.meeting_point.trim().is_empty()),
            ("finding", !self.finding.trim().is_empty()),
            ("service_area", !self.service_area.trim().is_empty()),
        ]
    }

    pub fn is_empty(&self) -> bool {
        self.filled().iter().all(|(_, filled)| !filled)
    }
}

/// `theirs` where it has words, else `ours`.
fn or_default(theirs: &str, ours: &str) -> String {
    if theirs.trim().is_empty() {
        ours.to_owned()
    } else {
        theirs.to_owned()
    }
}

fn list_or_default(theirs: &[String], ours: &[String]) -> Vec<String> {
    if theirs.is_empty() { ours } else { theirs }.to_vec()
}

impl Plan {
    /// Its zh-TW words, in the shape a translation takes.
    pub fn texts(&self) -> PlanTexts {
        PlanTexts {
            name: self.name.clone(),
            summary: self.summary.clone(),
            description: self.description.clone(),
            included: self.content.included.clone(),
            excluded: self.content.excluded.clone(),
            meeting_point: self.content.meeting_point.clone(),
            finding: self.content.finding.clone(),
            service_area: self.content.service_area.clone(),
        }
    }

    /// The plan as a reader of `lang` sees it: each field in that language where it is
    /// translated, in zh-TW where it is not.
    pub fn in_language(&self, lang: Language) -> Plan {
        let Some(t) = self.translations.get(&lang) else {
            return self.clone();
        };
        let mut plan = self.clone();
        plan.name = or_default(&t.name, &self.name);
        plan.summary = or_default(&t.summary, &self.summary);
        plan.description = or_default(&t.description, &self.description);
        let c = &mut plan.content;
        c.included = list_or_default(&t.included, &self.content.included);
        c.excluded = list_or_default(&t.excluded, &self.content.excluded);
        c.meeting_point = or_default(&t.meeting_point, &self.content.meeting_point);
        c.finding = or_default(&t.finding, &self.content.finding);
        c.service_area = or_default(&t.service_area, &self.content.service_area);
        plan
    }

    /// The languages it lacks words in, with the fields: those zh-TW has and they do not.
    pub fn missing_translations(&self) -> Vec<MissingTranslation> {
        let ours = self.texts().filled();
        Language::TRANSLATED
            .into_iter()
            .filter_map(|language| {
                let theirs = self
                    .translations
                    .get(&language)
                    .map(PlanTexts::filled)
                    .unwrap_or_default();
                let fields: Vec<_> = ours
                    .iter()
                    .zip(theirs)
                    .filter(|((_, ours), (_, theirs))| *ours && !theirs)
                    .map(|((field, _), _)| *field)
                    .collect();
                (!fields.is_empty()).then(|| MissingTranslation {
                    kind: EntryKind::Plan,
                    id: self.id.as_str().to_owned(),
                    name: self.name.clone(),
                    language,
                    fields,
                })
            })
            .collect()
    }
}

impl Therapist {
    /// Her bio as a reader of `lang` sees it: translated, or in zh-TW.
    pub fn in_language(&self, lang: Language) -> Therapist {
        let mut therapist = self.clone();
        if let Some(bio) = self.bios.get(&lang) {
            therapist.bio = or_default(bio, &self.bio);
        }
        therapist
    }

    /// The languages her bio is not translated into (when she has one).
    pub fn missing_translations(&self) -> Vec<MissingTranslation> {
        if self.bio.trim().is_empty() {
            return Vec::new();
        }
        Language::TRANSLATED
            .into_iter()
            .filter(|l| self.bios.get(l).is_none_or(|b| b.trim().is_empty()))
            .map(|language| MissingTranslation {
                kind: EntryKind::Therapist,
                id: self.id.clone(),
                name: self.name.clone(),
                language,
                fields: vec!["bio"],
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Category;
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
        t.bios.insert(Language::Vi, "Mười năm kinh nghiệm".into());
        let missing = t.missing_translations();
        assert_eq!(missing.len(), 1);
        assert_eq!(missing[0].language, Language::En);
        assert_eq!(t.in_language(Language::Vi).bio, "Mười năm kinh nghiệm");
        assert_eq!(t.in_language(Language::En).bio, "十年經驗");
    }
}
