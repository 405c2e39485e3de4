use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::model::{Account, Email, Password, Profile};
use super::policy::Limit;
use super::tokens::{ActionCode, IdClaims, RefreshToken, TokenHash};
use crate::error::{AuthError, DomainResult};
use crate::shared::{Language, UserId};

/// Password hashing. Slow on purpose, so implementations bound how many hashes run at once and
/// keep them off the threads that serve requests.
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &Password) -> DomainResult<String>;
    /// False for a wrong password and for a hash it cannot read.
    async fn verify(&self, password: &Password, hash: &str) -> DomainResult<bool>;
}

/// Signs ID tokens with the current key and reads tokens signed by any key still in service.
/// It checks the algorithm, the key and the signature; the claims' rules are the domain's.
#[async_trait]
pub trait TokenSigner: Send + Sync {
    async fn sign(&self, claims: &IdClaims, now: DateTime<Utc>) -> DomainResult<String>;
    async fn decode(&self, token: &str, now: DateTime<Utc>) -> Result<IdClaims, AuthError>;
}

/// The state of one throttle key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub count: u32,
    pub resets_at: DateTime<Utc>,
}

/// What asking a throttle for room gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// The event was counted: it may go ahead.
    Counted(Window),
    /// The window was full and nothing was counted.
    Full(Window),
}

/// Fixed-window counters shared by every node (so a throttle holds behind a load balancer).
/// Room is taken before the work it guards, in one atomic statement, so that no burst of
/// parallel requests, on any number of nodes, gets past the limit.
#[async_trait]
pub trait RateLimiter: Send + Sync {
    /// Counts one event if the window has room for it.
    async fn take(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> DomainResult<Take>;
    /// Returns one counted event (the work it guarded turned out not to count, e.g. a sign-in
    /// that succeeded).
    async fn give_back(&self, key: &str) -> DomainResult<()>;
    async fn clear(&self, key: &str) -> DomainResult<()>;
}

/// The mails the product sends: the account's, and the notices of an order's steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    VerifyEmail,
    ResetPassword,
    /// A reset was asked for an address that has no account: said so, so the answer to the
    /// request cannot tell which addresses exist.
    ResetUnknownAccount,
    /// Sent to the old address when an account's e-mail changes.
    EmailChanged,
    /// An admin made a staff account: a link to set its password (a reset code).
    StaffInvitation,
    /// An admin made a partner's account: the same link, in words for the partner app.
    PartnerInvitation,
    /// The receipt: an order was paid.
    OrderPaid,
    /// Operators confirmed an order, with the driver or therapist once assigned.
    OrderConfirmed,
    OrderCancelled,
    /// A paid order was called off and money went back into the wallet.
    OrderRefunded,
    /// Operators hid the customer's review, and say why.
    ReviewHidden,
    /// The traveller's driver, guide or therapist set off to meet them.
    PartnerOnTheWay,
    /// The traveller's driver, guide or therapist is at the meeting point.
    PartnerArrived,
    /// Reminders of a coming service: the traveller's the day before and shortly before, the
    /// partner's the evening before and shortly before, and operators' when nobody has it.
    ReminderTomorrow,
    ReminderSoon,
    PartnerReminderTomorrow,
    PartnerReminderSoon,
    /// The traveller changed a job its partner took: the partner keeps it at its new time.
    PartnerJobChanged,
    /// The traveller changed a job its partner took into another job of theirs: it left them.
    PartnerJobWithdrawn,
    /// A job is offered to the partner: on their phone only, at once (`by_phone_only`).
    PartnerJobOffered,
    /// Operators took a job back from the partner who had it.
    PartnerJobTakenBack,
    OrderUnassigned,
    /// The traveller's flight lands at another time: their pick-up moved to it.
    OrderFlightMoved,
    /// The flight of a pick-up the partner took lands at another time: the job moved to it.
    PartnerFlightMoved,
    /// An identity provider was linked to the account (named in the mail's detail), or an
    /// account was made with one.
    ProviderLinked,
    ProviderUnlinked,
    /// A provider-only account got a password.
    PasswordSet,
    /// An order's e-invoice (or its adjustment) was issued: its number and where to look it up.
    InvoiceIssued,
}

