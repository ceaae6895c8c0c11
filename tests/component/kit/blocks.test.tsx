import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldGrid, KeyValue, SectionCard } from '../../../src/kit/DetailBlocks';
import { EmptyState, ErrorState, LoadingState } from '../../../src/kit/States';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

describe('detail blocks', () => {
  it('title a section as a heading and pair each label with its value', async () => {
    renderKit(
      <SectionCard title="Contact" action={<button type="button">Edit</button>}>
        <FieldGrid>
          <KeyValue label="Email">ada@example.com</KeyValue>
          <KeyValue label="Phone">—</KeyValue>
        </FieldGrid>
      </SectionCard>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Email').nextSibling).toHaveTextContent('ada@example.com');
  });
});

describe('states', () => {
  it('say that there is nothing, that it loads, or that it failed with a retry', async () => {
    const retry = vi.fn();
    renderKit(
      <>
        <EmptyState message="No actions recorded yet." />
        <LoadingState />
        <ErrorState message="The trips could not be loaded." onRetry={retry} />
      </>,
    );
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No actions recorded yet.');
    expect(screen.getByRole('progressbar', { name: 'LOADING...' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The trips could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
