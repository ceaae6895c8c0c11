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
  if (kind === 'photo') return portraitSvg(fullName, hue);
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

/** A passport-style portrait: head and shoulders over a tinted background, with the initials. */
function portraitSvg(fullName: string, hue: number): string {
  const initials = fullName
    .split(/\s+/)
    .map((w) => w.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
<rect width="300" height="300" fill="hsl(${hue},40%,82%)"/>
<circle cx="150" cy="118" r="58" fill="hsl(${(hue + 30) % 360},30%,38%)"/>
<path d="M48 300c0-70 46-108 102-108s102 38 102 108z" fill="hsl(${(hue + 200) % 360},35%,35%)"/>
<text x="150" y="132" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}

export interface SeedDocument {
  kind: string;
  fileId: number;
  number: string | null;
  status: string;
  expiryDate?: string | null;
  rejectReason?: string | null;
  note?: string | null;
  reviewedBy?: number | null;
  reviewedAt?: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

const DAY = 86400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The review work a seeded driver brings, by the approval state the seed gives it: approved and
 * suspended drivers have every document approved; new sign-ups have all pending (and signed up in
 * the last days); others have an insurance rejected (some re-uploaded since), an expired insurance,
 * or two of five approved. The driver's stored status is derived from these by the domain rule.
 */
export function reviewFor(
  i: number,
  scenario: string,
  uploads: SeedDocument[],
  ctx: { now: Date; created: Date; licenceExpiry: string; reviewer: number },
): { documents: SeedDocument[]; suspendedAt: Date | null; suspensionReason: string | null; createdAt: Date } {
  const { now, reviewer } = ctx;
  const newSignUp = scenario === 'pending' && i % 10 === 7;
  const createdAt = newSignUp
    ? new Date(now.getTime() - ((i * 7) % 10) * DAY - ((i % 20) + 2) * 3600_000)
    : ctx.created;
  const reviewedAt = new Date(Math.min(createdAt.getTime() + DAY, now.getTime() - 3600_000));
  const expiryOf = (kind: string): string | null => {
    if (kind === 'licence') return ctx.licenceExpiry;
    if (kind === 'insurance') return dayOf(new Date(now.getTime() + (((i * 53) % 300) + 12) * DAY));
    if (kind === 'identity') return dayOf(new Date(now.getTime() + (((i * 97) % 1500) + 400) * DAY));
    return null;
  };
  const approved = (d: SeedDocument): SeedDocument => ({ ...d, status: 'approved', reviewedBy: reviewer, reviewedAt });
  const docs = uploads.map((d) => ({ ...d, expiryDate: expiryOf(d.kind), createdAt, updatedAt: createdAt }));
  let documents: SeedDocument[];
  if (scenario === 'approved' || scenario === 'suspended') documents = docs.map(approved);
  else if (newSignUp) documents = docs;
  else if (scenario === 'rejected' || i % 40 === 8 || i % 40 === 28) {
    // The insurance was rejected; half of these drivers have uploaded a new one since.
    documents = docs.map((d) =>
      d.kind === 'insurance'
        ? {
            ...d,
            status: 'rejected',
            rejectReason: 'expired',
            note: 'The certificate ran out last month; upload the renewed one.',
            expiryDate: dayOf(new Date(createdAt.getTime() - 20 * DAY)),
            reviewedBy: reviewer,
            reviewedAt,
          }
        : approved(d),
    );
    if (i % 40 === 8) {
      const reuploadedAt = new Date(now.getTime() - ((i % 5) + 1) * 3600_000);
      const insurance = docs.find((d) => d.kind === 'insurance')!;
      documents.push({ ...insurance, createdAt: reuploadedAt, updatedAt: reuploadedAt });
    }
  } else if (i % 40 === 18) {
    // An approved insurance that has since expired: the driver needs review again.
    documents = docs.map((d) =>
      d.kind === 'insurance'
        ? { ...approved(d), status: 'expired', expiryDate: dayOf(new Date(now.getTime() - ((i % 9) + 1) * DAY)) }
        : approved(d),
    );
  } else {
    // Half-way through a review: two of five approved.
    documents = docs.map((d) => (d.kind === 'licence' || d.kind === 'identity' ? approved(d) : d));
  }
  const suspended = scenario === 'suspended';
  return {
    documents,
    suspendedAt: suspended ? new Date(now.getTime() - ((i % 6) + 1) * DAY) : null,
    suspensionReason: suspended
      ? [
          'Three passenger complaints about unsafe driving this month; suspended while we investigate.',
          'Repeatedly cancelling accepted trips.',
          'Vehicle did not match the registered plate at a spot check.',
        ][i % 3]
      : null,
    createdAt,
  };
}
