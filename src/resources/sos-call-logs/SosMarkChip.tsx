import { Chip, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

/** An outlined mark on an alarm ("Unverified", "Simulated"): a label, a hint on hover and a test id. */
export function SosMarkChip({
  label,
  hint,
  testId,
  sx,
}: {
  /** i18n keys of the label and the hint. */
  label: string;
  hint: string;
  testId: string;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translate(label)}
      title={translate(hint)}
      data-testid={testId}
      sx={sx}
    />
  );
}
