//! Massage in the stores: a therapist's hold is one per quarter hour, so an overlapping booking is
//! refused by the database itself; holds and image links follow the order; favourites keep their
//! order; an image an order carries is not deleted.

use adapters::{
    SqlCatalogRepository, SqlFavoriteStore, SqlImageStore, catalog_file, on_both_databases,
};
use chrono::Duration;
use domain::catalog::{CatalogRepository, Category, FavoriteStore, Slot};
use domain::media::{HotelImage, ImageId, ImageStore};
use domain::ordering::{
    Actor, MassageDetails, Order, OrderStore, ServiceDetails, StoreError, TherapistChoice, holds,
};
use domain::shared::UserId;
use sea_orm::DatabaseConnection;

use super::orders::{now, order, setup};

fn massage_order(
    plan: &domain::catalog::Plan,
    owner: &UserId,
    n: i64,
    who: &str,
    start: &str,
) -> Order {
    let mut o = order(plan, owner, n);
    if let ServiceDetails::Massage(m) = &mut o.details {
        *m = MassageDetails {
            therapist: TherapistChoice::Specific(who.into()),
            start: domain::shared::LocalTime::parse("start", start).unwrap(),
            ..m.clone()
        };
    }
    o
}

async fn therapists(db: &DatabaseConnection) {
    let (_, demo) = catalog_file::parse(catalog_file::DEMO).unwrap();
    SqlCatalogRepository::new(db.clone())
        .import(&[], &demo, None)
        .await
        .unwrap();
}

on_both_databases!(
    a_therapist_is_held_once_per_slot,
    |db: DatabaseConnection| async move {
        let (store, plans, owner) = setup(&db).await;
        therapists(&db).await;
        let plan = plans
            .iter()
            .find(|p| p.category == Category::DragonMassage)
            .unwrap();
        let first = massage_order(plan, &owner, 1, "t-lan", "2026-11-24T20:00");
        store
            .insert(&first, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        let slot = |start: &str| {
            holds::slots(
                Slot::new(domain::shared::LocalTime::parse("s", start).unwrap(), 60).unwrap(),
            )
        };
        assert_eq!(
            store
                .busy_therapists(&slot("2026-11-24T21:00"), None)
                .await
                .unwrap(),
            ["t-lan"]
        );
        assert!(
            store
                .busy_therapists(&slot("2026-11-24T21:00"), Some(&first.id))
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            store
                .busy_therapists(&slot("2026-11-24T22:00"), None)
                .await
                .unwrap()
                .is_empty()
        );

        // An overlapping booking of the same therapist is refused, and leaves nothing behind.
        let clash = massage_order(plan, &owner, 2, "t-lan", "2026-11-24T21:45");
        assert_eq!(
            store.insert(&clash, None, adapters::testing::NO_CAP).await,
            Err(StoreError::SlotTaken)
        );
        assert_eq!(store.get(&clash.id).await.unwrap(), None);
        store
            .insert(
                &massage_order(plan, &owner, 3, "t-mai", "2026-11-24T21:45"),
                None,
                adapters::testing::NO_CAP,
            )
            .await
            .unwrap();
        // Moving the first order onto the other's time clashes on save too.
        let mut moved = massage_order(plan, &owner, 1, "t-mai", "2026-11-24T21:00");
        moved.id = first.id.clone();
        assert_eq!(store.save(&moved).await, Err(StoreError::SlotTaken));
        assert_eq!(
            store.get(&first.id).await.unwrap().unwrap().details,
            first.details
        );

        // Cancelled, the therapist is free again.
        let mut cancelled = store.get(&first.id).await.unwrap().unwrap();
        cancelled
            .cancel(Actor::Customer(owner.clone()), "", now())
            .unwrap();
        store.save(&cancelled).await.unwrap();
        assert_eq!(
            store
                .busy_therapists(&slot("2026-11-24T21:00"), None)
                .await
                .unwrap(),
            ["t-mai"],
            "only the other order's therapist"
        );
        store
            .insert(&clash, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
    }
);

on_both_databases!(
    images_ride_on_orders_and_favourites_keep_their_order,
    |db: DatabaseConnection| async move {
        let (store, plans, owner) = setup(&db).await;
        therapists(&db).await;
        let images = SqlImageStore::new(db.clone());
        let image = |id: &str, age_days: i64| HotelImage {
            id: ImageId::parse(id).unwrap(),
            owner: owner.clone(),
            width: 640,
            height: 480,
            bytes: 51_234,
            created_at: now() - Duration::days(age_days),
        };
        images
            .insert(&[image("img-a", 3), image("img-b", 3), image("img-c", 0)])
            .await
            .unwrap();
        assert_eq!(
            images.get(&ImageId::parse("img-a").unwrap()).await.unwrap(),
            Some(image("img-a", 3))
        );

        let plan = plans
            .iter()
            .find(|p| p.category == Category::DragonMassage)
            .unwrap();
        let mut o = massage_order(plan, &owner, 1, "t-lan", "2026-11-24T20:00");
        if let ServiceDetails::Massage(m) = &mut o.details {
            m.hotel_images = vec![ImageId::parse("img-a").unwrap()];
        }
        store
            .insert(&o, None, adapters::testing::NO_CAP)
            .await
            .unwrap();
        assert_eq!(
            store.get(&o.id).await.unwrap().unwrap().details,
            o.details,
            "round trip"
        );
        let old = now() - Duration::days(1);
        assert_eq!(
            images.unattached(old, 10).await.unwrap(),
            [ImageId::parse("img-b").unwrap()]
        );
        assert!(
            !images
                .delete_unattached(&ImageId::parse("img-a").unwrap())
                .await
                .unwrap()
        );
        assert!(
            images
                .delete_unattached(&ImageId::parse("img-b").unwrap())
                .await
                .unwrap()
        );
        assert!(
            !images
                .delete_unattached(&ImageId::parse("img-b").unwrap())
                .await
                .unwrap()
        );
        // Taken off the order, the image is free to go.
        if let ServiceDetails::Massage(m) = &mut o.details {
            m.hotel_images.clear();
        }
        store.save(&o).await.unwrap();
        assert!(
            images
                .delete_unattached(&ImageId::parse("img-a").unwrap())
                .await
                .unwrap()
        );

        let favorites = SqlFavoriteStore::new(db.clone());
        favorites
            .replace(&owner, &["t-mai".into(), "t-lan".into(), "t-duc".into()])
            .await
            .unwrap();
        assert_eq!(
            favorites.get(&owner).await.unwrap(),
            ["t-mai", "t-lan", "t-duc"]
        );
        favorites.replace(&owner, &["t-duc".into()]).await.unwrap();
        assert_eq!(favorites.get(&owner).await.unwrap(), ["t-duc"]);
        favorites.replace(&owner, &[]).await.unwrap();
        assert!(favorites.get(&owner).await.unwrap().is_empty());
    }
);
