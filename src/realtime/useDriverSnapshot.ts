import { useQuery } from '@tanstack/react-query';
import { usePanelDataProvider } from '../dataProviders/useAction';
import { QUERIES } from '../dataProviders/calls';

/**
 * The REST snapshot of the live drivers inside a box (`GET dispatcher/drivers?bbox=…`, the box as
 * "minLng,minLat,maxLng,maxLat"), silently: the screens show their own state. Off while `bbox` is
 * undefined. The dispatcher's map and a followed driver both start from it and re-read it while the
 * socket is down.
 */
export function useDriverSnapshot(bbox: string | undefined) {
  const dataProvider = usePanelDataProvider();
  return useQuery({
    queryKey: ['dispatcher', 'drivers', bbox],
    queryFn: async ({ signal }) =>
      (await dataProvider.query(QUERIES.dispatcher.drivers, { bbox }, { silent: true, signal })).data,
    enabled: bbox !== undefined,
    retry: false,
  });
}
