import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../unit/support/fetchStub';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { shownDate, typeDate } from './support/dateFields';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const created = (body: Record<string, unknown>) => ({
  id: 77,
  ...body,
  approvalStatus: 'pending',
  documents: ((body.documents ?? []) as object[]).map((d, i) => ({ id: 500 + i, status: 'pending', version: 1, ...d })),
});

const api = {
  'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [
    { id: 1, name: 'Economy' },
    { id: 2, name: 'Boda' },
  ]),
  'POST /api/user/files': { status: 201, json: { data: { id: 41, filename: 'licence.pdf' } } },
  'POST /api/user/drivers': ({ body }: RecordedRequest) => ({
    status: 201,
    json: created(body as Record<string, unknown>),
  }),
  'GET /api/user/drivers/77': { json: created({ firstName: 'Wanjiru', lastName: 'Kamau', documents: [] }) },
};

const pdf = () => new File(['%PDF-1.4 licence'], 'licence scan.pdf', { type: 'application/pdf' });

describe('the driver create screen', () => {
  it('says what is missing or wrong beside each field and sends nothing', async () => {
    const { user, api: stub } = renderApp('/driver-management/create', { session: admin, api });
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByLabelText(/^Phone/), 'call me');
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    // A number typed for a document that was not uploaded would be lost: the form says so.
    await user.type(screen.getAllByLabelText('Number')[1], 'INS-42');
    // A licence expiring in 1850: the calendar is bounded, and a typed year is refused.
    await typeDate(user, /^Licence expiry/, '01061850');
    expect(shownDate(/^Licence expiry/)).toBe('01/06/1850');
    await user.click(save);
    expect(await screen.findByText('Licence expiry must be between 1 Jan 1900 and 31 Dec 2099')).toBeInTheDocument();

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number, such as 0712 345 678 or +254 712 345 678')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Upload the document, or clear its number and expiry')).toBeInTheDocument();
    expect(stub.to('POST /api/user/drivers')).toHaveLength(0);
  });

  it('refuses a file that is neither an image nor a PDF before uploading it', async () => {
    const { api: stub } = renderApp('/driver-management/create', { session: admin, api });
    const input = await screen.findByLabelText('Identity document');
    // The picker's accept list can be bypassed (all files): the input still refuses the file.
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'id.exe', { type: 'application/x-msdownload' })] } });
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image or a PDF.')).toBeInTheDocument();
    expect(stub.to('POST /api/user/files')).toHaveLength(0);
  });

  it("shows the server's refusal of an upload under the document", async () => {
    const { user } = renderApp('/driver-management/create', {
      session: admin,
      api: {
        ...api,
        'POST /api/user/files': {
          status: 415,
          json: {
            message: 'Only PNG, JPEG, WebP, GIF images and PDF documents can be uploaded',
            errors: { file: 'Unsupported file type' },
          },
        },
      },
    });
    await user.upload(await screen.findByLabelText('Insurance'), pdf());
    expect(
      await screen.findByText('Only PNG, JPEG, WebP, GIF images and PDF documents can be uploaded'),
    ).toBeInTheDocument();
  });

  it('creates the driver with the documents uploaded now, the others left for later, and opens the review', async () => {
    const { user, api: stub, location } = renderApp('/driver-management/create', { session: admin, api });
    await user.type(await screen.findByLabelText(/^First name/), 'Wanjiru');
    await user.type(screen.getByLabelText(/^Last name/), 'Kamau');
    await user.type(screen.getByLabelText(/^Phone/), '+254 711 000 111');
    await user.type(screen.getByLabelText(/^Licence number/), 'DL-889');
    await typeDate(user, /^Licence expiry/, '31012029');
    await user.click(screen.getByRole('combobox', { name: /Vehicle type/ }));
    await user.click(await screen.findByRole('option', { name: 'Economy' }));
    await user.type(screen.getByLabelText(/^Vehicle plate/), 'KDA 123A');
    await user.type(screen.getByLabelText(/^Vehicle make/), 'Toyota');
    await user.type(screen.getByLabelText(/^Vehicle model/), 'Axio');

    await user.upload(screen.getByLabelText('Driving licence'), pdf());
    expect(await screen.findByText('licence scan.pdf')).toBeInTheDocument();
    expect(stub.to('POST /api/user/files')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.to('POST /api/user/drivers')).toHaveLength(1));
    expect(stub.to('POST /api/user/drivers')[0].body).toEqual({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      phone: '+254711000111',
      email: null,
      sex: null,
      licenceNumber: 'DL-889',
      licenceExpiry: '2029-01-31',
      vehicleTypeId: 1,
      vehiclePlate: 'KDA 123A',
      vehicleMake: 'Toyota',
      vehicleModel: 'Axio',
      photo: null,
      documents: [{ kind: 'licence', fileId: 41, number: 'DL-889', expiryDate: '2029-01-31' }],
    });
    expect(
      await screen.findByText('Wanjiru Kamau is in the review queue. Review the documents now.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/driver-management/review/77'));
  });

  it("shows the server's field message (a phone already in use) under the field and keeps the form", async () => {
    const { user } = renderApp('/driver-management/create', {
      session: admin,
      api: {
        ...api,
        'POST /api/user/drivers': {
          status: 409,
          json: { message: 'This phone is already in use', errors: { phone: 'This phone is already in use' } },
        },
      },
    });
    await user.type(await screen.findByLabelText(/^First name/), 'Wanjiru');
    await user.type(screen.getByLabelText(/^Last name/), 'Kamau');
    await user.type(screen.getByLabelText(/^Phone/), '+254711000111');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This phone is already in use')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Wanjiru');
  });
});
