import type { ComponentProps } from 'react';
import { Image } from '@/client/components/ui/image';
import { useSiteText } from './site-context';

/** An image of a public page, saying in the page's language when it cannot load. */
export function SiteImage(props: Omit<ComponentProps<typeof Image>, 'failedText'>) {
  return <Image failedText={useSiteText().chrome.imageFailed} {...props} />;
}
