//! A taken job worked: its steps, the schedule, the thread.

use super::*;

#[tokio::test]
async fn completing_the_job_completes_the_order_even_before_its_booked_time() {
    let w = world();
    let taken = taken_by(&w, "a").await;
    let a = partner(&w, "a").await;
    // An early flight: met and served 80 minutes before the booked time, and done at once.
    *w.clock.0.lock().unwrap() = taken.job.starts_at() - Duration::minutes(80);
    for to in [JobStatus::OnTheWay, JobStatus::Arrived] {
        w.svc.advance(&a, &order_id(), to).await.unwrap();
    }
    w.svc
        .advance(&a, &order_id(), JobStatus::Started)
        .await
        .unwrap();
    let other = w
        .svc
        .advance(&partner(&w, "b").await, &order_id(), JobStatus::Completed)
        .await
        .unwrap_err();
    assert_eq!(code(other), "not_found");
    let done = w
        .svc
        .advance(&a, &order_id(), JobStatus::Completed)
        .await
        .unwrap();
    assert_eq!(
        (done.job.status, done.order.state),
        (JobStatus::Completed, OrderState::Completed)
    );
    let stored = w.orders.get(&order_id()).await.unwrap().unwrap();
    assert_eq!(stored.state, OrderState::Completed);
}

#[tokio::test]
async fn a_job_begun_before_midnight_stays_on_the_schedule_of_the_day_it_is_worked() {
    let w = world();
    // 23:00 Vietnam time on the 25th, taken by a.
    w.orders.put(paid_at(draft_order(), "BK261122-y", 13));
    let late = crate::ordering::OrderId::parse("BK261122-y").unwrap();
    w.svc
        .offer(&ops(), &late, Offering::One(id("a")))
        .await
        .unwrap();
    let a = partner(&w, "a").await;
    let taken = w.svc.accept(&a, &late).await.unwrap();
    let start = taken.job.starts_at();
    *w.clock.0.lock().unwrap() = start - Duration::minutes(30);
    for to in [JobStatus::OnTheWay, JobStatus::Arrived, JobStatus::Started] {
        w.svc.advance(&a, &late, to).await.unwrap();
    }
    let schedule = |w: &World| {
        let a = a.clone();
        let svc = w.svc.clone();
        async move {
            let jobs = svc.schedule(&a, 2).await.unwrap();
            jobs.iter()
                .map(|j| j.job.order_id.as_str().to_owned())
                .collect::<Vec<_>>()
        }
    };
    // 00:30 on the 26th: a new day, and the job goes on; finished at 01:00, it stays today's.
    *w.clock.0.lock().unwrap() = start + Duration::minutes(90);
    assert_eq!(schedule(&w).await, ["BK261122-y"]);
    *w.clock.0.lock().unwrap() = start + Duration::minutes(120);
    w.svc
        .advance(&a, &late, JobStatus::Completed)
        .await
        .unwrap();
    assert_eq!(schedule(&w).await, ["BK261122-y"]);
    // The next day (the 27th), it is yesterday's.
    *w.clock.0.lock().unwrap() = start + Duration::hours(26);
    assert!(schedule(&w).await.is_empty());
}

#[tokio::test]
async fn the_traveller_and_the_partner_talk_while_the_job_lasts_and_staff_read() {
    use crate::shared::Language;
    let w = world();
    let owner = w.orders.get(&order_id()).await.unwrap().unwrap().owner;
    let traveller = Talker::Traveller(&owner);
    // Nobody has the job yet: nothing to read, nowhere to write.
    let before = w.svc.talk(traveller, &order_id()).await.unwrap();
    assert!(!before.open && before.messages.is_empty());
    let said = w
        .svc
        .say(traveller, &order_id(), Said::Phrase("landed".into()), "k1")
        .await
        .unwrap_err();
    assert_eq!(code(said), "talk.closed");

    let taken = taken_by(&w, "a").await;
    let a = partner(&w, "a").await;
    let hi = w
        .svc
        .say(
            Talker::Partner(&a),
            &order_id(),
            Said::Phrase("at_arrivals".into()),
            "k2",
        )
        .await
        .unwrap();
    assert_eq!((hi.seq, hi.side), (1, Side::Partner));
    // Each side has its own book.
    let theirs = w
        .svc
        .say(
            Talker::Partner(&a),
            &order_id(),
            Said::Phrase("landed".into()),
            "k3",
        )
        .await
        .unwrap_err();
    assert_eq!(code(theirs), "talk.phrase_unknown");
    let words = Said::text("  我穿藍色外套  ", Language::ZhTw).unwrap();
    let back = w
        .svc
        .say(traveller, &order_id(), words.clone(), "k4")
        .await
        .unwrap();
    assert_eq!(back.seq, 2);
    assert_eq!(
        w.store.last_told(),
        [id("a")],
        "the partner's phone hears of it"
    );
    // Sent again (a retry), it is written once.
    let again = w
        .svc
        .say(traveller, &order_id(), words, "k4")
        .await
        .unwrap();
    assert_eq!(again.seq, 2);
    let no_key = w
        .svc
        .say(traveller, &order_id(), Said::Phrase("thanks".into()), " ")
        .await
        .unwrap_err();
    assert_eq!(code(no_key), "talk.key_required");
    assert_eq!(
        back.said,
        Said::Text {
            body: "我穿藍色外套".into(),
            language: Language::ZhTw
        }
    );
    assert!(Said::text(" ", Language::Vi).is_err());

    // Nobody else reads it; staff read and do not write.
    let stranger = id("someone-else");
    let refused = w
        .svc
        .talk(Talker::Traveller(&stranger), &order_id())
        .await
        .unwrap_err();
    assert!(matches!(refused, DomainError::NotFound { .. }));
    let b = partner(&w, "b").await;
    let refused = w.svc.talk(Talker::Partner(&b), &order_id()).await;
    assert!(matches!(refused, Err(DomainError::NotFound { .. })));
    let staff = ops();
    let read = w
        .svc
        .talk(Talker::Staff(&staff), &order_id())
        .await
        .unwrap();
    assert_eq!(
        (read.messages.len(), read.open, read.side),
        (2, false, None)
    );
    let written = w
        .svc
        .say(
            Talker::Staff(&staff),
            &order_id(),
            Said::Phrase("thanks".into()),
            "k5",
        )
        .await
        .unwrap_err();
    assert_eq!(code(written), "talk.staff_read_only");

    // Completed: open for a day more, then closed, still readable.
    *w.clock.0.lock().unwrap() = taken.job.starts_at();
    for to in [
        JobStatus::OnTheWay,
        JobStatus::Arrived,
        JobStatus::Started,
        JobStatus::Completed,
    ] {
        w.svc.advance(&a, &order_id(), to).await.unwrap();
    }
    let day = Duration::hours(TALK_AFTER_HOURS);
    *w.clock.0.lock().unwrap() = taken.job.starts_at() + day - Duration::minutes(1);
    w.svc
        .say(traveller, &order_id(), Said::Phrase("thanks".into()), "k6")
        .await
        .unwrap();
    *w.clock.0.lock().unwrap() = taken.job.starts_at() + day;
    let late = w
        .svc
        .say(traveller, &order_id(), Said::Phrase("thanks".into()), "k7")
        .await
        .unwrap_err();
    assert_eq!(code(late), "talk.closed");
    let kept = w.svc.talk(traveller, &order_id()).await.unwrap();
    assert_eq!((kept.messages.len(), kept.open), (3, false));
}
