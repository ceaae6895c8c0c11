import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { SEXES } from '../../domain/enums';

export const SEX_CHOICES = SEXES.map((sex) => ({ id: sex, name: `app.access.staff.sexes.${sex}` }));

/** Inputs side by side on wide screens, stacked on narrow ones. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        width: '100%',
        maxWidth: 720,
      }}
    >
      {children}
    </Box>
  );
}

export const FirstNameInput = () => <TextInput source="firstName" isRequired autoComplete="off" />;
export const LastNameInput = () => <TextInput source="lastName" isRequired autoComplete="off" />;
export const PhoneInput = () => <TextInput source="phone" type="tel" helperText="app.access.staff.phoneHint" />;
export const SexInput = () => <SelectInput source="sex" choices={SEX_CHOICES} emptyText="app.access.staff.notSaid" />;
