import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

// The PDF documents' font: Inter (the panel's, from @fontsource/inter), embedded as subsets by pdfkit.
const require = createRequire(import.meta.url);
const interDir = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files');

/**
 * A WOFF 1.0 font as the plain sfnt (TrueType/OpenType) it wraps: each table inflated and laid out
 * again. fontkit reads WOFF too, but inflates it again for every document; done once here, a
 * document with three faces renders several times faster.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const o = 44 + i * 20;
    const [tag, offset, compressed, length, checksum] = [0, 4, 8, 12, 16].map((k) => woff.readUInt32BE(o + k));
    const raw = woff.subarray(offset, offset + compressed);
    return { tag, checksum, data: compressed < length ? inflateSync(raw) : Buffer.from(raw) };
  });
  let selector = 0;
  while (2 ** (selector + 1) <= count) selector++;
  const searchRange = 2 ** selector * 16;
  let end = 12 + count * 16;
  const offsets = tables.map((t) => {
    const at = end;
    end += (t.data.length + 3) & ~3;
    return at;
  });
  const out = Buffer.alloc(end);
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(selector, 8);
  out.writeUInt16BE(count * 16 - searchRange, 10);
  tables.forEach((t, i) => {
    const o = 12 + i * 16;
    out.writeUInt32BE(t.tag, o);
    out.writeUInt32BE(t.checksum, o + 4);
    out.writeUInt32BE(offsets[i], o + 8);
    out.writeUInt32BE(t.data.length, o + 12);
    t.data.copy(out, offsets[i]);
  });
  return out;
}

const fontFile = (weight: number) => path.join(interDir, `inter-latin-${weight}-normal.woff`);
let fonts: { regular: Buffer; semibold: Buffer; bold: Buffer } | undefined;
/** The three faces, read and unwrapped once per process. */
export const FONTS = () =>
  (fonts ??= {
    regular: woffToSfnt(readFileSync(fontFile(400))),
    semibold: woffToSfnt(readFileSync(fontFile(600))),
    bold: woffToSfnt(readFileSync(fontFile(700))),
  });
