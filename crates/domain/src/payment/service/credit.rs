//! Credit that expires: what of it a wallet still holds, its expiry when its time comes, and
//! grants written in another subject's unit (a gift code's redemption).

use super::{PaymentService, settle_error};
use crate::error::DomainResult;
use crate::payment::credit::{CreditLot, expiry_entry};
use crate::payment::ports::{SettleError, Settlement};
use crate::payment::wallet::LedgerEntry;
use crate::shared::{Unit, UserId};

impl PaymentService {
    /// The owner's credit that expires and has not yet: what is left of each grant, soonest to
    /// expire first (the order a spend takes it in).
    pub async fn expiring_credit(&self, owner: &UserId) -> DomainResult<Vec<CreditLot>> {
        let now = self.clock.now();
        let mut lots = self.store.lots(owner).await?;
        lots.retain(|l| l.expires_at > now);
        Ok(lots)
    }

    /// Takes what is left of each grant past its time out of its wallet, by an entry of its own
    /// (at most `limit` a pass). A grant drawn on or expired by another node meanwhile is left
    /// to the next pass, which reads it afresh.
    pub async fn expire_credit(&self, limit: u32) -> DomainResult<usize> {
        let now = self.clock.now();
        let mut expired = 0;
        for lot in self.store.expired_lots(now, limit).await? {
            let settlement = Settlement {
                entries: vec![expiry_entry(&lot, now)],
                ..Settlement::default()
            };
            match self.settle(&settlement, None).await {
                Ok(()) => expired += 1,
                // Another node's pass took it first: the lot's row, or the wallet's when that
                // left nothing to take, refuses this one.
                Err(SettleError::Stale | SettleError::Insufficient) => {}
                Err(e) => return Err(settle_error(e)),
            }
        }
        Ok(expired)
    }

    /// Posts an entry in `unit`, beside the write that causes it (a gift code redeemed, a
    /// referral rewarded, a tip's earning).
    pub async fn post_in(&self, unit: &mut Unit, entry: &LedgerEntry) -> DomainResult<()> {
        self.store
            .post(unit, std::slice::from_ref(entry))
            .await
            .map_err(settle_error)
    }
}
