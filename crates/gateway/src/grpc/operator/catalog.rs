//! Operators' calls on the catalogue: operators read it whole; admins import, export and edit it.

use crate::wire::catalog::{category_from_pb, category_to_pb, plan_to_pb};
use crate::wire::massage::{shifts_from_pb, therapist_to_pb};
use crate::wire::operator::{
    bios_to_pb, catalog_plan_to_pb, edit_language, missing_to_pb, season_from_pb, season_to_pb,
};
use domain::DomainResult;
use domain::catalog::{Category, PlanEdit, SPOKEN_LANGUAGES, Season, TherapistEdit};
use domain::catalog::{PlanId, Rate};
use domain::media::PhotoShape;
use domain::shared::Money;
use tonic::{Request, Response, Status};

use super::Operators;
use crate::error::status;
use crate::pb;

pub(super) async fn list_catalog(
    ops: &Operators,
    request: Request<pb::ListCatalogRequest>,
) -> Result<Response<pb::ListCatalogResponse>, Status> {
    let by = ops.staff(&request).await?;
    let (plans, therapists) = ops.s.catalog.everything().await.map_err(status)?;
    let missing = ops
        .s
        .catalog_admin
        .missing_translations(&by)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::ListCatalogResponse {
        plans: plans.into_iter().map(catalog_plan_to_pb).collect(),
        bios: bios_to_pb(&therapists),
        therapists: therapists
            .into_iter()
            .map(|t| therapist_to_pb(t, false))
            .collect(),
        missing: missing.into_iter().map(missing_to_pb).collect(),
        spoken_languages: SPOKEN_LANGUAGES.map(String::from).to_vec(),
    }))
}

pub(super) async fn export_catalog(
    ops: &Operators,
    request: Request<pb::ExportCatalogRequest>,
) -> Result<Response<pb::ExportCatalogResponse>, Status> {
    let by = ops.admin(&request).await?;
    let text = ops
        .s
        .catalog_admin
        .export_catalog(&by)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::ExportCatalogResponse {
        catalog_toml: text,
    }))
}

pub(super) async fn import_catalog(
    ops: &Operators,
    request: Request<pb::ImportCatalogRequest>,
) -> Result<Response<pb::ImportCatalogResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let (plans, therapists) = ops
        .s
        .catalog_admin
        .import_catalog(&by, &r.catalog_toml)
        .await
        .map_err(status)?;
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(Response::new(pb::ImportCatalogResponse {
        plan_count: count(plans),
        therapist_count: count(therapists),
    }))
}

pub(super) async fn set_plan_active(
    ops: &Operators,
    request: Request<pb::SetPlanActiveRequest>,
) -> Result<Response<pb::SetPlanActiveResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let id = PlanId::parse(r.plan_id.trim())?;
        ops.s
            .catalog_admin
            .set_plan_active(&by, &id, r.active)
            .await
    };
    let plan = work.await.map_err(status)?;
    Ok(Response::new(pb::SetPlanActiveResponse {
        plan: Some(plan_to_pb(plan)),
    }))
}

pub(super) async fn set_therapist_active(
    ops: &Operators,
    request: Request<pb::SetTherapistActiveRequest>,
) -> Result<Response<pb::SetTherapistActiveResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let therapist = ops
        .s
        .catalog_admin
        .set_therapist_active(&by, &r.therapist_id, r.active)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::SetTherapistActiveResponse {
        therapist: Some(therapist_to_pb(therapist, false)),
    }))
}

pub(super) async fn set_therapist_hours(
    ops: &Operators,
    request: Request<pb::SetTherapistHoursRequest>,
) -> Result<Response<pb::SetTherapistHoursResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let hours = shifts_from_pb(&r.hours)?;
        ops.s
            .catalog_admin
            .set_therapist_hours(&by, &r.therapist_id, hours)
            .await
    };
    let therapist = work.await.map_err(status)?;
    Ok(Response::new(pb::SetTherapistHoursResponse {
        therapist: Some(therapist_to_pb(therapist, false)),
    }))
}

