export { Checkout } from './components/checkout';
export { OrderList } from './components/order-list';
export { PaymentResult } from './components/payment-result';
export { Wallet } from './components/wallet';
