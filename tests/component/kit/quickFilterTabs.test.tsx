import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DataTable, TextField } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentTab, QuickFilterTabs, withTab, type QuickFilterTab } from '../../../src/kit/QuickFilterTabs';
import { ResourceList } from '../../../src/kit/ResourceList';
import { sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { listAnswer } from '../support/renderApp';
import { renderKit } from './renderKit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TABS: QuickFilterTab[] = [
  { id: 'all', label: 'All', filter: {} },
  { id: 'mine', label: 'Mine', filter: { assigneeId: 1, status: ['open', 'in_progress'] } },
  { id: 'breached', label: 'Breached', filter: { status: ['open', 'in_progress'], sla: 'breached' } },
];

describe('quick filter tabs', () => {
  it('derive the tab from the filters and keep the filters no tab owns', () => {
    expect(currentTab(TABS, {})).toBe('all');
    expect(currentTab(TABS, { category: 'safety' })).toBe('all');
    expect(currentTab(TABS, { status: ['open', 'in_progress'], assigneeId: 1, q: 'x' })).toBe('mine');
    expect(currentTab(TABS, { status: 'resolved' })).toBeUndefined();
    expect(withTab(TABS, { assigneeId: 1, status: ['open'], category: 'safety' }, TABS[2])).toEqual({
      category: 'safety',
      status: ['open', 'in_progress'],
      sla: 'breached',
    });
  });

  it('set the list filter when a tab is chosen, and show it selected', async () => {
    const { api } = renderKit(
      <ResourceList>
        <QuickFilterTabs tabs={TABS} label="Issues" />
        <DataTable>
          <DataTable.Col source="description" field={TextField} />
        </DataTable>
      </ResourceList>,
      {
        resource: 'issues',
        session: sessionOf(superAdminProfile),
        api: { 'GET /api/trip/issues': listAnswer('issues', [{ id: 1, description: 'Charged twice' }]) },
      },
    );
    expect(await screen.findByText('Charged twice')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Breached' }));
    await waitFor(() =>
      expect(JSON.parse(api.to('GET /api/trip/issues').at(-1)!.query.get('filter') ?? '{}')).toEqual({
        status: ['open', 'in_progress'],
        sla: 'breached',
      }),
    );
    expect(screen.getByRole('tab', { name: 'Breached' })).toHaveAttribute('aria-selected', 'true');
  });
});
