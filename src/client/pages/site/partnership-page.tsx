import { siteTextEn } from '@/content/site-text';
import { buildPartnershipMeta, PartnershipView } from './partnership-view';

export const partnershipMeta = buildPartnershipMeta(siteTextEn);

export function PartnershipPage() {
  return <PartnershipView texts={siteTextEn} />;
}
