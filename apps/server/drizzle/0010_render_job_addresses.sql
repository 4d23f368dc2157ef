ALTER TABLE "render_jobs" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "render_jobs_client_address_idx" ON "render_jobs" USING btree ("client_address","created_at");