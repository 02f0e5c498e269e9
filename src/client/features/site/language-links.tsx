import type { MouseEvent } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, localizePath, type Language } from '@/content/languages';
import { clsx } from 'clsx';
import { useSiteText } from './site-context';

/**
 * Where a page is in each language: its path in English (`/partnership`, localized by `localizePath`), or,
 * for a page whose address is not a path per language (a guest's request page), its address in each.
 */
export type PagePath = string | ((language: Language) => string);

/**
 * The page in the other languages, each named in itself. A visitor halfway down the landing page lands on
 * the same section in the other language: the link takes the section they are reading (`section`), or the
 * address's fragment, when it is followed.
 */
export function LanguageLinks({
  currentPath,
  section,
  className,
  linkClassName,
}: {
  currentPath: PagePath;
  section?: string;
  className?: string;
  linkClassName?: string;
}) {
  const { language, chrome } = useSiteText();
  const hrefFor = (other: Language) =>
    typeof currentPath === 'function' ? currentPath(other) : localizePath(currentPath || '/', other);
  const keepPlace = (event: MouseEvent<HTMLAnchorElement>) => {
    const fragment = section && section !== 'home' ? `#${section}` : window.location.hash;
    if (fragment) event.currentTarget.hash = fragment;
  };
  return (
    <nav aria-label={chrome.header.languages} className={className}>
      <ul className="flex items-center gap-4">
        {LANGUAGES.filter((other) => other !== language).map((other) => (
          <li key={other}>
            <a
              href={hrefFor(other)}
              hrefLang={other}
              lang={other}
              onClick={keepPlace}
              // On an English page in a font of just these words, inline in the page (scripts/build.mjs): it
              // must not fetch a Devanagari face for two words, nor show boxes where the system has none.
              className={clsx(
                language === 'en' && 'font-[Language_Names,system-ui,sans-serif]',
                'underline-offset-4 hover:underline',
                linkClassName,
              )}
            >
              {LANGUAGE_NAMES[other]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
