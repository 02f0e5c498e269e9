import { siteTextHi } from '@/content/hi/site-text';
import { describeNotFound, NotFoundView } from './not-found-page';

export const notFoundMetaHi = describeNotFound(siteTextHi);

export function NotFoundPageHi() {
  return <NotFoundView texts={siteTextHi} />;
}
