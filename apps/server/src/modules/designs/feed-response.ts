import { feedResponseSchema, type FeedResponse } from '@dwellscape/shared';
import { asResponse, CheckedJson } from '../../response-serializer';

/**
 * A feed page (listFeed) as a route declaring feedResponseSchema sends it: a cached page goes as its JSON, checked
 * against that schema when its template was built. GET /api/designs and the gate's accepted answer (decision 0069).
 */
export const feedPageResponse = (page: FeedResponse | Buffer): FeedResponse =>
  asResponse(Buffer.isBuffer(page) ? new CheckedJson(feedResponseSchema, page) : page);
