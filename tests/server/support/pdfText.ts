import { inflateSync } from 'node:zlib';

/**
 * The text shown in a PDF written by pdfkit, page by page, for tests: it inflates the content
 * streams, reads each embedded font's ToUnicode map, and decodes the hex glyph strings of the
 * TJ/Tj operators with the map of the font in use. Enough for pdfkit's output; not a general
 * PDF reader.
 */
export function pdfText(pdf: Buffer): {
  pages: string[];
  text: string;
  pageCount: number;
  /** Each page's inflated content stream (its drawing operators), for checks on what is drawn. */
  contents: string[];
} {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: string }>();
  // Objects one after the other; a stream is cut at its /Length, so that its compressed bytes may
  // hold anything (even the letters of "endobj").
  const header = /(\d+) 0 obj\s*/g;
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const start = header.lastIndex;
    const end = raw.indexOf('endobj', start);
    const streamAt = raw.indexOf('stream', start);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(m[1]), { dict: raw.slice(start, end) });
      header.lastIndex = end + 6;
      continue;
    }
    const dict = raw.slice(start, streamAt);
    let from = streamAt + 6;
    if (raw[from] === '\r') from++;
    if (raw[from] === '\n') from++;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const data = length
      ? raw.slice(from, from + Number(length[1]))
      : raw.slice(from, raw.indexOf('endstream', from)).replace(/\r?\n$/, '');
    header.lastIndex = raw.indexOf('endobj', from + data.length) + 6;
    const bytes = Buffer.from(data, 'latin1');
    const stream = /FlateDecode/.test(dict) ? inflateSync(bytes).toString('latin1') : data;
    objects.set(Number(m[1]), { dict, stream });
  }
  const ref = (dict: string, key: string) => {
    const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
    return m ? Number(m[1]) : undefined;
  };
  const cmapOf = (id: number | undefined) => {
    const map = new Map<string, string>();
    const text = id === undefined ? undefined : objects.get(id)?.stream;
    if (!text) return map;
    const hex = (h: string) =>
      String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)).filter((x) => x !== 0));
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(m[1].toLowerCase(), hex(m[2]));
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const lo = parseInt(m[1], 16);
        const hi = parseInt(m[2], 16);
        const width = m[1].length;
        const targets = m[3].startsWith('[') ? [...m[3].matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]) : undefined;
        for (let c = lo; c <= hi; c++) {
          const key = c.toString(16).padStart(width, '0');
          if (targets) map.set(key, hex(targets[c - lo] ?? ''));
          else map.set(key, String.fromCodePoint(parseInt(m[3].slice(1, -1), 16) + (c - lo)));
        }
      }
    return map;
  };

  // Pages in order, from the page tree's Kids.
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog/.test(o.dict))!;
  const pagesRoot = objects.get(ref(catalog.dict, 'Pages')!)!;
  const kids = [...(/\/Kids\s*\[([^\]]*)\]/.exec(pagesRoot.dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
    Number(m[1]),
  );
  const contents: string[] = [];
  const pages = kids.map((pageId) => {
    const page = objects.get(pageId)!.dict;
    const resourcesId = ref(page, 'Resources');
    const resources = resourcesId ? objects.get(resourcesId)!.dict : page;
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    for (const m of fontDict.matchAll(/\/(\S+)\s+(\d+) 0 R/g))
      fonts.set(m[1], cmapOf(ref(objects.get(Number(m[2]))!.dict, 'ToUnicode')));
    const contentIds = [...(/\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(page)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map(
      (m) => Number(m[1]),
    );
    const lines: string[] = [];
    contents.push(contentIds.map((id) => objects.get(id)?.stream ?? '').join('\n'));
    for (const id of contentIds) {
      const content = objects.get(id)?.stream ?? '';
      let cmap = new Map<string, string>();
      for (const op of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|(\[[^\]]*\]|<[0-9a-fA-F]*>)\s*T[Jj]/g)) {
        if (op[1]) {
          cmap = fonts.get(op[1]) ?? new Map();
          continue;
        }
        const strings = [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]);
        const width = [...cmap.keys()][0]?.length ?? 4;
        lines.push(
          strings
            .map((h) =>
              (h.match(new RegExp(`.{${width}}`, 'g')) ?? []).map((g) => cmap.get(g.toLowerCase()) ?? '').join(''),
            )
            .join(''),
        );
      }
    }
    return lines.join('\n');
  });
  return { pages, text: pages.join('\n'), pageCount: pages.length, contents };
}
