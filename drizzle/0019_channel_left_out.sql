-- What the last successful sync left out of a channel's calendar, and why (a count and the first 50).
ALTER TABLE "channel_connections" ADD COLUMN IF NOT EXISTS "left_out" jsonb;
