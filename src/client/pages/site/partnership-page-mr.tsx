import { partnershipMr } from '@/content/mr/partnership';
import { siteTextMr } from '@/content/mr/site-text';
import { buildPartnershipMeta, PartnershipView } from './partnership-view';

export const partnershipMetaMr = buildPartnershipMeta(siteTextMr, partnershipMr);

export function PartnershipPageMr() {
  return <PartnershipView texts={siteTextMr} partnership={partnershipMr} />;
}
