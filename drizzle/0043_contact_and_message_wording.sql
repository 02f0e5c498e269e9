CREATE TABLE "business_contacts" (
	"operator_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"social_handle" text DEFAULT '' NOT NULL,
	"social_url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "message_wording" text DEFAULT 'neutral' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_contacts" ADD CONSTRAINT "business_contacts_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_message_wording_check" CHECK ("properties"."message_wording" in ('villa', 'neutral'));--> statement-breakpoint
-- The villa keeps its own words: the property the site books when none is configured, the first ever made.
-- Every other property, made before or after, starts from the neutral ones.
UPDATE "properties" SET "message_wording" = 'villa' WHERE "id" = (SELECT "id" FROM "properties" ORDER BY "created_at", "id" LIMIT 1);
