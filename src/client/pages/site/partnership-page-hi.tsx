import { partnershipHi } from '@/content/hi/partnership';
import { siteTextHi } from '@/content/hi/site-text';
import { buildPartnershipMeta, PartnershipView } from './partnership-view';

export const partnershipMetaHi = buildPartnershipMeta(siteTextHi, partnershipHi);

export function PartnershipPageHi() {
  return <PartnershipView texts={siteTextHi} partnership={partnershipHi} />;
}
