use super::model::Profile;
use super::model::{ProfileUpdate, User};
use super::service::IdentityService;
use super::tokens::Principal;
use crate::error::DomainResult;
use crate::shared::Language;

/// The customer's profile: created on the first `login`, read and updated by its owner only.
#[derive(Clone)]
pub struct UserService {
    identity: IdentityService,
}

impl UserService {
    pub fn new(identity: IdentityService) -> Self {
        Self { identity }
    }

    /// The product's `POST /login`: the signed-in user, with a profile made on the first call,
    /// in the language the caller reads.
    #[tracing::instrument(skip_all)]
    pub async fn login(&self, who: &Principal, language: Language) -> DomainResult<User> {
        let account = self.identity.account_of(who).await?;
        let store = self.identity.store();
        let profile = match store.profile(&account.id).await? {
            Some(p) => p,
            None => {
                store
                    .create_profile(&Profile {
                        language,
                        ..Profile::first(account.id.clone(), &account.email, self.identity.now())
                    })
                    .await?
            }
        };
        Ok(User {
            email: account.email,
            email_verified: account.email_verified,
            profile,
            password_min: account.role.password_min(),
        })
    }

    /// The same as `login`: a profile always exists for a signed-in caller.
    pub async fn get(&self, who: &Principal, language: Language) -> DomainResult<User> {
        self.login(who, language).await
    }

    #[tracing::instrument(skip_all)]
    pub async fn update(&self, who: &Principal, update: ProfileUpdate) -> DomainResult<User> {
        let mut user = self.login(who, Language::default()).await?;
        user.profile = user.profile.apply(update, self.identity.now())?;
        self.identity.store().save_profile(&user.profile).await?;
        Ok(user)
    }
}
