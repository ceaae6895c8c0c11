import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Button, IconButton, List, ListItem, ListItemText, Stack, Tooltip } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SurgeRule } from '../../domain/fare';
import { describeWindow, overlappingWindows } from '../../domain/surge';
import { EmptyState } from '../../kit/States';
import { SurgeWindowDialog } from './SurgeWindowDialog';
import { panelSurgeWording } from './surgeWording';

/** A profile's surge windows, each editable in the dialog, with the overlaps named. */
export function SurgeWindowList({
  rules,
  onChange,
  readOnly,
}: {
  rules: readonly SurgeRule[];
  onChange: (rules: SurgeRule[]) => void;
  readOnly?: boolean;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.priceSettings.windows.${key}`, options);
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const overlaps = useMemo(() => overlappingWindows(rules), [rules]);
  const name = (i: number) => rules[i].label || describeWindow(rules[i], panelSurgeWording);
  return (
    <Stack spacing={1}>
      {rules.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <List dense disablePadding data-testid="surge-windows">
          {rules.map((rule, i) => (
            <ListItem
              key={`${i}-${rule.from}-${rule.to}`}
              disableGutters
              secondaryAction={
                !readOnly && (
                  <>
                    <Tooltip title={t('edit')}>
                      <IconButton aria-label={t('editOne', { name: name(i) })} onClick={() => setEditing(i)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('remove')}>
                      <IconButton
                        aria-label={t('removeOne', { name: name(i) })}
                        onClick={() => onChange(rules.filter((_, j) => j !== i))}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )
              }
            >
              <ListItemText primary={describeWindow(rule, panelSurgeWording)} secondary={rule.label || undefined} />
            </ListItem>
          ))}
        </List>
      )}
      {overlaps.length > 0 && (
        <Alert severity="info" data-testid="surge-overlaps">
          {t('overlapNote', {
            overlaps: overlaps.map(([a, b]) => t('overlaps', { a: name(a), b: name(b) })).join('; '),
          })}
        </Alert>
      )}
      {!readOnly && (
        <div>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        </div>
      )}
      {editing !== undefined && (
        <SurgeWindowDialog
          open
          rule={editing === 'new' ? undefined : rules[editing]}
          onClose={() => setEditing(undefined)}
          onSave={(rule) => {
            onChange(editing === 'new' ? [...rules, rule] : rules.map((r, j) => (j === editing ? rule : r)));
            setEditing(undefined);
          }}
        />
      )}
    </Stack>
  );
}
