//! The application services every handler reaches, shared by both protocols.

use domain::backups::BackupService;
use domain::catalog::{CatalogAdmin, CatalogService};
use domain::favorites::FavoriteService;
use domain::gifts::GiftService;
use domain::identity::{IdentityService, UserService};
use domain::invoicing::InvoiceService;
use domain::jobs::JobService;
use domain::live::LiveService;
use domain::media::MediaService;
use domain::notifications::NotificationService;
use domain::operations::OperatorService;
use domain::ordering::OrderService;
use domain::partners::PartnerService;
use domain::payment::PaymentService;
use domain::promotions::PromoService;
use domain::referrals::ReferralService;
use domain::reports::ReportService;
use domain::reviews::ReviewService;
use domain::support::SupportService;
use domain::tips::TipService;

use crate::catalog_cache::CatalogCache;

/// The application services the wire exposes, behind one `Arc`: every request's handler gets
/// the set as its state, and a clone of the set itself (dozens of handles, some with owned
/// settings) cost more than some answers (measured: a third of the CPU of a cached catalogue
/// list went to it).
#[derive(Clone)]
pub struct Services(std::sync::Arc<ServiceSet>);

impl std::ops::Deref for Services {
    type Target = ServiceSet;

    fn deref(&self) -> &ServiceSet {
        &self.0
    }
}

impl From<ServiceSet> for Services {
    fn from(set: ServiceSet) -> Self {
        Self(std::sync::Arc::new(set))
    }
}

pub struct ServiceSet {
    pub catalog: CatalogService,
    /// The admins' duties over the catalogue.
    pub catalog_admin: CatalogAdmin,
    pub identity: IdentityService,
    pub users: UserService,
    pub orders: OrderService,
    /// Promo codes: admins keep them, customers put them on unpaid orders.
    pub promos: PromoService,
    /// Drivers, guides and therapists: who they are, when they work, what they earned.
    pub partners: PartnerService,
    /// The jobs they are offered and work, followed by travellers and operators.
    pub jobs: JobService,
    pub payments: PaymentService,
    /// Gift codes: admins issue batches, customers redeem them into the wallet.
    pub gifts: GiftService,
    /// Inviting friends: each customer's code, a new customer's claim, the admins' program.
    pub referrals: ReferralService,
    /// Travellers' tips for the partners who served them.
    pub tips: TipService,
    /// The business's numbers and their exports, for admins.
    pub reports: ReportService,
    /// Each sale's e-invoices: the buyer's, and the failed ones for staff.
    pub invoices: InvoiceService,
    pub favorites: FavoriteService,
    pub reviews: ReviewService,
    pub media: MediaService,
    pub support: SupportService,
    /// People's devices that receive Web Push, and the kinds of notice they want there.
    pub notifications: NotificationService,
    pub operators: OperatorService,
    pub live: LiveService,
    /// Backups of the data: SQLite's, taken by the node that serves it.
    pub backups: Option<BackupService>,
    /// The public catalogue lists kept as answers, per catalogue version.
    pub catalog_cache: CatalogCache,
    /// Turns true when the node starts draining; open streams end then.
    pub draining: tokio::sync::watch::Receiver<bool>,
    /// The tiles the pages draw a partner on the way on; none: no map.
    pub map_tiles: Option<MapTiles>,
}

/// Where the pages' map takes its raster tiles, and the words their licence asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapTiles {
    /// `https://tile.example/{z}/{x}/{y}.png`.
    pub url: String,
    pub attribution: String,
}

impl MapTiles {
    /// The tiles as the pages get them, with a map to draw (`drawn`); none otherwise.
    pub(crate) fn when(tiles: Option<&MapTiles>, drawn: bool) -> Option<crate::pb::MapTiles> {
        tiles.filter(|_| drawn).map(|t| crate::pb::MapTiles {
            url: t.url.clone(),
            attribution: t.attribution.clone(),
        })
    }
}
