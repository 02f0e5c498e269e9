import '../styles/app.css';
import { afterFirstPaint } from '../lib/after-first-paint';

// The page is prerendered; its script (React and the page) is fetched only after the first paint, so it
// never competes with the CSS, fonts and hero image on the way to it. See docs/decisions/0101.
afterFirstPaint(() => void import('../pages/site/hydrate-home'));
