import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messageEndpoints } from '../../domain/contracts/messages';
import { villaToday } from '../../domain/dates';
import {
  buildWhatsAppUrl,
  findUnknownPlaceholders,
  MESSAGE_PLACEHOLDERS,
  QUIET_HOURS,
  SCHEDULED_SEND_HOUR,
  type MessageTemplate,
  type MessageTemplateKind,
} from '../../domain/message-template';
import { BOOKING_NOT_FOUND, type StoredBooking } from '../../domain/booking';
import { DomainError } from '../../domain/domain-error';
import { scheduledMessageTexts } from '../../content/scheduled-messages';
import { getOperator } from '../auth/plugin';
import { findBooking } from '../store/bookings';
import type { Db, Executor } from '../db/client';
import { withOperator } from '../db/with-operator';
import { requireProperty } from '../store/properties';
import { registerEndpoint } from '../http/register-endpoint';
import { findOperatorAddress, insertOutboxMessages } from '../store/outbox';
import {
  describeStayValues,
  findPropertyFacts,
  listBookingSchedule,
  renderScheduledMessage,
} from './scheduled-messages';
import {
  findMessageTemplate,
  findPreviewBookingId,
  listMessageTemplates,
  listVillaWordingProperties,
  restoreScheduledMessage,
  saveMessageTemplate,
  skipScheduledMessage,
} from './scheduled-queries';
import type { MessageSettings } from '../env';
import type { BusinessContact } from '../../domain/business-contact';
import { findPropertyContact } from '../business/contact-queries';

const PREVIEW_BOOKING_NOT_FOUND = 'That booking is not one of this property’s';
export const NO_OPERATOR_ADDRESS = 'There is no e-mail address to send the test to';

/** Made-up facts for a preview on a property with no booking yet. */
function describeSampleValues(
  property: { name: string },
  template: Pick<MessageTemplate, 'review_url'>,
  contact: Pick<BusinessContact, 'phone' | 'email'>,
) {
  return {
    guestName: 'Asha Rao',
    reference: 'SV-SAMPLE1',
    checkInDate: 'Fri, 12 Mar 2027',
    checkInTime: '14:00',
    checkOutDate: 'Mon, 15 Mar 2027',
    checkOutTime: '11:00',
    nights: '3',
    guests: '4',
    propertyName: property.name,
    propertyAddress: 'The property’s address',
    contactPhone: contact.phone,
    contactEmail: contact.email,
    mapLink: 'https://www.google.com/maps/search/?api=1&query=…',
    balanceDue: '₹45,000.00',
    checkInLink: 'https://…/request/••••••#check-in',
    reviewLink: template.review_url,
  };
}

