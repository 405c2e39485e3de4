//! A therapist's name and skills are catalogue words per language, as her bio was: each language's
//! translation becomes `{"name", "skills", "bio"}` (rows kept only a bio string). The languages
//! she speaks become codes ("zh", "vi", …) that each reader's catalogue names, instead of zh-TW
//! words; a word not known here stays as it was, for an admin to correct.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;
use serde_json::{Map, Value as Json};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Therapists {
    Table,
    Id,
    Languages,
    Translations,
}

/// The zh-TW words the demo catalogue and the console wrote for the languages now coded.
const CODES: [(&str, &str); 12] = [
    ("中文", "zh"),
    ("華語", "zh"),
    ("越南語", "vi"),
    ("越南文", "vi"),
    ("英語", "en"),
    ("英文", "en"),
    ("韓語", "ko"),
    ("韓文", "ko"),
    ("日語", "ja"),
    ("日文", "ja"),
    ("泰語", "th"),
    ("泰文", "th"),
];

fn coded(languages: &str) -> Option<String> {
    let list: Vec<String> = serde_json::from_str(languages).ok()?;
    let mut codes: Vec<String> = Vec::new();
    for word in list {
        let code = CODES
            .iter()
            .find(|(w, _)| *w == word.trim())
            .map_or(word, |(_, c)| (*c).to_owned());
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    serde_json::to_string(&codes).ok()
}

fn worded(translations: &str) -> Option<String> {
    let Json::Object(by_language) = serde_json::from_str(translations).ok()? else {
        return None;
    };
    let words: Map<String, Json> = by_language
        .into_iter()
        .map(|(tag, v)| match v {
            Json::String(bio) => (tag, serde_json::json!({ "bio": bio })),
            other => (tag, other),
        })
        .collect();
    serde_json::to_string(&words).ok()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        let rows = db
            .query_all(
                &Query::select()
                    .columns([
                        Therapists::Id,
                        Therapists::Languages,
                        Therapists::Translations,
                    ])
                    .from(Therapists::Table)
                    .to_owned(),
            )
            .await?;
        for row in rows {
            let id: String = row.try_get("", "id")?;
            let languages: String = row.try_get("", "languages")?;
            let translations: String = row.try_get("", "translations")?;
            let (Some(languages), Some(translations)) = (coded(&languages), worded(&translations))
            else {
                continue;
            };
            db.execute(
                &Query::update()
                    .table(Therapists::Table)
                    .values([
                        (Therapists::Languages, languages.into()),
                        (Therapists::Translations, translations.into()),
                    ])
                    .and_where(Expr::col(Therapists::Id).eq(id))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_become_codes_and_bios_become_words() {
        assert_eq!(
            coded(r#"["中文","越南語","英文","中文","Khmer"]"#).unwrap(),
            r#"["zh","vi","en","Khmer"]"#
        );
        assert_eq!(
            worded(r#"{"vi":"Đến từ Huế","en":{"bio":"From Hue"}}"#).unwrap(),
            r#"{"en":{"bio":"From Hue"},"vi":{"bio":"Đến từ Huế"}}"#
        );
    }
}
