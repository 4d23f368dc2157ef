import {
  SEARCH_RESULTS_PER_LIST,
  type Mode,
  type SearchList,
  type SearchPage,
  type SearchPageQuery,
  type SearchResponse,
} from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import type { Viewer } from '../../types';
import { findProducts } from '../catalogue/catalogue.repository';
import { findDesigns } from '../designs/designs.repository';
import { findUsersWithPostCount, toUserDto } from '../users/users.repository';
import { currentUserIdOf } from '../users/users.service';
import { countMatching, designsMatching, productsMatching, usersMatching } from './search.repository';

interface ListQuery {
  text: string;
  mode: Mode;
  offset: number;
  /** Who is looking: decides likedByViewer, savedByViewer and isFollowedByViewer. */
  viewer: Viewer;
}

const limit = SEARCH_RESULTS_PER_LIST;

/** One list's matches from `offset` on, and how many match in all. */
const pageOf: { [List in SearchList]: (db: AppDatabase, query: ListQuery) => Promise<SearchPage<List>> } = {
  async designs(db, { text, mode, offset, viewer }) {
    const where = designsMatching(mode, text);
    const [items, total] = await Promise.all([
      findDesigns(db, { where, limit, offset, ...viewer }),
      countMatching(db, 'designs', where),
    ]);
    return { items, total };
  },
  async products(db, { text, mode, offset }) {
    const where = productsMatching(mode, text);
    const [items, total] = await Promise.all([
      findProducts(db, { where, limit, offset }),
      countMatching(db, 'products', where),
    ]);
    return { items, total };
  },
  async users(db, { text, offset, viewer }) {
    const where = usersMatching(text);
    const [found, total] = await Promise.all([
      findUsersWithPostCount(db, { where, limit, offset, followerId: viewer.accountId }),
      countMatching(db, 'users', where),
    ]);
    const currentUserId = currentUserIdOf(viewer);
    return { items: found.map((u) => toUserDto(u.row, u.postCount, currentUserId, u.isFollowedByViewer)), total };
  },
};

const emptyPage = { items: [], total: 0 };

/** Server-side search over the database (docs/product.md §10): the first matches of designs, products and users, with their counts. */
export async function searchEverything(
  db: AppDatabase,
  query: string,
  mode: Mode,
  viewer: Viewer,
): Promise<SearchResponse> {
  const text = query.trim();
  const list = { text, mode, offset: 0, viewer };
  const [foundDesigns, foundProducts, foundUsers] = text
    ? await Promise.all([pageOf.designs(db, list), pageOf.products(db, list), pageOf.users(db, list)])
    : [emptyPage, emptyPage, emptyPage];
  return {
    designs: foundDesigns.items,
    products: foundProducts.items,
    users: foundUsers.items,
    totals: { designs: foundDesigns.total, products: foundProducts.total, users: foundUsers.total },
  };
}

/** The next matches of one list ('Show more' on a tab). */
export async function searchList<List extends SearchList>(
  db: AppDatabase,
  list: List,
  { q, mode, offset }: SearchPageQuery,
  viewer: Viewer,
): Promise<SearchPage<List>> {
  const text = q.trim();
  // a page of nothing fits every list
  if (!text) return emptyPage as SearchPage<List>;
  return pageOf[list](db, { text, mode, offset, viewer });
}
