import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { DataTable, useCanAccess, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { useAction } from '../../dataProviders/useAction';
import { sosContacts } from '../../domain/resources';
import { PhoneField } from '../../kit/PhoneField';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState } from '../../kit/States';
import { csvExporter } from '../shared/csv';
import type { ListScreenProps } from '../types';
import type { SosContact } from './types';

const exporter = csvExporter<SosContact>('emergency-contacts', [
  { header: 'Order', value: (c) => c.displayOrder },
  { header: 'Name', value: (c) => c.name },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Description', value: (c) => c.description },
  { header: 'Active', value: (c) => c.active },
]);

/** The position with up and down buttons (POST sos-contacts/:id/move renumbers every contact at once). */
function OrderField(_: { label?: string }) {
  const translate = useTranslate();
  const contact = useRecordContext<SosContact>();
  const { data, isFetching } = useListContext<SosContact>();
  const { canAccess } = useCanAccess({ resource: sosContacts.path, action: 'edit' });
  const move = useAction((dp, values: { direction: 'up' | 'down' }) =>
    dp.action(sosContacts.path, { id: contact!.id, action: 'move', data: values }),
  );
  if (!contact) return null;
  const index = data?.findIndex((c) => c.id === contact.id) ?? -1;
  const busy = move.isPending || isFetching;
  const button = (direction: 'up' | 'down', disabled: boolean) => {
    const label = translate(direction === 'up' ? 'app.sosContactsPage.moveUp' : 'app.sosContactsPage.moveDown', {
      name: contact.name,
    });
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            disabled={disabled || busy}
            onClick={(event) => {
              event.stopPropagation();
              void move.submit({ direction });
            }}
            data-testid={`move-${direction}`}
          >
            {direction === 'up' ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    );
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }} spacing={0.5}>
      <Typography variant="body2" sx={{ minWidth: 24, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {contact.displayOrder}
      </Typography>
      {canAccess && button('up', index <= 0)}
      {canAccess && button('down', index < 0 || index >= (data?.length ?? 0) - 1)}
    </Stack>
  );
}

function NoContacts() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <EmptyState message={translate('app.sosContactsPage.empty')} />
    </Box>
  );
}

function ActiveField(_: { label?: string }) {
  const translate = useTranslate();
  const contact = useRecordContext<SosContact>();
  if (!contact) return null;
  return contact.active ? (
    <Typography variant="body2">{translate('ra.boolean.true')}</Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {translate('app.sosContactsPage.inactive')}
    </Typography>
  );
}

/**
 * /sos-contacts: emergency contacts in the order the apps list them (display order), with up and
 * down buttons for staff who may edit them; name, phone (a tel: link), description and whether the
 * apps show it. A row opens the form.
 */
export default function SosContactList(props: ListScreenProps) {
  const translate = useTranslate();
  return (
    <ResourceList
      {...props}
      sort={{ field: 'displayOrder', order: 'ASC' }}
      pagination={false}
      perPage={500}
      exporter={exporter}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {translate('app.sosContactsPage.hint')}
      </Typography>
      <DataTable<SosContact> rowClick="edit" bulkActionButtons={false} empty={<NoContacts />}>
        <DataTable.Col source="displayOrder" disableSort render={() => <OrderField />} />
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="phone" disableSort field={PhoneField} />
        <DataTable.Col
          source="description"
          disableSort
          render={(c: SosContact) => (
            <Box
              component="span"
              sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}
              title={c.description ?? undefined}
            >
              {c.description ?? '—'}
            </Box>
          )}
        />
        <DataTable.Col source="active" disableSort render={() => <ActiveField />} />
      </DataTable>
    </ResourceList>
  );
}
