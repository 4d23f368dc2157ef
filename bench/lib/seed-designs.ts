/**
 * A big feed for benchmarks: the sample world, then `count` public designs added with set-based
 * SQL (generate_series), so 100,000 rows take seconds. They reuse the seeded designs' images,
 * answers and products and the seeded users, spread over two years; some carry likes (with their
 * rows in design_likes), comments and remixes, so every part of the feed query has real work.
 * The same SQL runs on Postgres and PGlite. Deterministic: the same count gives the same rows.
 */
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../apps/server/src/db/client';
import { seedSampleWorld } from '../../apps/server/src/seed/seed';
import { createLocalDiskStorage } from '../../apps/server/src/storage/file-storage';

const TWO_YEARS_S = 2 * 365 * 24 * 3600;

export async function seedWorld(db: AppDatabase, dataDir: string): Promise<void> {
  // the pictures are copied from the sample art's build (rendered once per change of its sources)
  await seedSampleWorld({ db, storage: createLocalDiskStorage(path.join(dataDir, 'media')) });
}

/**
 * Adds `count` public designs (both modes, as the sample world splits them), newest a day old,
 * oldest two years old. Per design g: (7g mod 6) like rows, from 5,000 viewers with about 50 likes
 * each, plus likes without rows; every 4th has 1–3 comments; every 10th has no products; every
 * 29th is a remix of an older design made from the same sample (so of the same mode).
 */
export async function addBulkDesigns(db: AppDatabase, count: number): Promise<void> {
  const stepSeconds = TWO_YEARS_S / count;
  const designId = (g: SQL) => sql`md5('bench-design-' || ${g})::uuid::text`;
  await db.execute(sql`
    with samples as (
      select (row_number() over (order by id))::int - 1 as n, title, caption, before_image_url, after_image_url,
             selected_products, user_answers, space_type, mode
      from designs
    ), people as (
      select (row_number() over (order by id))::int - 1 as n, id from users
    ), sizes as (
      select (select count(*)::int from samples) as samples, (select count(*)::int from people) as people
    )
    insert into designs (id, title, caption, before_image_url, after_image_url, selected_products, user_answers,
      space_type, mode, is_public, created_at, likes_count, comments_count, user_id,
      original_design_id, original_creator_id, is_regenerated)
    select ${designId(sql`g`)}, s.title, s.caption, s.before_image_url, s.after_image_url,
      case when g % 10 = 0 then '[]'::jsonb else s.selected_products end,
      s.user_answers, s.space_type, s.mode, true,
      now() - interval '1 day' - (g + (abs(hashtext('t' || g)) % 1000) / 1000.0) * ${stepSeconds} * interval '1 second',
      (g * 7) % 6 + (g * 13) % 97,
      case when g % 4 = 0 then 1 + (g / 4) % 3 else 0 end,
      author.id,
      case when r.is_remix then ${designId(sql`r.original`)} end,
      case when r.is_remix then original_author.id end,
      r.is_remix
    from generate_series(1, ${count}::int) g
    cross join sizes
    cross join lateral (
      select g + sizes.samples * (1 + g % 4) as original,
             g % 29 = 0 and g + sizes.samples * (1 + g % 4) <= ${count}::int as is_remix
    ) r
    join samples s on s.n = g % sizes.samples
    join people author on author.n = (g * 7) % sizes.people
    join people original_author on original_author.n = (r.original * 7) % sizes.people
  `);
  await db.execute(sql`
    insert into design_likes (design_id, viewer_id, created_at)
    select ${designId(sql`g`)}, 'bench-viewer-' || (g * 31 + v * 7919) % 5000, now() - v * interval '1 minute'
    from generate_series(1, ${count}::int) g
    join generate_series(1, 5) v on v <= (g * 7) % 6
  `);
  await db.execute(sql`
    insert into design_comments (id, design_id, user_id, author_name, content, created_at)
    select md5('bench-comment-' || g || '-' || k)::uuid::text, d.id, u.id, u.display_name,
      u.display_name || ': ' || (array['Love this!', 'Where is the lamp from?', 'So calm and bright.'])[1 + (g + k) % 3],
      d.created_at + k * interval '1 hour'
    from generate_series(4, ${count}::int, 4) g
    join generate_series(1, 3) k on k <= 1 + (g / 4) % 3
    join designs d on d.id = ${designId(sql`g`)}
    join (select (row_number() over (order by id))::int - 1 as n, id, display_name from users) u
      on u.n = (g + k) % (select count(*)::int from users)
  `);
  // what autovacuum would do shortly after such a load: the planner needs the new row counts
  await db.execute(sql`analyze designs, design_likes, design_comments`);
}
