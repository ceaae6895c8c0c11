import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../src/kit/lazyScreen';
import { resources } from '../../src/resources/registry';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => vi.restoreAllMocks());

describe("a route's code, fetched ahead of the click", () => {
  it('lazyScreen: preload and render share one import, and a failed fetch may be tried again', async () => {
    const Screen = () => null;
    const load = vi
      .fn<() => Promise<{ default: typeof Screen }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Screen });
    const screenOf = lazyScreen(load);
    await expect(screenOf.preload()).rejects.toThrow('offline');
    await expect(screenOf.preload()).resolves.toEqual({ default: Screen });
    await screenOf.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("hovering or focusing the menu's Trips link starts loading the trip list's code", async () => {
    const trips = resources.find((r) => r.name === 'trips')!;
    const preload = vi.spyOn(trips.list as unknown as { preload: () => Promise<unknown> }, 'preload');
    preload.mockResolvedValue(undefined);
    renderApp('/', { session: sessionOf(superAdminProfile) });
    const link = within(await screen.findByTestId('side-menu')).getByRole('link', { name: 'Trips' });
    expect(preload).not.toHaveBeenCalled();
    fireEvent.mouseEnter(link);
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    fireEvent.focus(link);
    expect(preload).toHaveBeenCalledTimes(2);
  });
});
