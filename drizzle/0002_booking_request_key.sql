ALTER TABLE "bookings" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_request_key_key" ON "bookings" USING btree ("request_key");