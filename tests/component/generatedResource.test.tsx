import { execSync } from 'node:child_process';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/**
 * The panel side of `npm run new:resource -- promotions …`: the generator runs in a scratch copy of
 * the project (tests/server/support/scratchCopy.ts) and the panel loads the declaration it wrote in
 * place of the generated folder's index (src/domain/resources/declared/index.ts), as the rewritten
 * index would. No folder, menu line or translation was written by hand: the Super Admin gets a
 * Promotions menu entry and the generated list, show, create and edit screens.
 */
const scratch = vi.hoisted(() => ({ remove: () => {} }));

vi.mock('../../src/domain/resources/declared', async () => {
  const { ROOT, scratchCopy } = await import('../server/support/scratchCopy');
  const copy = scratchCopy(`${ROOT}/node_modules/.tmp`);
  scratch.remove = copy.remove;
  execSync('npm run new:resource -- promotions title:text:required startsAt:datetime active:boolean percent:number', {
    cwd: copy.dir,
    stdio: 'pipe',
  });
  const declared = (await import(/* @vite-ignore */ `${copy.dir}/src/domain/resources/declared/promotions.ts`)) as {
    promotions: unknown;
  };
  return { DECLARED: [declared.promotions] };
});

afterAll(() => scratch.remove());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rainy = {
  id: 7,
  title: 'Rainy season',
  startsAt: '2027-03-01T06:00:00.000Z',
  active: true,
  percent: 15,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

const api = {
  'GET /api/trip/promotions': listAnswer('promotions', [rainy]),
  'GET /api/trip/promotions/7': { json: rainy },
};

const admin = () => sessionOf(superAdminProfile);

describe('a generated resource in the panel', () => {
  it('has a menu entry for the Super Admin that opens its list, with its columns, search and filters', async () => {
    const { user, api: calls } = renderApp('/', { session: admin(), api });
    await user.click(await screen.findByRole('link', { name: 'Promotions' }));
    expect(await screen.findByText('Rainy season')).toBeInTheDocument();
    for (const header of ['Title', 'Starts at', 'Active', 'Percent'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    // The city's clock: 06:00 UTC is 09:00 in Nairobi.
    expect(screen.getByText(/1 Mar 2027.*09:00/)).toBeInTheDocument();
    const search = screen.getAllByPlaceholderText('Search').find((input) => input.getAttribute('name') === 'q')!;
    fireEvent.change(search, { target: { value: 'rainy' } });
    await waitFor(() => expect(calls.to('GET /api/trip/promotions').some((r) => r.url.includes('rainy'))).toBe(true));
  });

  it('creates a record from the generated form, with the field rules of the declaration', async () => {
    const { user, api: calls } = renderApp('/promotions/create', {
      session: admin(),
      api: { ...api, 'POST /api/trip/promotions': { status: 201, json: { ...rainy, id: 8, title: 'Dry spell' } } },
    });
    await user.type(await screen.findByLabelText('Percent'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(calls.to('POST /api/trip/promotions')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Title/), 'Dry spell');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.to('POST /api/trip/promotions')).toHaveLength(1));
    expect(calls.to('POST /api/trip/promotions')[0].body).toMatchObject({ title: 'Dry spell', percent: 10 });
  });

  it('shows a record and edits it', async () => {
    const { user, api: calls } = renderApp('/promotions/7', {
      session: admin(),
      api: { ...api, 'PUT /api/trip/promotions/7': { json: { ...rainy, percent: 20 } } },
    });
    expect(await screen.findByText('Rainy season')).toBeInTheDocument();
    expect(screen.getByText('Percent')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    const percent = await screen.findByLabelText('Percent');
    await user.clear(percent);
    await user.type(percent, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.to('PUT /api/trip/promotions/7')).toHaveLength(1));
    expect(calls.to('PUT /api/trip/promotions/7')[0].body).toMatchObject({ title: 'Rainy season', percent: 20 });
  });
});
