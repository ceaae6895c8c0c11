import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { passwordRuleStates } from '../../../domain/passwordRules';

/** The password rules, each ticked as soon as the typed password meets it. */
export function PasswordRuleChecklist() {
  const translate = useTranslate();
  const password: unknown = useWatch({ name: 'password' });
  const rules = passwordRuleStates(typeof password === 'string' ? password : '');

  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('app.auth.passwordEntry.rules')}
      </Typography>
      <List dense disablePadding data-testid="password-rules" sx={{ mb: 1 }}>
        {rules.map((rule) => (
          <ListItem key={rule.id} disableGutters data-testid={`password-rule-${rule.id}`} data-met={rule.met}>
            <ListItemIcon sx={{ minWidth: 30 }}>
              {rule.met ? (
                <CheckCircleIcon
                  fontSize="small"
                  color="success"
                  titleAccess={translate('app.auth.passwordEntry.ruleMet')}
                />
              ) : (
                <RadioButtonUncheckedIcon
                  fontSize="small"
                  color="disabled"
                  titleAccess={translate('app.auth.passwordEntry.ruleNotMet')}
                />
              )}
            </ListItemIcon>
            <ListItemText
              primary={translate(`app.auth.passwordEntry.rule.${rule.id}`, { _: rule.label })}
              slotProps={{ primary: { variant: 'body2', color: rule.met ? 'success.main' : 'text.secondary' } }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
