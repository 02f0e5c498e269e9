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
import { fillText } from '@/content/fill-text';
import type { GuestRequestText } from '@/content/guest-request';
import type { Language } from '@/content/languages';
import { formatVillaClock } from '@/domain/dates';
import type { GuestRequest, WithdrawNotice } from '@/domain/message';
import type { Wire } from '@/domain/wire-amount';
import { describeTimeLeft } from '@/domain/time-left';
import { formatMajorAmount } from '@/domain/money';
import { getSiteContact } from '@/content/site-contact';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { formatLongDateIn } from '@/client/lib/format';
import { useHydrated } from '@/client/lib/use-hydrated';
import { useMinuteClock } from '@/client/lib/use-minute-clock';
import { cn } from '@/client/lib/utils';
import { guestRequestQuery, useWithdrawRequest } from './guest-request-api';
import { CheckInPlaceholder } from './check-in-placeholder';
import { GuestInvoices } from './guest-invoices';
import { GuestPayment } from './guest-payment';
import { GUEST_REQUEST_TEXTS, TIME_WORDS } from './guest-request-text';

// Check-in's form and its validation (zod) load apart: the page paints and works without them.
const GuestCheckIn = lazy(() =>
  import('./guest-check-in').then((module) => ({ default: module.GuestCheckIn })),
);

const STATUS_TONES: Record<GuestRequest['status'], string> = {
  pending: 'bg-[#f3e6c9] text-[#6b4b00]',
  confirmed: 'bg-[#d9ecdf] text-success',
  completed: 'bg-secondary text-secondary-foreground',
  cancelled: 'bg-[#f4dcd9] text-destructive',
};

/** The status's name: a pending request the guest has not confirmed yet waits for them. */
function nameStatus(request: Wire<GuestRequest>, text: GuestRequestText): string {
  return request.status === 'pending' && !request.guest_confirmed
    ? text.statuses.awaitingConfirmation
    : text.statuses[request.status];
}

