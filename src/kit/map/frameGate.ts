/**
 * One frame per data update instead of one per tile.
 *
 * A GeoJSON source's `setData` makes MapLibre reload every tile of the source in its worker, and
 * each tile that comes back asks for a frame of its own; the frame that shows new symbols then asks
 * for one more (its symbol placement is marked stale). With the city in view that was about three
 * full redraws a second for a feed updated once a second, each costly with a software renderer
 * (where the canvas is also read back at every compositor commit).
 *
 * While the gate is held (from `hold()`, called right before `setData`, until the source has loaded
 * all its tiles), repaints asked for while the camera is still are put off, then one frame draws
 * them all. The frame that frame asks for next is put off too, to be drawn with the next update
 * (or after `maxHoldMs` at the latest). If the worker is slower than the feed, a frame is still
 * drawn every `maxHoldMs`. The camera is never held back: while the map moves (a drag, a zoom,
 * an ease), frames pass as usual.
 */

type Listener = (event: { sourceId?: string; sourceDataType?: string }) => void;

/** The part of a MapLibre map the gate uses. */
export interface GateableMap {
  triggerRepaint(): void;
  isMoving(): boolean;
  isSourceLoaded(id: string): boolean;
  on(type: 'sourcedata' | 'render', listener: Listener): unknown;
  off(type: 'sourcedata' | 'render', listener: Listener): unknown;
}

export interface FrameGate {
  /** Call right before updating the source's data. */
  hold(): void;
  /** Whether repaints are being put off until the source's tiles are in. */
  readonly held: boolean;
  /** Gives the map its own `triggerRepaint` back (and draws a frame owed). */
  dispose(): void;
}

/**
 * Longest a frame is put off: when a tile never reports (an error, an aborted reload), when the
 * worker, on a busy machine, takes longer than the feed's second to cut the tiles, and for the
 * follow-up frame of an update when no other update comes.
 */
export const MAX_HOLD_MS = 1000;

export function gateFrames(map: GateableMap, sourceId: string, maxHoldMs = MAX_HOLD_MS): FrameGate {
  // The instance property shadows the prototype's method, which MapLibre calls as this.triggerRepaint().
  const own = Object.prototype.hasOwnProperty.call(map, 'triggerRepaint');
  const original = map.triggerRepaint;
  let held = false;
  /** The source's worker has applied the data of the latest `hold()` (its 'content' event came). */
  let applied = false;
  /** A repaint was asked for and put off. */
  let owed = false;
  /** The gate drew a frame that has not rendered yet. */
  let drawn = false;
  /** Inside the task that rendered the gate's frame (its follow-up request comes there). */
  let settling = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** `update`: the frame shows a data update, so its follow-up waits (not a follow-up itself). */
  const draw = (update: boolean) => {
    drawn = update;
    original.call(map);
  };
  const arm = () => {
    timer ??= setTimeout(flush, maxHoldMs);
  };
  function flush() {
    clearTimeout(timer);
    timer = undefined;
    const update = held;
    if (held && applied && map.isSourceLoaded(sourceId)) held = false;
    if (owed) {
      owed = false;
      draw(update);
    }
    if (held) arm();
  }

  map.triggerRepaint = () => {
    if (map.isMoving()) return original.call(map);
    if (held || settling) {
      owed = true;
      arm();
      return;
    }
    original.call(map);
  };
  const onSourceData: Listener = (event) => {
    if (!held || event.sourceId !== sourceId) return;
    // A late tile of the previous update can report the source loaded before the new data reaches
    // the worker: only the new data's 'content' event opens the way.
    if (event.sourceDataType === 'content') applied = true;
    else if (applied && map.isSourceLoaded(sourceId)) flush();
  };
  const onRender = () => {
    if (!drawn) return;
    drawn = false;
    settling = true;
    void Promise.resolve().then(() => (settling = false));
  };
  map.on('sourcedata', onSourceData);
  map.on('render', onRender);

  return {
    hold() {
      held = true;
      applied = false;
      // A new update while the last is still loading keeps the first deadline: a worker slower
      // than the feed still gets a frame every `maxHoldMs`.
      arm();
    },
    get held() {
      return held;
    },
    dispose() {
      held = false;
      settling = false;
      flush();
      map.off('sourcedata', onSourceData);
      map.off('render', onRender);
      if (own) map.triggerRepaint = original;
      else delete (map as Partial<GateableMap>).triggerRepaint;
    },
  };
}
