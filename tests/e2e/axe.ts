import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, read once from the pinned package and injected into each page as a script. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0 and 2.1 success criteria at levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  rule: string;
  impact: 'critical' | 'serious';
  help: string;
  /** CSS selectors of the offending elements, with axe's one-line reason for the first. */
  targets: string[];
  summary: string;
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/** Runs axe-core on the page as it is now and returns its critical and serious WCAG A/AA findings. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  // Evaluated through the debugging protocol: the panel's Content Security Policy refuses inline script tags.
  if (!loaded) await page.evaluate(axeSource);
  const result = await page.evaluate(
    (tags) =>
      (
        globalThis as unknown as {
          axe: { run(options: unknown): Promise<AxeResult> };
        }
      ).axe.run({ runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_AA_TAGS,
  );
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      rule: v.id,
      impact: v.impact as AxeFinding['impact'],
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
    }));
}

/** How many elements fail, by impact. */
export function countByImpact(findings: readonly AxeFinding[]): { critical: number; serious: number } {
  const count = (impact: AxeFinding['impact']) =>
    findings.filter((f) => f.impact === impact).reduce((sum, f) => sum + f.targets.length, 0);
  return { critical: count('critical'), serious: count('serious') };
}
