import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TranslateFunction } from 'react-admin';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import type { DispatcherDriverCard } from '../../domain/driverCards';
import { QUERIES } from '../../dataProviders/calls';

/** GET dispatcher/driver-cards: what the dispatcher page shows of a driver (src/domain/driverCards.ts). */
export type DriverCardData = DispatcherDriverCard;

/** The server's limit of ids in one request. */
const CARDS_PER_REQUEST = 100;

/**
 * The cards of these drivers, by id (asked in one request per 100 ids, kept a minute). Missing ids
 * (still loading, unknown) are simply absent from the map.
 */
export function useDriverCards(ids: readonly (number | null | undefined)[]): {
  cards: ReadonlyMap<number, DriverCardData>;
  isPending: boolean;
} {
  const dataProvider = usePanelDataProvider();
  const wanted = useMemo(
    () =>
      [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0))]
        .sort((a, b) => a - b)
        .slice(0, CARDS_PER_REQUEST),
    [ids],
  );
  const key = wanted.join(',');
  const query = useQuery({
    queryKey: ['dispatcher', 'driver-cards', key],
    queryFn: async ({ signal }) =>
      (await dataProvider.query(QUERIES.dispatcher['driver-cards'], { ids: key }, { silent: true, signal })).data,
    enabled: key !== '',
    staleTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const cards = useMemo(() => new Map((query.data ?? []).map((c) => [c.id, c])), [query.data]);
  return { cards, isPending: key !== '' && query.isPending };
}

/**
 * A driver's name on the dispatcher page: their card's, else the name the record already carries,
 * else "Driver #id" while the card loads or for a driver it does not know.
 */
export const driverName = (
  cards: ReadonlyMap<number, DriverCardData>,
  id: number,
  translate: TranslateFunction,
  known?: string | null,
): string => cards.get(id)?.name ?? known ?? translate('app.dispatcher.driverNumber', { id });

/** "Toyota Axio · white · KDA 123A": the vehicle line of a card. */
export const vehicleLine = (card: Pick<DriverCardData, 'vehicleTypeName' | 'vehicle' | 'vehiclePlate'>) =>
  [card.vehicleTypeName, card.vehicle, card.vehiclePlate].filter(Boolean).join(' · ');
