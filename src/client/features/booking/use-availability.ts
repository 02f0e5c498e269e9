import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '@/client/lib/api-client';
import type { Availability, QuoteResult } from '@/domain/availability';

export type AvailabilityState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; availability: Availability; unavailable: ReadonlySet<string> };

/** The villa's unavailable nights for the next year, with a reload for after a refused request. */
export function useAvailability() {
  const [state, setState] = useState<AvailabilityState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<Availability>('/api/availability', { signal: controller.signal }).then(
      (availability) =>
        setState({ status: 'ready', availability, unavailable: new Set(availability.unavailable) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message:
            error instanceof Error && error.message ? error.message : 'Availability could not be loaded',
        });
      },
    );
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { state, reload };
}

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: QuoteResult }
  | { status: 'error'; message: string };

/** The server's quote for a stay, fetched shortly after the dates or guests stop changing. */
export function useQuote(stay: { checkIn?: string; checkOut?: string; guests?: number }, enabled: boolean) {
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const { checkIn, checkOut, guests } = stay;

  useEffect(() => {
    if (!enabled || !checkIn || !checkOut) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    const params = new URLSearchParams({ check_in: checkIn, check_out: checkOut });
    if (guests && Number.isInteger(guests) && guests > 0) params.set('guests', String(guests));
    const timer = setTimeout(() => {
      apiFetch<QuoteResult>(`/api/quote?${params}`, { signal: controller.signal }).then(
        (quote) => setState({ status: 'ready', quote }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({
            status: 'error',
            message:
              error instanceof Error && error.message ? error.message : 'The price could not be worked out',
          });
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [checkIn, checkOut, guests, enabled]);

  return state;
}
