import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess, Pagination, ReferenceManyField, useListContext, useTranslate, type SortPayload } from 'react-admin';
import { SectionCard } from './DetailBlocks';
import { EmptyState, ErrorState, LoadingState } from './States';

export interface RelatedListProps {
  /** The card's title (a translation key or text). */
  title: string;
  /** Under the title, e.g. a balance or a short explanation. */
  subheader?: ReactNode;
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

/** Loading, error and empty states around the rows (ReferenceManyField's own `empty` is skipped once an `error` is given). */
function RelatedContent({ empty, children }: { empty: string; children: ReactNode }) {
  const translate = useTranslate();
  const { isPending, error, total, data, refetch } = useListContext();
  if (isPending) return <LoadingState />;
  if (error) return <ErrorState message={translate('app.kit.relatedError')} onRetry={() => void refetch()} />;
  if (total === 0 || (!total && !data?.length)) return <EmptyState message={translate(empty, { _: empty })} />;
  return (
    <>
      {children}
      <Pagination rowsPerPageOptions={[]} />
    </>
  );
}

/**
 * A detail page's card listing the records related to it (a passenger's
 * trips, the reviews of a driver…), paged, with loading, empty and error
 * states. Shown only to staff who may list the related resource (canAccess),
 * so a role without it sees no card and asks for nothing.
 */
export function RelatedList({
  title,
  subheader,
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
      <SectionCard title={translate(title, { _: title })} subheader={subheader} data-testid={rest['data-testid']}>
        {/* A wide table scrolls inside its card instead of widening the page. */}
        <Box sx={{ overflowX: 'auto' }}>
          <ReferenceManyField reference={reference} target={target} filter={filter} sort={sort} perPage={perPage}>
            <RelatedContent empty={empty}>{children}</RelatedContent>
          </ReferenceManyField>
        </Box>
      </SectionCard>
    </CanAccess>
  );
}