function describeStatus(request: Wire<GuestRequest>, now: Date, language: Language): string {
  const text = GUEST_REQUEST_TEXTS[language].describe;
  const words = TIME_WORDS[language];
  if (request.status === 'pending' && !request.guest_confirmed) {
    const timeLeft = describeTimeLeft(request.confirm_by, now, words);
    return fillText(timeLeft === words.dueNow ? text.awaitingConfirmationNow : text.awaitingConfirmation, {
      timeLeft,
      time: formatVillaClock(request.confirm_by),
    });
  }
  if (request.status === 'pending') {
    const timeLeft = describeTimeLeft(request.hold_until, now, words);
    return `${fillText(text.pending, { timeLeft, time: formatVillaClock(request.hold_until) })} ${text.payment}`;
  }
  if (request.status === 'confirmed') return text.confirmed;
  if (request.status === 'completed') return text.completed;
  if (request.closed_reason === 'withdrawn') return text.withdrawn;
  if (request.closed_reason === 'unconfirmed') return text.unconfirmed;
  if (request.closed_reason === 'lapsed') return text.lapsed;
  return text.declined;
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

/**
 * The request page's address, keeping a language the guest chose with the switch (`?lang=`) over the one
 * recorded with the request, so the plain form's steps answer in the language the guest is reading.
 */
const requestPageUrl = (token: string, chosen: Language | undefined, suffix = '') =>
  `/request/${encodeURIComponent(token)}${suffix}${chosen ? `?lang=${chosen}` : ''}`;
/** Where 'Withdraw request' posts as a plain form (see the server's form route). */
const withdrawAction = (token: string, chosen: Language | undefined) =>
  requestPageUrl(token, chosen, '/withdraw');

/**
 * 'Withdraw request': a plain HTML form, so it works before the page's script has arrived (the server asks
 * to confirm on the page, then withdraws). Once hydrated, the script takes the submit and confirms in a
 * dialog instead.
 */
function WithdrawButton({
  token,
  text,
  language,
  chosen,
}: {
  token: string;
  text: GuestRequestText['withdraw'];
  language: Language;
  /** The language chosen with the switch, when it is not the request's own. */
  chosen: Language | undefined;
}) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawRequest(token);
  const hydrated = useHydrated();
  return (
    <>
      <form
        method="post"
        action={withdrawAction(token, chosen)}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Button type="submit" variant="outline" shape="pill" size="lg">
          {text.button}
        </Button>
      </form>
      <ConfirmDialog
        open={open}
        // Not closed while the withdrawal runs: its answer is shown here.
        onOpenChange={(next) => !withdraw.isPending && setOpen(next)}
        title={text.title}
        description={text.description}
        keepLabel={text.keep}
        confirmLabel={text.button}
        pendingLabel={text.pending}
        closeLabel={text.close}
        pending={withdraw.isPending}
        error={
          withdraw.isError
            ? // The server's reason is English: other languages say it failed, in theirs.
              language === 'en'
              ? getErrorMessage(withdraw.error, text.failed)
              : text.failed
            : undefined
        }
        onConfirm={() => withdraw.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}

/** The withdrawal sent as a plain form: its confirmation step on the page, or what it did. */
function WithdrawNoticePanel({
  token,
  notice,
  request,
  text,
  chosen,
}: {
  token: string;
  notice: WithdrawNotice;
  request: Wire<GuestRequest>;
  text: GuestRequestText;
  chosen: Language | undefined;
}) {
  if (notice === 'confirm' && request.can_withdraw) {
    return (
      <section
        id="withdrawal"
        aria-labelledby="withdraw-confirm-title"
        className="mt-8 rounded-xl border border-destructive/40 bg-destructive/5 p-5"
      >
        <h2 id="withdraw-confirm-title" className="font-semibold">
          {text.withdraw.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{text.withdraw.description}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <form method="post" action={withdrawAction(token, chosen)}>
            <input type="hidden" name="confirm" value="yes" />
            <Button type="submit" variant="destructive" shape="pill">
              {text.withdraw.button}
            </Button>
          </form>
          <a
            href={requestPageUrl(token, chosen)}
            className={buttonVariants({ variant: 'outline', shape: 'pill' })}
          >
            {text.withdraw.keep}
          </a>
        </div>
      </section>
    );
  }
  if (notice === 'done' && request.closed_reason === 'withdrawn') {
    return (
      <p id="withdrawal" role="status" className="mt-8 rounded-xl bg-secondary px-4 py-3 text-sm font-medium">
        {text.withdraw.done}
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
        {fillText(text.withdraw.refused, { status: nameStatus(request, text).toLowerCase() })}
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
  language,
  renderedAt,
  withdrawNotice,
}: {
  token: string;
  /** The language the page is shown in (the guest's, or the one they chose with the language switch). */
  language: Language;
  renderedAt?: string;
  /** Set when the page follows a withdrawal sent as a plain form. */
  withdrawNotice?: WithdrawNotice;
}) {
  const query = useQuery(guestRequestQuery(token));
  const hydrated = useHydrated();
  const now = useMinuteClock(renderedAt);
  const text = GUEST_REQUEST_TEXTS[language];
  // The server's own words are English: other languages say it in theirs.
  const explain = (error: unknown, fallback: string) =>
    language === 'en' ? getErrorMessage(error, fallback) : fallback;

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={text.loading} className="space-y-4">
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
          {unknown ? text.notFound : text.loadFailed}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {explain(query.error, unknown ? text.notFoundText : text.checkConnection)}
        </p>
        {unknown ? (
          <a
            href={`mailto:${getSiteContact().email}`}
            className={cn(buttonVariants({ shape: 'pill' }), 'mt-6')}
          >
            {text.contactUs}
          </a>
        ) : (
          <Button
            shape="pill"
            className="mt-6"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {text.tryAgain}
          </Button>
        )}
      </div>
    );
  }

  const request = query.data;
  const chosen = language === request.language ? undefined : language;
  const facts = text.facts;
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
      <p className="text-xs font-semibold tracking-[0.3em] text-accent uppercase">{text.eyebrow}</p>
      <h1 id="request-title" className="mt-3 font-display text-3xl leading-tight font-medium sm:text-4xl">
        {request.property_name}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {text.reference} <span className="font-semibold text-foreground">{request.reference}</span> ·{' '}
        {fillText(text.forGuest, { name: request.guest_name })}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3" aria-live="polite">
        <span
          className={cn(
            'inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold',
            STATUS_TONES[request.status],
          )}
        >
          <StatusIcon aria-hidden="true" className="size-4" />
          <span>{fillText(text.status, { status: nameStatus(request, text) })}</span>
        </span>
      </div>
      <p className="mt-4 leading-relaxed text-foreground">{describeStatus(request, now, language)}</p>
      <dl className="mt-8 grid gap-5 rounded-xl bg-background p-5 sm:grid-cols-2">
        <Fact
          icon={CalendarDaysIcon}
          label={facts.checkIn}
          value={formatLongDateIn(request.check_in, language)}
        />
        <Fact
          icon={CalendarDaysIcon}
          label={facts.checkOut}
          value={formatLongDateIn(request.check_out, language)}
        />
        <Fact
          icon={UsersIcon}
          label={facts.guests}
          value={`${fillText(request.guests_count === 1 ? facts.guestOne : facts.guestMany, { n: request.guests_count })} · ${fillText(request.nights === 1 ? facts.nightOne : facts.nightMany, { n: request.nights })}`}
        />
        <Fact
          icon={Clock3Icon}
          label={facts.total}
          value={formatMajorAmount(request.total_amount, request.currency)}
        />
      </dl>
      {request.payment ? (
        <GuestPayment
          payment={request.payment}
          currency={request.currency}
          text={text.payment}
          language={language}
        />
      ) : null}
      {request.invoices.length > 0 ? (
        <GuestInvoices token={token} invoices={request.invoices} text={text.invoices} language={language} />
      ) : null}
      {withdrawNotice ? (
        <WithdrawNoticePanel
          token={token}
          notice={withdrawNotice}
          request={request}
          text={text}
          chosen={chosen}
        />
      ) : null}
      {request.status === 'confirmed' || request.status === 'completed' ? (
        hydrated ? (
          <Suspense fallback={<CheckInPlaceholder title={text.checkIn.title} />}>
            <GuestCheckIn token={token} language={language} title={text.checkIn.title} />
          </Suspense>
        ) : (
          // The server renders no Suspense (renderToString cannot): the placeholder until hydrated.
          <CheckInPlaceholder title={text.checkIn.title} />
        )
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* While the plain form's confirmation is on the page, its buttons are the ones to use. */}
        {request.can_withdraw && withdrawNotice !== 'confirm' ? (
          <WithdrawButton token={token} text={text.withdraw} language={language} chosen={chosen} />
        ) : null}
        <p className="text-sm text-muted-foreground">
          {text.questions}{' '}
          <a
            href={`mailto:${getSiteContact().email}`}
            className="font-semibold break-all text-primary underline-offset-4 hover:underline"
          >
            {getSiteContact().email}
          </a>
        </p>
      </div>
    </article>
  );
}
