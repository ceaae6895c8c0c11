import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilePreview } from '../../../src/kit/FilePreview';
import { renderKit } from './renderKit';

let made = 0;
beforeEach(() => {
  made = 0;
  Object.assign(URL, { createObjectURL: vi.fn(() => `blob:file-${++made}`), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });

describe('FilePreview', () => {
  it('shows an image large and zooms it in steps with the buttons and a click', async () => {
    renderKit(<FilePreview fileId={7} title="Driving licence" />, {
      api: { 'GET /api/user/files/7': { blob: png, headers: { 'Content-Type': 'image/png' } } },
    });
    const image = await screen.findByRole('img', { name: 'Driving licence' });
    expect(image).toHaveAttribute('src', 'blob:file-1');
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('150%')).toBeInTheDocument();
    await user.click(image);
    expect(screen.getByText('200%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the file in a new tab' })).toHaveAttribute('href', 'blob:file-1');
  });

  it('renders a PDF inline in a frame, without zoom buttons', async () => {
    renderKit(<FilePreview fileId={8} title="Insurance" />, {
      api: { 'GET /api/user/files/8': { blob: pdf, headers: { 'Content-Type': 'application/pdf' } } },
    });
    const frame = await screen.findByTitle('Insurance');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:file-1');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
  });

  it('says when there is no file, and when it cannot be loaded', async () => {
    const { unmount } = renderKit(<FilePreview fileId={null} title="Photo" />);
    expect(await screen.findByText('No file was uploaded for this document.')).toBeInTheDocument();
    unmount();
    renderKit(<FilePreview fileId={9} title="Photo" />, {
      api: { 'GET /api/user/files/9': { status: 404, json: { message: 'No file' } } },
    });
    expect(await screen.findByText('The file could not be loaded.')).toBeInTheDocument();
  });
});
