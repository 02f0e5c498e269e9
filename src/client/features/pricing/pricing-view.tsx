import { useQuery } from '@tanstack/react-query';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { LoadingLine, QueryLoadError } from '@/client/components/query-state';
import { ViewSection } from '@/client/components/view-section';
import { PaymentSettingsCard } from '@/client/features/payments';
import { pricingQuery } from './pricing-api';
import { PricingForm } from './pricing-form';

/** A property's prices, said once as rules, with a preview of what they charge; and when guests pay. */
export function PricingView({ property }: { property: Wire<Property> }) {
  const pricing = useQuery(pricingQuery(property.id));
  return (
    <ViewSection id="pricing-title" title="Pricing" description={property.name}>
      {pricing.isPending ? (
        <LoadingLine>Loading prices...</LoadingLine>
      ) : pricing.isError ? (
        <QueryLoadError what="prices" query={pricing} />
      ) : (
        // Keyed by what was saved, so a save or another tab's change starts the form afresh.
        <PricingForm
          key={JSON.stringify(pricing.data.rules)}
          propertyId={property.id}
          pricing={pricing.data}
        />
      )}
      {/* A form of its own, saved on its own: the schedule of payments, not the price of nights. */}
      <div className="mt-6">
        <PaymentSettingsCard propertyId={property.id} />
      </div>
    </ViewSection>
  );
}
