import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { site } from '../../../content/site';
import type { Language } from '../../../domain/language';
import { taglineHi } from '../../../content/hi/footer';
import { taglineMr } from '../../../content/mr/footer';

/** The tagline under the name, in the message's language, as the site's pages say it. */
const TAGLINES: Record<Language, string> = { en: site.tagline, hi: taglineHi, mr: taglineMr };

// The site's look, in what mail programs render: inline styles, tables, and fonts with the fallbacks the
// reader has (the site's web fonts are not loaded: many mail programs block remote fonts).
export const emailColors = {
  background: '#f7f3ec',
  card: '#fffdf9',
  foreground: '#1f2a24',
  muted: '#5a615b',
  primary: '#2d4a3e',
  primaryForeground: '#fbf8f2',
  accent: '#8a5a2b',
  border: '#d9d0c0',
} as const;
export const emailFonts = {
  display: "'Cormorant Garamond', Georgia, 'Times New Roman', serif",
  sans: "Manrope, 'Segoe UI', Helvetica, Arial, sans-serif",
} as const;
// Hindi and Marathi name the Devanagari faces phones and computers have (Android, iOS and macOS, Windows)
// before the Latin fallbacks, so the words are never set in whatever face the mail program picks.
const DEVANAGARI = "'Noto Sans Devanagari', 'Kohinoor Devanagari', 'Nirmala UI', Mangal";
const fontsFor = (lang: Language) =>
  lang === 'en'
    ? emailFonts
    : {
        display: `'Cormorant Garamond', ${DEVANAGARI}, Georgia, serif`,
        sans: `Manrope, ${DEVANAGARI}, 'Segoe UI', Helvetica, Arial, sans-serif`,
      };

export function EmailLayout(props: {
  /** The message's language (a guest's own); English when left out. */
  lang?: Language;
  preview: string;
  heading: string;
  footer: string;
  children: ReactNode;
}) {
  const lang = props.lang ?? 'en';
  const fonts = fontsFor(lang);
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: emailColors.background, fontFamily: fonts.sans, margin: 0 }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '24px 12px' }}>
          <Text
            style={{
              fontFamily: fonts.display,
              fontSize: '22px',
              color: emailColors.primary,
              margin: '0 0 4px',
              letterSpacing: '0.02em',
            }}
          >
            {site.brandName}
          </Text>
          <Text style={{ fontSize: '12px', color: emailColors.accent, margin: '0 0 16px' }}>
            {TAGLINES[lang]}
          </Text>
          <Section
            style={{
              backgroundColor: emailColors.card,
              border: `1px solid ${emailColors.border}`,
              borderRadius: '12px',
              padding: '24px',
            }}
          >
            <Heading
              as="h1"
              style={{
                fontFamily: fonts.display,
                fontSize: '28px',
                fontWeight: 600,
                color: emailColors.foreground,
                margin: '0 0 12px',
              }}
            >
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={{ borderColor: emailColors.border, margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', color: emailColors.muted, margin: 0 }}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}
