#![allow(clippy::expect_used)]
//! Local stand-ins of third parties that cannot be reached from here, for tests in this and other
//! crates. Each holds to its provider's published contract and no more.

mod aeroapi;
mod osrm;
mod viettel;
mod vnpay;
mod zalo;

pub use aeroapi::{AeroApiStandIn, BoardFlight};
pub use osrm::{OsrmAnswer, OsrmStandIn};
pub use viettel::{ViettelBooks, ViettelStandIn};
pub use vnpay::{VnPayBooks, VnPayStandIn};
pub use zalo::ZaloStandIn;

/// Serves `router` on a free port of this machine's loopback until the test ends: its address,
/// `http://127.0.0.1:…`.
async fn serve(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port for the stand-in");
    let url = format!("http://{}", listener.local_addr().expect("its address"));
    tokio::spawn(async move { axum::serve(listener, router).await.ok() });
    url
}
