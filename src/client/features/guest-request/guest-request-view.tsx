import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangleIcon,
  CalendarDaysIcon,
  CheckCircle2Icon,
  Clock3Icon,
  UsersIcon,
  XCircleIcon,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatVillaClock } from '@/domain/dates';
import type { GuestRequest, WithdrawNotice } from '@/domain/message';
import { describeTimeLeft } from '@/domain/time-left';
import { formatMajorAmount } from '@/domain/money';
import { site } from '@/content/site';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { formatLongDate } from '@/client/lib/format';
import { useHydrated } from '@/client/lib/use-hydrated';
import { useMinuteClock } from '@/client/lib/use-minute-clock';
import { cn } from '@/client/lib/utils';
import { guestRequestQuery, useWithdrawRequest } from './guest-request-api';
import { CheckInPlaceholder } from './check-in-placeholder';
import { GuestInvoices } from './guest-invoices';
import { GuestPayment } from './guest-payment';
import { promiseTexts } from '@/content/promises';

// Check-in's form and its validation (zod) load apart: the page paints and works without them.
const GuestCheckIn = lazy(() =>
  import('./guest-check-in').then((module) => ({ default: module.GuestCheckIn })),
);

const STATUS_TEXT: Record<GuestRequest['status'], { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'bg-[#f3e6c9] text-[#6b4b00]' },
  confirmed: { label: 'Confirmed', tone: 'bg-[#d9ecdf] text-success' },
  completed: { label: 'Completed', tone: 'bg-secondary text-secondary-foreground' },
  cancelled: { label: 'Cancelled', tone: 'bg-[#f4dcd9] text-destructive' },
};

function describeStatus(request: GuestRequest, now: Date): string {
  if (request.status === 'pending' && !request.guest_confirmed) {
    const left = describeTimeLeft(request.confirm_by, now);
    const when = left === 'due now' ? 'now' : `within ${left}`;
    return `Please confirm your request with the link in the email we sent you, ${when} (by ${formatVillaClock(request.confirm_by)} India time). We hold the dates for you until then; a request that is not confirmed lapses and the dates are released.`;
  }
  if (request.status === 'pending')
    return `Your request is confirmed, thank you. We are looking at it and will answer within ${describeTimeLeft(request.hold_until, now)} (by ${formatVillaClock(request.hold_until)} India time). The dates are held for you meanwhile. ${promiseTexts.payment}`;
  if (request.status === 'confirmed') return 'Your stay is confirmed. We look forward to welcoming you.';
  if (request.status === 'completed') return 'Thank you for staying with us.';
  if (request.closed_reason === 'withdrawn') return 'You withdrew this request. The dates are released.';
  if (request.closed_reason === 'unconfirmed')
    return 'This request was not confirmed from the email in time, so the dates were released. You are welcome to send it again.';
  if (request.closed_reason === 'lapsed')
    return 'We could not answer in time, so this request lapsed and the dates were released. Nothing was charged.';
  return 'This request was not accepted, or the booking was cancelled. Please contact us with any questions.';
}

function Fact({ icon: Icon, label, value }: { icon: typeof UsersIcon; label: string; value: string }) {
  // dt and dd sit directly in their group inside the dl; the icon is part of the term.
  return (
    <div>
      <dt className="flex items-center gap-3 text-xs font-semibold tracking-widest text-muted-foreground uppercase">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
        {label}
      </dt>
      <dd className="mt-0.5 pl-8 text-base text-foreground">{value}</dd>
    </div>
  );
}

/** Where 'Withdraw request' posts as a plain form (see the server's form route). */
const withdrawAction = (token: string) => `/request/${encodeURIComponent(token)}/withdraw`;

/**
 * 'Withdraw request': a plain HTML form, so it works before the page's script has arrived (the server asks
 * to confirm on the page, then withdraws). Once hydrated, the script takes the submit and confirms in a
 * dialog instead.
 */
