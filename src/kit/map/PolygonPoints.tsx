import AddIcon from '@mui/icons-material/AddCircleOutline';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Position } from './geo';
import { insertVertex, moveVertex, parseCoordinate, removeVertex } from './ring';

/**
 * The outline's points as coordinates, for the keyboard (and a screen reader): each point's
 * longitude and latitude (a typed value is taken on Enter or on leaving the field), a point added
 * in the middle of the edge after it, a point deleted (a triangle keeps its three), and a new point
 * added at the end. A value that is not a coordinate says so under its field and changes nothing.
 */
export function PolygonPoints({ ring, onChange }: { ring: readonly Position[]; onChange: (ring: Position[]) => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="details"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
      data-testid="zone-coordinates"
      sx={{ mt: 1 }}
    >
      <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
        {translate('app.zonesPage.coordinates')}
      </Typography>
      {open && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {ring.map((point, index) => {
            const name = translate('app.zonesPage.point', { n: index + 1 });
            return (
              <Stack
                key={`${index}:${point[0]}:${point[1]}`}
                direction="row"
                spacing={1}
                role="group"
                aria-label={name}
              >
                <Typography variant="body2" sx={{ minWidth: 64, pt: 1 }}>
                  {name}
                </Typography>
                <CoordinateField
                  axis="lng"
                  value={point[0]}
                  onCommit={(lng) => onChange(moveVertex(ring, index, [lng, point[1]]))}
                />
                <CoordinateField
                  axis="lat"
                  value={point[1]}
                  onCommit={(lat) => onChange(moveVertex(ring, index, [point[0], lat]))}
                />
                <IconButton
                  size="small"
                  aria-label={translate('app.zonesPage.addAfter', { n: index + 1 })}
                  disabled={ring.length < 2}
                  onClick={() => onChange(insertVertex(ring, index))}
                >
                  <AddIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('app.zonesPage.removePoint', { n: index + 1 })}
                  disabled={ring.length <= 3}
                  onClick={() => onChange(removeVertex(ring, index))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            );
          })}
          <NewPoint onAdd={(point) => onChange([...ring, point])} />
        </Stack>
      )}
    </Box>
  );
}

/** A longitude or latitude, taken on Enter or blur when it is one. */
function CoordinateField({
  axis,
  value,
  onCommit,
}: {
  axis: 'lng' | 'lat';
  value: number;
  onCommit: (value: number) => void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(String(value));
  const [bad, setBad] = useState(false);
  const commit = () => {
    const parsed = parseCoordinate(text, axis);
    setBad(parsed === 'invalid');
    if (parsed !== 'invalid' && parsed !== value) onCommit(parsed);
  };
  return (
    <TextField
      size="small"
      label={translate(axis === 'lng' ? 'app.zonesPage.longitude' : 'app.zonesPage.latitude')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      error={bad}
      helperText={
        bad ? translate(axis === 'lng' ? 'app.zonesPage.badLongitude' : 'app.zonesPage.badLatitude') : undefined
      }
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 160 }}
    />
  );
}

/** A point typed in full, added at the end of the outline. */
function NewPoint({ onAdd }: { onAdd: (point: Position) => void }) {
  const translate = useTranslate();
  const [lng, setLng] = useState('');
  const [lat, setLat] = useState('');
  const [bad, setBad] = useState<{ lng: boolean; lat: boolean }>({ lng: false, lat: false });
  const add = () => {
    const x = parseCoordinate(lng, 'lng');
    const y = parseCoordinate(lat, 'lat');
    setBad({ lng: x === 'invalid', lat: y === 'invalid' });
    if (x === 'invalid' || y === 'invalid') return;
    onAdd([x, y]);
    setLng('');
    setLat('');
  };
  const field = (axis: 'lng' | 'lat', text: string, set: (v: string) => void) => (
    <TextField
      size="small"
      label={translate(axis === 'lng' ? 'app.zonesPage.longitude' : 'app.zonesPage.latitude')}
      value={text}
      onChange={(event) => set(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          add();
        }
      }}
      error={bad[axis]}
      helperText={
        bad[axis] ? translate(axis === 'lng' ? 'app.zonesPage.badLongitude' : 'app.zonesPage.badLatitude') : undefined
      }
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 160 }}
    />
  );
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={translate('app.zonesPage.newPoint')}>
      <Typography variant="body2" sx={{ minWidth: 64, pt: 1 }}>
        {translate('app.zonesPage.newPoint')}
      </Typography>
      {field('lng', lng, setLng)}
      {field('lat', lat, setLat)}
      <Button size="small" onClick={add} sx={{ alignSelf: 'flex-start', mt: 0.5 }}>
        {translate('app.zonesPage.addPoint')}
      </Button>
    </Stack>
  );
}
