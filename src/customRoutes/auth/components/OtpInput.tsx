import { Box } from '@mui/material';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { OTP_LENGTH } from '../../../domain/authRules';
import { placeDigits } from './otpDigits';

interface OtpInputProps {
  /** One character per box; a blank box is a space. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
}

/**
 * The 6-character code entry: one box per digit. Typing moves to the next
 * box, Backspace to the previous one, and a pasted or filled code spreads
 * over the boxes.
 */
export function OtpInput({ value, onChange, disabled = false, invalid = false, autoFocus = false }: OtpInputProps) {
  const translate = useTranslate();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const chars = Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? ' ');

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const enter = (index: number, typed: string) => {
    const { value: next, nextIndex } = placeDigits(chars.join(''), index, typed);
    onChange(next);
    focusBox(nextIndex);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && chars[index] === ' ' && index > 0) {
      event.preventDefault();
      const next = [...chars];
      next[index - 1] = ' ';
      onChange(next.join(''));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    enter(index, event.clipboardData.getData('text'));
  };

  return (
    <Box
      role="group"
      aria-label={translate('app.auth.code.label')}
      data-testid="otp-input"
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${OTP_LENGTH}, 1fr)`, gap: 1.25, my: 2 }}
    >
      {chars.map((char, index) => (
        <Box
          component="input"
          key={index}
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          value={char.trim()}
          onChange={(event) => enter(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={translate('app.auth.code.digit', { position: index + 1, length: OTP_LENGTH })}
          aria-invalid={invalid || undefined}
          sx={(theme) => ({
            width: '100%',
            minWidth: 0,
            height: 54,
            textAlign: 'center',
            fontSize: 22,
            fontWeight: 600,
            fontFamily: 'inherit',
            color: theme.palette.text.primary,
            bgcolor: theme.palette.background.paper,
            border: `1px solid ${invalid ? theme.palette.error.main : theme.palette.divider}`,
            borderRadius: '6px',
            outline: 'none',
            transition: 'border-color 120ms, box-shadow 120ms',
            '&:focus': {
              borderColor: theme.palette.primary.main,
              boxShadow: `0 0 0 3px ${theme.palette.primary.main}33`,
            },
            '&:disabled': { bgcolor: theme.palette.action.hover, color: theme.palette.text.disabled },
          })}
        />
      ))}
    </Box>
  );
}
