import type { Mode, SearchResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { findProducts } from '../catalogue/catalogue.repository';
import { findDesigns } from '../designs/designs.repository';
import { findCurrentUser, findUsersWithPostCount, toUserDto } from '../users/users.repository';
import { designsMatching, productsMatching, usersMatching } from './search.repository';

/** Each tab shows at most this many matches. */
export const SEARCH_RESULTS_PER_LIST = 20;

/** Server-side search over the database (PRODUCT.md): designs, products and users, each list capped. */
export async function searchEverything(
  db: AppDatabase,
  query: string,
  mode: Mode,
  viewerId: string,
): Promise<SearchResponse> {
  const text = query.trim();
  if (!text) return { designs: [], products: [], users: [] };
  const limit = SEARCH_RESULTS_PER_LIST;
  const [foundDesigns, foundProducts, foundUsers, current] = await Promise.all([
    findDesigns(db, { where: designsMatching(mode, text), limit, viewerId }),
    findProducts(db, { where: productsMatching(mode, text), limit }),
    findUsersWithPostCount(db, { where: usersMatching(text), limit }),
    findCurrentUser(db),
  ]);
  return {
    designs: foundDesigns,
    products: foundProducts,
    users: foundUsers.map((u) => toUserDto(u.row, u.postCount, current?.id ?? null, u.isFollowedByViewer)),
  };
}
