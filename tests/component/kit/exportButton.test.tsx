import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, TextField } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wasRecentlyReported } from '../../../src/http';
import { ResourceList } from '../../../src/kit/ResourceList';
import { sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { renderKit } from './renderKit';

const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
const revokeObjectURL = vi.fn();
const clicked: { download: string; href: string }[] = [];

beforeEach(() => {
  createObjectURL.mockClear();
  clicked.length = 0;
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  // jsdom does not navigate; remember which file the click would download.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href });
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staff = (count: number, total: number) => ({
  json: Array.from({ length: count }, (_, index) => ({ id: index + 1, firstName: `Staff ${index + 1}` })),
  headers: { 'Content-Range': `staffs 0-${count - 1}/${total}` },
});

function renderList(total: number, exporter = vi.fn(), serverExport = false) {
  const view = renderKit(
    <ResourceList exporter={exporter} filter={{ status: 'active' }} serverExport={serverExport}>
      <DataTable>
        <DataTable.Col source="firstName" field={TextField} />
      </DataTable>
    </ResourceList>,
    {
      resource: 'staff-management/staffs',
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/staffs': staff(Math.min(total, 25), total),
        'GET /api/user/staffs/export': { text: 'ID,First name\r\n1,Staff 1', headers: { 'Content-Type': 'text/csv' } },
      },
    },
  );
  return { ...view, exporter };
}

describe('the Export button', () => {
  it("streams a list longer than a page from the server's CSV export, with the list's filter and sort", async () => {
    const { api, exporter } = renderList(1200);
    expect(await screen.findByText('Staff 1')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(clicked).toEqual([{ download: 'staffs.csv', href: 'blob:export' }]));
    const [request] = api.to('GET /api/user/staffs/export');
    expect(request.query.get('format')).toBe('csv');
    expect(JSON.parse(request.query.get('filter') ?? '')).toEqual({ status: 'active' });
    expect(request.query.get('sort')).toBe('["createdAt","DESC"]');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${sessionOf(superAdminProfile).accessToken}`);
    expect(await createObjectURL.mock.calls[0][0].text()).toBe('ID,First name\r\n1,Staff 1');
    expect(exporter).not.toHaveBeenCalled();
    // No list request beyond the page on screen: nothing was capped at 500 rows.
    expect(api.to('GET /api/user/staffs').every((r) => r.query.get('range') === '[0,24]')).toBe(true);
  });

  it("exports a list that fits on a page from memory, with the screen's own columns", async () => {
    const { api, exporter } = renderList(3);
    expect(await screen.findByText('Staff 3')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(exporter).toHaveBeenCalledTimes(1));
    expect((exporter.mock.calls[0] as unknown[][])[0]).toHaveLength(3);
    expect(api.to('GET /api/user/staffs/export')).toHaveLength(0);
  });

  it("with serverExport (a generated list), exports even a one-page list through the server's CSV", async () => {
    const { api, exporter } = renderList(3, vi.fn(), true);
    expect(await screen.findByText('Staff 3')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(clicked).toEqual([{ download: 'staffs.csv', href: 'blob:export' }]));
    expect(api.to('GET /api/user/staffs/export')).toHaveLength(1);
    expect(exporter).not.toHaveBeenCalled();
  });

  it('reports a failed export to the error dialog and downloads nothing', async () => {
    const { api } = renderKit(
      <ResourceList>
        <DataTable>
          <DataTable.Col source="firstName" field={TextField} />
        </DataTable>
      </ResourceList>,
      {
        resource: 'staff-management/staffs',
        session: sessionOf(superAdminProfile),
        api: {
          'GET /api/user/staffs': staff(25, 90),
          'GET /api/user/staffs/export': { status: 500, json: { message: 'Export failed' } },
        },
      },
    );
    expect(await screen.findByText('Staff 1')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.to('GET /api/user/staffs/export')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    expect(clicked).toHaveLength(0);
    expect(wasRecentlyReported('Export failed')).toBe(true);
  });
});
