//! The order service; what operators do to orders is in `staff`.

mod staff;

use std::sync::Arc;

use chrono::{DateTime, Duration, Timelike, Utc};
use sha2::{Digest, Sha256};

use super::details::{Contact, Direction, ServiceDetails, TherapistChoice};
use super::holds;
use super::life::{Actor, OrderState};
use super::model::{NOT_SOLD, Order, OrderId, Revision, price};
use super::ports::{
    IdempotencyKey, KeyClaim, OrderFilter, OrderStore, StoreError, UnpaidCap, UnpaidClaims,
};
use crate::catalog::{CatalogService, Category, FavoriteStore, Plan, PlanId, Slot};
use crate::error::{DomainError, DomainResult, Message, msg};
use crate::flights::{FlightStatus, KNOWN_AHEAD_HOURS};
use crate::media::MediaService;
use crate::pricing::Estimate;
use crate::shared::{Clock, Language, LocalTime, Page, PageRequest, Randomness, Unit, UserId};

const THERAPIST_TAKEN: Message = msg("order.therapist_taken");

/// What booking these details would cost, and until when cancelling them would be free: step1
/// shows both before any order exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeeQuote {
    pub estimate: Estimate,
    pub free_until: DateTime<Utc>,
}

/// How long orders wait for payment and keys are remembered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderPolicy {
    pub payment_window: Duration,
    /// An unpaid massage order holds its therapists: for a shorter time than other orders wait.
    pub massage_payment_window: Duration,
    pub key_lifetime: Duration,
    pub unpaid: UnpaidCap,
    /// Until when a paid order may be changed.
    pub change: crate::catalog::ChangePolicy,
}

/// A paid order as it was and with a change in place (not saved), what the change did to its
/// price (`None`: nothing changed), and until when it could be changed.
#[derive(Debug, Clone)]
pub struct Amended {
    pub before: Order,
    pub after: Order,
    pub change: Option<super::PriceChange>,
    pub until: chrono::DateTime<chrono::Utc>,
}

impl Default for OrderPolicy {
    fn default() -> Self {
        Self {
            payment_window: Duration::minutes(60),
            massage_payment_window: Duration::minutes(20),
            key_lifetime: Duration::hours(24),
            unpaid: UnpaidCap::default(),
            change: crate::catalog::ChangePolicy::default(),
        }
    }
}

impl OrderPolicy {
    /// How long a new order of `category` waits for its payment.
    pub fn payment_window_of(&self, category: Category) -> Duration {
        match category {
            Category::DragonMassage => self.massage_payment_window.min(self.payment_window),
            _ => self.payment_window,
        }
    }
}

/// Step1's request: what is booked, and (when the customer has it at hand) who to call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrder {
    /// The language it is booked in: the plan's name is kept in it, as the customer read it.
    pub language: Language,
    pub details: ServiceDetails,
    pub contact: Option<Contact>,
    pub note: String,
}

/// The order flow. Only an order's owner sees or changes it: anyone else is told it
/// does not exist.
#[derive(Clone)]
pub struct OrderService {
    catalog: CatalogService,
    store: Arc<dyn OrderStore>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    policy: OrderPolicy,
    massage: MassagePorts,
    claims: Arc<dyn UnpaidClaims>,
    /// Where an airport pick-up's flight is checked at booking, when the site follows flights.
    flights: Option<Arc<dyn FlightStatus>>,
}

/// What the massage flow checks beyond the catalogue: the customer's favourites and images.
#[derive(Clone)]
pub struct MassagePorts {
    pub favorites: Arc<dyn FavoriteStore>,
    pub media: MediaService,
}
impl OrderService {
    pub fn new(
        catalog: CatalogService,
        store: Arc<dyn OrderStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
        policy: OrderPolicy,
        massage: MassagePorts,
        claims: Arc<dyn UnpaidClaims>,
    ) -> Self {
        Self {
            catalog,
            store,
            clock,
            random,
            policy,
            massage,
            claims,
            flights: None,
        }
    }

    /// Checks an airport pick-up's flight with `flights` when it is booked.
    pub fn with_flights(mut self, flights: Arc<dyn FlightStatus>) -> Self {
        self.flights = Some(flights);
        self
    }

