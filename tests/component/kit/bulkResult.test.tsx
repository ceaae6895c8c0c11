import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkOutcome } from '../../../src/domain/bulk';
import { BulkResult } from '../../../src/kit/BulkResult';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

const outcomes: BulkOutcome[] = [
  { id: 1, status: 'done', message: 'Driver suspended.' },
  { id: 2, status: 'done', message: 'Driver suspended.' },
  { id: 3, status: 'refused', message: 'This driver is already suspended. Reload the driver.' },
];
const names: Record<number, string> = { 1: 'Ann Wanjiru', 2: 'Ben Otieno', 3: 'Cate Njeri' };

describe('BulkResult', () => {
  it('counts in the action’s words, names each refusal with its reason and offers Undo', async () => {
    const onUndo = vi.fn();
    renderKit(
      <BulkResult
        action="suspend"
        outcomes={outcomes}
        undo="reinstate"
        undoing={false}
        onUndo={onUndo}
        nameOf={(id) => names[id]}
      />,
    );
    expect(await screen.findByText('2 suspended, 1 refused')).toBeInTheDocument();
    expect(screen.getByText('Cate Njeri — This driver is already suspended. Reload the driver.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Undo \(\d+ s\)$/ }));
    expect(onUndo).toHaveBeenCalledOnce();
  });

  it('says when the action cannot be undone, and shows the undo’s own counts once it ran', async () => {
    const view = renderKit(
      <BulkResult action="cancel" outcomes={outcomes} undoing={false} onUndo={() => {}} nameOf={(id) => names[id]} />,
    );
    expect(await screen.findByText('This action cannot be undone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    view.unmount();
    renderKit(
      <BulkResult
        action="suspend"
        outcomes={outcomes}
        undo="reinstate"
        undone={outcomes.slice(0, 2)}
        undoing={false}
        onUndo={() => {}}
        nameOf={(id) => names[id]}
      />,
    );
    expect(await screen.findByText('Undone: 2 reinstated, 0 refused')).toBeInTheDocument();
  });
});
