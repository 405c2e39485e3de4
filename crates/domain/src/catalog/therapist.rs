//! Massage therapists: who they are, when they work, and the filters customers search them by.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, Weekday};

use super::translations::{
    EntryKind, MissingTranslation, TherapistTexts, Translations, list_or_default, missing_fields,
    or_default,
};
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{Language, LocalTime};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gender {
    Female,
    Male,
}

impl Gender {
    pub const fn code(self) -> &'static str {
        match self {
            Gender::Female => "female",
            Gender::Male => "male",
        }
    }

    pub fn parse(field: &str, code: &str) -> DomainResult<Self> {
        match code {
            "female" => Ok(Gender::Female),
            "male" => Ok(Gender::Male),
            _ => Err(DomainError::invalid(field, msg("therapist.gender"))),
        }
    }
}

/// A weekly shift, Vietnam time: the days it starts on and its hours. A shift whose end is not
/// after its start runs past midnight into the next day (massage is mostly an evening service).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shift {
    pub days: Vec<Weekday>,
    pub from: NaiveTime,
    pub until: NaiveTime,
}

impl Shift {
    /// A shift as files and the wire write it: days as `mon` … `sun`, times as `HH:MM`.
    pub fn parse(days: &[String], from: &str, until: &str) -> DomainResult<Self> {
        let time = |raw: &str| {
            NaiveTime::parse_from_str(raw, "%H:%M")
                .map_err(|_| DomainError::invalid("hours", msg("therapist.hours_time")))
        };
        let days = days
            .iter()
            .map(|d| {
                d.parse::<Weekday>().map_err(|_| {
                    DomainError::invalid("hours", msg("therapist.hours_day").with("day", d))
                })
            })
            .collect::<DomainResult<Vec<_>>>()?;
        Ok(Self {
            days,
            from: time(from)?,
            until: time(until)?,
        })
    }

    /// The days as `parse` reads them.
    pub fn day_codes(&self) -> Vec<String> {
        self.days
            .iter()
            .map(|d| format!("{d:?}").to_lowercase())
            .collect()
    }

    /// The shift in one line, as the audit log keeps it: `mon,tue 18:00-02:00`.
    pub fn summary(&self) -> String {
        let (from, until) = self.times();
        format!("{} {from}-{until}", self.day_codes().join(","))
    }

    /// `from` and `until` as `HH:MM`.
    pub fn times(&self) -> (String, String) {
        let text = |t: NaiveTime| t.format("%H:%M").to_string();
        (text(self.from), text(self.until))
    }

    /// Whether `[start, end)` lies inside one occurrence of this shift.
    pub(crate) fn covers(&self, start: NaiveDateTime, end: NaiveDateTime) -> bool {
        let yesterday = start.date() - Duration::days(1);
        [yesterday, start.date()].into_iter().any(|day| {
            if !self.days.contains(&chrono::Datelike::weekday(&day)) {
                return false;
            }
            let open = day.and_time(self.from);
            let close = if self.until > self.from {
                day.and_time(self.until)
            } else {
                (day + Duration::days(1)).and_time(self.until)
            };
            open <= start && end <= close
        })
    }
}

