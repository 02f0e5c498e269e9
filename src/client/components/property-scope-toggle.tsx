import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { ToggleGroup } from '@/client/components/ui/toggle-group';

export type PropertyScope = 'selected' | 'all';

/** Narrows a view to the selected property or widens it to all of them; nothing to choose without one. */
export function PropertyScopeToggle({
  label,
  selected,
  scope,
  onChange,
}: {
  label: string;
  selected: Wire<Property> | null;
  scope: PropertyScope;
  onChange: (scope: PropertyScope) => void;
}) {
  if (!selected) return null;
  return (
    <ToggleGroup
      label={label}
      className="rounded-md"
      itemClassName="h-8"
      options={[
        { value: 'selected', label: selected.name, shortens: true },
        { value: 'all', label: 'All properties' },
      ]}
      value={scope}
      onChange={onChange}
    />
  );
}
