CREATE TABLE "message_templates" (
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"days" integer NOT NULL,
	"review_url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_property_id_kind_pk" PRIMARY KEY("property_id","kind"),
	CONSTRAINT "message_templates_kind_check" CHECK ("message_templates"."kind" in ('before_arrival', 'after_stay')),
	CONSTRAINT "message_templates_days_check" CHECK ("message_templates"."days" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"booking_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_messages_booking_id_kind_pk" PRIMARY KEY("booking_id","kind"),
	CONSTRAINT "scheduled_messages_kind_check" CHECK ("scheduled_messages"."kind" in ('before_arrival', 'after_stay')),
	CONSTRAINT "scheduled_messages_status_check" CHECK ("scheduled_messages"."status" in ('skipped', 'written'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_messages_property_idx" ON "scheduled_messages" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('request_received', 'request_received_operator', 'request_confirmed', 'request_declined', 'booking_cancelled', 'booking_changed', 'request_lapsed', 'request_withdrawn', 'request_withdrawn_operator', 'channel_conflicts_operator', 'channel_unhealthy_operator', 'channel_recovered_operator', 'payment_reminder', 'payment_received_operator', 'payment_link', 'invoice_issued', 'before_arrival', 'after_stay', 'template_test_operator'));