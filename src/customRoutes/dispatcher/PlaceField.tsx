import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import { Autocomplete, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePlaces, type BookingPoint, type PlaceOption } from './bookingData';
import { matchesPlace } from '../../domain/placeSearch';
import { type PointKind } from './bookingForm';

/** A pickup or drop-off: a known place as typed, or a point clicked on the map (the button beside it). */
export function PlaceField({
  kind,
  value,
  error,
  picking,
  onPick,
  onChange,
}: {
  kind: PointKind;
  value?: BookingPoint;
  error?: string;
  picking: boolean;
  onPick: (kind: PointKind | null) => void;
  onChange: (point: BookingPoint | undefined) => void;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState(value?.address ?? '');
  useEffect(() => setTyped(value?.address ?? ''), [value]);
  const places = usePlaces(typed === value?.address ? '' : typed);
  const label = translate(`app.dispatcher.booking.${kind}`);
  return (
    <Stack direction="row" spacing={0.5} alignItems="flex-start">
      <Autocomplete<PlaceOption | BookingPoint, false, false, false>
        autoHighlight
        fullWidth
        options={places.data ?? []}
        filterOptions={(options, state) =>
          state.inputValue === value?.address
            ? options
            : options.filter((o) => matchesPlace(o.address, state.inputValue))
        }
        loading={places.isFetching}
        value={value ?? null}
        inputValue={typed}
        onInputChange={(_, text, reason) => {
          if (reason !== 'reset') setTyped(text);
        }}
        onChange={(_, point) =>
          onChange(point ? { address: point.address, lat: point.lat, lng: point.lng } : undefined)
        }
        getOptionLabel={(option) => option.address}
        isOptionEqualToValue={(a, b) => a.address === b.address && a.lat === b.lat && a.lng === b.lng}
        noOptionsText={translate('app.dispatcher.booking.noPlaces')}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Typography variant="body2" noWrap>
              {option.address}
            </Typography>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={label}
            error={Boolean(error)}
            helperText={error ?? (picking ? translate('app.dispatcher.booking.clickMap') : undefined)}
            inputProps={{ ...params.inputProps, 'data-testid': `booking-${kind}`, 'data-booking-field': kind }}
          />
        )}
      />
      <Tooltip title={translate('app.dispatcher.booking.pickOnMap', { what: label.toLowerCase() })}>
        <IconButton
          aria-label={translate('app.dispatcher.booking.pickOnMap', { what: label.toLowerCase() })}
          aria-pressed={picking}
          color={picking ? 'primary' : 'default'}
          onClick={() => onPick(picking ? null : kind)}
          sx={{ mt: 0.25 }}
        >
          <AddLocationAltIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