impl MailKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            MailKind::VerifyEmail => "verify_email",
            MailKind::ResetPassword => "reset_password",
            MailKind::ResetUnknownAccount => "reset_unknown_account",
            MailKind::EmailChanged => "email_changed",
            MailKind::StaffInvitation => "staff_invitation",
            MailKind::PartnerInvitation => "partner_invitation",
            MailKind::OrderPaid => "order_paid",
            MailKind::OrderConfirmed => "order_confirmed",
            MailKind::OrderCancelled => "order_cancelled",
            MailKind::OrderRefunded => "order_refunded",
            MailKind::ReviewHidden => "review_hidden",
            MailKind::PartnerOnTheWay => "partner_on_the_way",
            MailKind::PartnerArrived => "partner_arrived",
            MailKind::ReminderTomorrow => "reminder_tomorrow",
            MailKind::ReminderSoon => "reminder_soon",
            MailKind::PartnerReminderTomorrow => "partner_reminder_tomorrow",
            MailKind::PartnerReminderSoon => "partner_reminder_soon",
            MailKind::PartnerJobChanged => "partner_job_changed",
            MailKind::PartnerJobWithdrawn => "partner_job_withdrawn",
            MailKind::PartnerJobOffered => "partner_job_offered",
            MailKind::PartnerJobTakenBack => "partner_job_taken_back",
            MailKind::OrderUnassigned => "order_unassigned",
            MailKind::OrderFlightMoved => "order_flight_moved",
            MailKind::PartnerFlightMoved => "partner_flight_moved",
            MailKind::ProviderLinked => "provider_linked",
            MailKind::ProviderUnlinked => "provider_unlinked",
            MailKind::PasswordSet => "password_set",
            MailKind::InvoiceIssued => "invoice_issued",
        }
    }

    /// A notice worth only its moment: sent to phones, never by mail (an offer's window is
    /// over before a mail is read).
    pub const fn by_phone_only(self) -> bool {
        matches!(self, MailKind::PartnerJobOffered)
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [
            MailKind::VerifyEmail,
            MailKind::ResetPassword,
            MailKind::ResetUnknownAccount,
            MailKind::EmailChanged,
            MailKind::StaffInvitation,
            MailKind::PartnerInvitation,
            MailKind::OrderPaid,
            MailKind::OrderConfirmed,
            MailKind::OrderCancelled,
            MailKind::OrderRefunded,
            MailKind::ReviewHidden,
            MailKind::PartnerOnTheWay,
            MailKind::PartnerArrived,
            MailKind::ReminderTomorrow,
            MailKind::ReminderSoon,
            MailKind::PartnerReminderTomorrow,
            MailKind::PartnerReminderSoon,
            MailKind::PartnerJobChanged,
            MailKind::PartnerJobWithdrawn,
            MailKind::PartnerJobOffered,
            MailKind::PartnerJobTakenBack,
            MailKind::OrderUnassigned,
            MailKind::OrderFlightMoved,
            MailKind::PartnerFlightMoved,
            MailKind::ProviderLinked,
            MailKind::ProviderUnlinked,
            MailKind::PasswordSet,
            MailKind::InvoiceIssued,
        ]
        .into_iter()
        .find(|k| k.as_str() == raw)
    }
}

/// A mail to send, queued in the same transaction as the change that causes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub id: String,
    pub to: Email,
    pub kind: MailKind,
    /// The action link, for mails that have one.
    pub link: Option<String>,
    /// A word the mail names (the identity provider's display name).
    pub detail: Option<String>,
    /// The language to write in when the recipient has no profile to say it: the asker's.
    pub language: Option<Language>,
    pub created_at: DateTime<Utc>,
}

/// Writes that belong together, applied by [`IdentityStore::commit`] all or nothing, in this
/// order: account, held sign-in use, code use, refresh-token use, revocations, links, new code,
/// new refresh token, mails.
#[derive(Debug, Clone, Default)]
pub struct Change {
    pub insert_account: Option<Account>,
    pub update_account: Option<Account>,
    /// Marks a code used; fails with [`CommitError::Stale`] when it already is.
    pub consume_code: Option<TokenHash>,
    /// Marks a refresh token used; fails with [`CommitError::Stale`] when it already is.
    pub use_refresh_token: Option<TokenHash>,
    pub revoke_family: Option<String>,
    pub revoke_all_of: Option<UserId>,
    /// Uses up a held sign-in with a provider; fails with [`CommitError::Stale`] when it is gone.
    pub use_pending_link: Option<TokenHash>,
    /// Links a provider's person; fails with [`CommitError::AlreadyLinked`] when that person, or
    /// this provider for this account, is linked already.
    pub link: Option<crate::identity::federation::FederatedIdentity>,
    pub unlink: Option<(UserId, crate::identity::federation::ProviderId)>,
    /// Drops every link of an account (its address was taken over by a password reset before
    /// it was ever verified: links made then are not the mailbox owner's).
    pub unlink_all_of: Option<UserId>,
    pub new_code: Option<ActionCode>,
    pub new_refresh_token: Option<RefreshToken>,
    pub mails: Vec<Mail>,
    /// An operator's action behind the change (making an operator account).
    pub audit: Option<crate::audit::AuditEntry>,
    /// Writes the profile's name (made if the account has none yet): an admin naming staff.
    pub name_profile: Option<crate::identity::Profile>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommitError {
    /// Another account has the e-mail.
    EmailTaken,
    /// A code or token was used by a concurrent request first.
    Stale,
    /// The provider's person, or a link with this provider, exists already.
    AlreadyLinked,
    Storage(crate::DomainError),
}

impl From<crate::DomainError> for CommitError {
    fn from(e: crate::DomainError) -> Self {
        CommitError::Storage(e)
    }
}

/// Accounts, profiles, refresh tokens, codes and the mail outbox.
#[async_trait]
pub trait IdentityStore: Send + Sync {
    async fn account_by_email(&self, email: &Email) -> DomainResult<Option<Account>>;
    async fn account_by_id(&self, id: &UserId) -> DomainResult<Option<Account>>;
    /// The account with the language its profile chose (none before it has a profile), in one
    /// read: what checking a signed-in call's token needs.
    async fn account_signed_in(
        &self,
        id: &UserId,
    ) -> DomainResult<Option<(Account, Option<Language>)>>;
    async fn action_code(&self, hash: &TokenHash) -> DomainResult<Option<ActionCode>>;
    async fn refresh_token(&self, hash: &TokenHash) -> DomainResult<Option<RefreshToken>>;
    async fn commit(&self, change: Change) -> Result<(), CommitError>;

    async fn profile(&self, id: &UserId) -> DomainResult<Option<Profile>>;
    /// Inserts the profile unless one exists, and returns the one stored (safe under races).
    async fn create_profile(&self, profile: &Profile) -> DomainResult<Profile>;
    async fn save_profile(&self, profile: &Profile) -> DomainResult<()>;
}
