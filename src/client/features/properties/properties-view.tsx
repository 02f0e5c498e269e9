import { PlusIcon } from 'lucide-react';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { Button } from '@/client/components/ui/button';
import { ViewSection } from '@/client/components/view-section';
import { NoPropertiesYet } from './no-properties-yet';
import { PropertyCard } from './property-card';

type PropertiesViewProps = {
  properties: Wire<Property>[];
  selectedId: string | null;
  onSelect: (property: Wire<Property>) => void;
  onAddProperty: () => void;
};

export function PropertiesView({ properties, selectedId, onSelect, onAddProperty }: PropertiesViewProps) {
  return (
    <ViewSection
      id="properties-title"
      title="Your Properties"
      description={
        <>
          {properties.length} active {properties.length === 1 ? 'property' : 'properties'}. Select one to see
          its calendar and bookings.
        </>
      }
      headerClassName="items-center"
      actions={
        <Button onClick={onAddProperty}>
          <PlusIcon aria-hidden="true" />
          Add Property
        </Button>
      }
    >
      {properties.length === 0 ? (
        <NoPropertiesYet onAddProperty={onAddProperty} className="bg-card py-12" />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {properties.map((property) => (
            <li key={property.id}>
              <PropertyCard
                property={property}
                selected={property.id === selectedId}
                onSelect={onSelect}
                detailed
              />
            </li>
          ))}
        </ul>
      )}
    </ViewSection>
  );
}
