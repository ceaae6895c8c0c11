import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { Suspense, useState, type ReactElement } from 'react';
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

  it('a screen whose code is in renders at once, with no loading fallback (React would hold it back 300 ms)', async () => {
    const Screen = ({ name }: { name: string }) => <p>{name}'s screen</p>;
    const Lazily = lazyScreen(() => Promise.resolve({ default: Screen }));
    await Lazily.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazily name="Trips" />
      </Suspense>,
    );
    expect(screen.getByText("Trips's screen")).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('a screen first drawn while its code loads keeps its state when the code arrives and its parent redraws', async () => {
    let resolve!: (module: { default: () => ReactElement }) => void;
    function Counter() {
      const [count, setCount] = useState(0);
      return <button onClick={() => setCount(count + 1)}>clicked {count}</button>;
    }
    const Lazily = lazyScreen(() => new Promise<{ default: typeof Counter }>((r) => (resolve = r)));
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazily />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => resolve({ default: Counter }));
    fireEvent.click(await screen.findByRole('button', { name: 'clicked 0' }));
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Lazily />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
  });

  it("hovering or focusing the menu's Trips link starts loading the trip list's code", async () => {
    const trips = resources.find((r) => r.name === 'trips')!;
    const preload = vi.spyOn(trips.list as unknown as { preload: () => Promise<unknown> }, 'preload');
    preload.mockResolvedValue(undefined);
    renderApp('/', { session: sessionOf(superAdminProfile) });
    const link = within(await screen.findByTestId('side-menu')).getByRole('link', { name: 'Trips' });
    // (The panel may already have fetched it while idle, below.)
    const before = preload.mock.calls.length;
    fireEvent.mouseEnter(link);
    expect(preload).toHaveBeenCalledTimes(before + 1);
    fireEvent.focus(link);
    expect(preload).toHaveBeenCalledTimes(before + 2);
  });

  it("fetches the code of the menu's screens once the panel is idle, with no pointer on them", async () => {
    const trips = resources.find((r) => r.name === 'trips')!;
    const preload = vi.spyOn(trips.list as unknown as { preload: () => Promise<unknown> }, 'preload');
    preload.mockResolvedValue(undefined);
    renderApp('/', { session: sessionOf(superAdminProfile) });
    await screen.findByTestId('side-menu');
    await waitFor(() => expect(preload).toHaveBeenCalled());
  });
});
