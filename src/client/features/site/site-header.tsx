import { MenuIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { localizePath } from '@/content/languages';
import { NAV_ITEMS, SECTION_IDS } from '@/content/navigation';
import { site } from '@/content/site';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { useActiveSection } from '@/client/lib/use-active-section';
import { useHydrated } from '@/client/lib/use-hydrated';
import { useScrolledPast } from '@/client/lib/use-scrolled-past';
import { clsx } from 'clsx';
import { LanguageLinks, type PagePath } from './language-links';
import { SectionLink, useOnLandingPage, useSiteText } from './site-context';

/**
 * The fixed navigation bar: transparent over the hero until the page is scrolled past 20px, then solid.
 * On the landing page the active section is tracked and marked with aria-current. Below the lg
 * breakpoint the items live in a collapsible menu: a `<details>` whose summary opens it before the script
 * has arrived (or without one); once hydrated, a real button with aria-expanded takes the summary's place
 * and the script keeps the `open` state (focus into the menu, Escape, closing on a choice). Both are in the
 * markup from the start and the stylesheet shows one (`data-hydration-swap`), so hydrating changes no element.
 */
/** `currentPath`: the page's path in English ('' for a page with no other languages), or its address in each (see PagePath). */
export function SiteHeader({ currentPath }: { currentPath: PagePath }) {
  const landing = useOnLandingPage();
  const { language, navigation, chrome } = useSiteText();
  const text = chrome.header;
  const scrolled = useScrolledPast();
  const activeSection = useActiveSection(SECTION_IDS, {
    enabled: landing,
    initial: landing ? 'home' : undefined,
  });
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const hydrated = useHydrated();
  const solid = scrolled || menuOpen;

  // A menu opened (or a summary focused) before the script arrived stays open (focused) as the button
  // takes the summary's place.
  useEffect(() => {
    if (!hydrated) return;
    if (detailsRef.current?.open) setMenuOpen(true);
    if (summaryRef.current && document.activeElement === summaryRef.current) toggleRef.current?.focus();
  }, [hydrated]);

  useEffect(() => {
    if (!menuOpen) return;
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    // At the large breakpoint the menu has no toggle: close it, so the header follows the 20px rule again.
    const large = window.matchMedia('(min-width: 64rem)');
    const onBreakpoint = () => large.matches && setMenuOpen(false);
    large.addEventListener('change', onBreakpoint);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      large.removeEventListener('change', onBreakpoint);
    };
  }, [menuOpen]);

  const toggleClass = clsx(
    'inline-flex size-11 items-center justify-center rounded-full transition-colors lg:hidden',
    solid ? 'hover:bg-muted' : 'hover:bg-white/15',
  );
  // Class lists are exclusive (no tailwind-merge on the public pages): one text colour per state.
  const itemClass = (current: boolean) =>
    clsx(
      'relative rounded-sm px-1 py-2 text-sm font-medium tracking-wide transition-colors',
      'after:absolute after:inset-x-1 after:-bottom-0.5 after:h-px after:origin-left after:bg-current after:transition-transform',
      current ? 'after:scale-x-100' : 'after:scale-x-0 hover:after:scale-x-100',
      solid
        ? current
          ? 'text-accent'
          : 'text-foreground hover:text-accent'
        : current
          ? 'text-white'
          : 'text-white/90 hover:text-white',
    );
  const mobileItemClass = (current: boolean) =>
    clsx(
      'block rounded-md px-3 py-3 font-display text-2xl transition-colors',
      current ? 'bg-muted text-accent' : 'text-foreground hover:bg-muted',
    );

  const renderItems = (mobile: boolean) =>
    NAV_ITEMS.map((item) => {
      const close = () => setMenuOpen(false);
      if ('href' in item) {
        const current = currentPath === item.href;
        return (
          <li key={item.key}>
            <a
              href={localizePath(item.href, language)}
              aria-current={current ? 'page' : undefined}
              className={mobile ? mobileItemClass(current) : itemClass(current)}
              onClick={close}
            >
              {navigation[item.key]}
            </a>
          </li>
        );
      }
      const current = landing && activeSection === item.section;
      return (
        <li key={item.key}>
          <SectionLink
            section={item.section}
            aria-current={current ? 'location' : undefined}
            className={mobile ? mobileItemClass(current) : itemClass(current)}
            onNavigate={close}
          >
            {navigation[item.key]}
          </SectionLink>
        </li>
      );
    });

  return (
    <header
      data-solid={solid}
      className={clsx(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,color] duration-300',
        solid
          ? 'bg-background/95 text-foreground shadow-[0_1px_0_var(--color-border)] backdrop-blur'
          : 'bg-transparent text-white',
      )}
    >
      <nav
        aria-label={text.mainNavigation}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-5 sm:px-8 lg:h-20"
      >
        <a href={localizePath('/', language)} className="flex flex-col leading-none">
          <span className="font-display text-2xl font-semibold tracking-wide">
            {site.brandName.replace(' Retreat', '')}
          </span>
          <span
            className={clsx(
              'mt-1 text-[0.65rem] font-semibold tracking-[0.3em] uppercase',
              solid ? 'text-accent' : 'text-white/85',
            )}
          >
            {text.brandSubtitle}
          </span>
        </a>
        <ul className="hidden items-center gap-6 lg:flex xl:gap-8">{renderItems(false)}</ul>
        <div className="flex items-center gap-2">
          {currentPath ? (
            <LanguageLinks
              currentPath={currentPath}
              section={landing ? activeSection : undefined}
              className="mr-3 hidden text-sm font-medium lg:block"
            />
          ) : null}
          <span className="hidden sm:block">
            <SectionLink
              section="booking"
              className={buttonVariants({
                variant: solid ? 'default' : 'outline-light',
                shape: 'pill',
                size: 'sm',
              })}
              onNavigate={() => setMenuOpen(false)}
            >
              {text.bookNow}
            </SectionLink>
          </span>
          <button
            ref={toggleRef}
            type="button"
            data-hydration-swap="script"
            className={toggleClass}
            aria-label={menuOpen ? text.closeMenu : text.openMenu}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <XIcon className="size-6" aria-hidden="true" />
            ) : (
              <MenuIcon className="size-6" aria-hidden="true" />
            )}
          </button>
          {/* Before hydration the summary below sits here, over this place kept for it. */}
          <span aria-hidden="true" data-hydration-swap="markup" className="size-11 lg:hidden" />
        </div>
      </nav>
      <details
        ref={detailsRef}
        open={menuOpen}
        onToggle={(event) => setMenuOpen(event.currentTarget.open)}
        className="group lg:hidden"
      >
        <summary
          ref={summaryRef}
          data-hydration-swap="markup"
          className={clsx(
            toggleClass,
            'absolute top-2.5 right-5 cursor-pointer list-none sm:right-8 [&::-webkit-details-marker]:hidden',
          )}
        >
          <MenuIcon className="size-6 group-open:hidden" aria-hidden="true" />
          <XIcon className="hidden size-6 group-open:block" aria-hidden="true" />
          <span className="sr-only">{text.menu}</span>
        </summary>
        <div
          id={menuId}
          ref={menuRef}
          className="absolute inset-x-0 top-16 max-h-[calc(100svh-4rem)] overflow-y-auto border-t bg-background px-5 pt-2 pb-6 text-foreground"
        >
          <ul className="flex flex-col">{renderItems(true)}</ul>
          <SectionLink
            section="booking"
            className={clsx(buttonVariants({ shape: 'pill', size: 'lg' }), 'mt-4 w-full')}
            onNavigate={() => setMenuOpen(false)}
          >
            {text.bookNow}
          </SectionLink>
          {currentPath ? (
            <LanguageLinks
              currentPath={currentPath}
              section={landing ? activeSection : undefined}
              className="mt-6 flex justify-center text-base"
            />
          ) : null}
        </div>
      </details>
    </header>
  );
}
