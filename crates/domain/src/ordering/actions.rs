//! What may be done with an order now, and by whom, and which of a list's groups it falls in:
//! decided here and sent with the order, so pages offer what the server allows and restate no
//! rule of their own.

use super::life::OrderState;
use super::model::Order;

/// Something a reader may do with an order now (each call checks again when it is made).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderAction {
    /// The customer pays; operators record a bank transfer against it.
    Pay,
    /// The customer changes its details, contact or note.
    Change,
    /// The customer changes the paid order's details, until the change policy's time (checked
    /// on the call).
    Amend,
    /// Called off: unpaid as it is, paid with the refund the cancellation terms give.
    Cancel,
    /// The customer shows it as a voucher, or puts it in a calendar: it is still to be served.
    Voucher,
    /// The customer follows its job: the partner's steps, where they are, the thread.
    FollowJob,
    /// The customer reviews it.
    Review,
    /// Operators confirm it.
    Confirm,
    /// Operators name its driver, guide or therapist.
    Assign,
    /// Operators mark it completed (once its service has started: checked on the call).
    Complete,
    /// Operators offer its job to partners, or take it back (as its job allows).
    Dispatch,
}

/// Who reads the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Customer,
    Staff,
}

/// The groups lists are split by: the member area's tabs, the console's board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderGroup {
    /// Not paid yet: a draft, or waiting for payment.
    Unpaid,
    /// Paid, and still to be served.
    Upcoming,
    Done,
    /// Cancelled, lapsed or refunded.
    Closed,
}

impl OrderGroup {
    pub const ALL: [OrderGroup; 4] = [
        OrderGroup::Unpaid,
        OrderGroup::Upcoming,
        OrderGroup::Done,
        OrderGroup::Closed,
    ];

    /// The states in this group.
    pub fn states(self) -> Vec<OrderState> {
        OrderState::ALL
            .into_iter()
            .filter(|s| s.group() == self)
            .collect()
    }
}

impl OrderState {
    /// Its payment came and stands: still to be served, or served.
    pub const fn is_paid(self) -> bool {
        matches!(self.group(), OrderGroup::Upcoming | OrderGroup::Done)
    }

    pub const fn group(self) -> OrderGroup {
        match self {
            OrderState::Draft | OrderState::PendingPayment => OrderGroup::Unpaid,
            OrderState::Paid | OrderState::Confirmed => OrderGroup::Upcoming,
            OrderState::Completed => OrderGroup::Done,
            OrderState::Cancelled | OrderState::Expired | OrderState::Refunded => {
                OrderGroup::Closed
            }
        }
    }
}

impl Order {
    /// What `reader` may do with the order in its state, in the order pages show them.
    pub fn actions(&self, reader: Reader) -> Vec<OrderAction> {
        use OrderAction as A;
        let state = self.state;
        let group = state.group();
        let open = matches!(group, OrderGroup::Unpaid | OrderGroup::Upcoming);
        let candidates: &[(bool, OrderAction)] = match reader {
            Reader::Customer => &[
                (state == OrderState::PendingPayment, A::Pay),
                (group == OrderGroup::Unpaid, A::Change),
                (
                    group == OrderGroup::Upcoming
                        && (self.driver.is_none() || self.driver_from_partner()),
                    A::Amend,
                ),
                (group == OrderGroup::Upcoming, A::Voucher),
                (
                    matches!(state, OrderState::Confirmed | OrderState::Completed),
                    A::FollowJob,
                ),
                (state == OrderState::Completed, A::Review),
                (open, A::Cancel),
            ],
            Reader::Staff => &[
                (state == OrderState::Paid, A::Confirm),
                (group == OrderGroup::Upcoming, A::Assign),
                (group == OrderGroup::Upcoming, A::Dispatch),
                (state == OrderState::Confirmed, A::Complete),
                (state == OrderState::PendingPayment, A::Pay),
                (open, A::Cancel),
            ],
        };
        candidates
            .iter()
            .filter(|(allowed, _)| *allowed)
            .map(|(_, action)| *action)
            .collect()
    }
}
