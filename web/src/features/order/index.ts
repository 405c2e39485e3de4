export { OrderConfirm } from './components/order-confirm';
export { OrderStep1 } from './components/order-step1';
export { OrderStep2, type ExtrasForm } from './components/order-step2';
export { splitList, type Contact } from './api/order-api';
export { clearDraftOf } from './draft';
export { MemberOrders } from './components/member-orders';
export { MemberOrderDetail } from './components/member-order-detail';
export { NextOrder } from './components/next-order';
export { OrderCancellationLine } from './components/cancellation-line';
// The console shows an order with the same parts as the member area.
export { Breakdown } from './components/breakdown';
export { ContactRows, DetailRows } from './components/order-rows';
export { startInstant, startOf, StateBadge } from './components/member-orders';
export { reasonText } from './components/member-order-detail';
