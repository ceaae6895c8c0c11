import LoginIcon from '@mui/icons-material/Login';
import { Box, ButtonBase, Divider, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { authApi, type DemoAccount } from '../../../auth/authApi';

/**
 * When the server runs with demo data, names the demo accounts; picking one
 * fills the login form. Shows nothing otherwise.
 */
export function DemoAccounts() {
  const translate = useTranslate();
  const form = useFormContext();
  const [accounts, setAccounts] = useState<DemoAccount[]>([]);

  useEffect(() => {
    let current = true;
    void authApi.demoAccounts().then((found) => {
      if (current) setAccounts(found);
    });
    return () => {
      current = false;
    };
  }, []);

  if (accounts.length === 0) return null;

  const fillIn = (account: DemoAccount) => {
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
    form.setValue('email', account.email, options);
    form.setValue('password', account.password, options);
  };

  return (
    <Box data-testid="demo-accounts" sx={{ mt: 3 }}>
      <Divider>
        <Typography variant="caption" color="text.secondary">
          {translate('app.auth.login.demoAccounts')}
        </Typography>
      </Divider>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', mb: 1.5 }}>
        {translate('app.auth.login.demoHint')}
      </Typography>
      <Stack spacing={1}>
        {accounts.map((account) => (
          <ButtonBase
            key={account.email}
            onClick={() => fillIn(account)}
            sx={{
              justifyContent: 'space-between',
              textAlign: 'start',
              gap: 1,
              p: 1.25,
              borderRadius: '6px',
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.default',
              '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {account.role}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                component="span"
                sx={{ display: 'block', wordBreak: 'break-all' }}
              >
                {account.email} / {account.password}
              </Typography>
            </Box>
            <LoginIcon fontSize="small" color="primary" />
          </ButtonBase>
        ))}
      </Stack>
    </Box>
  );
}
