import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PolygonInput } from '../../../src/kit/map/PolygonInput';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

/**
 * The zone outline's points list: the keyboard's way to edit what the map edits with the pointer
 * (the map itself is tested in Chromium, tests/e2e/zones.e2e.ts).
 */
const square = [
  [36.81, -1.29],
  [36.83, -1.29],
  [36.83, -1.27],
  [36.81, -1.27],
];

/** A value typed, then Enter. */
function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

function renderOutline() {
  const onSubmit = vi.fn();
  const view = renderKit(
    <SimpleForm
      record={{ id: 1, polygon: { type: 'Polygon', coordinates: [[...square, square[0]]] } }}
      onSubmit={onSubmit}
      toolbar={false}
    >
      <PolygonInput source="polygon" />
    </SimpleForm>,
  );
  const submitted = async () => {
    fireEvent.submit(view.container.querySelector('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const ring = (onSubmit.mock.calls.at(-1)![0] as { polygon: { coordinates: number[][][] } }).polygon.coordinates[0];
    onSubmit.mockClear();
    return ring;
  };
  return { submitted };
}

describe('PolygonInput points list', () => {
  it('moves, adds and deletes points from the keyboard; a bad coordinate says why and changes nothing', async () => {
    const user = userEvent.setup();
    const { submitted } = renderOutline();
    expect(await screen.findByTestId('zone-points')).toHaveTextContent('4 points');
    await user.click(screen.getByText('Points as coordinates (to edit from the keyboard)'));
    const second = await screen.findByRole('group', { name: 'Point 2' });

    // Not a longitude: the message under the field, and the outline as it was.
    const lng = within(second).getByLabelText('Longitude');
    type(lng, '200');
    expect(within(second).getByText('Enter a longitude between −180 and 180')).toBeInTheDocument();
    expect(await submitted()).toEqual([...square, square[0]]);

    type(lng, '36,84');
    expect(await submitted()).toEqual([square[0], [36.84, -1.29], square[2], square[3]]);

    // A point in the middle of the edge after point 1, then point 3 (the old second) deleted.
    await user.click(screen.getByRole('button', { name: 'Add a point after point 1' }));
    expect(screen.getByTestId('zone-points')).toHaveTextContent('5 points');
    await user.click(screen.getByRole('button', { name: 'Delete point 3' }));
    expect(await submitted()).toEqual([square[0], [36.825, -1.29], square[2], square[3]]);

    // A new point typed in full goes at the end.
    const added = screen.getByRole('group', { name: 'New point' });
    fireEvent.change(within(added).getByLabelText('Longitude'), { target: { value: '36.805' } });
    type(within(added).getByLabelText('Latitude'), '-1.28');
    expect(await submitted()).toEqual([square[0], [36.825, -1.29], square[2], square[3], [36.805, -1.28]]);
  });

  it('keeps a triangle’s three points: their delete buttons are off', async () => {
    const user = userEvent.setup();
    renderOutline();
    await user.click(await screen.findByText('Points as coordinates (to edit from the keyboard)'));
    await user.click(screen.getByRole('button', { name: 'Delete point 4' }));
    expect(screen.getByTestId('zone-points')).toHaveTextContent('3 points');
    for (const n of [1, 2, 3]) expect(screen.getByRole('button', { name: `Delete point ${n}` })).toBeDisabled();
  });
});
