import { localizePath } from '@/content/languages';
import { FOOTER_LINKS } from '@/content/navigation';
import { site } from '@/content/site';
import { describeContactAddress, formatTelHref, getSiteContact } from '@/content/site-contact';
import { LanguageLinks, type PagePath } from './language-links';
import { SectionLink, useSiteText } from './site-context';

const linkClass = 'text-white/80 transition-colors hover:text-white hover:underline underline-offset-4';

/** `currentPath`: the page's path in English, or its address in each language (see PagePath), for its language links. */
export function SiteFooter({ currentPath }: { currentPath?: PagePath }) {
  const address = getSiteContact();
  const { language, tagline, footer, navigation, chrome } = useSiteText();
  const text = chrome.footer;
  return (
    <footer className="bg-[#17221d] text-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 pt-20 pb-12 sm:px-8 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div>
          <p className="font-display text-3xl">{site.brandName}</p>
          <p className="mt-2 font-display text-lg text-[#e8c79c] italic">{tagline}</p>
          <p className="mt-5 max-w-sm text-sm leading-relaxed text-white/75">{footer.blurb}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2
            id="footer-quick-links"
            className="text-xs font-semibold tracking-[0.24em] text-[#e8c79c] uppercase"
          >
            {text.quickLinks}
          </h2>
          <ul className="mt-5 space-y-3 text-sm">
            {FOOTER_LINKS.map((section) => (
              <li key={section}>
                <SectionLink section={section} className={linkClass}>
                  {navigation[section]}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-more">
          <h2 id="footer-more" className="text-xs font-semibold tracking-[0.24em] text-[#e8c79c] uppercase">
            {text.more}
          </h2>
          <ul className="mt-5 space-y-3 text-sm">
            <li>
              <a href={localizePath('/partnership', language)} className={linkClass}>
                {text.partnership}
              </a>
            </li>
            <li>
              <a href="/villa-management" className={linkClass}>
                {text.management}
              </a>
            </li>
            <li>
              <a href={site.sisterBrand.url} rel="noopener" className={linkClass}>
                {site.sisterBrand.name}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-xs font-semibold tracking-[0.24em] text-[#e8c79c] uppercase">{text.contact}</h2>
          <ul className="mt-5 space-y-3 text-sm text-white/80">
            <li>
              {text.phone}:{' '}
              <a href={formatTelHref(getSiteContact().phone)} className={linkClass}>
                {getSiteContact().phone}
              </a>
            </li>
            <li>
              {text.email}:{' '}
              <a href={`mailto:${getSiteContact().email}`} className={linkClass}>
                {getSiteContact().email}
              </a>
            </li>
            <li>
              <address className="not-italic">
                {describeContactAddress(address, chrome.postalAddress)}
              </address>
            </li>
            <li>
              {text.website}:{' '}
              <a href={site.url} rel="noopener" className={linkClass}>
                {new URL(site.url).host}
              </a>
            </li>
            <li>
              {text.social}:{' '}
              <a href={getSiteContact().social_url} rel="noopener noreferrer" className={linkClass}>
                {getSiteContact().social_handle}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-5 py-8 text-xs leading-relaxed text-white/70 sm:px-8 lg:flex-row lg:justify-between">
          <p>
            © {site.copyrightYear} {site.brandName}. {text.rights}
          </p>
          {currentPath ? (
            <LanguageLinks currentPath={currentPath} linkClassName="text-white/85 hover:text-white" />
          ) : null}
          <div className="space-y-1 lg:text-right">
            <p>{footer.managedBy}</p>
            <p>{footer.sisterBrand}</p>
          </div>
        </div>
      </div>
    </footer>
  );
}
