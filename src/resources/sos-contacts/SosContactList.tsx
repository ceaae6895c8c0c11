import { ACTIONS } from '../../domain/resourceActions';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { createContext, useContext, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { DataTable, useCanAccess, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { useAction } from '../../dataProviders/useAction';
import { sosContacts } from '../../domain/resources';
import { PhoneField } from '../../kit/PhoneField';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState } from '../../kit/States';
import { csvExporter } from '../shared/csv';
import type { ListScreenProps } from '../types';
import type { SosContact } from './types';
import { RowLink } from '../../kit/RowLink';

const exporter = csvExporter<SosContact>('emergency-contacts', [
  { header: 'Order', value: (c) => c.displayOrder },
  { header: 'Name', value: (c) => c.name },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Description', value: (c) => c.description },
  { header: 'Active', value: (c) => c.active },
]);

/** A contact being moved: by the mouse (drag) or the keyboard (picked up with Space), and where it would go. */
interface Moving {
  id: number;
  name: string;
  from: number;
  to: number;
  by: 'mouse' | 'keyboard';
}

interface Reorder {
  moving: Moving | null;
  setMoving: (moving: Moving | null) => void;
  /** Persists the move (POST sos-contacts/:id/move {position}); nothing when it stays in place. */
  drop: (moving: Moving) => void;
  busy: boolean;
  /** What a screen reader hears (picked up, over, dropped, cancelled). */
  announce: (text: string) => void;
}

const ReorderContext = createContext<Reorder | null>(null);

/** The rows' index under a drag (the list holds every contact on one page: row index = position − 1). */
function rowIndexOf(event: DragEvent): number {
  const row = (event.target as HTMLElement).closest('tbody tr');
  return row ? Array.from(row.parentElement!.children).indexOf(row) : -1;
}

/**
 * The handle: drag it (native drag and drop) onto another row, or, from the keyboard, Space or
 * Enter picks the contact up, ↑/↓ choose its place, Space or Enter drops it there and Escape
 * cancels; each step is announced. The up and down buttons stay for one-place moves.
 */
function DragHandle({ contact, index, count }: { contact: SosContact; index: number; count: number }) {
  const translate = useTranslate();
  const reorder = useContext(ReorderContext)!;
  const { moving, setMoving, drop, busy, announce } = reorder;
  const mine = moving?.id === contact.id;
  const say = (key: string, position: number) =>
    announce(translate(`app.sosContactsPage.${key}`, { name: contact.name, position }));
  const onKeyDown = (event: KeyboardEvent) => {
    if (busy) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      if (!mine) {
        setMoving({ id: contact.id, name: contact.name, from: index, to: index, by: 'keyboard' });
        say('picked', index + 1);
      } else {
        say('dropped', moving.to + 1);
        drop(moving);
      }
    } else if (mine && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = Math.max(0, Math.min(count - 1, moving.to + (event.key === 'ArrowUp' ? -1 : 1)));
      setMoving({ ...moving, to });
      say('over', to + 1);
    } else if (mine && (event.key === 'Escape' || event.key === 'Tab')) {
      if (event.key === 'Escape') event.preventDefault();
      setMoving(null);
      say('cancelled', index + 1);
    }
  };
  return (
    <Box
      component="span"
      role="button"
      tabIndex={0}
      aria-roledescription="sortable"
      aria-label={translate('app.sosContactsPage.drag', { name: contact.name })}
      aria-pressed={mine && moving.by === 'keyboard'}
      aria-disabled={busy}
      draggable={!busy}
      data-testid="drag-handle"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
      onBlur={() => {
        if (mine && moving.by === 'keyboard') setMoving(null);
      }}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(contact.id));
        setMoving({ id: contact.id, name: contact.name, from: index, to: index, by: 'mouse' });
      }}
      onDragEnd={() => setMoving(null)}
      sx={{
        display: 'inline-flex',
        cursor: busy ? 'default' : 'grab',
        color: mine ? 'primary.main' : 'text.secondary',
        borderRadius: 1,
        p: 0.25,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <DragIndicatorIcon fontSize="small" />
    </Box>
  );
}

