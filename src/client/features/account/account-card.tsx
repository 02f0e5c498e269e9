import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';

/** A card of the Account view: a section named by its heading, with what the card is for under it. */
export function AccountCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <h2 id={id} className="font-display text-xl font-semibold">
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
