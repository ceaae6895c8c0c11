/** A generated document scan (SVG) for seeded drivers, so the review screen has something to show. */
const TITLES: Record<string, string> = {
  licence: 'DRIVING LICENCE',
  identity: 'NATIONAL IDENTITY CARD',
  insurance: 'MOTOR INSURANCE CERTIFICATE',
  vehicle_registration: 'VEHICLE REGISTRATION',
  photo: 'DRIVER PHOTO',
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function documentSvg(kind: string, fullName: string, number: string, hue: number): string {
  const title = TITLES[kind] ?? kind.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">
<rect width="480" height="300" rx="18" fill="hsl(${hue},45%,92%)" stroke="hsl(${hue},45%,45%)" stroke-width="4"/>
<rect x="24" y="70" width="110" height="140" rx="8" fill="hsl(${hue},30%,75%)"/>
<circle cx="79" cy="120" r="28" fill="hsl(${hue},25%,55%)"/><rect x="44" y="155" width="70" height="40" rx="20" fill="hsl(${hue},25%,55%)"/>
<text x="24" y="44" font-family="sans-serif" font-size="22" font-weight="700" fill="hsl(${hue},50%,25%)">${escapeXml(title)}</text>
<text x="154" y="100" font-family="sans-serif" font-size="14" fill="#333">Name</text>
<text x="154" y="124" font-family="sans-serif" font-size="20" font-weight="600" fill="#111">${escapeXml(fullName)}</text>
<text x="154" y="160" font-family="sans-serif" font-size="14" fill="#333">Number</text>
<text x="154" y="184" font-family="monospace" font-size="20" fill="#111">${escapeXml(number)}</text>
<text x="24" y="270" font-family="sans-serif" font-size="12" fill="#666">Republic of Kenya · specimen generated for the Ride Admin demo</text>
</svg>`;
}
