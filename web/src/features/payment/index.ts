export { Checkout } from './components/checkout';
export { PaymentResult } from './components/payment-result';
export { Wallet } from './components/wallet';
export { WalletCard } from './components/wallet-card';
