/** The PDF documents' colours and page margin (pdf.ts and the blocks it draws). */
export const BRAND_ORANGE = '#F57C00';
export const INK = '#1f2328';
export const MUTED = '#5f6368';
export const SLATE = '#334155';
export const RULE = '#d0d7de';

export const MARGIN = 50;
