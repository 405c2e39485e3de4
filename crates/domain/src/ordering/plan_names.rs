//! An order keeps its plan as sold: its id, and its name in the language it was made in. A reader
//! reads the name in theirs, from the catalogue's texts for that language, while the plan is in
//! the catalogue (one read per plan however many orders name it); a plan that left it keeps the
//! name it was sold under.

use std::collections::HashMap;

use super::model::Order;
use crate::catalog::{CatalogService, PlanId};
use crate::shared::Language;

/// Puts each order's plan name in `language`.
pub async fn name_plans_in(language: Language, catalog: &CatalogService, orders: &mut [Order]) {
    let mut names: HashMap<PlanId, Option<String>> = HashMap::new();
    for order in orders.iter_mut() {
        if !names.contains_key(&order.plan_id) {
            let name = catalog
                .get_plan(&order.plan_id)
                .await
                .ok()
                .map(|plan| plan.in_language(language).name);
            names.insert(order.plan_id.clone(), name);
        }
        if let Some(Some(name)) = names.get(&order.plan_id) {
            order.plan_name.clone_from(name);
        }
    }
}
