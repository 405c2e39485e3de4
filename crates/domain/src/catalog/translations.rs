//! The catalogue's own words in the languages beside Traditional Chinese: a plan's texts and a
//! therapist's name, skills and bio. A field left empty in a language is not translated there: the reader gets the
//! zh-TW words, and the field is on the operators' list of missing translations.

use std::collections::BTreeMap;

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

/// A therapist's words in one language; an empty field (or list) is not translated. The languages
/// she speaks are codes, named by each reader's own catalogue, so they need no translation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TherapistTexts {
    pub name: String,
    pub skills: Vec<String>,
    pub bio: String,
}

impl TherapistTexts {
    pub(super) fn filled(&self) -> [(&'static str, bool); 3] {
        [
            ("name", !self.name.trim().is_empty()),
            ("skills", !self.skills.is_empty()),
            ("bio", !self.bio.trim().is_empty()),
        ]
    }

    pub fn is_empty(&self) -> bool {
        self.filled().iter().all(|(_, filled)| !filled)
    }
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
    pub(super) fn filled(&self) -> [(&'static str, bool); 8] {
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
pub(super) fn or_default(theirs: &str, ours: &str) -> String {
    if theirs.trim().is_empty() {
        ours.to_owned()
    } else {
        theirs.to_owned()
    }
}

pub(super) fn list_or_default(theirs: &[String], ours: &[String]) -> Vec<String> {
    if theirs.is_empty() { ours } else { theirs }.to_vec()
}

/// The fields `ours` has words in and `theirs` (a language's) does not.
pub(super) fn missing_fields<const N: usize>(
    ours: [(&'static str, bool); N],
    theirs: Option<[(&'static str, bool); N]>,
) -> Vec<&'static str> {
    let theirs = theirs.unwrap_or([("", false); N]);
    ours.iter()
        .zip(theirs)
        .filter(|((_, ours), (_, theirs))| *ours && !theirs)
        .map(|((field, _), _)| *field)
        .collect()
}
