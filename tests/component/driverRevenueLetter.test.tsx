import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp } from './support/renderApp';

const driversList = {
  json: [{ id: 7, firstName: 'Amina', lastName: 'Wanjiru', phone: '+254712000007' }],
  headers: { 'Content-Range': 'drivers 0-0/1' },
};

describe('the drivers’ revenue request letter screen', () => {
  it('checks the driver and the months before asking the server, and asks nothing when they are wrong', async () => {
    const { api } = renderApp('/reports/driver-revenue-letter', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/user/driver-management/drivers': driversList, '*': { json: { data: [] } } },
    });
    const from = (await screen.findByLabelText('First month')) as HTMLInputElement;
    const to = screen.getByLabelText('Last month') as HTMLInputElement;
    // Defaults: the last six months, this one included.
    expect(from.value).toMatch(/^\d{4}-\d{2}$/);
    expect(to.value).toMatch(/^\d{4}-\d{2}$/);
    const [fy, fm] = from.value.split('-').map(Number);
    const [ty, tm] = to.value.split('-').map(Number);
    expect((ty - fy) * 12 + tm - fm + 1).toBe(6);
    fireEvent.change(from, { target: { value: `${ty - 1}-${String(tm).padStart(2, '0')}` } });
    fireEvent.click(screen.getByTestId('issue-letter'));
    expect(await screen.findByText('Choose a driver')).toBeInTheDocument();
    expect(await screen.findByText('The period may cover at most 12 months')).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST /api/trip/reports/driver-revenue-letters')).toHaveLength(0));
  });
});
