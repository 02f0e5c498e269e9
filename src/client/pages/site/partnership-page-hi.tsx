import { siteTextHi } from '@/content/hi/site-text';
import { buildPartnershipMeta, PartnershipView } from './partnership-view';

export const partnershipMetaHi = buildPartnershipMeta(siteTextHi);

export function PartnershipPageHi() {
  return <PartnershipView texts={siteTextHi} />;
}
