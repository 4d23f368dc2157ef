ALTER TABLE "designs" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "receipt" jsonb;