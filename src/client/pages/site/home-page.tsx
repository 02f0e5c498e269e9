import { site } from '@/content/site';

export const homeMeta = {
  path: '/',
  title: `${site.brandName} | ${site.tagline}`,
  description: 'A luxury villa retreat behind a historic fort in Maharashtra, India.',
};

export function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="font-display text-5xl">{site.tagline}</h1>
      <p className="mt-4 text-muted-foreground">{site.brandName}</p>
    </main>
  );
}
