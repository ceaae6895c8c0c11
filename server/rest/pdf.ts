import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * Server-rendered PDF documents (reports, letters) with pdfkit: pure JavaScript, no binaries,
 * maintained, and it embeds subsets of real fonts. Every document uses Inter (the panel's font,
 * from @fontsource/inter) and the orange brand colour, has a letterhead, and numbers its pages
 * "Page n of N". Tables break across pages and repeat their header row on each page.
 *
 * `renderPdf` answers the document as a stream (a Readable) to hand to `reply.send`.
 */

export const BRAND_ORANGE = '#F57C00';
const INK = '#1f2328';
const MUTED = '#5f6368';
const RULE = '#d0d7de';

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
const FONTS = () =>
  (fonts ??= {
    regular: woffToSfnt(readFileSync(fontFile(400))),
    semibold: woffToSfnt(readFileSync(fontFile(600))),
    bold: woffToSfnt(readFileSync(fontFile(700))),
  });

export interface PdfLetterhead {
  name: string;
  address: string;
  registration: string;
}

export interface PdfTable {
  columns: { header: string; align?: 'left' | 'right'; width: number }[];
  rows: string[][];
  /** A last row in bold (totals). */
  footer?: string[];
}

export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'paragraph'; text: string; bold?: boolean }
  | { kind: 'facts'; pairs: [label: string, value: string][] }
  | { kind: 'table'; table: PdfTable }
  | { kind: 'signature'; lines: string[] }
  | { kind: 'space'; height: number };

export interface PdfSpec {
  /** Document title (metadata). */
  title: string;
  letterhead: PdfLetterhead;
  /** Shown on the right of each page's footer, e.g. a reference number. */
  footerNote?: string;
  /** Fixes the creation date so the same document renders the same bytes again. */
  createdAt: Date;
  blocks: PdfBlock[];
  landscape?: boolean;
}

const MARGIN = 50;
const ROW_PAD = 4;

export function renderPdf(spec: PdfSpec): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: spec.title, Author: spec.letterhead.name, Creator: 'Ride Admin', CreationDate: spec.createdAt },
  });
  const faces = FONTS();
  doc.registerFont('Inter', faces.regular);
  doc.registerFont('Inter-SemiBold', faces.semibold);
  doc.registerFont('Inter-Bold', faces.bold);
  const width = doc.page.width - 2 * MARGIN;

  letterhead(doc, spec.letterhead, width);
  for (const block of spec.blocks) {
    switch (block.kind) {
      case 'title':
        doc.moveDown(0.5).font('Inter-Bold').fontSize(15).fillColor(INK).text(block.text, MARGIN, doc.y, { width });
        doc.moveDown(0.5);
        break;
      case 'paragraph':
        doc
          .font(block.bold ? 'Inter-SemiBold' : 'Inter')
          .fontSize(10.5)
          .fillColor(INK)
          .text(block.text, MARGIN, doc.y, { width, lineGap: 2 });
        doc.moveDown(0.6);
        break;
      case 'facts':
        for (const [label, value] of block.pairs) {
          const y = doc.y;
          doc.font('Inter').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 150 });
          doc
            .font('Inter-SemiBold')
            .fillColor(INK)
            .text(value, MARGIN + 155, y, { width: width - 155 });
          doc.moveDown(0.25);
        }
        doc.moveDown(0.5);
        break;
      case 'table':
        table(doc, block.table, width);
        doc.moveDown(0.8);
        break;
      case 'signature':
        if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
        doc.moveDown(2.5);
        doc
          .moveTo(MARGIN, doc.y)
          .lineTo(MARGIN + 200, doc.y)
          .strokeColor(INK)
          .lineWidth(0.8)
          .stroke();
        doc.moveDown(0.3);
        block.lines.forEach((line, i) =>
          doc
            .font(i === 0 ? 'Inter-SemiBold' : 'Inter')
            .fontSize(10)
            .fillColor(i === 0 ? INK : MUTED)
            .text(line, MARGIN, doc.y, { width: 300 }),
        );
        break;
      case 'space':
        doc.y += block.height;
        break;
    }
  }

  // Page numbers and the footer note, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - MARGIN;
    doc.page.margins.bottom = 0; // writing in the bottom margin must not open a page
    doc
      .moveTo(MARGIN, bottom - 6)
      .lineTo(MARGIN + width, bottom - 6)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc
      .font('Inter')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`Page ${i + 1} of ${range.count}`, MARGIN, bottom, { width, align: 'left', lineBreak: false });
    if (spec.footerNote) doc.text(spec.footerNote, MARGIN, bottom, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return doc;
}

function letterhead(doc: PDFKit.PDFDocument, head: PdfLetterhead, width: number) {
  doc.rect(MARGIN, MARGIN, width, 4).fill(BRAND_ORANGE);
  doc
    .font('Inter-Bold')
    .fontSize(18)
    .fillColor(BRAND_ORANGE)
    .text(head.name, MARGIN, MARGIN + 14, { width });
  doc.font('Inter').fontSize(9).fillColor(MUTED).text(head.address, { width });
  doc.text(head.registration, { width });
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.8);
}

/** A table whose rows move to a new page when full, the header row repeated there. */
function table(doc: PDFKit.PDFDocument, t: PdfTable, width: number) {
  const total = t.columns.reduce((s, c) => s + c.width, 0);
  const widths = t.columns.map((c) => (c.width / total) * width);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const limit = () => doc.page.height - doc.page.margins.bottom;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(9);
    return Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i] - 2 * ROW_PAD }))) + 2 * ROW_PAD;
  };
  const draw = (cells: string[], font: string, fill?: string, color = INK, h = rowHeight(cells, font)) => {
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, width, h).fill(fill);
    cells.forEach((c, i) =>
      doc
        .font(font)
        .fontSize(9)
        .fillColor(color)
        .text(c, xs[i] + ROW_PAD, y + ROW_PAD, { width: widths[i] - 2 * ROW_PAD, align: t.columns[i].align ?? 'left' }),
    );
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + h;
  };
  const header = () =>
    draw(
      t.columns.map((c) => c.header),
      'Inter-SemiBold',
      BRAND_ORANGE,
      '#ffffff',
    );

  const headerHeight = rowHeight(
    t.columns.map((c) => c.header),
    'Inter-SemiBold',
  );
  if (doc.y + headerHeight + rowHeight(t.rows[0] ?? [''], 'Inter') > limit()) doc.addPage();
  header();
  const body = t.footer
    ? [...t.rows.map((r) => ({ r, f: false })), { r: t.footer, f: true }]
    : t.rows.map((r) => ({ r, f: false }));
  for (const { r, f } of body) {
    const font = f ? 'Inter-Bold' : 'Inter';
    const h = rowHeight(r, font);
    if (doc.y + h > limit()) {
      doc.addPage();
      header();
    }
    draw(r, font, f ? '#FFF3E0' : undefined, INK, h);
  }
}
