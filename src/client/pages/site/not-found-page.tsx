import { useEffect } from 'react';
import { site } from '@/content/site';

export const notFoundMeta = {
  path: '/404',
  title: `Page not found | ${site.brandName}`,
  description: 'This page does not exist.',
};

export function NotFoundPage() {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
  }, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-display text-4xl">Oops! Page not found</h1>
      <a href="/" className="text-primary underline underline-offset-4">
        Return to Home
      </a>
    </main>
  );
}
