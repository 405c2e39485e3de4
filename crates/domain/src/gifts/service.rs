//! Admins issue batches of codes and export them; a customer redeems a code into the wallet, the
//! code's row and the ledger entry (a lot of its own when the credit expires) in one unit.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::model::{Batch, Credit, GiftCode, GiftCodeId, issue};
use super::ports::{BatchSummary, GiftStore, RedeemError, Redemption};
use crate::audit::{Auditor, Staff};
use crate::error::{DomainError, DomainResult, msg};
use crate::identity::{Limit, RateLimiter, Take};
use crate::ordering::{IdempotencyKey, OrderStore};
use crate::payment::{LedgerEntry, PaymentService};
use crate::shared::{Clock, Money, Randomness, UserId};

#[derive(Clone)]
pub struct GiftService {
    store: Arc<dyn GiftStore>,
    payments: PaymentService,
    /// Begins the unit a redemption is written in.
    orders: Arc<dyn OrderStore>,
    clock: Arc<dyn Clock>,
    random: Arc<dyn Randomness>,
    audit: Auditor,
    /// Counts a customer's redeems that fail, so codes cannot be tried by the thousand.
    limiter: Arc<dyn RateLimiter>,
}

/// Redeems that may fail in an hour, per customer (a typo or two, never a search).
pub const FAILED_REDEEMS_PER_HOUR: u32 = 10;

/// A code redeemed: what it gave, and the balance after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redeemed {
    pub code: GiftCodeId,
    pub credit: Credit,
    pub balance: Money,
}

impl GiftService {
    pub fn new(
        store: Arc<dyn GiftStore>,
        payments: PaymentService,
        orders: Arc<dyn OrderStore>,
        clock: Arc<dyn Clock>,
        random: Arc<dyn Randomness>,
        limiter: Arc<dyn RateLimiter>,
    ) -> Self {
        Self {
            store,
            payments,
            orders,
            audit: Auditor::new(clock.clone(), random.clone()),
            clock,
            random,
            limiter,
        }
    }

    /// Issues a batch of codes (admins), audited; a batch's name is its own.
    pub async fn issue(&self, by: &Staff, batch: &Batch) -> DomainResult<Vec<GiftCode>> {
        by.require_admin()?;
        let now = self.clock.now();
        batch.validate(now)?;
        let name = batch.name.trim();
        if !self.store.batch(name).await?.is_empty() {
            return Err(DomainError::Conflict(
                msg("gift.batch_exists").with("name", name),
            ));
        }
        let codes = issue(batch, &*self.random);
        let audit = self.audit.entry(
            by,
            "gift.issue",
            format!("gift-batch:{name}"),
            String::new(),
            format!(
                "count={} amount={} redeem_by={} credit_days={:?}",
                batch.count,
                batch.amount.amount(),
                batch.redeem_by.to_rfc3339(),
                batch.credit_days
            ),
            "",
        );
        self.store.issue(&codes, &audit, now).await?;
        Ok(codes)
    }

    /// Every batch with how many of its codes were redeemed (admins).
    pub async fn batches(&self, by: &Staff) -> DomainResult<Vec<BatchSummary>> {
        by.require_admin()?;
        self.store.batches().await
    }

    /// A batch's codes, for its CSV (admins).
    pub async fn batch(&self, by: &Staff, name: &str) -> DomainResult<Vec<GiftCode>> {
        by.require_admin()?;
        let codes = self.store.batch(name.trim()).await?;
        if codes.is_empty() {
            return Err(DomainError::not_found(format!("gift batch {name}")));
        }
        Ok(codes)
    }

    /// Redeems `raw` (as typed from the card) into the customer's wallet. The same key again
    /// answers as the first time and credits nothing; a code redeemed, unknown or past its time
    /// is refused in words.
    #[tracing::instrument(skip_all)]
    pub async fn redeem(
        &self,
        customer: &UserId,
        raw: &str,
        key: &IdempotencyKey,
    ) -> DomainResult<Redeemed> {
        let code = GiftCodeId::parse(raw)?;
        let now = self.clock.now();
        // Every try is counted first; one that redeems is given back, so only failures add up.
        let tries = format!("gift-redeem:{}", customer.as_str());
        let hour = Limit {
            max: FAILED_REDEEMS_PER_HOUR,
            window: chrono::Duration::hours(1),
        };
        if let Take::Full(window) = self.limiter.take(&tries, hour, now).await? {
            let wait = (window.resets_at - now).num_seconds().max(1);
            return Err(DomainError::Throttled {
                message: msg("gift.throttled").with("minutes", (wait + 59) / 60),
                retry_after_secs: u64::try_from(wait).unwrap_or(1),
            });
        }
        let redeemed = self.redeem_counted(customer, &code, key, now).await;
        if redeemed.is_ok() {
            self.limiter.give_back(&tries).await?;
        }
        redeemed
    }

    async fn redeem_counted(
        &self,
        customer: &UserId,
        code: &GiftCodeId,
        key: &IdempotencyKey,
        now: chrono::DateTime<chrono::Utc>,
    ) -> DomainResult<Redeemed> {
        let code = code.clone();
        let mut unit = self.orders.begin().await?;
        let redemption = self
            .store
            .redeem(&mut unit, &code, customer, key, now)
            .await
            .map_err(|e| refusal(e, &code))?;
        let gift = match redemption {
            Redemption::First(gift) => {
                let credit = credited(&gift)?;
                self.payments
                    .post_in(&mut unit, &grant_entry(customer, &gift, credit, now))
                    .await?;
                unit.commit().await?;
                gift
            }
            // Nothing to write: the first request did. The unit ends here, not held while the
            // balance is read.
            Redemption::Replay(gift) => {
                drop(unit);
                gift
            }
        };
        Ok(Redeemed {
            credit: credited(&gift)?,
            code,
            balance: self.payments.balance(customer).await?,
        })
    }
}

fn credited(gift: &GiftCode) -> DomainResult<Credit> {
    gift.credit()
        .ok_or_else(|| DomainError::Unavailable(format!("gift code {} unread", gift.code.as_str())))
}

fn grant_entry(
    customer: &UserId,
    gift: &GiftCode,
    credit: Credit,
    now: DateTime<Utc>,
) -> LedgerEntry {
    LedgerEntry::grant(
        customer,
        gift.code.as_str(),
        credit.amount,
        msg("ledger.gift").with("code", gift.code.grouped()),
        now,
        credit.expires_at,
    )
}

fn refusal(e: RedeemError, code: &GiftCodeId) -> DomainError {
    match e {
        RedeemError::Unknown => {
            DomainError::FailedPrecondition(msg("gift.unknown").with("code", code.grouped()))
        }
        RedeemError::Refused(words) => DomainError::FailedPrecondition(words),
        RedeemError::Other(e) => e,
    }
}
