import PDFDocument from 'pdfkit';
import { chart, chartHeight, compact, type PdfChart } from './pdfChart.js';
import { FONTS } from './pdfFonts.js';
import { INK, MARGIN, MUTED, RULE, BRAND_ORANGE } from './pdfStyle.js';
import { table, type PdfTable } from './pdfTable.js';

/**
 * Server-rendered PDF documents (reports, letters) with pdfkit: pure JavaScript, no binaries,
 * maintained, and it embeds subsets of real fonts. Every document uses Inter (the panel's font,
 * from @fontsource/inter) and the orange brand colour, has a letterhead, and numbers its pages
 * "Page n of N". Tables break across pages and repeat their header row on each page.
 *
 * `renderPdf` answers the document as a stream (a Readable) to hand to `reply.send`.
 */

export interface PdfLetterhead {
  name: string;
  address: string;
  registration: string;
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
