CREATE TABLE "business_profiles" (
	"operator_id" uuid PRIMARY KEY NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text,
	"address" text NOT NULL,
	"state_code" text NOT NULL,
	"pan" text,
	"gstins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invoice_prefix" text NOT NULL,
	"signatory_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_profiles_state_code_check" CHECK ("business_profiles"."state_code" ~ '^[0-9]{2}$'),
	CONSTRAINT "business_profiles_pan_check" CHECK ("business_profiles"."pan" is null or "business_profiles"."pan" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
	CONSTRAINT "business_profiles_invoice_prefix_check" CHECK ("business_profiles"."invoice_prefix" ~ '^[A-Z0-9/-]{1,6}$'),
	CONSTRAINT "business_profiles_gstins_check" CHECK (jsonb_typeof("business_profiles"."gstins") = 'array'),
	CONSTRAINT "business_profiles_registered_check" CHECK (not "business_profiles"."registered" or ("business_profiles"."pan" is not null and jsonb_array_length("business_profiles"."gstins") > 0))
);
--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;