import {
  CURRENT_USER_ID,
  SEED_BRANDS,
  SEED_DESIGNS,
  SEED_NOTIFICATIONS,
  SEED_PRODUCTS,
  SEED_QUESTIONS,
  SEED_SPACES,
  SEED_TEMPLATES,
  SEED_USERS,
  seedKeys,
  spaceOfDesign,
} from '@dwellscape/sample-art';
import type { DesignProduct } from '@dwellscape/shared';
import { toCents } from '@dwellscape/shared';
import type {
  brands,
  commissionEntries,
  designComments,
  designs,
  notifications,
  products,
  quizQuestions,
  spaces,
  templates,
  users,
} from '../db/schema';
import type { FileStorage } from '../storage/file-storage';

const HOUR_MS = 3_600_000;

export interface SampleWorldRows {
  users: Array<typeof users.$inferInsert>;
  brands: Array<typeof brands.$inferInsert>;
  products: Array<typeof products.$inferInsert>;
  questions: Array<typeof quizQuestions.$inferInsert>;
  templates: Array<typeof templates.$inferInsert>;
  spaces: Array<typeof spaces.$inferInsert>;
  designs: Array<typeof designs.$inferInsert>;
  comments: Array<typeof designComments.$inferInsert>;
  notifications: Array<typeof notifications.$inferInsert>;
  /** Each sample user's seeded figure, as one available ledger row (docs/product.md §10: they keep their history). */
  commissionEntries: Array<typeof commissionEntries.$inferInsert>;
}

/** The rows of the sample world, with times relative to `now` and image URLs from storage. */
export function buildSampleWorldRows(storage: FileStorage, now: Date): SampleWorldRows {
  const url = (key: string) => storage.urlFor(key);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const userById = new Map(SEED_USERS.map((u) => [u.id, u]));
  const brandById = new Map(SEED_BRANDS.map((b) => [b.id, b]));
  const productById = new Map(SEED_PRODUCTS.map((p) => [p.id, p]));
  const designById = new Map(SEED_DESIGNS.map((d) => [d.id, d]));

  const productRows = SEED_PRODUCTS.map((p) => {
    const brand = brandById.get(p.brandId);
    if (!brand) throw new Error(`Product ${p.id} has an unknown brand ${p.brandId}`);
    return {
      id: p.id,
      name: p.name,
      price: p.price,
      imageUrl: url(seedKeys.product(p.id)),
      details: p.details,
      category: p.category,
      // docs/product.md §3: database products carry their brand's name; catalogue products are joined to their brand
      brandName: brand.isDatabaseBrand ? brand.name : null,
      brandId: brand.id,
      mode: p.mode,
      isDatabaseProduct: brand.isDatabaseBrand,
    };
  });

  // originals before the designs inspired by them
  const orderedDesigns = [...SEED_DESIGNS].sort((a, b) => b.hoursAgo - a.hoursAgo);
  const designRows = orderedDesigns.map((d) => {
    const space = spaceOfDesign(d);
    const original = d.originalDesignId ? designById.get(d.originalDesignId) : undefined;
    if (d.originalDesignId && !original) throw new Error(`Design ${d.id} is inspired by an unknown design`);
    const selectedProducts: DesignProduct[] = d.products.map(([id, quantity]) => {
      const p = productById.get(id);
      if (!p) throw new Error(`Design ${d.id} uses an unknown product ${id}`);
      return {
        id: p.id,
        name: p.name,
        price: p.price,
        brandId: p.brandId,
        imageUrl: url(seedKeys.product(p.id)),
        quantity: quantity ?? 1,
        ownItem: false,
      };
    });
    return {
      id: d.id,
      title: d.title,
      caption: d.caption,
      beforeImageUrl: url(seedKeys.designBefore(space.id)),
      afterImageUrl: url(seedKeys.designAfter(d.id)),
      selectedProducts,
      userAnswers: d.answers,
      spaceType: space.category,
      mode: space.mode,
      isPublic: true,
      createdAt: ago(d.hoursAgo),
      likesCount: d.likes,
      // equal to the comment rows seeded below
      commentsCount: d.comments.length,
      userId: d.userId,
      originalDesignId: original?.id ?? null,
      originalCreatorId: original?.userId ?? null,
      isRegenerated: Boolean(original),
      videoUrl: null,
    };
  });

  const commentRows = SEED_DESIGNS.flatMap((d) =>
    d.comments.map((c, i) => {
      const user = c.userId ? userById.get(c.userId) : undefined;
      if (c.userId && !user) throw new Error(`A comment on ${d.id} is by an unknown user`);
      const name = user ? user.displayName : (c.name ?? 'Guest');
      // never in the future, even on designs published shortly before seeding
      const at = Math.max(d.hoursAgo - c.hoursAfter, 0.02 * (d.comments.length - i));
      return {
        id: `c-${d.id.slice(2)}-${i + 1}`,
        designId: d.id,
        userId: user?.id ?? null,
        authorName: name,
        content: `${name}: ${c.text}`,
        createdAt: ago(at),
      };
    }),
  );

  return {
    users: SEED_USERS.map((u) => ({
      id: u.id,
      username: u.username,
      displayName: u.displayName,
      avatarUrl: url(seedKeys.avatar(u.id)),
      isVerified: u.isVerified,
      bio: u.bio,
      followerCount: u.followerCount,
      followingCount: u.followingCount,
      rank: u.rank,
      createdAt: ago(u.joinedDaysAgo * 24),
    })),
    brands: SEED_BRANDS.map((b) => ({
      id: b.id,
      name: b.name,
      logoUrl: url(seedKeys.brand(b.id)),
      description: b.description,
      category: b.category,
      modes: b.modes,
      isDatabaseBrand: b.isDatabaseBrand,
    })),
    products: productRows,
    questions: SEED_QUESTIONS.map((q, i) => ({ ...q, position: i })),
    templates: SEED_TEMPLATES.map((t, i) => ({
      id: t.id,
      name: t.name,
      thumbnailUrl: url(seedKeys.templateThumb(t.id)),
      imageUrl: url(seedKeys.template(t.id)),
      category: t.category,
      mode: t.mode,
      position: i,
    })),
    spaces: SEED_SPACES.map((s, i) => ({
      id: s.id,
      name: s.name,
      category: s.category,
      tags: s.tags,
      thumbnailUrl: url(seedKeys.spaceThumb(s.id)),
      imageUrl: url(seedKeys.space(s.id)),
      mode: s.mode,
      position: i,
    })),
    designs: designRows,
    comments: commentRows,
    notifications: SEED_NOTIFICATIONS.map((n) => ({
      id: n.id,
      userId: CURRENT_USER_ID,
      type: n.type,
      actorId: n.actorId,
      message: n.message,
      designId: n.designId,
      amount: n.amount,
      read: n.read,
      createdAt: ago(n.hoursAgo),
    })),
    commissionEntries: sampleCommissionRows(now),
  };
}

/** The sample users' seeded earnings as ledger rows with fixed ids, so seeding them twice adds nothing. */
export function sampleCommissionRows(now: Date): Array<typeof commissionEntries.$inferInsert> {
  return SEED_USERS.filter((u) => u.commissionEarned > 0).map((u) => ({
    id: `ce-sample-${u.id}`,
    earnerId: u.id,
    kind: 'earned' as const,
    role: 'sample' as const,
    status: 'available' as const,
    amountCents: toCents(u.commissionEarned),
    createdAt: new Date(now.getTime() - u.joinedDaysAgo * 24 * HOUR_MS),
  }));
}
