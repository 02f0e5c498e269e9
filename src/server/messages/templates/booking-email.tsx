import { Button, Column, Row, Section, Text } from '@react-email/components';
import { EmailLayout, emailColors } from './email-layout';

export type EmailFact = {
  label: string;
  value: string;
  /** Several lines (a guest's, each quoted): shown line by line. */
  lines?: boolean;
};

export type BookingEmailProps = {
  preview: string;
  heading: string;
  paragraphs: string[];
  facts: EmailFact[];
  action?: { label: string; url: string };
  notes: string[];
  footer: string;
};

/** Every booking message: a heading, a few paragraphs, the stay's facts, one button and the notes. */
export function BookingEmail(props: BookingEmailProps) {
  const paragraph = {
    fontSize: '15px',
    lineHeight: '24px',
    color: emailColors.foreground,
    margin: '0 0 12px',
  };
  return (
    <EmailLayout preview={props.preview} heading={props.heading} footer={props.footer}>
      {props.paragraphs.map((text) => (
        <Text key={text} style={paragraph}>
          {text}
        </Text>
      ))}
      <Section
        style={{
          backgroundColor: emailColors.background,
          borderRadius: '8px',
          padding: '12px 16px',
          margin: '8px 0 16px',
        }}
      >
        {props.facts.map((fact) => (
          <Row key={fact.label}>
            <Column style={{ width: '40%', verticalAlign: 'top' }}>
              <Text style={{ fontSize: '13px', color: emailColors.muted, margin: '4px 0' }}>
                {fact.label}
              </Text>
            </Column>
            <Column style={{ verticalAlign: 'top' }}>
              <Text
                style={{
                  fontSize: '14px',
                  color: emailColors.foreground,
                  margin: '4px 0',
                  fontWeight: 600,
                  ...(fact.lines ? { whiteSpace: 'pre-line' } : {}),
                }}
              >
                {fact.value}
              </Text>
            </Column>
          </Row>
        ))}
      </Section>
      {props.action ? (
        <Button
          href={props.action.url}
          style={{
            backgroundColor: emailColors.primary,
            color: emailColors.primaryForeground,
            borderRadius: '999px',
            padding: '12px 24px',
            fontSize: '15px',
            fontWeight: 600,
            textDecoration: 'none',
          }}
        >
          {props.action.label}
        </Button>
      ) : null}
      {props.notes.map((text) => (
        <Text
          key={text}
          style={{ fontSize: '13px', lineHeight: '20px', color: emailColors.muted, margin: '16px 0 0' }}
        >
          {text}
        </Text>
      ))}
    </EmailLayout>
  );
}