pub(super) async fn update_plan(
    ops: &Operators,
    request: Request<pb::UpdatePlanRequest>,
) -> Result<Response<pb::UpdatePlanResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let language = edit_language(&r.language).map_err(status)?;
    let edit = PlanEdit {
        language,
        name: r.name,
        summary: r.summary,
        description: r.description,
        rates: (!r.rates.is_empty()).then(|| {
            r.rates
                .iter()
                .map(|rate| Rate {
                    minutes: rate.minutes,
                    price: Money::vnd(rate.price_vnd),
                })
                .collect()
        }),
        seats: r.seats,
        luggage: r.luggage,
        max_people: r.max_people,
        active: r.active,
        images: r.images.map(|i| i.urls),
        seasons: r
            .seasons
            .map(|s| s.seasons.iter().map(season_from_pb).collect())
            .transpose()
            .map_err(status)?,
    };
    let work = async {
        let id = PlanId::parse(&r.plan_id)?;
        ops.s.catalog_admin.update_plan(&by, &id, &edit).await
    };
    let plan = work.await.map_err(status)?;
    Ok(Response::new(pb::UpdatePlanResponse {
        plan: Some(catalog_plan_to_pb(plan)),
    }))
}

pub(super) async fn update_therapist(
    ops: &Operators,
    request: Request<pb::UpdateTherapistRequest>,
) -> Result<Response<pb::UpdateTherapistResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let work = async {
        let hours = shifts_from_pb(&r.hours)?;
        let photos = match (&r.photos, &r.photo) {
            (Some(list), _) => Some(list.urls.clone()),
            (None, Some(one)) => Some(vec![one.clone()]),
            (None, None) => None,
        };
        let edit = TherapistEdit {
            language: edit_language(&r.language)?,
            languages: r.languages,
            skills: r.skills,
            hours,
            photos,
            name: r.name,
            bio: r.bio,
        };
        ops.s
            .catalog_admin
            .update_therapist(&by, &r.therapist_id, edit)
            .await
    };
    let therapist = work.await.map_err(status)?;
    Ok(Response::new(pb::UpdateTherapistResponse {
        therapist: Some(therapist_to_pb(therapist, false)),
    }))
}

pub(super) async fn upload_catalog_photo(
    ops: &Operators,
    request: Request<pb::UploadCatalogPhotoRequest>,
) -> Result<Response<pb::UploadCatalogPhotoResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let shape = match pb::PhotoShape::try_from(r.shape) {
        Ok(pb::PhotoShape::Square) => PhotoShape::Square,
        _ => PhotoShape::Wide,
    };
    let url = ops
        .s
        .media
        .upload_photo(&by, shape, r.data)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::UploadCatalogPhotoResponse { url }))
}

pub(super) async fn list_category_seasons(
    ops: &Operators,
    request: Request<pb::ListCategorySeasonsRequest>,
) -> Result<Response<pb::ListCategorySeasonsResponse>, Status> {
    ops.admin(&request).await?;
    let kept = ops.s.catalog.category_seasons().await.map_err(status)?;
    let categories = Category::ALL
        .into_iter()
        .map(|c| {
            let seasons = kept
                .iter()
                .find(|(k, _)| *k == c)
                .map(|(_, s)| s.as_slice())
                .unwrap_or_default();
            category_seasons_to_pb(c, seasons)
        })
        .collect();
    Ok(Response::new(pb::ListCategorySeasonsResponse {
        categories,
    }))
}

pub(super) async fn set_category_seasons(
    ops: &Operators,
    request: Request<pb::SetCategorySeasonsRequest>,
) -> Result<Response<pb::SetCategorySeasonsResponse>, Status> {
    let by = ops.admin(&request).await?;
    let r = request.into_inner();
    let category = category_from_pb(r.category)?;
    let seasons = r
        .seasons
        .iter()
        .map(season_from_pb)
        .collect::<DomainResult<Vec<_>>>()
        .map_err(status)?;
    let seasons = ops
        .s
        .catalog_admin
        .set_category_seasons(&by, category, seasons)
        .await
        .map_err(status)?;
    Ok(Response::new(pb::SetCategorySeasonsResponse {
        category: Some(category_seasons_to_pb(category, &seasons)),
    }))
}

fn category_seasons_to_pb(category: Category, seasons: &[Season]) -> pb::CategorySeasons {
    pb::CategorySeasons {
        category: category_to_pb(category).into(),
        seasons: seasons.iter().map(season_to_pb).collect(),
    }
}
