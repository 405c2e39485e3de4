//! People and what they do, made through the API as they would make it, for the programs that
//! need a world to measure in: the admin (from the shell, as an installation makes its first),
//! customers who book and pay, partners invited by the admin who take jobs and set off.

use std::time::Duration;

use gateway::pb;
use gateway::pb::job_dispatch_service_client::JobDispatchServiceClient;
use gateway::pb::job_step_service_client::JobStepServiceClient;
use gateway::pb::operator_service_client::OperatorServiceClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::child::Server;
use crate::customer::{PASSWORD, SHUTTLE_PRICE, sign_up};

pub const ADMIN: &str = "admin@bench.example";
/// The contact number every order gives unless told otherwise.
pub const PHONE: &str = "901234567";

/// A gRPC request carrying `token`.
pub fn signed<T>(token: &str, message: T) -> tonic::Request<T> {
    let mut r = tonic::Request::new(message);
    if let Ok(value) = token.parse() {
        r.metadata_mut().insert("authorization-firebase", value);
    }
    r
}

pub fn timestamp(at: chrono::DateTime<chrono::Utc>) -> prost_types::Timestamp {
    prost_types::Timestamp {
        seconds: at.timestamp(),
        nanos: i32::try_from(at.timestamp_subsec_nanos()).unwrap_or(0),
    }
}

/// A daytime quarter hour `days` ahead (Vietnam time), the `n`th of 64, so that no slot fills.
pub fn quarter_hour(days: i64, n: usize) -> String {
    let day = chrono::Utc::now() + chrono::Duration::days(days);
    let minutes = 6 * 60 + (n % 64) * 15;
    format!(
        "{}T{:02}:{:02}",
        day.format("%Y-%m-%d"),
        minutes / 60,
        minutes % 60
    )
}

/// One partner and their customer, with the job between them.
pub struct Pair {
    pub customer: String,
    pub partner: String,
    pub order: String,
}

/// A partner invited by the admin, with the password set from the invitation's mail.
pub struct Partner {
    pub id: String,
    pub email: String,
    pub token: String,
}

pub struct World {
    pub base: String,
    pub http: reqwest::Client,
    pub db: sea_orm::DatabaseConnection,
    pub admin: String,
    pub grpc: Channel,
}

impl World {
    /// Makes the admin of `database_url` from the shell, before its server starts.
    pub fn create_admin(bin: &std::path::Path, database_url: &str) -> anyhow::Result<()> {
        let dir = crate::child::folder();
        let mut create = std::process::Command::new(bin)
            .args([
                "admin",
                "create-operator",
                "--email",
                ADMIN,
                "--role",
                "admin",
            ])
            .env("DATABASE_URL", database_url)
            .env("APP_MAILBOX_DIR", dir.join("mailbox"))
            .env("APP_LOG", "error")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()?;
        if let Some(stdin) = create.stdin.as_mut() {
            use std::io::Write;
            writeln!(stdin, "{PASSWORD}-admin")?;
        }
        anyhow::ensure!(create.wait()?.success(), "create-operator failed");
        Ok(())
    }

    /// The world of `server`, its admin signed in.
    pub async fn open(server: &Server, database_url: &str) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()?;
        let signed_in: Value = http
            .post(format!("{}/api/auth/sign-in", server.base))
            .json(&json!({"email": ADMIN, "password": format!("{PASSWORD}-admin")}))
            .send()
            .await?
            .json()
            .await?;
        let admin = signed_in["data"]["idToken"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        anyhow::ensure!(!admin.is_empty(), "the admin's sign-in: {signed_in}");
        Ok(Self {
            base: server.base.clone(),
            http,
            db: adapters::sql::db::connect(database_url).await?,
            admin,
            grpc: Channel::from_shared(server.base.clone())?.connect().await?,
        })
    }

    /// POSTs `body` to `path` as `token`, from the `n`th documentation-range address, with a key
    /// of its own; answers the body of a success.
    pub async fn rest(
        &self,
        path: &str,
        body: Value,
        token: &str,
        n: usize,
    ) -> anyhow::Result<Value> {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("authorization-firebase", token)
            .header("idempotency-key", format!("world-{n}-{path}"))
            .header("x-forwarded-for", format!("198.51.100.{}", n % 250 + 1))
            .json(&body)
            .send()
            .await?;
        let status = r.status();
        let body: Value = r.json().await?;
        anyhow::ensure!(status.is_success(), "{path}: {status} {body}");
        Ok(body)
    }

    pub async fn customer(&self, email: &str, n: usize) -> anyhow::Result<String> {
        sign_up(&self.http, &self.base, email, n).await
    }

