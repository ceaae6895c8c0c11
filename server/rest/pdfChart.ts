import { BRAND_ORANGE, INK, MARGIN, MUTED, RULE, SLATE } from './pdfStyle.js';

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

export const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

const LEGEND_HEIGHT = 18;
const LABEL_HEIGHT = 16;
export const chartHeight = (c: PdfChart) => LEGEND_HEIGHT + (c.height ?? 170) + LABEL_HEIGHT;

export function chart(doc: PDFKit.PDFDocument, c: PdfChart, width: number, compactNumber: (value: number) => string) {
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
