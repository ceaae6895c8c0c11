import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFileObject } from '../http/useFileObjectUrl';
import { EmptyState, ErrorState, LoadingState } from './States';

const ZOOMS = [1, 1.5, 2, 3] as const;

export interface FilePreviewProps {
  /** A stored file (GET files/:id with the bearer token), or none. */
  fileId: number | string | null | undefined;
  /** What the file is, for the image's alternative text and the frame's title. */
  title: string;
  /** Height of the viewing area (default 480 px). */
  height?: number;
}

/**
 * A stored file shown large: an image zoomable in steps (buttons, or a click on the image), a PDF
 * rendered inline by the browser, with a link that opens it in a new tab. Loading, failure and a
 * missing file each say so.
 */
export function FilePreview({ fileId, title, height = 480 }: FilePreviewProps) {
  const translate = useTranslate();
  const file = useFileObject(fileId);
  const [zoom, setZoom] = useState(0);
  if (fileId == null || fileId === '') return <EmptyState message={translate('app.drivers.noFile')} />;
  if (file === undefined) return <LoadingState />;
  if (file === null) return <ErrorState message={translate('app.drivers.fileFailed')} />;
  const pdf = file.type === 'application/pdf';
  const scale = ZOOMS[zoom];
  return (
    <Box data-testid="file-preview">
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', mb: 0.5 }}>
        {!pdf && (
          <>
            <Tooltip title={translate('app.drivers.zoomOut')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={translate('app.drivers.zoomOut')}
                  disabled={zoom === 0}
                  onClick={() => setZoom((z) => Math.max(0, z - 1))}
                >
                  <ZoomOutIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Typography variant="caption" sx={{ alignSelf: 'center', minWidth: 40, textAlign: 'center' }}>
              {Math.round(scale * 100)}%
            </Typography>
            <Tooltip title={translate('app.drivers.zoomIn')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={translate('app.drivers.zoomIn')}
                  disabled={zoom === ZOOMS.length - 1}
                  onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
                >
                  <ZoomInIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        <Tooltip title={translate('app.drivers.openFile')}>
          <IconButton
            size="small"
            component="a"
            href={file.url}
            target="_blank"
            rel="noopener"
            aria-label={translate('app.drivers.openFile')}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{
          height,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          display: 'flex',
          alignItems: scale === 1 ? 'center' : 'flex-start',
          justifyContent: scale === 1 ? 'center' : 'flex-start',
        }}
      >
        {pdf ? (
          <Box component="iframe" src={file.url} title={title} sx={{ width: '100%', height: '100%', border: 0 }} />
        ) : (
          <Box
            component="img"
            src={file.url}
            alt={title}
            onClick={() => setZoom((z) => (z + 1) % ZOOMS.length)}
            sx={{
              cursor: zoom === ZOOMS.length - 1 ? 'zoom-out' : 'zoom-in',
              ...(scale === 1
                ? { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }
                : { width: `${scale * 100}%`, maxWidth: 'none' }),
            }}
          />
        )}
      </Box>
    </Box>
  );
}
