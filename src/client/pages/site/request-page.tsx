import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { site } from '@/content/site';
import type { GuestRequestPageData } from '@/domain/message';
import { GuestRequestView, guestRequestKeys } from '@/client/features/guest-request';
import { siteTextEn } from '@/content/site-text';
import { SitePageProvider } from '@/client/features/site/site-context';
import { SiteFooter } from '@/client/features/site/site-footer';
import { SiteHeader } from '@/client/features/site/site-header';
import { createQueryClient } from '@/client/lib/query';
import type { PageMeta } from '@/client/lib/seo';

export const requestMeta: PageMeta = {
  path: '/request/:token',
  title: `Your booking request | ${site.brandName}`,
  description: 'The status of your booking request.',
};

/** The token is the last part of the path: /request/<token>. */
function readToken(): string {
  if (typeof window === 'undefined') return '';
  return decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[1] ?? '');
}

/**
 * A guest's own request page, reached through the link in their e-mail. The server renders it with the
 * request (`data`) and the browser hydrates it with the same; without data (the dev server) it loads the
 * request itself.
 */
export function RequestPage({ data }: { data?: GuestRequestPageData }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (data) {
      client.setQueryData(guestRequestKeys.request(data.token), data.request, {
        // Fresh as of the server's render, read on the browser's clock, which may be behind the server's.
        updatedAt: Math.min(Date.parse(data.rendered_at), Date.now()),
      });
    }
    return client;
  });
  const [token] = useState(() => data?.token ?? readToken());
  return (
    <QueryClientProvider client={queryClient}>
      <SitePageProvider texts={siteTextEn}>
        <SiteHeader currentPath="" />
        <main className="bg-background">
          {/* The dark band carries the site's header (white on the landing page's pictures). */}
          <div aria-hidden="true" className="h-44 bg-[#1b2320] sm:h-52" />
          <div className="mx-auto -mt-20 max-w-2xl px-4 pb-16 sm:px-8">
            <GuestRequestView
              token={token}
              renderedAt={data?.rendered_at}
              withdrawNotice={data?.withdraw_notice}
            />
          </div>
        </main>
        <SiteFooter />
      </SitePageProvider>
    </QueryClientProvider>
  );
}
