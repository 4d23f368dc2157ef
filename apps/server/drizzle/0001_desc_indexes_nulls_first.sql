DROP INDEX "designs_feed_idx";--> statement-breakpoint
DROP INDEX "designs_user_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "designs_feed_idx" ON "designs" USING btree ("mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "designs"."is_public";--> statement-breakpoint
CREATE INDEX "designs_user_idx" ON "designs" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);