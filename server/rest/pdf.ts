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
const SLATE = '#334155';
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

/**
 * A chart drawn in vectors: bars against the left axis and, optionally, a line against the right
 * one, over labelled categories (days, hours, …). Ticks are round numbers; category labels are
 * thinned to fit.
 */
export interface PdfChart {
  labels: string[];
  bars: PdfSeries;
  line?: PdfSeries;
  /** Height of the plot in points (default 170). */
  height?: number;
}
export interface PdfSeries {
  label: string;
  values: number[];
  /** Writes an axis tick (default: a compact number, 1.2K, 3.4M). */
  tick?: (value: number) => string;
}

export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'chart'; chart: PdfChart }
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
  /** Each page's number in the document's language; English "Page n of N" when absent. */
  pageLabel?: (page: number, pages: number) => string;
  /** A chart axis's number in the document's language (a series' own `tick` first); English "1.2K" when absent. */
  compactNumber?: (value: number) => string;
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
  spec.blocks.forEach((block, at) => {
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
      case 'heading': {
        // Kept with the start of what it heads: a chart whole, a table's header and first row.
        const next = spec.blocks[at + 1];
        const keep = next?.kind === 'chart' ? chartHeight(next.chart) : 50;
        if (doc.y + 24 + keep > doc.page.height - doc.page.margins.bottom) doc.addPage();
        doc.font('Inter-SemiBold').fontSize(11.5).fillColor(INK).text(block.text, MARGIN, doc.y, { width });
        doc.moveDown(0.4);
        break;
      }
      case 'chart':
        chart(doc, block.chart, width, spec.compactNumber ?? ((x) => compact.format(x)));
        doc.moveDown(0.8);
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
  });

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
      .text(spec.pageLabel?.(i + 1, range.count) ?? `Page ${i + 1} of ${range.count}`, MARGIN, bottom, {
        width,
        align: 'left',
        lineBreak: false,
      });
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

const SHAPE = /^([▲▼■])\s?/;
const SHAPE_SIZE = 6;

