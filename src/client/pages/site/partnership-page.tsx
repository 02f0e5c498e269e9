import { partnership } from '@/content/partnership';
import { siteTextEn } from '@/content/site-text';
import { buildPartnershipMeta, PartnershipView } from './partnership-view';

export const partnershipMeta = buildPartnershipMeta(siteTextEn, partnership);

export function PartnershipPage() {
  return <PartnershipView texts={siteTextEn} partnership={partnership} />;
}
