import { describe, expect, it } from 'vitest';

/** The setup's memo of getComputedStyle (support/computedStyleMemo.ts) never answers with an older document. */
describe('the computed-style memo of the component suite', () => {
  const styled = () => {
    const sheet = document.createElement('style');
    sheet.textContent = '.off { pointer-events: none; display: none; }';
    document.head.append(sheet);
    const button = document.createElement('button');
    document.body.append(button);
    return { sheet, button };
  };

  it('sees a class change at once, and one the observer was told of before the next call', async () => {
    const { sheet, button } = styled();
    expect(getComputedStyle(button).display).not.toBe('none');
    button.className = 'off';
    expect(getComputedStyle(button).display).toBe('none');
    button.className = '';
    await Promise.resolve(); // the observer's callback runs here, before the next call
    expect(getComputedStyle(button).pointerEvents).not.toBe('none');
    sheet.remove();
    button.remove();
  });

  it('sees a style sheet added or emptied, an inline style and a parent hidden', async () => {
    const { sheet, button } = styled();
    const parent = document.createElement('div');
    document.body.append(parent);
    parent.append(button);
    expect(getComputedStyle(button).visibility).toBe('visible');
    parent.style.visibility = 'hidden';
    expect(getComputedStyle(button).visibility).toBe('hidden');
    parent.style.visibility = '';
    button.className = 'off';
    expect(getComputedStyle(button).display).toBe('none');
    sheet.textContent = '';
    await Promise.resolve();
    expect(getComputedStyle(button).display).not.toBe('none');
    sheet.remove();
    parent.remove();
  });
});
