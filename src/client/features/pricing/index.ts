export { PricingView } from './pricing-view';
