CREATE TABLE "sign_in_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "env_password_hash" text;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_counters_window_idx" ON "sign_in_counters" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "trusted_devices_operator_idx" ON "trusted_devices" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_public_id_key" ON "operator_sessions" USING btree ("public_id");--> statement-breakpoint
-- Sign-in counters and trusted devices are read and written only by the sign-in code, which runs as the
-- table owner: the operator's role and the guest role get no grant, and row-level security with no policy
-- refuses them every row should a grant ever be added by mistake.
ALTER TABLE sign_in_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trusted_devices ENABLE ROW LEVEL SECURITY;