    /// An airport pick-up on `shuttle-sgn-4` at `start`, the contact on `phone`; answers its id.
    pub async fn order(
        &self,
        token: &str,
        start: &str,
        phone: &str,
        n: usize,
    ) -> anyhow::Result<String> {
        let details = json!({"direction": "pick-up", "flightNumber": "VN123", "start": start,
            "address": "Caravelle Saigon", "passengers": 2, "luggage": 1});
        let contact = json!({"name": "Bench", "phoneCountryCode": "+84", "phoneNumber": phone});
        let order = self
            .rest(
                "/api/plan/shuttle/shuttle-sgn-4/order",
                json!({"details": details, "contact": contact}),
                token,
                n,
            )
            .await?;
        Ok(order["data"]["id"].as_str().unwrap_or_default().to_owned())
    }

    /// Tops the customer's coins up by the order's price.
    pub async fn top_up(&self, token: &str, n: usize) -> anyhow::Result<()> {
        let top_up = json!({"amountVnd": SHUTTLE_PRICE, "method": "DEV"});
        self.rest("/api/v-coin/top-up", top_up, token, n).await?;
        Ok(())
    }

    /// Pays `order` with coins.
    pub async fn pay(&self, token: &str, order: &str, n: usize) -> anyhow::Result<()> {
        let path = format!("/api/plan/shuttle/order/{order}/payment");
        self.rest(&path, json!({"method": "VCOIN"}), token, n)
            .await?;
        Ok(())
    }

    /// A driver invited by the admin, signed in.
    pub async fn partner(&self, email: &str, n: usize) -> anyhow::Result<Partner> {
        let invite = pb::InvitePartnerRequest {
            email: email.to_owned(),
            partner: Some(pb::Partner {
                kind: pb::PartnerKind::Driver.into(),
                name: format!("Tài xế {n}"),
                phone_country_code: "84".into(),
                phone_number: "901234567".into(),
                languages: vec!["vi".into()],
                vehicle: Some(pb::PartnerVehicle {
                    model: "white Toyota Innova".into(),
                    plate: format!("51A-{n:05}"),
                    seats: 7,
                }),
                ..Default::default()
            }),
            continue_url: String::new(),
        };
        let invited = OperatorServiceClient::new(self.grpc.clone())
            .invite_partner(signed(&self.admin, invite))
            .await?
            .into_inner();
        let id = invited.partner.map(|p| p.user_id).unwrap_or_default();
        let code = adapters::testing::code_mailed(&self.db, email, "partner_invitation").await;
        let reset = json!({"oobCode": code, "newPassword": PASSWORD});
        self.rest("/api/auth/confirm-password-reset", reset, "", n)
            .await?;
        let signed_in = self
            .rest(
                "/api/auth/sign-in",
                json!({"email": email, "password": PASSWORD}),
                "",
                n,
            )
            .await?;
        let token = signed_in["data"]["idToken"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        Ok(Partner {
            id,
            email: email.to_owned(),
            token,
        })
    }

    /// The admin offers `order`'s job to the partner, who takes it.
    pub async fn take(&self, order: &str, partner: &Partner) -> anyhow::Result<()> {
        let offer = pb::OfferJobRequest {
            order_id: order.to_owned(),
            partner_id: partner.id.clone(),
        };
        OperatorServiceClient::new(self.grpc.clone())
            .offer_job(signed(&self.admin, offer))
            .await?;
        let accept = pb::AcceptJobRequest {
            order_id: order.to_owned(),
        };
        JobDispatchServiceClient::new(self.grpc.clone())
            .accept_job(signed(&partner.token, accept))
            .await?;
        Ok(())
    }

    /// The job of `order` starts within the hour (as `adapters::testing::move_job` does for the
    /// tests) and its partner sets off.
    pub async fn set_off(&self, order: &str, partner: &Partner) -> anyhow::Result<()> {
        adapters::testing::move_job(
            &self.db,
            order,
            chrono::Utc::now() + chrono::Duration::hours(1),
        )
        .await;
        let go = pb::AdvanceJobRequest {
            order_id: order.to_owned(),
            status: pb::JobStatus::OnTheWay.into(),
        };
        JobStepServiceClient::new(self.grpc.clone())
            .advance_job(signed(&partner.token, go))
            .await?;
        Ok(())
    }

    /// A customer with a paid airport pick-up, and a driver who took it and set off.
    pub async fn pair(&self, n: usize) -> anyhow::Result<Pair> {
        let customer = self.customer(&format!("c{n}@positions.example"), n).await?;
        // Spread over days and quarter hours, so that no slot fills.
        let start = quarter_hour(2 + (n % 7) as i64, n / 7);
        let order = self.order(&customer, &start, PHONE, n).await?;
        self.top_up(&customer, n).await?;
        self.pay(&customer, &order, n).await?;
        let partner = self.partner(&format!("p{n}@positions.example"), n).await?;
        self.take(&order, &partner).await?;
        self.set_off(&order, &partner).await?;
        Ok(Pair {
            customer,
            partner: partner.token,
            order,
        })
    }
}
