import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestPage } from './request-page';
import { requestPageSamples } from './request-page-samples';

const pending = requestPageSamples.find((sample) => sample.request.status === 'pending')!;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the guest's request page", () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  /** The server's markup for `data`, hydrated in the browser with the same data, as the page's script does. */
  async function hydrateServerPage(data = pending) {
    const fetchSpy = vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/withdraw') && init?.method === 'POST'
        ? json({ ...data.request, status: 'cancelled', closed_reason: 'withdrawn', can_withdraw: false })
        : json({ error: { message: 'unexpected' } }, 500),
    );
    vi.stubGlobal('fetch', fetchSpy);
    // The server renders at the moment it names; the browser hydrates later, by its own clock.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(data.rendered_at) });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RequestPage data={data} />);
    vi.useRealTimers();
    document.body.append(container);
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <RequestPage data={data} />, {
        onRecoverableError: (error) => recoverableErrors.push(error),
      });
    });
    return { fetchSpy, recoverableErrors };
  }

  it("hydrates the server's markup with the server's data: no mismatch, no fetch", async () => {
    // Rendered 20 seconds ago with 2 hours left ("2 hours"); by the browser's clock, "1 hour 59 minutes".
    const renderedAt = Date.now() - 20_000;
    const data = {
      ...pending,
      rendered_at: new Date(renderedAt).toISOString(),
      request: { ...pending.request, hold_until: new Date(renderedAt + 2 * 3_600_000).toISOString() },
    };
    const { fetchSpy, recoverableErrors } = await hydrateServerPage(data);
    expect(recoverableErrors).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByText('Status: Pending')).toBeTruthy();
    // After hydration the page moves to the browser's clock.
    expect(screen.getByText(/will answer within 1 hour 59 minutes/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Shanti Villa Retreat' })).toBeTruthy();
  });

  it('withdraws the pending request once hydrated, and shows it cancelled', async () => {
    const { fetchSpy } = await hydrateServerPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw request' }));
    await screen.findByText('Status: Cancelled');
    expect(screen.getByText('You withdrew this request. The dates are released.')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith('/api/requests/sample/withdraw', expect.anything());
  });

  it("shows the stay's invoices once there are any, and hydrates them without a mismatch", async () => {
    const invoiced = requestPageSamples.find((sample) => sample.request.invoices.length > 0)!;
    const { recoverableErrors } = await hydrateServerPage(invoiced);
    expect(recoverableErrors).toEqual([]);
    const section = screen.getByRole('region', { name: 'Your invoices' });
    expect(within(section).getByRole('link', { name: /^Download PDF: Tax Invoice/ })).toHaveAttribute(
      'href',
      `/api/requests/sample/invoices/${invoiced.request.invoices[0]!.id}/pdf`,
    );
  });

  it('shows no invoices section for a request without documents', async () => {
    await hydrateServerPage();
    expect(screen.queryByRole('region', { name: 'Your invoices' })).toBeNull();
  });
});
