import { Link, Text } from '@react-email/components';
import type { Language } from '../../../domain/language';
import { EmailLayout, emailColors } from './email-layout';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A line with its web addresses as links (the operator writes plain text; guests tap the map and links). */
function LinkedLine({ line }: { line: string }) {
  const parts = line.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Link key={index} href={part} style={{ color: emailColors.primary, textDecoration: 'underline' }}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A scheduled message: the operator's own words, paragraph by paragraph, line breaks kept. */
export function ScheduledEmail(props: {
  preview: string;
  heading: string;
  paragraphs: string[];
  notes: string[];
  /** The notes' language: the guest's, while the operator's words above them keep their own. */
  notesLang?: Language;
  footer: string;
}) {
  return (
    <EmailLayout preview={props.preview} heading={props.heading} footer={props.footer}>
      {props.paragraphs.map((paragraph, index) => (
        <Text
          key={index}
          style={{ fontSize: '15px', lineHeight: '24px', color: emailColors.foreground, margin: '0 0 12px' }}
        >
          {paragraph.split('\n').map((line, lineIndex) => (
            <span key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              <LinkedLine line={line} />
            </span>
          ))}
        </Text>
      ))}
      {props.notes.map((note) => (
        <Text
          key={note}
          lang={props.notesLang && props.notesLang !== 'en' ? props.notesLang : undefined}
          style={{ fontSize: '13px', color: emailColors.muted, margin: '16px 0 0' }}
        >
          {note}
        </Text>
      ))}
    </EmailLayout>
  );
}
