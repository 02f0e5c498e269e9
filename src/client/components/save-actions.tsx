import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';

/** The end of a settings form: undo what was typed since the last save, and save. */
export function SaveActions({
  dirty,
  pending,
  onUndo,
  saveLabel,
  className,
}: {
  dirty: boolean;
  pending: boolean;
  onUndo: () => void;
  saveLabel: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      <Button type="button" variant="outline" disabled={!dirty || pending} onClick={onUndo}>
        Undo changes
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : saveLabel}
      </Button>
    </div>
  );
}
