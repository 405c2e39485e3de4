import { OrderAction, OrderGroup, type Order } from '@/gen/booking/v1/order_pb';

export { OrderAction, OrderGroup };

/** Whether the server allows the order's reader `action` now (`Order.actions`): pages offer what
 * the server allows and restate none of its rules. */
export function allows(order: Pick<Order, 'actions'> | undefined, action: OrderAction): boolean {
  return order?.actions.includes(action) ?? false;
}