    /// A breakdown for details without creating anything; anyone may ask.
    #[tracing::instrument(skip_all, fields(plan = plan_id.as_str()))]
    pub async fn estimate(
        &self,
        category: Category,
        plan_id: &PlanId,
        details: ServiceDetails,
    ) -> DomainResult<FeeQuote> {
        let plan = self.catalog.get_plan_in(category, plan_id).await?;
        if !plan.active {
            return Err(DomainError::FailedPrecondition(NOT_SOLD));
        }
        let details = self.checked(&plan, details, None).await?;
        let free_until = plan.cancellation.free_until(details.start());
        Ok(FeeQuote {
            estimate: price(&plan, details, self.clock.now())?.1,
            free_until,
        })
    }

    /// Creates a draft (or, with a contact, an order awaiting payment). With a key, a retry of
    /// the same request returns the first order; the same key for another request is refused.
    #[tracing::instrument(skip_all, fields(plan = plan_id.as_str()))]
    pub async fn create(
        &self,
        owner: &UserId,
        category: Category,
        plan_id: &PlanId,
        new: NewOrder,
        key: Option<IdempotencyKey>,
    ) -> DomainResult<Order> {
        let fingerprint = fingerprint(category, plan_id, &new);
        if let Some(key) = &key
            && let Some(claim) = self.store.claim(owner, key).await?
        {
            return self.replay(owner, &claim, &fingerprint).await;
        }
        let answer = async {
            let plan = self
                .catalog
                .get_plan_in(category, plan_id)
                .await?
                .in_language(new.language);
            let details = self
                .checked(&plan, new.details, Some((owner, None)))
                .await?;
            let now = self.clock.now();
            let order = Order::create(
                self.new_id(now),
                owner.clone(),
                &plan,
                details,
                new.contact,
                new.note,
                now,
                self.policy.payment_window_of(category),
            )?;
            let claim = key.clone().map(|key| KeyClaim {
                owner: owner.clone(),
                key,
                fingerprint: fingerprint.clone(),
                order_id: order.id.clone(),
                created_at: now,
            });
            self.store
                .insert(&order, claim.as_ref(), self.policy.unpaid)
                .await
                .map_err(|e| match e {
                    StoreError::TooManyUnpaid => self.too_many_unpaid(category),
                    e => store_error(e),
                })?;
            Ok(order)
        }
        .await;
        // A request that failed while another with its key succeeded (a concurrent duplicate)
        // answers as that one did.
        match (answer, &key) {
            (Err(e), Some(key)) => match self.store.claim(owner, key).await? {
                Some(first) => self.replay(owner, &first, &fingerprint).await,
                None => Err(e),
            },
            (answer, _) => answer,
        }
    }

    /// The cap's refusal, in the customer's words, with the number that applies.
    fn too_many_unpaid(&self, category: Category) -> DomainError {
        let cap = self.policy.unpaid;
        DomainError::FailedPrecondition(if category == Category::DragonMassage {
            msg("order.unpaid_massage_max").with("count", cap.massage)
        } else {
            msg("order.unpaid_max").with("count", cap.orders)
        })
    }

    /// Step2 and later edits. A REST path names the order's category (`within`); an order does
    /// not exist under another one. New details must be of the order's own category.
    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn update(
        &self,
        owner: &UserId,
        within: Option<Category>,
        id: &OrderId,
        mut revision: Revision,
    ) -> DomainResult<Order> {
        let mut order = self.get(owner, id).await?;
        if within.is_some_and(|c| c != order.category) {
            return Err(DomainError::not_found("order"));
        }
        let plan = self.catalog.get_plan(&order.plan_id).await?;
        if let Some(details) = revision.details.take() {
            revision.details = Some(
                self.checked(&plan, details, Some((owner, Some(id))))
                    .await?,
            );
        }
        let now = self.clock.now();
        let had_code = order.estimate.promo().is_some();
        order.revise(&plan, revision, Actor::Customer(owner.clone()), now)?;
        self.save_releasing(had_code, &mut order).await?;
        Ok(order)
    }

    /// The customer's paid order with `details` in place, checked as a new order's would be (a
    /// massage's therapist free but for this order) and priced, with what the price did; not
    /// saved: a change moves money, which the payment service writes with it.
    pub async fn amended(
        &self,
        owner: &UserId,
        id: &OrderId,
        details: ServiceDetails,
    ) -> DomainResult<Amended> {
        let before = self.get(owner, id).await?;
        let plan = self.catalog.get_plan(&before.plan_id).await?;
        let details = self
            .checked(&plan, details, Some((owner, Some(id))))
            .await?;
        let actor = Actor::Customer(owner.clone());
        let mut after = before.clone();
        let change = after.amend(&plan, details, &self.policy.change, actor, self.clock.now())?;
        Ok(Amended {
            until: before.change_open_until(&self.policy.change),
            before,
            after,
            change,
        })
    }

