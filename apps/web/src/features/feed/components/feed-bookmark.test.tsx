import { apiPaths, compactFeedPage, type Design, type SessionResponse } from '@dwellscape/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTexts } from '@/components/design-card/save-button';
import { makeAccount, makeDesign, makeSession } from '../../../../test/fixtures';
import { jsonResponse, mockApi, type ApiCall, type MockedApi } from '../../../../test/mock-api';
import { createTestQueryClient, renderRoutes } from '../../../../test/render';
import { FeedScreen } from './feed-screen';
import { queryKeys } from '@/lib/query-keys';

const signedIn = makeSession({
  currentUser: makeAccount({ id: 'u-noor', username: 'noor_builds', displayName: 'Noor Haddad' }),
});
const signedOut = makeSession({
  signedIn: false,
  currentUser: makeAccount({ id: 'u-maya', username: 'mayadesigns', displayName: 'Maya Chen' }),
});

const loft = makeDesign({ id: 'd-loft', title: 'Sunday loft' });

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((res) => (resolve = res));
  return { promise, resolve };
}

interface Server {
  session: SessionResponse;
  designs: Design[];
  /** What PUT/DELETE save answers; a saved design shows as saved in the next feed read. */
  save: (method: string) => Promise<Response> | Response;
}

let server: Server;
let api: MockedApi;
const saveCalls = () =>
  api.calls.filter((call) => call.path === apiPaths.designSave('d-loft')).map((call) => call.method);

beforeEach(() => {
  server = {
    session: signedIn,
    designs: [loft],
    save: (method) => jsonResponse(200, { saved: method === 'PUT' }),
  };
  const save = ({ method }: ApiCall) => {
    if (!server.session.signedIn) return jsonResponse(401, { error: 'Sign in required', message: 'Sign in.' });
    return server.save(method);
  };
  api = mockApi({
    [`GET ${apiPaths.me}`]: () => server.session,
    [`POST ${apiPaths.signIn}`]: () => (server.session = signedIn),
    [`GET ${apiPaths.designs}`]: () => compactFeedPage({ items: server.designs, nextCursor: null }),
    [`PUT ${apiPaths.designSave('d-loft')}`]: save,
    [`DELETE ${apiPaths.designSave('d-loft')}`]: save,
  });
});

afterEach(() => vi.unstubAllGlobals());

/** The feed, with the session as the app knows it once /api/me has answered. */
function renderFeed() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, server.session);
  return renderRoutes([{ path: '/', element: <FeedScreen /> }], {
    initialEntries: ['/'],
    queryClient,
    withToaster: true,
  });
}

const card = async () => within(await screen.findByRole('article', { name: 'Sunday loft' }));

describe('the bookmark of a design card', () => {
  it("shows 'Saved' at once, then keeps it when the server agrees", async () => {
    const answer = deferred();
    server.save = () => answer.promise;
    renderFeed();
    const save = (await card()).getByRole('button', { name: saveTexts.save });
    expect(save).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(save);
    const saved = (await card()).getByRole('button', { name: saveTexts.saved });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(saveCalls()).toEqual(['PUT']);

    answer.resolve(jsonResponse(200, { saved: true }));
    await waitFor(() => expect(saveCalls()).toHaveLength(1));
    expect((await card()).getByRole('button', { name: saveTexts.saved })).toHaveAttribute('aria-pressed', 'true');
  });

  it("unsaves a saved design with DELETE: 'Save' again", async () => {
    server.designs = [{ ...loft, savedByViewer: true }];
    renderFeed();
    await userEvent.click((await card()).getByRole('button', { name: saveTexts.saved }));
    expect((await card()).getByRole('button', { name: saveTexts.save })).toHaveAttribute('aria-pressed', 'false');
    expect(saveCalls()).toEqual(['DELETE']);
  });

  it('puts the bookmark back and says so when the server fails', async () => {
    server.save = () => jsonResponse(503, { error: 'Service Unavailable' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFeed();
    await userEvent.click((await card()).getByRole('button', { name: saveTexts.save }));
    expect(await screen.findByText(saveTexts.saveFailed)).toBeInTheDocument();
    expect((await card()).getByRole('button', { name: saveTexts.save })).toHaveAttribute('aria-pressed', 'false');
  });

  // typing into the sheet takes a while on a busy machine
  it('signed out: asks to sign in first, then saves the design', { timeout: 20_000 }, async () => {
    server.session = signedOut;
    renderFeed();
    // the session is known to be signed out, so nothing is sent to be refused
    await userEvent.click((await card()).getByRole('button', { name: saveTexts.save }));

    const sheet = await screen.findByRole('dialog');
    expect(sheet).toHaveAccessibleDescription(saveTexts.signInReason);
    expect(saveCalls()).toEqual([]);
    await userEvent.type(within(sheet).getByRole('textbox', { name: 'Username' }), 'noor_builds');
    await userEvent.type(within(sheet).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(saveCalls()).toEqual(['PUT']));
    // the feed asked again after signing in answers with the design saved
    server.designs = [{ ...loft, savedByViewer: true }];
    await waitFor(async () =>
      expect((await card()).getByRole('button', { name: saveTexts.saved })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
