use crate::catalog::Category;
use crate::error::{DomainError, DomainResult, msg};
use crate::shared::{Phone, text};

/// The driver (or, for an escort, the guide) operators put on an order; the customer sees the
/// name, the number to call and the plate to look for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Driver {
    pub name: String,
    pub phone: Phone,
    /// Empty for a guide on foot.
    pub plate: String,
}

impl Driver {
    pub const PLATE_MAX: usize = 16;

    /// Shuttles and charters need the plate; an escort's guide may have none. A massage gets a
    /// therapist, not a driver.
    pub fn new(category: Category, name: &str, phone: Phone, plate: &str) -> DomainResult<Self> {
        if category == Category::DragonMassage {
            return Err(DomainError::invalid(
                "driver",
                msg("order.driver_not_massage"),
            ));
        }
        let name = text("driver.name", name, 40, msg("driver.name_required"))?;
        let plate = match (category, plate.trim()) {
            (Category::Escort, "") => String::new(),
            (_, plate) => text(
                "driver.plate",
                plate,
                Self::PLATE_MAX,
                msg("driver.plate_required"),
            )?
            .to_uppercase(),
        };
        Ok(Self { name, phone, plate })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phone() -> Phone {
        Phone::parse("84", "901234567").unwrap()
    }

    #[test]
    fn plates_are_needed_for_vehicles_only() {
        let d = Driver::new(Category::Shuttle, " Anh Minh ", phone(), "51a-123.45").unwrap();
        assert_eq!(
            (d.name.as_str(), d.plate.as_str()),
            ("Anh Minh", "51A-123.45")
        );
        assert!(Driver::new(Category::Charter, "Minh", phone(), " ").is_err());
        assert_eq!(
            Driver::new(Category::Escort, "Lan", phone(), "").map(|d| d.plate),
            Ok(String::new())
        );
        assert!(Driver::new(Category::DragonMassage, "Thu", phone(), "").is_err());
        assert!(Driver::new(Category::Shuttle, "", phone(), "51A").is_err());
    }

    #[test]
    fn a_driver_confirms_a_paid_order_and_may_be_replaced() {
        use crate::ordering::{Actor, OrderState};
        let mut order = crate::testing::draft_order();
        let driver = || Driver::new(Category::Shuttle, "Minh", phone(), "51A-1").unwrap();
        let now = order.created_at;
        let op = || Actor::Operator("ops".into());
        assert!(order.assign_driver(driver(), op(), now).is_err(), "unpaid");
        order.state = OrderState::Paid;
        order.assign_driver(driver(), op(), now).unwrap();
        assert_eq!(order.state, OrderState::Confirmed);
        let other = Driver::new(Category::Shuttle, "Lan", phone(), "51A-2").unwrap();
        order.assign_driver(other, op(), now).unwrap();
        assert_eq!(order.driver.as_ref().map(|d| d.name.as_str()), Some("Lan"));
        assert_eq!(order.history.last().unwrap().reason, "driver: Lan");
        assert!(!order.driver_from_partner(), "typed in by operators");
    }

    #[test]
    fn a_typed_driver_never_replaces_the_partner_who_accepted() {
        use crate::ordering::{Actor, OrderState};
        use crate::shared::UserId;
        let mut order = crate::testing::draft_order();
        order.state = OrderState::Paid;
        let now = order.created_at;
        let minh = Driver::new(Category::Shuttle, "Minh", phone(), "51A-1").unwrap();
        let partner = Actor::Partner(UserId::parse("minh").unwrap());
        order.assign_driver(minh, partner, now).unwrap();
        assert!(order.driver_from_partner());
        let typed = Driver::new(Category::Shuttle, "Lan", phone(), "51A-2").unwrap();
        let ops = || Actor::Operator("ops".into());
        let refused = order.assign_driver(typed.clone(), ops(), now).unwrap_err();
        assert_eq!(
            refused,
            crate::DomainError::FailedPrecondition(crate::error::msg("order.driver_is_partner"))
        );
        // Taken back from the partner first, the order takes a typed driver.
        order.release(ops(), now).unwrap();
        order.assign_driver(typed, ops(), now).unwrap();
        assert!(!order.driver_from_partner());
    }
}
