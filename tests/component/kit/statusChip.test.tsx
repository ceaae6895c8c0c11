import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectInput, SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRIP_STATUSES } from '../../../src/domain/enums';
import { enumChoices } from '../../../src/kit/enumChoices';
import { StatusChip } from '../../../src/kit/StatusChip';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

describe('StatusChip', () => {
  it("colours a value by its own enum's palette and labels it from i18n", async () => {
    renderKit(
      <>
        <StatusChip palette="tripStatus" />
        <StatusChip palette="sosStatus" source="sos" />
        <StatusChip palette="staffStatus" source="staff" />
      </>,
      { record: { id: 1, status: 'completed', sos: 'new', staff: 'inactive' } },
    );
    const chips = await screen.findAllByTestId('status-chip');
    expect(chips.map((chip) => [chip.textContent, chip.dataset.color])).toEqual([
      ['Completed', 'success'],
      ['New', 'error'],
      ['Inactive', 'default'],
    ]);
    expect(chips[0]).toHaveClass('MuiChip-colorSuccess');
    expect(chips[2]).toHaveClass('MuiChip-outlined');
  });

  it('shows a value its enum does not know, neutral and humanized', async () => {
    renderKit(<StatusChip palette="issueStatus" />, { record: { id: 1, status: 'waiting_for_parts' } });
    const chip = await screen.findByTestId('status-chip');
    expect(chip).toHaveTextContent('Waiting for parts');
    expect(chip.dataset.color).toBe('default');
  });
});

describe('enumChoices', () => {
  it('offers every value of the enum under its label', async () => {
    renderKit(
      <SimpleForm toolbar={false}>
        <SelectInput source="status" choices={enumChoices('tripStatus')} />
      </SimpleForm>,
      { resource: 'trip-management/trips' },
    );
    await userEvent.setup().click(await screen.findByRole('combobox'));
    const options = await screen.findAllByRole('option');
    // The empty choice, then one option per status.
    expect(options).toHaveLength(TRIP_STATUSES.length + 1);
    expect(screen.getByRole('option', { name: 'Cancelled by passenger' })).toHaveAttribute(
      'data-value',
      'cancelled_by_passenger',
    );
  });
});
