CREATE TABLE "channel_export_reads" (
	"token" text NOT NULL,
	"property_id" uuid NOT NULL,
	"connection_id" uuid,
	"reader" text NOT NULL,
	"user_agent" text,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_export_reads_token_reader_pk" PRIMARY KEY("token","reader"),
	CONSTRAINT "channel_export_reads_token_hashed" CHECK ("channel_export_reads"."token" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "channel_export_reads_reader_check" CHECK ("channel_export_reads"."reader" in ('airbnb', 'booking_com', 'vrbo', 'google', 'apple', 'outlook', 'other')),
	CONSTRAINT "channel_export_reads_user_agent_check" CHECK (char_length("channel_export_reads"."user_agent") <= 300)
);
--> statement-breakpoint
CREATE TABLE "channel_export_retired_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"connection_id" uuid,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_export_retired_tokens_token_hashed" CHECK ("channel_export_retired_tokens"."token" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "channel_export_retired_tokens_expiry_check" CHECK ("channel_export_retired_tokens"."expires_at" > "channel_export_retired_tokens"."retired_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_guests_count_check";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "guests_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_export_reads" ADD CONSTRAINT "channel_export_reads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_export_reads" ADD CONSTRAINT "channel_export_reads_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_export_retired_tokens" ADD CONSTRAINT "channel_export_retired_tokens_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_export_retired_tokens" ADD CONSTRAINT "channel_export_retired_tokens_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_export_reads_property_idx" ON "channel_export_reads" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "channel_export_retired_tokens_property_idx" ON "channel_export_retired_tokens" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guests_count_check" CHECK (coalesce("bookings"."guests_count" >= 1, "bookings"."booking_source" <> 'direct'));--> statement-breakpoint
-- Stays imported from a channel's calendar were given 1 guest, which no feed had said: their count is
-- unknown. Only those the sync wrote (a connection's UID, no e-mail, no price) and that still say 1; a
-- stay typed in by hand keeps what the operator entered. Triggers are held off: no stay changes.
ALTER TABLE "bookings" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "bookings" SET "guests_count" = NULL
WHERE "channel_uid" IS NOT NULL AND "guest_email" = '' AND NOT "amount_known" AND "guests_count" = 1
  AND "booking_source" <> 'direct';--> statement-breakpoint
ALTER TABLE "bookings" ENABLE TRIGGER USER;
