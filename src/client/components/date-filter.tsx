import { useId } from 'react';
import { Input } from '@/client/components/ui/input';

/** A date that narrows a list or a report, with its label; blank means no limit. */
export function DateFilter({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className={className}>
      <span className="text-muted-foreground">{label}</span>
      <Input
        id={id}
        type="date"
        className="w-40"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
