import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess, Pagination, ReferenceManyField, useTranslate, type SortPayload } from 'react-admin';
import { SectionCard } from './DetailBlocks';
import { EmptyState, ErrorState, LoadingState } from './States';

export interface RelatedListProps {
  /** The card's title (a translation key or text). */
  title: string;
  /** The related resource (its route path), e.g. `trip-management/trips`. */
  reference: string;
  /** Its field holding the record's id, e.g. `passengerId`. */
  target: string;
  /** A permanent extra filter, e.g. `{ direction: 'driver_to_passenger' }`. */
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  perPage?: number;
  /** Shown when nothing is related (a translation key or text). */
  empty: string;
  /** The rows: usually a compact `<DataTable>`. */
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A detail page's card listing the records related to it (a passenger's
 * trips, the reviews of a driver…), paged, with loading, empty and error
 * states. Shown only to staff who may list the related resource (canAccess),
 * so a role without it sees no card and asks for nothing.
 */
export function RelatedList({
  title,
  reference,
  target,
  filter,
  sort = { field: 'createdAt', order: 'DESC' },
  perPage = 10,
  empty,
  children,
  ...rest
}: RelatedListProps) {
  const translate = useTranslate();
  return (
    <CanAccess resource={reference} action="list">
      <SectionCard title={translate(title, { _: title })} data-testid={rest['data-testid']}>
        {/* A wide table scrolls inside its card instead of widening the page. */}
        <Box sx={{ overflowX: 'auto' }}>
          <ReferenceManyField
            reference={reference}
            target={target}
            filter={filter}
            sort={sort}
            perPage={perPage}
            pagination={<Pagination rowsPerPageOptions={[]} />}
            loading={<LoadingState />}
            empty={<EmptyState message={translate(empty, { _: empty })} />}
            error={<ErrorState message={translate('app.kit.relatedError', { _: 'Could not load these records' })} />}
          >
            {children}
          </ReferenceManyField>
        </Box>
      </SectionCard>
    </CanAccess>
  );
}