/// The languages a therapist can speak with a customer, as codes: each reader's catalogue names
/// them, so "中文" and "Tiếng Trung" are one filter.
pub const SPOKEN_LANGUAGES: [&str; 6] = ["zh", "vi", "en", "ko", "ja", "th"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Therapist {
    pub id: String,
    pub name: String,
    pub gender: Gender,
    /// Paths of this site; the first is her card's. None: the site draws her initial.
    pub photos: Vec<String>,
    /// Codes from [`SPOKEN_LANGUAGES`].
    pub languages: Vec<String>,
    pub skills: Vec<String>,
    pub years_of_practice: u32,
    /// Average rating × 10 (45 is 4.5 stars), so it stays an exact integer.
    pub rating_tenths: u32,
    pub bio: String,
    /// Her name, skills and bio in the other languages; the fields above are zh-TW's.
    pub translations: Translations<TherapistTexts>,
    pub hours: Vec<Shift>,
    /// Days she takes no booking on (Vietnam calendar days), soonest first: a day off is a day
    /// no massage of hers starts on.
    pub days_off: Vec<NaiveDate>,
    pub active: bool,
}

impl Therapist {
    /// Her zh-TW words, in the shape a translation takes.
    pub fn texts(&self) -> TherapistTexts {
        TherapistTexts {
            name: self.name.clone(),
            skills: self.skills.clone(),
            bio: self.bio.clone(),
        }
    }

    /// Her words as a reader of `lang` sees them: each field translated, or in zh-TW.
    pub fn in_language(&self, lang: Language) -> Therapist {
        let mut therapist = self.clone();
        if let Some(t) = self.translations.get(&lang) {
            therapist.name = or_default(&t.name, &self.name);
            therapist.skills = list_or_default(&t.skills, &self.skills);
            therapist.bio = or_default(&t.bio, &self.bio);
        }
        therapist
    }

    /// Sets her words in `lang`: zh-TW's are her own; elsewhere, empty words are "not
    /// translated", and a language left with none is dropped.
    pub fn set_texts(&mut self, lang: Language, texts: TherapistTexts) {
        if lang == Language::default() {
            (self.name, self.skills, self.bio) = (texts.name, texts.skills, texts.bio);
        } else if texts.is_empty() {
            self.translations.remove(&lang);
        } else {
            self.translations.insert(lang, texts);
        }
    }

    /// The languages she lacks words in, with the fields: those zh-TW has and they do not.
    pub fn missing_translations(&self) -> Vec<MissingTranslation> {
        let ours = self.texts().filled();
        Language::TRANSLATED
            .into_iter()
            .filter_map(|language| {
                let theirs = self.translations.get(&language).map(TherapistTexts::filled);
                let fields = missing_fields(ours, theirs);
                (!fields.is_empty()).then(|| MissingTranslation {
                    kind: EntryKind::Therapist,
                    id: self.id.clone(),
                    name: self.name.clone(),
                    language,
                    fields,
                })
            })
            .collect()
    }
}

impl Therapist {
    pub const MAX_ID_LEN: usize = 64;
    /// Skills a card shows at most.
    pub const SKILLS_MAX: usize = 12;

    fn all_skills(&self) -> impl Iterator<Item = &String> {
        self.skills
            .iter()
            .chain(self.translations.values().flat_map(|t| &t.skills))
    }

    /// Her card's photo, if she has one.
    pub fn photo(&self) -> Option<&str> {
        self.photos.first().map(String::as_str)
    }

    /// Whether a massage of `minutes` starting at `start` falls inside one of the shifts.
    pub fn works(&self, start: LocalTime, minutes: u32) -> bool {
        let begin = start.naive();
        let end = begin + Duration::minutes(i64::from(minutes));
        !self.days_off.contains(&begin.date())
            && self.hours.iter().any(|shift| shift.covers(begin, end))
    }

    /// What an operator's import must get right.
    pub fn validate(&self) -> DomainResult<()> {
        let slug = !self.id.is_empty()
            && self.id.len() <= Self::MAX_ID_LEN
            && self
                .id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !slug {
            return Err(DomainError::invalid("id", msg("therapist.id")));
        }
        if let Some(bad) = self
            .languages
            .iter()
            .find(|l| !SPOKEN_LANGUAGES.contains(&l.as_str()))
        {
            return Err(DomainError::invalid(
                "languages",
                msg("therapist.language")
                    .with("language", bad.as_str())
                    .with("codes", SPOKEN_LANGUAGES.join(", ")),
            ));
        }
        crate::shared::text("name", &self.name, 60, msg("therapist.name_required"))?;
        // Each language's words hold the same rules as zh-TW's; an empty name is untranslated.
        for texts in std::iter::once(self.texts()).chain(self.translations.values().cloned()) {
            crate::shared::optional_text("name", &texts.name, 60)?;
            crate::shared::lines("bio", &texts.bio, 2000)?;
            for skill in &texts.skills {
                crate::shared::text("skills", skill, 40, crate::shared::REQUIRED)?;
            }
            if texts.skills.len() > Self::SKILLS_MAX {
                return Err(DomainError::invalid("skills", msg("therapist.skills")));
            }
        }
        super::model::photo_list("photos", &self.photos)?;
        if self.rating_tenths > 50 {
            return Err(DomainError::invalid(
                "rating_tenths",
                msg("therapist.rating"),
            ));
        }
        if self
            .hours
            .iter()
            .any(|s| s.days.is_empty() || s.from == s.until)
        {
            return Err(DomainError::invalid("hours", msg("therapist.shifts")));
        }
        check_days_off(&self.days_off)?;
        Ok(())
    }
}

/// What a customer searches therapists by. Empty filters match everyone; without a slot, working
/// hours and bookings are not considered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TherapistQuery {
    pub slot: Option<Slot>,
    pub gender: Option<Gender>,
    pub language: Option<String>,
    pub skill: Option<String>,
}

/// A massage's time: its start and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub start: LocalTime,
    pub minutes: u32,
}

impl Slot {
    /// The longest massage a search or a booking may ask for.
    pub const MAX_MINUTES: u32 = 8 * 60;

