/** The gate's early reads (features/gate/static/early-reads.ts) against the app's own calls: two features, so it lives here. */
import { PREFERENCES_STORAGE_KEY, type Mode } from '@dwellscape/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDesigns } from '@/features/feed/api/get-designs';
import { getMe } from '@/lib/api/get-me';
import { earlyReadsFor } from '@/features/gate/static/early-reads';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockRejectedValue(new TypeError('not needed: only the URL is'));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The URL the app's own call requests. */
async function urlOf(call: () => Promise<unknown>): Promise<string> {
  fetchMock.mockClear();
  await call().catch(() => undefined);
  return String(fetchMock.mock.calls[0]![0]);
}

describe('the reads the gate sends as it lets the person in', () => {
  it.each<Mode>(['interior', 'landscape'])(
    'on the home screen: the session and the feed’s first page in the saved mode (%s), spelled as the app asks',
    async (mode) => {
      localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ isLandscapeMode: mode === 'landscape' }));
      const feed = await urlOf(() => getDesigns({ mode }));
      expect(earlyReadsFor('/')).toEqual({
        gatePath: `/api/gate?feed=${mode}`,
        reads: [await urlOf(() => getMe()), feed],
        carried: feed,
      });
    },
  );

  it('elsewhere (a link to a post, say): only the session', async () => {
    expect(earlyReadsFor('/post/d-1')).toEqual({
      gatePath: '/api/gate',
      reads: [await urlOf(() => getMe())],
      carried: null,
    });
  });
});
