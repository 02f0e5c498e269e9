import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { site } from '@/content/site';
import type { Language } from '@/content/languages';
import type { GuestRequestPageData } from '@/domain/message';
import { GUEST_REQUEST_TEXTS, GuestRequestView, guestRequestKeys } from '@/client/features/guest-request';
import { siteTextEn, type SiteText } from '@/content/site-text';
import { siteTextHi } from '@/content/hi/site-text';
import { siteTextMr } from '@/content/mr/site-text';
import { SitePageProvider } from '@/client/features/site/site-context';
import { SiteFooter } from '@/client/features/site/site-footer';
import { SiteHeader } from '@/client/features/site/site-header';
import { createQueryClient } from '@/client/lib/query';
import type { PageMeta } from '@/client/lib/seo';
import type { ServerPageHead } from '@/client/pages/registry';

const SITE_TEXTS: Record<Language, SiteText> = { en: siteTextEn, hi: siteTextHi, mr: siteTextMr };

const titleIn = (language: Language) => `${GUEST_REQUEST_TEXTS[language].title} | ${site.brandName}`;

export const requestMeta: PageMeta = {
  path: '/request/:token',
  title: titleIn('en'),
  description: 'The status of your booking request.',
};

/**
 * The page speaks the guest's language, recorded with their request; `?lang=` (its language switch) shows
 * it in another without changing what is recorded.
 */
export function describeRequestPage(data: GuestRequestPageData, requested?: Language): ServerPageHead {
  const language = requested ?? data.request.language;
  return { language, title: titleIn(language) };
}

/**
 * The language switch's links: the same page (a relative address, so the token is written nowhere new) in
 * the other language.
 */
const languageAddress = (language: Language) => `?lang=${language}`;

/** The token is the last part of the path: /request/<token>. */
function readToken(): string {
  if (typeof window === 'undefined') return '';
  return decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[1] ?? '');
}

/**
 * A guest's own request page, reached through the link in their e-mail. The server renders it with the
 * request (`data`) in `language` (see describeRequestPage), and the browser hydrates it with the same; without
 * data (the dev server) it loads the request itself.
 */
export function RequestPage({ data, language = 'en' }: { data?: GuestRequestPageData; language?: Language }) {
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
      <SitePageProvider texts={SITE_TEXTS[language]}>
        <SiteHeader currentPath={languageAddress} />
        <main className="bg-background">
          {/* The dark band carries the site's header (white on the landing page's pictures). */}
          <div aria-hidden="true" className="h-44 bg-[#1b2320] sm:h-52" />
          <div className="mx-auto -mt-20 max-w-2xl px-4 pb-16 sm:px-8">
            <GuestRequestView
              token={token}
              language={language}
              renderedAt={data?.rendered_at}
              withdrawNotice={data?.withdraw_notice}
            />
          </div>
        </main>
        <SiteFooter currentPath={languageAddress} />
      </SitePageProvider>
    </QueryClientProvider>
  );
}
