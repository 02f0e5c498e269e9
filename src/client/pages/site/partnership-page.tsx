import { site } from '@/content/site';

export const partnershipMeta = {
  path: '/partnership',
  title: `${site.brandName} × Spice Cell: Building Peaceful Living for All`,
  description: `Partner with ${site.brandName} and Spice Cell.`,
};

export function PartnershipPage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="font-display text-4xl">{partnershipMeta.title}</h1>
    </main>
  );
}
