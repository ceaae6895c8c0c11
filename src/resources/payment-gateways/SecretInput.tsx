import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { settingLabel } from '../../domain/gateways';

/**
 * A write-only secret: shows its stored mask ("•••• 9f2a") with Replace and Clear. Left untouched
 * it sends the mask back, which keeps the stored value; Replace types a new one; Clear sends null,
 * which removes it, and says so until the form is saved.
 */
export function SecretInput({ source, name, required }: { source: string; name: string; required: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const [stored] = useState<string | null | undefined>(() => field.value as string | null | undefined);
  const [mode, setMode] = useState<'kept' | 'replace' | 'clear'>('kept');
  const label = `${settingLabel(name)}${required ? ` (${translate('app.gateways.required')})` : ''}`;
  const hasStored = typeof stored === 'string' && stored !== '';
  const keep = () => {
    setMode('kept');
    field.onChange(stored ?? null);
  };
  return (
    <Box sx={{ py: 1 }} data-testid={`secret-${name}`}>
      {mode === 'replace' ? (
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <TextField
            label={translate('app.gateways.newValue', { key: settingLabel(name).toLowerCase() })}
            type="password"
            size="small"
            autoComplete="new-password"
            autoFocus
            value={typeof field.value === 'string' && field.value !== stored ? field.value : ''}
            onChange={(e) => field.onChange(e.target.value === '' ? (stored ?? null) : e.target.value)}
            sx={{ minWidth: 280 }}
          />
          <Button onClick={keep}>{translate('app.gateways.undo')}</Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 220 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontFamily: 'monospace' }}
              color={mode === 'clear' ? 'warning.main' : hasStored ? 'text.primary' : 'text.secondary'}
            >
              {mode === 'clear'
                ? translate('app.gateways.willClear')
                : hasStored
                  ? `•••• ${stored.replace(/^•+/, '')}`
                  : translate('app.gateways.notSet')}
            </Typography>
          </Box>
          {mode === 'clear' ? (
            <Button size="small" onClick={keep}>
              {translate('app.gateways.undo')}
            </Button>
          ) : (
            <>
              <Button size="small" variant="outlined" onClick={() => setMode('replace')}>
                {translate('app.gateways.replace')}
              </Button>
              {hasStored && (
                <Button
                  size="small"
                  color="warning"
                  onClick={() => {
                    setMode('clear');
                    field.onChange(null);
                  }}
                >
                  {translate('app.gateways.clear')}
                </Button>
              )}
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
