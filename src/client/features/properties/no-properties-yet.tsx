import { BuildingIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';

/** The empty state of every list of properties: what to do first. */
export function NoPropertiesYet({
  onAddProperty,
  className,
}: {
  onAddProperty: () => void;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed py-10 text-center',
        className,
      )}
    >
      <BuildingIcon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-muted-foreground">No properties added yet</p>
      <Button onClick={onAddProperty}>
        <PlusIcon aria-hidden="true" />
        Add Your First Property
      </Button>
    </div>
  );
}
