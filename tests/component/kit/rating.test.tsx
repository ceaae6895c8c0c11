import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RatingField } from '../../../src/kit/RatingField';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

describe('RatingField', () => {
  it('reads out of five, to the half star', async () => {
    renderKit(<RatingField source="rating" />, { record: { id: 1, rating: 4.4 } });
    expect(await screen.findByRole('img', { name: '4.5 out of 5' })).toBeInTheDocument();
  });

  it('keeps to 0–5 and takes numeric text', async () => {
    renderKit(
      <>
        <RatingField source="high" />
        <RatingField source="text" />
      </>,
      { record: { id: 1, high: 7, text: '3' } },
    );
    expect(await screen.findByRole('img', { name: '5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 out of 5' })).toBeInTheDocument();
  });

  it('shows a dash without a rating', async () => {
    renderKit(<RatingField source="rating" />, { record: { id: 1, rating: null } });
    expect(await screen.findByLabelText('none')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
