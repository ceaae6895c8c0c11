import { actionOnDriver } from './actionOnDriver';
import { ACTIONS } from '../../domain/resourceActions';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  RadioButtonGroupInput,
  RecordContextProvider,
  TextInput,
  Title,
  useCanAccess,
  useGetList,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router';
import { currentDocuments, firstToReview } from '../../domain/driverDocuments';
import { rejectDocumentSchema, requestReuploadSchema } from '../../domain/resources/drivers';
import type { ActionResult } from '../../dataProviders/customMethods';
import { usePanelDataProvider } from '../../dataProviders/useAction';
import { enumChoices, enumLabelKey } from '../../kit/enumChoices';
import { FilePreview } from '../../kit/FilePreview';
import { ErrorState, LoadingState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { ScreenAccess } from '../shared/ScreenAccess';
import { ActionDialog } from './ActionDialog';
import { DocumentFacts } from './DocumentFacts';
import { DocumentProgressBar } from './DocumentProgress';
import { reviewPath } from './reviewPath';
import { ReviewShortcutsHelp, useReviewShortcuts } from './ReviewShortcuts';
import type { Driver } from './types';

const RESOURCE = 'driver-management/drivers';

/** /driver-management/review/:id — one driver's documents, one at a time, keyboard first. */
export default function DriverReview() {
  const { id = '' } = useParams();
  return (
    <ScreenAccess action="show">
      <Review key={id} id={id} />
    </ScreenAccess>
  );
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    !!target.closest('[role="dialog"]'));

function Review({ id }: { id: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = usePanelDataProvider();
  const { data: driver, isPending, error, refetch } = useGetOne<Driver>(RESOURCE, { id: Number(id) });
  // Deciding needs update-Driver (the server refuses it otherwise): view-only staff see, not decide.
  const { canAccess: mayDecide = false } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  // The queue, oldest first: where N goes next.
  const queue = useGetList<Driver>(RESOURCE, {
    filter: { approvalStatus: 'pending' },
    sort: { field: 'createdAt', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  const [selectedId, setSelectedId] = useState<number>();
  const [dialog, setDialog] = useState<'reject' | 'reupload' | null>(null);
  const [busy, setBusy] = useState(false);
  const [approvedNow, setApprovedNow] = useState(false);

  const current = useMemo(() => currentDocuments(driver?.documents ?? []), [driver]);
  const selected = current.find((d) => d.id === selectedId) ?? firstToReview(driver?.documents ?? []);
  const index = selected ? current.indexOf(selected) : -1;
  const nextDriver = useMemo(() => {
    const others = (queue.data ?? []).filter((d) => String(d.id) !== id);
    return others[0];
  }, [queue.data, id]);

  const goToNextDriver = useCallback(() => {
    if (nextDriver) void navigate(reviewPath(nextDriver.id));
  }, [navigate, nextDriver]);

  /** After a decision: reload, say so, and move to the next document still waiting. */
  const decided = useCallback(
    async (result: ActionResult<Driver>, decidedId: number) => {
      const after = result.data;
      if (after.approvalStatus === 'approved' && driver?.approvalStatus !== 'approved') setApprovedNow(true);
      const docs = currentDocuments(after.documents);
      const from = docs.findIndex((d) => d.kind === current.find((c) => c.id === decidedId)?.kind);
      const next = [...docs.slice(from + 1), ...docs.slice(0, from + 1)].find((d) => d.status === 'pending');
      setSelectedId(next?.id ?? docs[from]?.id);
      await refetch();
    },
    [current, driver, refetch],
  );

  const approve = useCallback(async () => {
    if (!mayDecide || !selected || busy || selected.status === 'approved') return;
    setBusy(true);
    try {
      const result = await actionOnDriver(dataProvider, ACTIONS.drivers['approve-document'], {
        id,
        data: { documentId: selected.id, version: selected.version },
      });
      await decided(result, selected.id);
    } catch {
      // The error dialog has said why (e.g. changed by someone else); show the current state.
      await refetch();
    } finally {
      setBusy(false);
    }
  }, [busy, dataProvider, decided, id, mayDecide, refetch, selected]);

  const move = useCallback(
    (step: number) => {
      if (!current.length) return;
      const next = current[(index + step + current.length) % current.length];
      setSelectedId(next.id);
    },
    [current, index],
  );

  const [shortcutsOn] = useReviewShortcuts();
  const [helpOpen, setHelpOpen] = useState(false);
  // Single keys act only while the focus is in the review area (WCAG 2.1.4), which takes the focus
  // when the screen opens unless the user has already put it somewhere.
  const area = useRef<HTMLElement>(null);
  const loaded = driver !== undefined;
  useEffect(() => {
    if (loaded && (document.activeElement === null || document.activeElement === document.body))
      area.current?.focus({ preventScroll: true });
  }, [loaded]);

  const onKey = (event: ReactKeyboardEvent) => {
    if (!shortcutsOn || dialog || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'a') void approve();
    else if (key === 'r' && selected && mayDecide) setDialog('reject');
    else if (key === 'u' && selected && mayDecide) setDialog('reupload');
    else if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else if (key === 'n') goToNextDriver();
    else if (event.key === '?') setHelpOpen(true);
    else return;
    event.preventDefault();
  };

  if (isPending) return <LoadingState />;
  if (error || !driver)
    return <ErrorState message={(error as Error | undefined)?.message ?? 'Not found'} onRetry={() => void refetch()} />;

  const name = `${driver.firstName} ${driver.lastName}`;
  const kindLabel = (kind: string) => translate(enumLabelKey('documentKind', kind));

  return (
    <Box
      component="section"
      ref={area}
      tabIndex={-1}
      aria-label={translate('app.drivers.reviewArea')}
      onKeyDown={onKey}
      sx={{ py: 2, outline: 'none' }}
      data-testid="driver-review"
    >
      <Title title={translate('app.drivers.reviewTitle', { name })} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        <Button component={Link} to="/driver-management/unapproved-drivers" startIcon={<ArrowBackIcon />} size="small">
          {translate('app.drivers.backToQueue')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        <RecordContextProvider value={driver}>
          <span data-testid="approval-status">
            <StatusChip palette="driverApproval" source="approvalStatus" />
          </span>
        </RecordContextProvider>
        <DocumentProgressBar documents={driver.documents} />
        <Box sx={{ flex: 1 }} />
        <ReviewShortcutsHelp
          open={helpOpen}
          onOpen={() => setHelpOpen(true)}
          onClose={() => setHelpOpen(false)}
          mayDecide={mayDecide}
        />
        <Tooltip title="N" describeChild>
          <span>
            <Button
              variant="outlined"
              size="small"
              onClick={goToNextDriver}
              disabled={!nextDriver}
              aria-keyshortcuts="N"
              endIcon={<ChevronRightIcon />}
            >
              {translate('app.drivers.nextDriver')}
            </Button>
          </span>
        </Tooltip>
      </Stack>

      {driver.suspendedAt && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.drivers.suspended', { reason: driver.suspensionReason ?? '' })}
        </Alert>
      )}
      {approvedNow && driver.approvalStatus === 'approved' && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="now-approved"
          action={
            nextDriver ? (
              <Button color="inherit" size="small" onClick={goToNextDriver}>
                {translate('app.drivers.nextDriver')} (N)
              </Button>
            ) : undefined
          }
        >
          {translate('app.drivers.nowApproved', { name })}
          {!nextDriver && ` ${translate('app.drivers.noNextDriver')}`}
        </Alert>
      )}

      {!current.length || !selected ? (
        <Alert severity="info">{translate('app.drivers.noDocuments')}</Alert>
      ) : (
        <>
          <Tabs
            value={selected.id}
            onChange={(_e, value: number) => setSelectedId(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 1 }}
          >
            {current.map((doc) => (
              <Tab
                key={doc.id}
                value={doc.id}
                sx={{ textTransform: 'none' }}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{kindLabel(doc.kind)}</span>
                    <RecordContextProvider value={doc}>
                      <StatusChip palette="documentReview" />
                    </RecordContextProvider>
                  </Stack>
                }
              />
            ))}
          </Tabs>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(280px, 2fr)' },
              alignItems: 'start',
            }}
          >
            <Card>
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                  <IconButton aria-label={translate('app.drivers.previous')} onClick={() => move(-1)} size="small">
                    <ChevronLeftIcon />
                  </IconButton>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1, textAlign: 'center' }}>
                    {kindLabel(selected.kind)} · {index + 1} / {current.length}
                  </Typography>
                  <IconButton aria-label={translate('app.drivers.next')} onClick={() => move(1)} size="small">
                    <ChevronRightIcon />
                  </IconButton>
                </Stack>
                <FilePreview fileId={selected.fileId} title={kindLabel(selected.kind)} height={520} />
              </CardContent>
            </Card>
            <DocumentFacts
              driver={driver}
              document={selected}
              busy={busy}
              mayDecide={mayDecide}
              onApprove={() => void approve()}
              onReject={() => setDialog('reject')}
              onReupload={() => setDialog('reupload')}
            />
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {shortcutsOn
              ? translate(mayDecide ? 'app.drivers.keyboard' : 'app.drivers.keyboardViewOnly')
              : translate('app.drivers.shortcuts.off')}
          </Typography>

          <ActionDialog<Driver>
            key={`reject-${selected.id}-${selected.version}`}
            open={dialog === 'reject'}
            title={translate('app.drivers.rejectTitle', { kind: kindLabel(selected.kind).toLowerCase() })}
            schema={rejectDocumentSchema}
            defaultValues={{ documentId: selected.id, version: selected.version, reason: null, note: '' }}
            submitLabel={translate('app.drivers.reject')}
            color="error"
            run={(values) => actionOnDriver(dataProvider, ACTIONS.drivers['reject-document'], { id, data: values })}
            onClose={() => setDialog(null)}
            onDone={(result) => {
              setDialog(null);
              void decided(result, selected.id);
            }}
          >
            <RadioButtonGroupInput
              source="reason"
              label="app.drivers.reason"
              choices={enumChoices('documentRejectReason')}
              row={false}
              autoFocus
            />
            <TextInput
              source="note"
              label="app.drivers.note"
              helperText="app.drivers.noteHint"
              multiline
              minRows={2}
              fullWidth
            />
          </ActionDialog>
          <ActionDialog<Driver>
            key={`reupload-${selected.id}-${selected.version}`}
            open={dialog === 'reupload'}
            title={translate('app.drivers.reuploadTitle', { kind: kindLabel(selected.kind).toLowerCase() })}
            schema={requestReuploadSchema}
            defaultValues={{ documentId: selected.id, note: '' }}
            submitLabel={translate('app.drivers.send')}
            run={(values) => actionOnDriver(dataProvider, ACTIONS.drivers['request-reupload'], { id, data: values })}
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null);
              void refetch();
            }}
          >
            <TextInput
              source="note"
              label="app.drivers.reuploadNote"
              helperText="app.drivers.noteHint"
              multiline
              minRows={2}
              fullWidth
              autoFocus
            />
          </ActionDialog>
        </>
      )}
    </Box>
  );
}
