// What other features read of the public site: its texts in the page's language (the booking form's).
export { SitePageProvider, useLandingText, useSiteText } from './site-context';
