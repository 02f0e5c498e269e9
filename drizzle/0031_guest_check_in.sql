CREATE TABLE "guest_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"full_name" text NOT NULL,
	"nationality" text NOT NULL,
	"address" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number_encrypted" text NOT NULL,
	"expected_arrival_time" text NOT NULL,
	"passport_place_of_issue" text,
	"passport_issued_on" date,
	"passport_expires_on" date,
	"visa_number_encrypted" text,
	"visa_type" text,
	"visa_expires_on" date,
	"arrived_in_india_on" date,
	"arriving_from" text,
	"purpose_of_visit" text,
	"next_destination" text,
	"form_c_reference" text,
	"form_c_filed_at" timestamp with time zone,
	"form_c_filed_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_check_ins_position_check" CHECK ("guest_check_ins"."position" >= 1),
	CONSTRAINT "guest_check_ins_nationality_check" CHECK ("guest_check_ins"."nationality" ~ '^[A-Z]{2}$'),
	CONSTRAINT "guest_check_ins_id_type_check" CHECK ("guest_check_ins"."id_type" in ('aadhaar', 'passport', 'driving_licence', 'voter_id', 'pan')),
	CONSTRAINT "guest_check_ins_arrival_time_check" CHECK ("guest_check_ins"."expected_arrival_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "guest_check_ins_encrypted_check" CHECK ("guest_check_ins"."id_number_encrypted" ~ '^v[0-9]+\.[0-9a-f]{16}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$' and ("guest_check_ins"."visa_number_encrypted" is null or "guest_check_ins"."visa_number_encrypted" ~ '^v[0-9]+\.[0-9a-f]{16}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$')),
	CONSTRAINT "guest_check_ins_aadhaar_check" CHECK ("guest_check_ins"."id_type" <> 'aadhaar' or length(split_part("guest_check_ins"."id_number_encrypted", '.', 5)) = 6),
	CONSTRAINT "guest_check_ins_form_c_check" CHECK ("guest_check_ins"."nationality" = 'IN' or ("guest_check_ins"."id_type" = 'passport' and "guest_check_ins"."passport_place_of_issue" is not null and "guest_check_ins"."passport_issued_on" is not null and "guest_check_ins"."passport_expires_on" is not null and "guest_check_ins"."arrived_in_india_on" is not null and "guest_check_ins"."arriving_from" is not null and "guest_check_ins"."purpose_of_visit" is not null and "guest_check_ins"."next_destination" is not null)),
	CONSTRAINT "guest_check_ins_filed_check" CHECK (("guest_check_ins"."form_c_reference" is null) = ("guest_check_ins"."form_c_filed_at" is null) and ("guest_check_ins"."form_c_reference" is null or "guest_check_ins"."nationality" <> 'IN'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "guest_check_ins" ADD CONSTRAINT "guest_check_ins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_check_ins" ADD CONSTRAINT "guest_check_ins_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_check_ins_booking_position_key" ON "guest_check_ins" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "guest_check_ins_property_idx" ON "guest_check_ins" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('insert', 'update', 'delete', 'read'));