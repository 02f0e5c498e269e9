CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"gateway_link_id" text NOT NULL,
	"short_url" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "payment_links_status_check" CHECK ("payment_links"."status" in ('created', 'paid')),
	CONSTRAINT "payment_links_amount_check" CHECK ("payment_links"."amount" > 0),
	CONSTRAINT "payment_links_currency_check" CHECK ("payment_links"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_gateway_link_id_key" ON "payment_links" USING btree ("gateway_link_id");--> statement-breakpoint
CREATE INDEX "payment_links_booking_idx" ON "payment_links" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('request_received', 'request_received_operator', 'request_confirmed', 'request_declined', 'booking_cancelled', 'request_lapsed', 'request_withdrawn', 'request_withdrawn_operator', 'channel_conflicts_operator', 'channel_unhealthy_operator', 'channel_recovered_operator', 'payment_received_operator', 'payment_link'));