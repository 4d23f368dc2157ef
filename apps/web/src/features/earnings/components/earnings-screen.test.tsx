import { apiPaths, type SessionResponse } from '@dwellscape/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { makeEarnings } from '../../../../test/fixtures';
import { mockApi, type MockedApi } from '../../../../test/mock-api';
import { createTestQueryClient, renderRoutes } from '../../../../test/render';
import { EarningsScreen } from './earnings-screen';
import { queryKeys } from '@/lib/query-keys';

let api: MockedApi;

function renderEarnings(signedIn = true) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, { signedIn } as SessionResponse);
  return renderRoutes([{ path: paths.earnings.path, element: <EarningsScreen /> }], {
    initialEntries: [paths.earnings.getHref()],
    queryClient,
  });
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeEach(() => {
  api = mockApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('EarningsScreen', () => {
  it('shows pending and available apart, the sums per design, and every entry newest first', async () => {
    api.answer({
      [`GET ${apiPaths.meEarnings}`]: makeEarnings({
        totals: { pendingCents: 15_600, availableCents: 124_550, reversedCents: 1_516 },
        byDesign: [
          { designId: null, designTitle: null, pendingCents: 0, availableCents: 124_550 },
          { designId: 'd-remix', designTitle: 'Green Room, Again', pendingCents: 15_600, availableCents: 0 },
        ],
        entries: [
          {
            id: 'e-3',
            kind: 'reversed',
            role: 'creator',
            status: 'reversed',
            amountCents: -1_516,
            orderId: 'o-2',
            designId: 'd-remix',
            designTitle: 'Green Room, Again',
            productName: 'Arc Lamp',
            createdAt: at(1),
          },
          {
            id: 'e-2',
            kind: 'earned',
            role: 'creator',
            status: 'pending',
            amountCents: 15_600,
            orderId: 'o-1',
            designId: 'd-remix',
            designTitle: 'Green Room, Again',
            productName: 'Emerald Sofa',
            createdAt: at(5),
          },
          {
            id: 'e-1',
            kind: 'earned',
            role: 'sample',
            status: 'available',
            amountCents: 124_550,
            orderId: null,
            designId: null,
            designTitle: null,
            productName: null,
            createdAt: at(60 * 24 * 30),
          },
        ],
      }),
    });
    renderEarnings();

    expect(await screen.findByLabelText('Pending $156.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Available $1,245.50')).toBeInTheDocument();
    const byDesign = screen.getByRole('list', { name: 'Earnings by design' });
    expect(within(byDesign).getByRole('link', { name: 'Green Room, Again' })).toHaveAttribute(
      'href',
      paths.post.getHref('d-remix'),
    );
    const entries = within(screen.getByRole('list', { name: 'Earnings entries' })).getAllByRole('listitem');
    expect(entries.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Order cancelled.*−\$15\.16Reversed$/),
      expect.stringMatching(/^Emerald SofaYour design: Green Room, Again.*\+\$156\.00Pending$/),
      expect.stringMatching(/^Earlier earnings.*\+\$1,245\.50Available$/),
    ]);
  });

  it('signed out, asks to sign in', () => {
    renderEarnings(false);
    expect(screen.getByText('Your earnings appear here')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
