ALTER TABLE "media_files" ADD COLUMN "owner_viewer_id" text;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "owner_account_id" text;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_owner_viewer_id_sessions_id_fk" FOREIGN KEY ("owner_viewer_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_owner_account_id_users_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_owner_viewer_idx" ON "media_files" USING btree ("owner_viewer_id");--> statement-breakpoint
CREATE INDEX "media_files_owner_account_idx" ON "media_files" USING btree ("owner_account_id");--> statement-breakpoint
-- Snapshots published before the server built them (decision 0023): every entry says whether it is
-- an own item. An id the catalogue never had is no product anyone can buy: it becomes an own item at
-- price 0, so a forged line can no longer pass for one. Order and everything else stay as stored.
UPDATE "designs" SET "selected_products" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN EXISTS (SELECT 1 FROM "products" AS p WHERE p."id" = t.entry->>'id')
      THEN t.entry || jsonb_build_object('ownItem', false, 'quantity', coalesce(t.entry->'quantity', '1'::jsonb))
      ELSE t.entry || jsonb_build_object('ownItem', true, 'price', 0, 'brandId', '', 'quantity', coalesce(t.entry->'quantity', '1'::jsonb))
    END ORDER BY t.position), '[]'::jsonb)
  FROM jsonb_array_elements("designs"."selected_products") WITH ORDINALITY AS t(entry, position)
) WHERE jsonb_typeof("selected_products") = 'array';
