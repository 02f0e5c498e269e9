import { siteTextMr } from '@/content/mr/site-text';
import { buildPartnershipMeta, PartnershipView } from './partnership-view';

export const partnershipMetaMr = buildPartnershipMeta(siteTextMr);

export function PartnershipPageMr() {
  return <PartnershipView texts={siteTextMr} />;
}
