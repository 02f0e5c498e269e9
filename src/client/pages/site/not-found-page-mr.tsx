import { siteTextMr } from '@/content/mr/site-text';
import { describeNotFound, NotFoundView } from './not-found-page';

export const notFoundMetaMr = describeNotFound(siteTextMr);

export function NotFoundPageMr() {
  return <NotFoundView texts={siteTextMr} />;
}
