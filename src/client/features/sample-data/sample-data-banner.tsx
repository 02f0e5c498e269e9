import { useQuery } from '@tanstack/react-query';
import { FlaskConicalIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { getErrorMessage } from '@/client/lib/api-client';
import { sampleDataQuery, useRemoveSampleData } from './sample-data-api';

/** Says that the bookings shown include made-up ones, and removes them all at once (after a confirm). */
export function SampleDataBanner() {
  const sample = useQuery(sampleDataQuery());
  const remove = useRemoveSampleData();
  const [confirming, setConfirming] = useState(false);
  const count = sample.data?.sample_bookings ?? 0;
  if (count === 0) return null;
  return (
    <section
      aria-labelledby="sample-data-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div className="flex items-start gap-3">
        <FlaskConicalIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <h2 id="sample-data-title" className="font-semibold">
            This account holds sample data
          </h2>
          <p className="text-sm">
            {count === 1 ? '1 booking was' : `${count} bookings were`} made up to show how things work. Remove
            them before you take real bookings, so no fake guest is mixed in with yours.
          </p>
        </div>
      </div>
      <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
        Remove sample data
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove all sample data?"
        description={`${count === 1 ? 'The 1 sample booking' : `All ${count} sample bookings`} will be deleted in one go. Your properties and any booking you entered or received yourself stay as they are. This cannot be undone.`}
        keepLabel="Keep it"
        confirmLabel="Remove sample data"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (result) => {
              toast.success('Sample data removed', {
                description: `${result.removed_bookings} sample bookings deleted`,
              });
              setConfirming(false);
            },
            onError: (error) =>
              toast.error('Error', {
                description: getErrorMessage(error, 'The sample data could not be removed'),
              }),
          })
        }
      />
    </section>
  );
}
