import { describe, expect, it } from 'vitest';
import { ledgerNote } from '../../src/domain/ledgerNotes';

describe('a system-written wallet note', () => {
  it('writes the week as the screens write a day, not as a stored ISO date', () => {
    const note = ledgerNote('payoutBatch', { batch: 4, week: '2026-11-30', reference: 'MP-88' });
    expect(note.note).toBe('Payout batch #4 (week of 30 Nov 2026), ref MP-88');
    // The code keeps the day itself: each language writes it in its own way.
    expect(note.noteParams.week).toBe('2026-11-30');
  });
});
