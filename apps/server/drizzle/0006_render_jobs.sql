CREATE TABLE "render_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"viewer_id" text NOT NULL,
	"account_id" text,
	"kind" text NOT NULL,
	"input" jsonb NOT NULL,
	"variation_count" integer NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"worker_id" text,
	"lease_until" timestamp with time zone,
	"result" jsonb,
	"error_kind" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "render_jobs_variation_count_check" CHECK ("render_jobs"."variation_count" between 1 and 4),
	CONSTRAINT "render_jobs_progress_check" CHECK ("render_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_jobs_queue_idx" ON "render_jobs" USING btree ("status","run_after","created_at");--> statement-breakpoint
CREATE INDEX "render_jobs_viewer_idx" ON "render_jobs" USING btree ("viewer_id","created_at");--> statement-breakpoint
CREATE INDEX "render_jobs_account_idx" ON "render_jobs" USING btree ("account_id","created_at");