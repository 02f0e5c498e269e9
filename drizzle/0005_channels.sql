CREATE TABLE "channel_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"uid" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_blocks_dates_check" CHECK ("channel_blocks"."end_date" > "channel_blocks"."start_date")
);
--> statement-breakpoint
CREATE TABLE "channel_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"uid" text NOT NULL,
	"item_kind" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"summary" text,
	"external_booking_id" text,
	"guest_name" text,
	"booking_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"maybe_echo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "channel_conflicts_kind_check" CHECK ("channel_conflicts"."kind" in ('stay_overlaps', 'block_overlaps_request', 'cancelled_here')),
	CONSTRAINT "channel_conflicts_status_check" CHECK ("channel_conflicts"."status" in ('open', 'dismissed', 'accepted', 'obsolete')),
	CONSTRAINT "channel_conflicts_item_kind_check" CHECK ("channel_conflicts"."item_kind" in ('stay', 'block')),
	CONSTRAINT "channel_conflicts_dates_check" CHECK ("channel_conflicts"."check_out" > "channel_conflicts"."check_in")
);
--> statement-breakpoint
CREATE TABLE "channel_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"name" text,
	"import_url" text NOT NULL,
	"export_token" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"feed_body" text,
	"last_attempt_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_code" text,
	"last_result" jsonb,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_connections_channel_check" CHECK ("channel_connections"."channel" in ('airbnb', 'booking_com', 'vrbo', 'other')),
	CONSTRAINT "channel_connections_import_url_check" CHECK ("channel_connections"."import_url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "channel_exports" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_booking_source_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel_uid" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_known" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_blocks" ADD CONSTRAINT "channel_blocks_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_blocks" ADD CONSTRAINT "channel_blocks_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_exports" ADD CONSTRAINT "channel_exports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_blocks_connection_uid_key" ON "channel_blocks" USING btree ("connection_id","uid");--> statement-breakpoint
CREATE INDEX "channel_blocks_property_dates_idx" ON "channel_blocks" USING btree ("property_id","start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_conflicts_live_key" ON "channel_conflicts" USING btree ("connection_id","kind","uid") WHERE "channel_conflicts"."status" in ('open', 'dismissed');--> statement-breakpoint
CREATE INDEX "channel_conflicts_property_status_idx" ON "channel_conflicts" USING btree ("property_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_export_token_key" ON "channel_connections" USING btree ("export_token");--> statement-breakpoint
CREATE INDEX "channel_connections_property_idx" ON "channel_connections" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_connections_next_sync_idx" ON "channel_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_exports_token_key" ON "channel_exports" USING btree ("token");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_connection_id_channel_connections_id_fk" FOREIGN KEY ("channel_connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_channel_uid_key" ON "bookings" USING btree ("channel_connection_id","channel_uid") WHERE "bookings"."channel_connection_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_source_check" CHECK ("bookings"."booking_source" in ('direct', 'airbnb', 'booking_com', 'vrbo', 'other'));