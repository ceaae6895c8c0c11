import { Box, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useCanAccess, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { driverTransactions, issues, reviews, sosCallLogs } from '../../domain/resources';
import { SectionCard } from '../../kit/DetailBlocks';
import { formatDateTime, formatMoney } from '../../kit/format';
import { showPath } from '../shared/recordPaths';

type Row = RaRecord<number> & Record<string, unknown>;

const words = (s: unknown) => (typeof s === 'string' ? s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ') : '');

/** One kind of record raised on the trip, each linked; nothing when the viewer may not list them. */
function Related({
  resource,
  title,
  tripId,
  sortField,
  describe,
}: {
  resource: string;
  title: string;
  tripId: number;
  sortField: string;
  describe: (row: Row) => { primary: string; secondary?: string };
}) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  const { data, isPending } = useGetList<Row>(
    resource,
    { filter: { tripId }, sort: { field: sortField, order: 'ASC' }, pagination: { page: 1, perPage: 20 } },
    { enabled: canAccess === true },
  );
  if (!canAccess) return null;
  return (
    <Box data-testid={`around-${resource}`}>
      <Typography variant="subtitle2">{title}</Typography>
      {isPending ? null : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.trips.around.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {data.map((row) => {
            const { primary, secondary } = describe(row);
            return (
              <ListItemButton key={row.id} component={Link} to={showPath(resource, row.id)} sx={{ px: 1 }}>
                <ListItemText primary={primary} secondary={secondary} />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Box>
  );
}

/** Reviews both ways, issues, SOS calls and the ledger rows the trip caused. */
export function TripAround({ tripId }: { tripId: number }) {
  const translate = useTranslate();
  return (
    <SectionCard title={translate('app.trips.detail.around')}>
      <Stack spacing={2}>
        <Related
          resource={reviews.path}
          title={translate('app.trips.around.reviews')}
          tripId={tripId}
          sortField="createdAt"
          describe={(r) => ({
            primary: `${'★'.repeat(Number(r.rating))} ${words(r.direction).replace(' to ', ' → ')}`,
            secondary: (r.comment as string | null) ?? undefined,
          })}
        />
        <Related
          resource={issues.path}
          title={translate('app.trips.around.issues')}
          tripId={tripId}
          sortField="createdAt"
          describe={(r) => ({
            primary: `#${r.id} ${words(r.category)} · ${words(r.status)}`,
            secondary: (r.description as string | null) ?? undefined,
          })}
        />
        <Related
          resource={sosCallLogs.path}
          title={translate('app.trips.around.sos')}
          tripId={tripId}
          sortField="calledAt"
          describe={(r) => ({
            primary: `#${r.id} ${words(r.callerKind)} · ${words(r.status)}`,
            secondary: formatDateTime(r.calledAt),
          })}
        />
        <Related
          resource={driverTransactions.path}
          title={translate('app.trips.around.ledger')}
          tripId={tripId}
          sortField="createdAt"
          describe={(r) => ({
            primary: `${words(r.kind)} ${formatMoney(r.amount) ?? ''}`,
            secondary: (r.note as string | null) ?? undefined,
          })}
        />
      </Stack>
    </SectionCard>
  );
}
