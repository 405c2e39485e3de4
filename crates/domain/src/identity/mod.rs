//! Accounts and sign-in: our own identity provider. E-mail and password accounts,
//! short-lived signed ID tokens, rotating refresh tokens, mailed single-use codes for e-mail
//! verification and password reset, throttles, and the customer's profile.

pub mod federation;
mod model;
mod policy;
mod ports;
mod service;
mod tokens;
mod users;

pub use model::{Account, Email, Password, Profile, ProfileUpdate, Role, User};
pub use policy::{IdentityPolicy, Limit};
pub use ports::{
    Change, CommitError, IdentityStore, Mail, MailKind, PasswordHasher, RateLimiter, Take,
    TokenSigner, Window,
};
pub use service::{
    ActionCodeInfo, FederatedOutcome, FederatedStart, IdentityDeps, IdentityService, WaysIn,
};
pub use tokens::{ActionCode, ActionMode, IdClaims, Principal, RefreshToken, Session, TokenHash};
pub use users::UserService;