export async function registerScheduledMessageRoutes(
  app: FastifyInstance,
  options: { db: Db; now?: () => Date; messages: MessageSettings; onMessagesWritten?: () => void },
) {
  const now = options.now ?? (() => new Date());

  /** The template as saved, with the unsaved text of the editor over it. */
  async function renderPreview(
    tx: Executor,
    input: {
      propertyId: string;
      kind: MessageTemplateKind;
      body?: { booking_id?: string; subject?: string; body?: string; review_url?: string } | null;
    },
  ) {
    const property = await requireProperty(tx, input.propertyId);
    const saved = await findMessageTemplate(tx, { propertyId: property.id, kind: input.kind });
    const template = {
      subject: input.body?.subject ?? saved.subject,
      body: input.body?.body ?? saved.body,
      review_url: input.body?.review_url ?? saved.review_url,
    };
    const today = villaToday(now());
    const bookingId =
      input.body?.booking_id ?? (await findPreviewBookingId(tx, { propertyId: property.id, today }));
    let booking: StoredBooking | undefined;
    if (bookingId) {
      booking = await findBooking(tx, bookingId);
      if (!booking || booking.property_id !== property.id) {
        throw new DomainError('preview_booking_not_found', PREVIEW_BOOKING_NOT_FOUND);
      }
    }
    const facts = (await findPropertyFacts(tx, property.id))!;
    const values = booking
      ? await describeStayValues(tx, options.messages, {
          booking,
          property: facts,
          template,
          today,
          link: 'masked',
        })
      : describeSampleValues(property, template, await findPropertyContact(tx, property.id));
    return {
      booking,
      property,
      template,
      values,
      unknown: [
        ...new Set([...findUnknownPlaceholders(template.subject), ...findUnknownPlaceholders(template.body)]),
      ],
    };
  }

  registerEndpoint(
    app,
    messageEndpoints.listMessageTemplates,
    {
      summary:
        "A property's scheduled guest messages (before arrival, after the stay): each template, saved or the defaults, and the placeholders they may use",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        return {
          templates: await listMessageTemplates(tx, property.id),
          villa_wording: await listVillaWordingProperties(tx),
          placeholders: Object.entries(MESSAGE_PLACEHOLDERS).map(([name, description]) => ({
            name,
            description,
          })),
          send_hour: SCHEDULED_SEND_HOUR,
          quiet_hours: QUIET_HOURS,
        };
      }),
  );

  registerEndpoint(
    app,
    messageEndpoints.updateMessageTemplate,
    {
      summary:
        "Save a property's template of a scheduled message (subject, text, on or off, days, review link); an unknown {placeholder} is refused, naming it",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const property = await requireProperty(tx, request.params.propertyId);
        await saveMessageTemplate(tx, {
          propertyId: property.id,
          kind: request.params.kind,
          template: request.body,
        });
        return findMessageTemplate(tx, { propertyId: property.id, kind: request.params.kind });
      }),
  );

  registerEndpoint(
    app,
    messageEndpoints.previewMessageTemplate,
    {
      summary:
        'Render a template (as saved, or the subject and text sent) on a real booking of its property (the one named, else the next stay): nothing is saved or sent',
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const preview = await renderPreview(tx, { ...request.params, body: request.body });
        const rendered = await renderScheduledMessage(preview.template, preview.values, {
          contact: await findPropertyContact(tx, preview.property.id),
        });
        return {
          booking_id: preview.booking?.id ?? null,
          subject: rendered.subject,
          text: rendered.text,
          unknown_placeholders: preview.unknown,
        };
      }),
  );

  registerEndpoint(
    app,
    messageEndpoints.sendMessageTemplateTest,
    {
      summary: "Send the preview to the operator's own e-mail address, marked as a test",
    },
    async (request, reply) => {
      const result = await withOperator(options.db, getOperator(request).id, async (tx) => {
        const preview = await renderPreview(tx, { ...request.params, body: request.body });
        if (preview.unknown.length > 0)
          throw new DomainError(
            'unknown_placeholders',
            `Unknown placeholder${preview.unknown.length === 1 ? '' : 's'}: ${preview.unknown.join(', ')}`,
            { placeholders: preview.unknown },
          );
        const to =
          options.messages.messages.operatorNotifyEmail ??
          (await findOperatorAddress(tx, preview.property.id));
        if (!to) throw new DomainError('no_operator_address', NO_OPERATOR_ADDRESS);
        const rendered = await renderScheduledMessage(preview.template, preview.values, {
          subjectPrefix: scheduledMessageTexts.testSubjectPrefix,
          notes: [scheduledMessageTexts.testNote],
          contact: await findPropertyContact(tx, preview.property.id),
        });
        const id = randomUUID();
        await insertOutboxMessages(tx, [
          {
            id,
            property_id: preview.property.id,
            booking_id: preview.booking?.id ?? null,
            kind: 'template_test_operator',
            to_address: to,
            subject: rendered.subject,
            text_body: rendered.text,
            html_body: rendered.html,
            message_id: `<${id}@${options.messages.messages.messageIdDomain}>`,
          },
        ]);
        return { to, subject: rendered.subject };
      });
      options.onMessagesWritten?.();
      return reply.code(202).send(result);
    },
  );

  async function readSchedule(tx: Executor, bookingId: string) {
    const booking = await findBooking(tx, bookingId);
    if (!booking) throw new DomainError('booking_not_found', BOOKING_NOT_FOUND);
    const messages = await listBookingSchedule(tx, { booking, now: now() });
    return { booking, messages, whatsapp_url: await buildBookingWhatsAppUrl(tx, booking) };
  }

  /** 'Message on WhatsApp': the before-arrival text, rendered for this stay, without the guest's page link. */
  async function buildBookingWhatsAppUrl(tx: Executor, booking: StoredBooking) {
    if (!booking.guest_phone?.trim()) return null;
    const property = await findPropertyFacts(tx, booking.property_id);
    if (!property) return null;
    const template = await findMessageTemplate(tx, { propertyId: property.id, kind: 'before_arrival' });
    const values = await describeStayValues(tx, options.messages, {
      booking,
      property,
      template,
      today: villaToday(now()),
      link: 'none',
    });
    const rendered = await renderScheduledMessage(template, values, { language: booking.guest_language });
    return buildWhatsAppUrl(booking.guest_phone, rendered.text.split('\n--\n')[0]!.trim());
  }

  registerEndpoint(
    app,
    messageEndpoints.listScheduledMessages,
    {
      summary:
        "A booking's scheduled messages: what is sent when (or why not), and a WhatsApp link with the before-arrival text when it has a phone number",
    },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const { messages, whatsapp_url } = await readSchedule(tx, request.params.bookingId);
        return { messages, whatsapp_url };
      }),
  );

  registerEndpoint(
    app,
    messageEndpoints.skipScheduledMessage,
    { summary: "Skip a booking's scheduled message: it is not sent unless restored" },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const { booking } = await readSchedule(tx, request.params.bookingId);
        const skipped = await skipScheduledMessage(tx, {
          bookingId: booking.id,
          propertyId: booking.property_id,
          kind: request.params.kind,
        });
        if (!skipped) {
          throw new DomainError(
            'message_sent_already',
            'This message was sent already: it cannot be skipped',
          );
        }
        const { messages, whatsapp_url } = await readSchedule(tx, booking.id);
        return { messages, whatsapp_url };
      }),
  );

  registerEndpoint(
    app,
    messageEndpoints.restoreScheduledMessage,
    { summary: "Restore a skipped scheduled message to the booking's schedule" },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const { booking } = await readSchedule(tx, request.params.bookingId);
        const restored = await restoreScheduledMessage(tx, {
          bookingId: booking.id,
          kind: request.params.kind,
        });
        if (!restored) throw new DomainError('message_not_skipped', 'This message is not skipped');
        const { messages, whatsapp_url } = await readSchedule(tx, booking.id);
        return { messages, whatsapp_url };
      }),
  );
}
