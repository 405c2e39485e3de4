use super::*;
use crate::catalog::{Category, Gender, Slot, TherapistQuery};
use crate::error::DomainError;
use crate::ordering::{NewOrder, TherapistChoice};
use crate::shared::{LocalTime, PageRequest, UserId};

fn slot(start: &str) -> Slot {
    Slot::new(LocalTime::parse("t", start).unwrap(), 90).unwrap()
}

fn favorites(s: &crate::testing::Setup) -> FavoriteService {
    FavoriteService::new(s.catalog.clone(), s.favorites.clone(), s.store.clone())
}

#[tokio::test]
async fn a_put_replaces_the_set_once_per_therapist_and_refuses_unknown_ids() {
    let s = crate::testing::setup();
    let svc = favorites(&s);
    let ann = UserId::parse("ann").unwrap();
    let ids = svc
        .replace(&ann, vec!["t-mai".into(), " t-lan".into(), "t-mai".into()])
        .await
        .unwrap();
    assert_eq!(ids, ["t-mai", "t-lan"]);
    assert_eq!(svc.get(&ann).await.unwrap(), ["t-mai", "t-lan"]);
    for bad in ["t-nobody", "t-retired"] {
        let err = svc.replace(&ann, vec![bad.into()]).await.unwrap_err();
        assert!(
            matches!(err, DomainError::InvalidArgument { ref field, .. } if field == "therapistIds")
        );
    }
    assert_eq!(
        svc.get(&ann).await.unwrap().len(),
        2,
        "a refused PUT changes nothing"
    );
    let too_many: Vec<String> = (0..=FavoriteService::MAX)
        .map(|i| format!("t-{i}"))
        .collect();
    assert!(svc.replace(&ann, too_many).await.is_err());
    svc.replace(&ann, vec![]).await.unwrap();
    assert!(svc.get(&ann).await.unwrap().is_empty());
}

#[tokio::test]
async fn the_finder_puts_favourites_first_and_leaves_out_the_booked_and_resting() {
    let s = crate::testing::setup();
    let svc = favorites(&s);
    let ann = UserId::parse("ann").unwrap();
    svc.replace(&ann, vec!["t-mai".into()]).await.unwrap();
    let page = PageRequest::new(0, None).unwrap();
    let all = svc
        .find(Some(&ann), &TherapistQuery::default(), None, &page)
        .await
        .unwrap();
    let ids: Vec<&str> = all.items.iter().map(|f| f.therapist.id.as_str()).collect();
    assert_eq!(
        ids,
        ["t-mai", "t-lan"],
        "favourite first; the retired never"
    );
    assert!(all.items[0].favorite && !all.items[1].favorite);
    let anonymous = svc
        .find(None, &TherapistQuery::default(), None, &page)
        .await
        .unwrap();
    assert_eq!(anonymous.items[0].therapist.id, "t-lan");

    // Bob books t-lan on Monday evening: she drops out of that slot only.
    let bob = UserId::parse("bob").unwrap();
    let booked = s
        .svc
        .create(
            &bob,
            Category::DragonMassage,
            &crate::catalog::PlanId::parse("massage-90").unwrap(),
            NewOrder {
                language: Default::default(),
                details: crate::testing::massage_at(
                    TherapistChoice::Specific("t-lan".into()),
                    "2026-11-23T20:00",
                ),
                contact: None,
                note: String::new(),
            },
            None,
        )
        .await
        .unwrap();
    let monday = TherapistQuery {
        slot: Some(slot("2026-11-23T21:00")),
        ..TherapistQuery::default()
    };
    let free = svc.find(None, &monday, None, &page).await.unwrap();
    assert_eq!(free.items.len(), 1);
    assert_eq!(free.items[0].therapist.id, "t-mai");
    // Bob changing his own order still sees her; his order means nothing to anyone else.
    let own = svc
        .find(Some(&bob), &monday, Some(&booked.id), &page)
        .await
        .unwrap();
    assert_eq!(own.items.len(), 2);
    let others = svc
        .find(Some(&ann), &monday, Some(&booked.id), &page)
        .await
        .unwrap();
    assert_eq!(others.items.len(), 1);
    let tuesday = TherapistQuery {
        slot: Some(slot("2026-11-24T21:00")),
        ..TherapistQuery::default()
    };
    assert_eq!(
        svc.find(None, &tuesday, None, &page)
            .await
            .unwrap()
            .items
            .len(),
        2
    );
    let sunday = TherapistQuery {
        slot: Some(slot("2026-11-29T21:00")),
        gender: Some(Gender::Female),
        ..TherapistQuery::default()
    };
    assert!(
        svc.find(None, &sunday, None, &page)
            .await
            .unwrap()
            .items
            .is_empty()
    );
}

#[tokio::test]
async fn the_finder_pages_through_its_list() {
    let s = crate::testing::setup();
    let svc = favorites(&s);
    let first = svc
        .find(
            None,
            &TherapistQuery::default(),
            None,
            &PageRequest::new(1, None).unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(first.items.len(), 1);
    let token = first.next_token.clone();
    assert_eq!(token.as_deref(), Some("1"));
    let second = svc
        .find(
            None,
            &TherapistQuery::default(),
            None,
            &PageRequest::new(1, token).unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(second.items.len(), 1);
    assert_eq!(second.next_token, None);
    assert_ne!(first.items[0].therapist.id, second.items[0].therapist.id);
    let bad = PageRequest::new(1, Some("x".into())).unwrap();
    assert!(
        svc.find(None, &TherapistQuery::default(), None, &bad)
            .await
            .is_err()
    );
}