    /// Until when the customer's order may still be changed.
    pub fn change_open_until(&self, order: &Order) -> chrono::DateTime<chrono::Utc> {
        order.change_open_until(&self.policy.change)
    }

    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn get(&self, owner: &UserId, id: &OrderId) -> DomainResult<Order> {
        match self.store.get(id).await? {
            Some(order) if &order.owner == owner => Ok(order),
            _ => Err(DomainError::not_found("order")),
        }
    }

    #[tracing::instrument(skip_all)]
    pub async fn list(
        &self,
        owner: &UserId,
        filter: &OrderFilter,
        page: &PageRequest,
    ) -> DomainResult<Page<Order>> {
        self.store.list(Some(owner), filter, page).await
    }

    /// The owner's orders still to come, soonest first (the member home's next order).
    pub async fn upcoming(
        &self,
        owner: &UserId,
        category: Option<Category>,
        page: &PageRequest,
    ) -> DomainResult<Page<Order>> {
        let filter = OrderFilter::upcoming(category, self.clock.now());
        self.store.list(Some(owner), &filter, page).await
    }

    #[tracing::instrument(skip_all, fields(order = id.as_str()))]
    pub async fn cancel(&self, owner: &UserId, id: &OrderId, reason: &str) -> DomainResult<Order> {
        let reason = &super::details::reason(reason)?;
        // Idempotent: an order a parallel request moved first is cancelled again as it now stands.
        let mut attempts = 0;
        loop {
            attempts += 1;
            let mut order = self.get(owner, id).await?;
            let before = order.state;
            order.cancel(Actor::Customer(owner.clone()), reason, self.clock.now())?;
            if order.state == before {
                return Ok(order);
            }
            match self
                .save_releasing(order.estimate.promo().is_some(), &mut order)
                .await
            {
                Ok(()) => return Ok(order),
                Err(DomainError::Conflict(_)) if attempts < 3 => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The background job: lapses unpaid orders past their window, at most `limit` a call.
    /// Returns how many lapsed. An order paid meanwhile is left alone (its save is stale or its
    /// state no longer unpaid).
    #[tracing::instrument(skip_all)]
    pub async fn expire_due(&self, limit: u32) -> DomainResult<usize> {
        let now = self.clock.now();
        let mut expired = 0;
        for id in self.store.due_for_expiry(now, limit).await? {
            let Some(mut order) = self.store.get(&id).await? else {
                continue;
            };
            if order.expire(now).is_err() {
                continue;
            }
            match self
                .save_releasing(order.estimate.promo().is_some(), &mut order)
                .await
            {
                Ok(()) => expired += 1,
                Err(DomainError::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
        self.store
            .purge_keys(now - self.policy.key_lifetime)
            .await?;
        Ok(expired)
    }

    async fn replay(
        &self,
        owner: &UserId,
        claim: &KeyClaim,
        fingerprint: &str,
    ) -> DomainResult<Order> {
        if claim.fingerprint != fingerprint {
            return Err(DomainError::KeyReused);
        }
        self.get(owner, &claim.order_id).await
    }

    /// Rules beyond the plan, for massage: a named therapist exists, works then and (for an
    /// order) is free, the store's hold settling races; "a favourite" needs favourites; images
    /// are the customer's own. `who` is the customer and the order being changed; estimates
    /// have neither.
    /// An airport pick-up's flight, as its provider knows it: a flight it does not know, landing
    /// at the plan's airport near the time given, is refused in words, while the provider can
    /// know it (`flights::KNOWN_AHEAD_HOURS`). A provider that cannot answer does not stop the
    /// booking.
    async fn check_flight(&self, plan: &Plan, details: &ServiceDetails) -> DomainResult<()> {
        let (Some(flights), ServiceDetails::Shuttle(s), Some(airport)) =
            (&self.flights, details, plan.airport.as_deref())
        else {
            return Ok(());
        };
        let landing = s.start.instant();
        if s.direction != Direction::PickUp
            || landing - self.clock.now() > Duration::hours(KNOWN_AHEAD_HOURS)
        {
            return Ok(());
        }
        match flights.arrival(&s.flight_number, airport, landing).await {
            Ok(Some(_)) | Err(DomainError::Unavailable(_)) => Ok(()),
            Ok(None) => Err(DomainError::invalid(
                "details.flight_number",
                msg("shuttle.flight_unknown")
                    .with("flight", &s.flight_number)
                    .with("airport", airport),
            )),
            Err(e) => Err(e),
        }
    }

    async fn checked(
        &self,
        plan: &Plan,
        details: ServiceDetails,
        who: Option<(&UserId, Option<&OrderId>)>,
    ) -> DomainResult<ServiceDetails> {
        let details = details.checked(plan)?;
        if who.is_some() {
            self.check_flight(plan, &details).await?;
        }
        let ServiceDetails::Massage(m) = &details else {
            return Ok(details);
        };
        // The plan's own rules (lengths it sells, booking window) are reported first.
        price(plan, details.clone(), self.clock.now())?;
        let field = "details.therapist_id";
        match &m.therapist {
            TherapistChoice::Specific(id) => {
                let therapists = self.catalog.list_therapists().await?;
                let Some(t) = therapists.iter().find(|t| &t.id == id && t.active) else {
                    return Err(DomainError::invalid(field, msg("order.therapist_unknown")));
                };
                if !t.works(m.start, m.duration_minutes) {
                    return Err(DomainError::invalid(field, msg("order.therapist_off")));
                }
                // Bookings count for orders only: an estimate is a price, whoever holds whom.
                if let Some((_, except)) = who {
                    let slots = holds::slots(Slot::new(m.start, m.duration_minutes)?);
                    if self
                        .store
                        .busy_therapists(&slots, except)
                        .await?
                        .contains(id)
                    {
                        return Err(DomainError::invalid(field, THERAPIST_TAKEN));
                    }
                }
            }
            TherapistChoice::Favourite => {
                if let Some((owner, _)) = who
                    && self.massage.favorites.get(owner).await?.is_empty()
                {
                    return Err(DomainError::invalid(
                        "details.therapist",
                        msg("order.no_favourites"),
                    ));
                }
            }
            TherapistChoice::Any => {}
        }
        if let Some((owner, _)) = who {
            self.massage
                .media
                .check_owned(owner, &m.hotel_images)
                .await?;
        }
        Ok(details)
    }

    async fn save(&self, order: &mut Order) -> DomainResult<()> {
        match self.store.save(order).await {
            Ok(()) => {
                order.version += 1;
                Ok(())
            }
            Err(e) => Err(store_error(e)),
        }
    }

    /// Saves an unpaid order; one that carried a code (`had_code`) and no longer does, or has
    /// lapsed or been cancelled, gives the code's use back in the same write.
    async fn save_releasing(&self, had_code: bool, order: &mut Order) -> DomainResult<()> {
        let ended = matches!(order.state, OrderState::Cancelled | OrderState::Expired);
        if !had_code || (order.estimate.promo().is_some() && !ended) {
            return self.save(order).await;
        }
        let mut unit = self.store.begin().await?;
        self.claims
            .release(&mut unit, &order.id, self.clock.now())
            .await?;
        write_in(&*self.store, unit, order).await
    }

    /// `BK` + the Vietnam date + its second + about 53 random bits: readable on the phone,
    /// unguessable in a link.
    fn new_id(&self, now: DateTime<Utc>) -> OrderId {
        let local = LocalTime::of(now).naive();
        let date = local.format("%y%m%d");
        OrderId::generated(
            &format!("BK{date}"),
            local.num_seconds_from_midnight(),
            &self.random.id(),
        )
    }
}

/// Writes `order` last in `unit` and commits all of it; the order's version follows the store's.
pub(crate) async fn write_in(
    store: &dyn OrderStore,
    mut unit: Unit,
    order: &mut Order,
) -> DomainResult<()> {
    store.save_in(&mut unit, order).await.map_err(store_error)?;
    unit.commit().await?;
    order.version += 1;
    Ok(())
}

pub(crate) fn store_error(e: StoreError) -> DomainError {
    match e {
        StoreError::Stale => DomainError::Conflict(msg("order.stale")),
        StoreError::KeyTaken => DomainError::Conflict(msg("request.repeated")),
        StoreError::SlotTaken => DomainError::Conflict(THERAPIST_TAKEN),
        StoreError::TooManyUnpaid => DomainError::FailedPrecondition(msg("order.unpaid_too_many")),
        StoreError::Other(e) => e,
    }
}

/// What makes two create requests "the same": every field the customer sent.
fn fingerprint(category: Category, plan_id: &PlanId, new: &NewOrder) -> String {
    // What was asked, not the language it was asked in; written as the request's debug form was
    // before it had a language, so keys claimed before still match their retries.
    let text = format!(
        "{}|{}|NewOrder {{ details: {:?}, contact: {:?}, note: {:?} }}",
        category.slug(),
        plan_id.as_str(),
        new.details,
        new.contact,
        new.note
    );
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
