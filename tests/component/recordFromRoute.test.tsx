import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { useRecordFromRoute } from '../../src/resources/shared/useRecordFromRoute';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderKit } from './kit/renderKit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Page() {
  const { id, record, state } = useRecordFromRoute<{ id: number; category: string }>('issues');
  if (state) return state;
  return <div data-testid="page">{`${id}: ${record.category}`}</div>;
}

/** The page at /issues/:id (renderKit's router matches everything; these routes read the id). */
const routed = (
  <Routes>
    <Route path="issues/:id" element={<Page />} />
  </Routes>
);

describe('useRecordFromRoute', () => {
  it("loads the record of the route's id, showing loading until it comes", async () => {
    let answer!: () => void;
    const until = new Promise<void>((resolve) => (answer = resolve));
    const { api, router } = renderKit(routed, {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/trip/issues/7': { json: { id: 7, category: 'safety' }, until } },
    });
    await router.navigate('/issues/7');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    answer();
    expect(await screen.findByTestId('page')).toHaveTextContent('7: safety');
    expect(api.to('GET /api/trip/issues/7')).toHaveLength(1);
  });

  it('shows the error with a retry that reads the record again', async () => {
    let fail = true;
    const { api, router } = renderKit(routed, {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/trip/issues/8': () =>
          fail ? { status: 404, json: { message: 'No record with this id' } } : { json: { id: 8, category: 'route' } },
      },
    });
    await router.navigate('/issues/8');
    expect(await screen.findByText('No record with this id')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByTestId('page')).toHaveTextContent('8: route');
    await waitFor(() => expect(api.to('GET /api/trip/issues/8').length).toBeGreaterThanOrEqual(2));
  });
});
