// The domain words quote lines with it too (src/domain/quote-charge.ts), and the domain cannot import content.
export { fillText } from '../domain/fill-text';
