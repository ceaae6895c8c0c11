/** The demo city: Nairobi, Kenya. Seeded coordinates stay inside this box. */
export const CITY = {
  name: 'Nairobi',
  country: 'Kenya',
  /** ISO 3166 code: phone numbers typed in national format (0712…) belong to this country. */
  countryCode: 'KE',
  currency: 'KES',
  timeZone: 'Africa/Nairobi',
  center: { lat: -1.2864, lng: 36.8172 },
  bounds: { south: -1.37, west: 36.7, north: -1.2, east: 36.95 },
  phonePrefix: '+2547',
} as const;

export const insideCity = (lat: number, lng: number) =>
  lat >= CITY.bounds.south && lat <= CITY.bounds.north && lng >= CITY.bounds.west && lng <= CITY.bounds.east;