    pub fn new(start: LocalTime, minutes: u32) -> DomainResult<Self> {
        if minutes == 0 || minutes > Self::MAX_MINUTES {
            return Err(DomainError::invalid("duration", msg("therapist.duration")));
        }
        Ok(Self { start, minutes })
    }
}

impl TherapistQuery {
    /// The filters on who the therapist is and when they work; bookings are the finder's part.
    /// A skill is matched in any of her languages: it is what a reader saw on her card.
    pub fn matches(&self, t: &Therapist) -> bool {
        t.active
            && self.gender.is_none_or(|g| g == t.gender)
            && self
                .language
                .as_ref()
                .is_none_or(|l| t.languages.iter().any(|x| x == l))
            && self
                .skill
                .as_ref()
                .is_none_or(|s| t.all_skills().any(|x| x == s))
            && self.slot.is_none_or(|s| t.works(s.start, s.minutes))
    }
}

/// At most this many days off are kept ahead (a therapist's, a partner's).
pub const DAYS_OFF_MAX: usize = 60;

/// A day off as files, rows and the wire write it: `YYYY-MM-DD`.
pub fn parse_day(raw: &str) -> DomainResult<NaiveDate> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
        .map_err(|_| DomainError::invalid("days_off", msg("availability.day")))
}

/// Days off a record may keep.
pub fn check_days_off(days_off: &[NaiveDate]) -> DomainResult<()> {
    if days_off.len() > DAYS_OFF_MAX {
        return Err(DomainError::invalid(
            "days_off",
            msg("availability.days_off_max").with("max", DAYS_OFF_MAX),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::therapist;

    fn at(raw: &str) -> LocalTime {
        LocalTime::parse("t", raw).unwrap()
    }

    #[test]
    fn an_overnight_shift_covers_past_midnight_from_the_day_it_starts() {
        let t = therapist("t-a");
        // 2026-12-05 is a Saturday: the shift runs until 02:00 on Sunday.
        assert!(t.works(at("2026-12-05T23:30"), 150));
        assert!(!t.works(at("2026-12-05T23:30"), 151));
        assert!(t.works(at("2026-12-05T18:00"), 60));
        assert!(!t.works(at("2026-12-05T17:59"), 60));
        // No shift starts on Sunday, and Sunday night is not Saturday's.
        assert!(!t.works(at("2026-12-06T20:00"), 60));
        // Monday 00:30 is Sunday's shift, which does not exist.
        assert!(!t.works(at("2026-12-07T00:30"), 60));
        assert!(t.works(at("2026-12-08T00:30"), 60));
    }

    #[test]
    fn filters_match_gender_language_skill_and_hours() {
        let t = therapist("t-a");
        let q = |f: fn(&mut TherapistQuery)| {
            let mut q = TherapistQuery::default();
            f(&mut q);
            q.matches(&t)
        };
        assert!(q(|_| {}));
        assert!(q(|q| q.gender = Some(Gender::Female)));
        assert!(!q(|q| q.gender = Some(Gender::Male)));
        assert!(q(|q| q.language = Some("zh".into())));
        assert!(!q(|q| q.language = Some("ko".into())));
        assert!(!q(|q| q.skill = Some("熱石".into())));
        assert!(!q(
            |q| q.slot = Some(Slot::new(at("2026-12-06T20:00"), 60).unwrap())
        ));
        let mut off = t.clone();
        off.active = false;
        assert!(!TherapistQuery::default().matches(&off));
    }

    #[test]
    fn shifts_read_and_write_as_text() {
        let days = vec!["sat".to_owned(), "Sun".to_owned()];
        let shift = Shift::parse(&days, "16:00", "03:00").unwrap();
        assert_eq!(shift.day_codes(), ["sat", "sun"]);
        assert_eq!(shift.times(), ("16:00".to_owned(), "03:00".to_owned()));
        assert!(Shift::parse(&["someday".to_owned()], "16:00", "03:00").is_err());
        assert!(Shift::parse(&days, "4pm", "03:00").is_err());
        assert!(Shift::parse(&days, "16:00", "24:30").is_err());
    }

    #[test]
    fn imports_are_checked() {
        assert!(therapist("t-a").validate().is_ok());
        let mut bad = therapist("T A");
        assert!(bad.validate().is_err());
        bad = therapist("t-a");
        bad.rating_tenths = 51;
        assert!(bad.validate().is_err());
        bad = therapist("t-a");
        bad.hours[0].days.clear();
        assert!(bad.validate().is_err());
        assert!(Slot::new(at("2026-12-05T20:00"), 0).is_err());
        assert!(Slot::new(at("2026-12-05T20:00"), 481).is_err());
    }
}
