import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gateFrames, MAX_HOLD_MS, type GateableMap } from '../../src/kit/map/frameGate';

/**
 * The map's side of the gate as MapLibre has it: triggerRepaint on the prototype, called by the
 * map itself as this.triggerRepaint() whenever a tile arrives; sourcedata events after each tile.
 */
class FakeMap implements GateableMap {
  frames = 0;
  moving = false;
  loading = new Set<string>();
  private listeners = new Map<string, Set<(event: { sourceId?: string; sourceDataType?: string }) => void>>();
  /** MapLibre's _render: draws, fires 'render', then asks for a follow-up frame if still dirty. */
  render(followUp: boolean) {
    for (const listener of this.listeners.get('render') ?? []) listener({});
    if (followUp) this.triggerRepaint();
  }
  triggerRepaint() {
    this.frames++;
  }
  isMoving() {
    return this.moving;
  }
  isSourceLoaded(id: string) {
    return !this.loading.has(id);
  }
  on(type: string, listener: (event: { sourceId?: string; sourceDataType?: string }) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  off(type: string, listener: (event: { sourceId?: string; sourceDataType?: string }) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  /** The worker applied new data to `sourceId`: its tiles start reloading. */
  content(sourceId: string) {
    this.loading.add(sourceId);
    this.triggerRepaint();
    for (const listener of this.listeners.get('sourcedata') ?? []) listener({ sourceId, sourceDataType: 'content' });
  }
  /** A tile of `sourceId` came back: MapLibre asks for a frame, then tells the listeners. */
  tileLoaded(sourceId: string, last: boolean) {
    if (last) this.loading.delete(sourceId);
    this.triggerRepaint();
    for (const listener of this.listeners.get('sourcedata') ?? []) listener({ sourceId });
  }
}

describe('gateFrames: one frame per data update', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the tiles of one update in a single frame, once the last one is in', () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    for (let tile = 1; tile <= 5; tile++) map.tileLoaded('points', tile === 5);
    expect(map.frames).toBe(1);
    expect(gate.held).toBe(false);
    // Ungated, the same update is five frames.
    const plain = new FakeMap();
    plain.content('points');
    for (let tile = 1; tile <= 5; tile++) plain.tileLoaded('points', tile === 5);
    expect(plain.frames).toBe(6);
  });

  it("does not wait for another source's tiles", () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    map.tileLoaded('line', true);
    expect(map.frames).toBe(0);
    expect(gate.held).toBe(true);
    map.tileLoaded('points', true);
    expect(map.frames).toBe(1);
  });

  it('never holds the camera back: frames pass while the map moves', () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    map.moving = true;
    map.triggerRepaint();
    map.triggerRepaint();
    expect(map.frames).toBe(2);
  });

  it(`draws anyway after ${MAX_HOLD_MS} ms when a tile never reports`, () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    map.triggerRepaint();
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(map.frames).toBe(0);
    vi.advanceTimersByTime(1);
    expect(map.frames).toBe(1);
    // Still loading: the tiles that come in later are drawn together, once a period at most.
    expect(gate.held).toBe(true);
    map.tileLoaded('points', false);
    map.tileLoaded('points', false);
    expect(map.frames).toBe(1);
    vi.advanceTimersByTime(MAX_HOLD_MS);
    expect(map.frames).toBe(2);
    map.tileLoaded('points', true);
    expect(map.frames).toBe(3);
    expect(gate.held).toBe(false);
  });

  it('keeps the first deadline when updates come faster than the tiles: a frame at least every period', () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    vi.advanceTimersByTime(MAX_HOLD_MS / 2);
    gate.hold();
    map.content('points');
    vi.advanceTimersByTime(MAX_HOLD_MS / 2);
    expect(map.frames).toBe(1);
  });

  it("puts the update frame's follow-up off to the next update, or draws it after the deadline", async () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    map.tileLoaded('points', true);
    expect(map.frames).toBe(1);
    map.render(true); // the frame shows new symbols and asks for another
    expect(map.frames).toBe(1);
    // The next update's frame draws it.
    await Promise.resolve();
    gate.hold();
    map.content('points');
    map.tileLoaded('points', true);
    expect(map.frames).toBe(2);
    map.render(true);
    await Promise.resolve();
    // No update comes: the follow-up is drawn after the deadline, and its own follow-up is not held.
    vi.advanceTimersByTime(MAX_HOLD_MS);
    expect(map.frames).toBe(3);
    map.render(true);
    expect(map.frames).toBe(4);
  });

  it('lets other repaints through between updates (a route drawn, a colour changed)', async () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    map.tileLoaded('points', true);
    map.render(false);
    await Promise.resolve();
    map.tileLoaded('line', true);
    expect(map.frames).toBe(2);
  });

  it('waits for the new data: a late tile of the previous update does not open the gate', () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    map.content('points');
    gate.hold(); // the next update, sent before the last tile of this one is in
    map.tileLoaded('points', true);
    expect(map.frames).toBe(1); // only the ungated content event's frame
    expect(gate.held).toBe(true);
    map.content('points');
    map.tileLoaded('points', false);
    map.tileLoaded('points', true);
    expect(map.frames).toBe(2);
    expect(gate.held).toBe(false);
  });

  it('draws nothing on release when no frame was asked for', () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    vi.advanceTimersByTime(MAX_HOLD_MS);
    expect(map.frames).toBe(0);
  });

  it('gives the map its own repaint back on dispose, drawing a frame it owed', () => {
    const map = new FakeMap();
    const gate = gateFrames(map, 'points');
    gate.hold();
    map.content('points');
    map.triggerRepaint();
    gate.dispose();
    expect(map.frames).toBe(1);
    expect(Object.prototype.hasOwnProperty.call(map, 'triggerRepaint')).toBe(false);
    map.triggerRepaint();
    expect(map.frames).toBe(2);
    map.tileLoaded('points', true);
    expect(map.frames).toBe(3);
  });
});