/** ▲ (up), ▼ (down) or ■ (flat), SHAPE_SIZE points wide, its top left corner at x, y. */
function changeShape(doc: PDFKit.PDFDocument, shape: string, x: number, y: number, color: string) {
  const s = SHAPE_SIZE;
  if (shape === '▲') doc.polygon([x, y + s], [x + s / 2, y], [x + s, y + s]);
  else if (shape === '▼') doc.polygon([x, y], [x + s, y], [x + s / 2, y + s]);
  else doc.rect(x + 0.5, y + 0.5, s - 1, s - 1);
  doc.fill(color);
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
    cells.forEach((c, i) => {
      // A leading ▲, ▼ or ■ (a change) is drawn as a shape: Inter's Latin subset has no such glyphs.
      const shape = SHAPE.exec(c);
      const text = shape ? c.slice(shape[0].length) : c;
      const align = t.columns[i].align ?? 'left';
      const inner = widths[i] - 2 * ROW_PAD;
      doc.font(font).fontSize(9).fillColor(color);
      const indent = shape && align === 'left' ? SHAPE_SIZE + 3 : 0;
      doc.text(text, xs[i] + ROW_PAD + indent, y + ROW_PAD, { width: inner - indent, align });
      if (shape) {
        const right = align === 'right' ? xs[i] + ROW_PAD + inner - doc.widthOfString(text) - 3 : xs[i] + ROW_PAD;
        changeShape(doc, shape[1], align === 'right' ? right - SHAPE_SIZE : right, y + ROW_PAD + 2.5, color);
      }
    });
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

/**
 * Round axis ticks from 0 to at least `max`: about `count` steps of 1, 2, 2.5 or 5 × 10^n
 * (whole steps when the values are whole). A chart of nothing still gets 0 and 1.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let i = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; i++)
    ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

const LEGEND_HEIGHT = 18;
const LABEL_HEIGHT = 16;
const chartHeight = (c: PdfChart) => LEGEND_HEIGHT + (c.height ?? 170) + LABEL_HEIGHT;

function chart(doc: PDFKit.PDFDocument, c: PdfChart, width: number, compactNumber: (value: number) => string) {
  const plotHeight = c.height ?? 170;
  const legendHeight = LEGEND_HEIGHT;
  const labelHeight = LABEL_HEIGHT;
  if (doc.y + chartHeight(c) > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  const n = c.labels.length;
  const series = [
    { s: c.bars, ticks: niceTicks(Math.max(0, ...c.bars.values)) },
    ...(c.line ? [{ s: c.line, ticks: niceTicks(Math.max(0, ...c.line.values)) }] : []),
  ];
  const tickText = (i: number, v: number) => (series[i].s.tick ?? compactNumber)(v);
  doc.font('Inter').fontSize(7.5);
  const axisWidth = (i: number) => Math.max(...series[i].ticks.map((v) => doc.widthOfString(tickText(i, v)))) + 8;

  // Legend: a swatch and the name of each series.
  let x = MARGIN;
  const legendY = top + 2;
  doc.rect(x, legendY + 1, 9, 9).fill(BRAND_ORANGE);
  doc
    .font('Inter')
    .fontSize(8.5)
    .fillColor(INK)
    .text(c.bars.label, x + 13, legendY, { lineBreak: false });
  x += 13 + doc.widthOfString(c.bars.label) + 18;
  if (c.line) {
    doc
      .moveTo(x, legendY + 5.5)
      .lineTo(x + 14, legendY + 5.5)
      .strokeColor(SLATE)
      .lineWidth(1.8)
      .stroke();
    doc.fillColor(INK).text(c.line.label, x + 18, legendY, { lineBreak: false });
  }

  const y0 = top + legendHeight;
  const y1 = y0 + plotHeight;
  doc.font('Inter').fontSize(7.5);
  const left = MARGIN + axisWidth(0);
  const right = MARGIN + width - (c.line ? axisWidth(1) : 0);
  const plotWidth = right - left;
  const slot = n ? plotWidth / n : plotWidth;
  const yOf = (ticks: number[], v: number) => y1 - (Math.max(0, v) / ticks[ticks.length - 1]) * plotHeight;

  // Grid and the left axis (bars).
  const barTicks = series[0].ticks;
  for (const v of barTicks) {
    const y = yOf(barTicks, v);
    doc
      .moveTo(left, y)
      .lineTo(right, y)
      .strokeColor(RULE)
      .lineWidth(v === 0 ? 0.8 : 0.4)
      .stroke();
    doc
      .fillColor(MUTED)
      .text(tickText(0, v), MARGIN, y - 4, { width: left - MARGIN - 5, align: 'right', lineBreak: false });
  }
  // Bars.
  const barWidth = Math.max(0.5, Math.min(slot * 0.7, 40));
  c.bars.values.forEach((v, i) => {
    const y = yOf(barTicks, v);
    if (y1 - y > 0) doc.rect(left + i * slot + (slot - barWidth) / 2, y, barWidth, y1 - y).fill(BRAND_ORANGE);
  });
  // The line against its own axis on the right.
  if (c.line) {
    const lineTicks = series[1].ticks;
    for (const v of lineTicks)
      doc
        .fillColor(MUTED)
        .text(tickText(1, v), right + 5, yOf(lineTicks, v) - 4, { width: axisWidth(1), lineBreak: false });
    c.line.values.forEach((v, i) => {
      const px = left + (i + 0.5) * slot;
      const py = yOf(lineTicks, v);
      if (i === 0) doc.moveTo(px, py);
      else doc.lineTo(px, py);
    });
    if (n) doc.strokeColor(SLATE).lineWidth(1.6).lineJoin('round').stroke();
    if (n <= 62)
      c.line.values.forEach((v, i) => doc.circle(left + (i + 0.5) * slot, yOf(lineTicks, v), 1.8).fill(SLATE));
  }
  // Category labels, every k-th so that they do not touch.
  doc.font('Inter').fontSize(7.5).fillColor(MUTED);
  const widest = Math.max(0, ...c.labels.map((l) => doc.widthOfString(l))) + 6;
  const every = Math.max(1, Math.ceil(widest / slot));
  c.labels.forEach((label, i) => {
    if (i % every) return;
    const cx = left + (i + 0.5) * slot;
    doc.text(label, cx - widest / 2, y1 + 4, { width: widest, align: 'center', lineBreak: false });
  });
  doc.x = MARGIN;
  doc.y = y1 + labelHeight;
}
