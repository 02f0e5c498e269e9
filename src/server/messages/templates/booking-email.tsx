import { Button, Column, Img, Row, Section, Text } from '@react-email/components';
import type { Language } from '../../../domain/language';
import { EmailLayout, emailColors } from './email-layout';

export type EmailFact = {
  label: string;
  value: string;
  /** Several lines (a guest's, each quoted): shown line by line. */
  lines?: boolean;
};

/** What the guest pays now and how (the confirmation): by UPI, in words, or both. */
export type EmailPayment = {
  heading: string;
  dueLine: string;
  upi?: {
    url: string;
    label: string;
    /** The QR code, attached to the message as an inline image (cid); most mail programs show no SVG. */
    qr: { src: string; alt: string; caption: string };
    /** "UPI ID: name@handle (Payee)", for paying by hand when the link does not open. */
    idLine: string;
    utrLine: string;
  };
  instructions?: string;
  /** A Razorpay payment link: Razorpay's page, where the guest pays by UPI, card or netbanking. */
  online?: { url: string; label: string };
};

export type BookingEmailProps = {
  /** The language the message is written in, for `<html lang>` (English when left out). */
  lang?: Language;
  preview: string;
  heading: string;
  paragraphs: string[];
  facts: EmailFact[];
  action?: { label: string; url: string };
  payment?: EmailPayment;
  notes: string[];
  footer: string;
};

// Every button of a message looks alike. A way to pay keeps a margin from the lines around it; UPI's takes the
// accent colour in place, so its inline style lists the same properties in the same order.
const buttonStyle = {
  backgroundColor: emailColors.primary,
  color: emailColors.primaryForeground,
  borderRadius: '999px',
  padding: '12px 24px',
  fontSize: '15px',
  fontWeight: 600,
  textDecoration: 'none',
};
const paymentButtonStyle = { ...buttonStyle, margin: '4px 0 12px' };

/** Every booking message: a heading, a few paragraphs, the stay's facts, one button and the notes. */
export function BookingEmail(props: BookingEmailProps) {
  const paragraph = {
    fontSize: '15px',
    lineHeight: '24px',
    color: emailColors.foreground,
    margin: '0 0 12px',
  };
  return (
    <EmailLayout lang={props.lang} preview={props.preview} heading={props.heading} footer={props.footer}>
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
      {props.payment ? <PaymentSection payment={props.payment} /> : null}
      {props.action ? (
        <Button href={props.action.url} style={buttonStyle}>
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

function PaymentSection({ payment }: { payment: EmailPayment }) {
  const text = { fontSize: '14px', lineHeight: '22px', color: emailColors.foreground, margin: '0 0 8px' };
  return (
    <Section
      style={{
        border: `1px solid ${emailColors.border}`,
        borderRadius: '8px',
        padding: '16px',
        margin: '0 0 20px',
      }}
    >
      <Text style={{ fontSize: '18px', fontWeight: 600, color: emailColors.primary, margin: '0 0 4px' }}>
        {payment.heading}
      </Text>
      <Text style={{ ...text, color: emailColors.muted, fontSize: '13px' }}>{payment.dueLine}</Text>
      {payment.online ? (
        <Button href={payment.online.url} style={paymentButtonStyle}>
          {payment.online.label}
        </Button>
      ) : null}
      {payment.upi ? (
        <>
          <Button
            href={payment.upi.url}
            style={{ ...paymentButtonStyle, backgroundColor: emailColors.accent }}
          >
            {payment.upi.label}
          </Button>
          <Img src={payment.upi.qr.src} alt={payment.upi.qr.alt} width="180" height="180" />
          <Text style={{ ...text, fontSize: '13px', color: emailColors.muted }}>
            {payment.upi.qr.caption}
          </Text>
          <Text style={{ ...text, fontWeight: 600 }}>{payment.upi.idLine}</Text>
          <Text style={{ ...text, fontSize: '13px', color: emailColors.muted }}>{payment.upi.utrLine}</Text>
        </>
      ) : null}
      {payment.instructions ? (
        <Text style={{ ...text, whiteSpace: 'pre-line' }}>{payment.instructions}</Text>
      ) : null}
    </Section>
  );
}