/** The position with the drag handle and the up and down buttons (POST sos-contacts/:id/move renumbers every contact at once). */
function OrderField(_: { label?: string }) {
  const translate = useTranslate();
  const contact = useRecordContext<SosContact>();
  const { data, isFetching } = useListContext<SosContact>();
  const { canAccess } = useCanAccess({ resource: sosContacts.path, action: 'edit' });
  const move = useAction((dp, values: { direction: 'up' | 'down' }) =>
    dp.action(ACTIONS['sos-contacts'].move, { id: contact!.id, data: values }),
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
      {canAccess && index >= 0 && <DragHandle contact={contact} index={index} count={data?.length ?? 0} />}
      <Typography variant="body2" sx={{ minWidth: 24, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
        {contact.displayOrder}
      </Typography>
      {canAccess && button('up', index <= 0)}
      {canAccess && button('down', index < 0 || index >= (data?.length ?? 0) - 1)}
    </Stack>
  );
}

/**
 * The reorder state around the table: the rows take drops (the row under the pointer is the new
 * place), the target row is outlined while moving, and the drop persists through the move action.
 */
function Reorderable({ children }: { children: ReactNode }) {
  const [moving, setMoving] = useState<Moving | null>(null);
  const [message, setMessage] = useState('');
  const { data } = useListContext<SosContact>();
  const move = useAction((dp, values: { id: number; position: number }) =>
    dp.action(ACTIONS['sos-contacts'].move, { id: values.id, data: { position: values.position } }),
  );
  const reorder: Reorder = {
    moving,
    setMoving,
    busy: move.isPending,
    announce: setMessage,
    drop: (m) => {
      setMoving(null);
      if (m.to !== m.from) void move.submit({ id: m.id, position: m.to + 1 });
    },
  };
  const count = data?.length ?? 0;
  return (
    <ReorderContext.Provider value={reorder}>
      <Box
        onDragOver={(event: DragEvent) => {
          if (!moving || moving.by !== 'mouse') return;
          const index = rowIndexOf(event);
          if (index < 0 || index >= count) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          if (index !== moving.to) setMoving({ ...moving, to: index });
        }}
        onDrop={(event: DragEvent) => {
          if (!moving || moving.by !== 'mouse') return;
          event.preventDefault();
          const index = rowIndexOf(event);
          reorder.drop({ ...moving, to: index < 0 ? moving.to : index });
        }}
        sx={{
          ...(moving &&
            moving.to !== moving.from && {
              [`& tbody tr:nth-of-type(${moving.to + 1}) td`]: {
                [moving.to > moving.from ? 'borderBottom' : 'borderTop']: '3px solid',
                borderColor: 'primary.main',
              },
            }),
          ...(moving && { [`& tbody tr:nth-of-type(${moving.from + 1})`]: { opacity: 0.5 } }),
        }}
        data-testid="contacts-reorder"
      >
        {children}
      </Box>
      <Box role="status" aria-live="assertive" sx={visuallyHidden} data-testid="reorder-announcement">
        {message}
      </Box>
    </ReorderContext.Provider>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

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
 * /sos-contacts: emergency contacts in the order the apps list them (display order), reordered by
 * drag and drop (a handle, keyboard operable too) and up and down buttons for staff who may edit them; name, phone (a tel: link), description and whether the
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
      <Reorderable>
        <DataTable<SosContact> rowClick="edit" bulkActionButtons={false} empty={<NoContacts />}>
          <DataTable.Col source="displayOrder" disableSort render={() => <OrderField />} />
          <DataTable.Col source="name" disableSort render={(c: SosContact) => <RowLink>{c.name}</RowLink>} />
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
      </Reorderable>
    </ResourceList>
  );
}
