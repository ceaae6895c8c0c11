import { useTranslate } from 'react-admin';
import type { ZoneEffect } from '../domain/zoneFares';
import { formatDecimal } from './format';

/** "Fixed fare JKIA → CBD" or "Zone surge ×1.2 — Westlands": the fare preview's and the calculator's zone line. */
export function useZoneEffectText(): (effect: ZoneEffect) => string | undefined {
  const translate = useTranslate();
  return (effect) => {
    if (!effect) return undefined;
    if (effect.kind === 'fixed') return translate('app.zoneEffect.fixed', { route: effect.route });
    return translate('app.zoneEffect.surge', { multiplier: formatDecimal(effect.multiplier), zones: effect.zones });
  };
}
