import { BRAND_ORANGE, INK, MARGIN, RULE } from './pdfStyle.js';

/** A table of a PDF document: columns sized by their share of the width. */
export interface PdfTable {
  columns: { header: string; align?: 'left' | 'right'; width: number }[];
  rows: string[][];
  /** A last row in bold (totals). */
  footer?: string[];
}

const ROW_PAD = 4;

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
export function table(doc: PDFKit.PDFDocument, t: PdfTable, width: number) {
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
