//! The web app's pages the server sends people to: from mails, and back from VNPay. The web app's
//! one route table is `web/src/lib/paths.ts`; these name its entries, and a test holds them to it.

/// Where a mailed code is used: `?mode=…&oobCode=…&continueUrl=…`.
pub const AUTH_ACTION: &str = "/auth/action";
/// Where a sign-in with an identity provider lands, its outcome in the address's fragment.
pub const AUTH_CONTINUE: &str = "/auth/continue";
/// An order's detail in the member area: `?id=…`.
pub const MEMBER_ORDER: &str = "/member/order";
/// Where VNPay sends the customer back.
pub const PAYMENT_COMPLETE: &str = "/payment-complete";
/// The member area's customer service: `?thread=…` opens one thread.
pub const MEMBER_SUPPORT: &str = "/member/customer-service";
/// A job in the partner app (`web/src/partner/paths.ts`).
pub const PARTNER_JOB: &str = "/partner/jobs/:orderId";
/// An order in the operators' console (`web/src/console/paths.ts`).
pub const OPS_ORDER: &str = "/ops/orders/:orderId";

/// The member area's page of one order.
pub fn member_order(order_id: &str) -> String {
    format!("{MEMBER_ORDER}?id={order_id}")
}

/// One support thread in the member area.
pub fn support_thread(thread_id: &str) -> String {
    format!("{MEMBER_SUPPORT}?thread={thread_id}")
}

/// The partner app's page of one job.
pub fn partner_job(order_id: &str) -> String {
    PARTNER_JOB.replace(":orderId", order_id)
}

/// The console's page of one order.
pub fn ops_order(order_id: &str) -> String {
    OPS_ORDER.replace(":orderId", order_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_is_in_the_web_apps_route_table() {
        let table = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/lib/paths.ts");
        let table = std::fs::read_to_string(table).unwrap();
        for (name, path) in [
            ("authAction", AUTH_ACTION),
            ("authContinue", AUTH_CONTINUE),
            ("memberOrder", MEMBER_ORDER),
            ("paymentComplete", PAYMENT_COMPLETE),
            ("memberCustomerService", MEMBER_SUPPORT),
        ] {
            assert!(
                table.contains(&format!("{name}: '{path}',")),
                "{name}: '{path}' is not in paths.ts"
            );
        }
        for (file, name, path) in [
            ("partner/paths.ts", "job", PARTNER_JOB),
            ("console/paths.ts", "order", OPS_ORDER),
        ] {
            let table = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/");
            let table = std::fs::read_to_string(format!("{table}{file}")).unwrap();
            assert!(
                table.contains(&format!("  {name}: '{path}',")),
                "{name}: '{path}' is not in {file}"
            );
        }
    }
}
