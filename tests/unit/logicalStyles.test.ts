import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Right-to-left readiness: styles say start/end (marginInlineStart, insetInlineEnd, textAlign
 * 'start', borderInlineEnd…), not left/right, so that a right-to-left language mirrors the page.
 * A physical left/right style property in src/ fails here unless it is allowed below, with why.
 */
const SRC = path.resolve(__dirname, '../../src');

const PHYSICAL =
  /\b(?:margin|padding|border)(?:Left|Right)\w*\s*:|(?<![\w-])(?:left|right)\s*:|textAlign\s*:\s*['"](?:left|right)['"]|(?<![\w-])(?:ml|mr|pl|pr)\s*:/;

/** Files and lines that stay physical, and why. */
const ALLOWED: Record<string, { line: RegExp; why: string }[]> = {
  'customRoutes/dispatcher/DispatcherScreen.tsx': [
    { line: /left: 8/, why: 'an overlay on the map: the map does not mirror' },
  ],
  'customRoutes/dispatcher/DriverCard.tsx': [{ line: /right: 8/, why: 'a card over the map, clear of its controls' }],
  'customRoutes/dispatcher/TripCard.tsx': [{ line: /right: 8/, why: 'a card over the map, clear of its controls' }],
  'kit/map/RouteMap.tsx': [{ line: /left: 8/, why: 'the map’s legend, placed on the map' }],
  'kit/map/MapFrame.tsx': [{ line: /left: 8/, why: 'the map’s attribution, placed on the map' }],
  'kit/CheckboxInput.tsx': [{ line: /left: 0/, why: 'covers the whole box (width 100 %): the same either way' }],
  'resources/price-settings/PriceSettingsPage.tsx': [
    { line: /left: '50%'/, why: 'centred with translateX(-50%): the same either way' },
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** `file:line: text` of each physical left/right style property not allowed above. */
function physicalStyles(files: { name: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { name, text } of files) {
    text.split('\n').forEach((line, i) => {
      if (!PHYSICAL.test(line) || line.trim().startsWith('*') || line.trim().startsWith('//')) return;
      if (ALLOWED[name]?.some((allowed) => allowed.line.test(line))) return;
      found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('logical style properties', () => {
  it('finds no physical left/right style property in src/ outside the allowed ones', () => {
    const files = sourceFiles(SRC).map((file) => ({
      name: path.relative(SRC, file).split(path.sep).join('/'),
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(physicalStyles(files)).toEqual([]);
  });

  it('catches each kind of physical property, and leaves the logical ones alone', () => {
    const file = (text: string) => [{ name: 'x.tsx', text }];
    for (const text of [
      'sx={{ ml: 1 }}',
      'sx={{ paddingRight: 2 }}',
      "sx={{ borderLeft: 3, borderLeftColor: 'red' }}",
      "sx={{ position: 'absolute', right: 8 }}",
      "sx={{ textAlign: 'left' }}",
    ])
      expect(physicalStyles(file(text)), text).toHaveLength(1);
    expect(
      physicalStyles(
        file(
          "sx={{ marginInlineStart: 1, paddingInlineEnd: 2, borderInlineStart: '3px solid', insetInlineEnd: 8, textAlign: 'start', 'margin-left': 0, mx: 1 }}",
        ),
      ),
    ).toEqual([]);
    expect(physicalStyles([{ name: 'kit/map/MapFrame.tsx', text: 'left: 8,' }])).toEqual([]);
  });
});
