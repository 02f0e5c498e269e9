import { AlertTriangleIcon, RotateCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';

/**
 * A failed load: logged to the console, and shown with a way forward: a
 * message and a retry instead of a blank panel.
 */
export function LoadError({
  what,
  error,
  onRetry,
  retrying,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  useEffect(() => {
    console.error(`Failed to load ${what}:`, error);
  }, [what, error]);
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <AlertTriangleIcon className="size-6 text-destructive" aria-hidden="true" />
      <p className="font-medium">The {what} could not be loaded.</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        Try again
      </Button>
    </Card>
  );
}