function WithdrawButton({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawRequest(token);
  const hydrated = useHydrated();
  return (
    <>
      <form
        method="post"
        action={withdrawAction(token)}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Button type="submit" variant="outline" shape="pill" size="lg">
          Withdraw request
        </Button>
      </form>
      <ConfirmDialog
        open={open}
        // Not closed while the withdrawal runs: its answer is shown here.
        onOpenChange={(next) => !withdraw.isPending && setOpen(next)}
        title="Withdraw this request?"
        description={WITHDRAW_DESCRIPTION}
        keepLabel="Keep my request"
        confirmLabel="Withdraw request"
        pendingLabel="Withdrawing…"
        pending={withdraw.isPending}
        error={
          withdraw.isError
            ? getErrorMessage(withdraw.error, 'The request could not be withdrawn. Please try again.')
            : undefined
        }
        onConfirm={() => withdraw.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}

const WITHDRAW_DESCRIPTION =
  'The dates are released for other guests and we stop holding them for you. This cannot be undone.';

/** The withdrawal sent as a plain form: its confirmation step on the page, or what it did. */
function WithdrawNoticePanel({
  token,
  notice,
  request,
}: {
  token: string;
  notice: WithdrawNotice;
  request: GuestRequest;
}) {
  if (notice === 'confirm' && request.can_withdraw) {
    return (
      <section
        id="withdrawal"
        aria-labelledby="withdraw-confirm-title"
        className="mt-8 rounded-xl border border-destructive/40 bg-destructive/5 p-5"
      >
        <h2 id="withdraw-confirm-title" className="font-semibold">
          Withdraw this request?
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{WITHDRAW_DESCRIPTION}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <form method="post" action={withdrawAction(token)}>
            <input type="hidden" name="confirm" value="yes" />
            <Button type="submit" variant="destructive" shape="pill">
              Withdraw request
            </Button>
          </form>
          <a
            href={`/request/${encodeURIComponent(token)}`}
            className={buttonVariants({ variant: 'outline', shape: 'pill' })}
          >
            Keep my request
          </a>
        </div>
      </section>
    );
  }
  if (notice === 'done' && request.closed_reason === 'withdrawn') {
    return (
      <p id="withdrawal" role="status" className="mt-8 rounded-xl bg-secondary px-4 py-3 text-sm font-medium">
        Your request is withdrawn. We have sent you an email to say so.
      </p>
    );
  }
  if (notice === 'refused') {
    return (
      <p
        id="withdrawal"
        role="alert"
        className="mt-8 rounded-xl bg-destructive/5 px-4 py-3 text-sm text-destructive"
      >
        This request is {request.status} and can no longer be withdrawn.
      </p>
    );
  }
  return null;
}

/**
 * A guest's own request: its status, the stay, and withdrawing it while it is pending. `renderedAt`: the
 * moment the server rendered the page, which the time left is first worded from (see useMinuteClock).
 */
export function GuestRequestView({
  token,
  renderedAt,
  withdrawNotice,
}: {
  token: string;
  renderedAt?: string;
  /** Set when the page follows a withdrawal sent as a plain form. */
  withdrawNotice?: WithdrawNotice;
}) {
  const query = useQuery(guestRequestQuery(token));
  const hydrated = useHydrated();
  const now = useMinuteClock(renderedAt);

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading your request" className="space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const unknown = isApiError(query.error, 404);
    return (
      <div role="alert" className="rounded-2xl border border-border bg-card p-8 text-center">
        <AlertTriangleIcon aria-hidden="true" className="mx-auto size-8 text-destructive" />
        <h1 className="mt-4 font-display text-3xl font-medium">
          {unknown ? 'We could not find this request' : 'Your request could not be loaded'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {getErrorMessage(query.error, 'Please check your connection and try again.')}
        </p>
        {unknown ? (
          <a href={`mailto:${site.email}`} className={cn(buttonVariants({ shape: 'pill' }), 'mt-6')}>
            Contact us
          </a>
        ) : (
          <Button
            shape="pill"
            className="mt-6"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            Try again
          </Button>
        )}
      </div>
    );
  }

  const request = query.data;
  const status =
    request.status === 'pending' && !request.guest_confirmed
      ? { ...STATUS_TEXT.pending, label: 'Waiting for your confirmation' }
      : STATUS_TEXT[request.status];
  const StatusIcon =
    request.status === 'cancelled'
      ? XCircleIcon
      : request.status === 'pending'
        ? Clock3Icon
        : CheckCircle2Icon;
  return (
    <article
      aria-labelledby="request-title"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-10"
    >
      <p className="text-xs font-semibold tracking-[0.3em] text-accent uppercase">Your booking request</p>
      <h1 id="request-title" className="mt-3 font-display text-3xl leading-tight font-medium sm:text-4xl">
        {request.property_name}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Reference <span className="font-semibold text-foreground">{request.reference}</span> · for{' '}
        {request.guest_name}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3" aria-live="polite">
        <span
          className={cn(
            'inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold',
            status.tone,
          )}
        >
          <StatusIcon aria-hidden="true" className="size-4" />
          <span>Status: {status.label}</span>
        </span>
      </div>
      <p className="mt-4 leading-relaxed text-foreground">{describeStatus(request, now)}</p>
      <dl className="mt-8 grid gap-5 rounded-xl bg-background p-5 sm:grid-cols-2">
        <Fact icon={CalendarDaysIcon} label="Check-in" value={formatLongDate(request.check_in)} />
        <Fact icon={CalendarDaysIcon} label="Check-out" value={formatLongDate(request.check_out)} />
        <Fact
          icon={UsersIcon}
          label="Guests"
          value={`${request.guests_count} ${request.guests_count === 1 ? 'guest' : 'guests'} · ${request.nights} ${request.nights === 1 ? 'night' : 'nights'}`}
        />
        <Fact
          icon={Clock3Icon}
          label="Total"
          value={formatMajorAmount(request.total_amount, request.currency)}
        />
      </dl>
      {request.payment ? <GuestPayment payment={request.payment} currency={request.currency} /> : null}
      {request.invoices.length > 0 ? <GuestInvoices token={token} invoices={request.invoices} /> : null}
      {withdrawNotice ? (
        <WithdrawNoticePanel token={token} notice={withdrawNotice} request={request} />
      ) : null}
      {request.status === 'confirmed' || request.status === 'completed' ? (
        hydrated ? (
          <Suspense fallback={<CheckInPlaceholder />}>
            <GuestCheckIn token={token} />
          </Suspense>
        ) : (
          // The server renders no Suspense (renderToString cannot): the placeholder until hydrated.
          <CheckInPlaceholder />
        )
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* While the plain form's confirmation is on the page, its buttons are the ones to use. */}
        {request.can_withdraw && withdrawNotice !== 'confirm' ? <WithdrawButton token={token} /> : null}
        <p className="text-sm text-muted-foreground">
          Questions? Write to{' '}
          <a
            href={`mailto:${site.email}`}
            className="font-semibold break-all text-primary underline-offset-4 hover:underline"
          >
            {site.email}
          </a>
        </p>
      </div>
    </article>
  );
}
