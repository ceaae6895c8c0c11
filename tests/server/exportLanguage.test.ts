import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './support/parseCsv.js';
import { listQuery, startApp, type TestApp } from './harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const sort: [string, string] = ['id', 'ASC'];
const exportTrips = (query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.call('GET', '/api/trip/trips/export', {
    token: admin,
    headers,
    query: { format: 'csv', ...listQuery({ sort }), ...query },
  });

const column = (csv: string[][], name: string) => {
  const at = csv[0].indexOf(name);
  expect(at, `column "${name}" in ${csv[0].join(' | ')}`).toBeGreaterThanOrEqual(0);
  return csv.slice(1).map((row) => row[at]);
};

describe("a trips export in the requester's language", () => {
  it('has Swahili headers and Swahili status and payment labels for a staff member working in Swahili; codes=raw keeps the machine form', async () => {
    const swahili = await exportTrips({ locale: 'sw' });
    expect(swahili.statusCode).toBe(200);
    expect(swahili.headers['content-language']).toBe('sw');
    const sw = parseCsv(swahili.body);
    expect(sw[0].slice(0, 3)).toEqual(['Safari', 'Nambari ya Abiria', 'Nambari ya Dereva']);
    expect(sw[0]).toContain('Abiria');
    expect(sw[0]).toContain('Dereva');
    expect(sw[0]).toContain('Hali');
    expect(sw[0]).toContain('Malipo');
    expect(sw[0]).toContain('Nauli (KES)');
    expect(sw[0]).toContain('Iliombwa (saa za Nairobi)');
    expect(sw[0]).toContain('Anwani ya kuchukuliwa');

    const raw = parseCsv((await exportTrips({ codes: 'raw', locale: 'sw' })).body);
    expect(raw[0].slice(0, 4)).toEqual(['ID', 'Passenger ID', 'Driver ID', 'Vehicle type ID']);
    expect(raw[0]).toContain('Passenger name');
    expect(raw[0]).toContain('Fare total (KES)');
    expect(raw[0]).toContain('Requested at (Nairobi time)');
    expect(sw).toHaveLength(raw.length);

    const SW_STATUS: Record<string, string> = {
      requested: 'Imeombwa',
      accepted: 'Imekubaliwa',
      arrived: 'Dereva amefika',
      in_progress: 'Inaendelea',
      completed: 'Imekamilika',
      cancelled_by_passenger: 'Imeghairiwa na abiria',
      cancelled_by_driver: 'Imeghairiwa na dereva',
      no_driver_found: 'Hakuna dereva aliyepatikana',
      scheduled: 'Imepangwa',
    };
    const rawStatus = column(raw, 'Status');
    expect(new Set(rawStatus)).toContain('completed');
    expect(column(sw, 'Hali')).toEqual(rawStatus.map((code) => SW_STATUS[code]));
    const SW_PAYMENT: Record<string, string> = { cash: 'Pesa taslimu', card: 'Kadi', wallet: 'Pochi' };
    const rawPayment = column(raw, 'Payment method');
    expect(new Set(rawPayment)).toContain('card');
    expect(column(sw, 'Malipo')).toEqual(rawPayment.map((code) => SW_PAYMENT[code]));
    // Numbers, money and times stay machine-readable in both forms.
    expect(column(sw, 'Nauli (KES)')).toEqual(column(raw, 'Fare total (KES)'));
    expect(column(sw, 'Iliombwa (saa za Nairobi)')).toEqual(column(raw, 'Requested at (Nairobi time)'));
    expect(swahili.body).not.toMatch(/,(in_progress|completed|card|cash),/);
  });

  it("follows the staff member's saved language, then Accept-Language, when the panel names none", async () => {
    const byHeader = parseCsv((await exportTrips({}, { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' })).body);
    expect(byHeader[0][0]).toBe('Course');
    expect(byHeader[0]).toContain('Statut');

    const saved = await t.call('PUT', '/api/user/auth/locale', { token: admin, body: { locale: 'sw' } });
    expect(saved.statusCode).toBe(200);
    try {
      const byProfile = parseCsv((await exportTrips({}, { 'accept-language': 'fr' })).body);
      expect(byProfile[0][0]).toBe('Safari');
    } finally {
      await t.call('PUT', '/api/user/auth/locale', { token: admin, body: { locale: 'en' } });
    }
    const english = parseCsv((await exportTrips()).body);
    expect(english[0].slice(0, 3)).toEqual(['Trip', 'Passenger ID', 'Driver ID']);
    expect(english[0]).toContain('Passenger');
    expect(english[0]).toContain('Fare (KES)');
    expect(column(english, 'Status')).toContain('Completed');
  });

  it('refuses a codes value it does not know, with a clear message', async () => {
    const res = await exportTrips({ codes: 'labels' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/codes/);
  });
});
