import { styled } from '@mui/material/styles';
import { forwardRef, useCallback, type InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { 'data-indeterminate'?: boolean; ownerState?: unknown };

/** MUI's hidden native input of a checkbox, with its styles. */
const Input = styled('input')({
  cursor: 'inherit',
  position: 'absolute',
  opacity: 0,
  width: '100%',
  height: '100%',
  top: 0,
  left: 0,
  margin: 0,
  padding: 0,
  zIndex: 1,
});

/**
 * Every checkbox's native input (set once in the theme): a "some selected" box is indeterminate on
 * the input itself, so that MUI's aria-checked="mixed" matches the state the browser reports.
 */
export const CheckboxInput = forwardRef<HTMLInputElement, Props>(function CheckboxInput(
  { ownerState: _ownerState, ...props },
  ref,
) {
  const indeterminate = Boolean(props['data-indeterminate']);
  const setRef = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) input.indeterminate = indeterminate;
      if (typeof ref === 'function') ref(input);
      else if (ref) ref.current = input;
    },
    [indeterminate, ref],
  );
  return <Input ref={setRef} {...props} />;
});
