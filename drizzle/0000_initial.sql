CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guest_phone" text,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"guests_count" integer DEFAULT 1 NOT NULL,
	"total_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"booking_source" text DEFAULT 'direct' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"special_requests" text,
	"external_booking_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."check_out" > "bookings"."check_in"),
	CONSTRAINT "bookings_guests_count_check" CHECK ("bookings"."guests_count" >= 1),
	CONSTRAINT "bookings_total_amount_check" CHECK ("bookings"."total_amount" >= 0),
	CONSTRAINT "bookings_currency_check" CHECK ("bookings"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_booking_source_check" CHECK ("bookings"."booking_source" in ('direct', 'airbnb', 'booking_com')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('unpaid', 'partial', 'paid', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_lowercase" CHECK ("operators"."email" = lower("operators"."email"))
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"property_type" text DEFAULT 'villa' NOT NULL,
	"bedrooms" integer DEFAULT 1 NOT NULL,
	"bathrooms" integer DEFAULT 1 NOT NULL,
	"max_guests" integer DEFAULT 2 NOT NULL,
	"base_price" numeric(12, 2) DEFAULT 100 NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"airbnb_listing_id" text,
	"booking_com_id" text,
	"owner_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_property_type_check" CHECK ("properties"."property_type" in ('villa', 'apartment', 'house', 'condo')),
	CONSTRAINT "properties_bedrooms_check" CHECK ("properties"."bedrooms" >= 1),
	CONSTRAINT "properties_bathrooms_check" CHECK ("properties"."bathrooms" >= 1),
	CONSTRAINT "properties_max_guests_check" CHECK ("properties"."max_guests" >= 1),
	CONSTRAINT "properties_base_price_check" CHECK ("properties"."base_price" >= 0),
	CONSTRAINT "properties_currency_check" CHECK ("properties"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "properties_name_check" CHECK (length(btrim("properties"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "property_calendar" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"date" date NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"price" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_calendar_price_check" CHECK ("property_calendar"."price" is null or "property_calendar"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_calendar" ADD CONSTRAINT "property_calendar_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_property_created_idx" ON "bookings" USING btree ("property_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_property_check_in_idx" ON "bookings" USING btree ("property_id","check_in");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_expires_idx" ON "operator_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_key" ON "operators" USING btree ("email");--> statement-breakpoint
CREATE INDEX "properties_owner_active_idx" ON "properties" USING btree ("owner_id","is_active","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "property_calendar_property_date_key" ON "property_calendar" USING btree ("property_id","date");