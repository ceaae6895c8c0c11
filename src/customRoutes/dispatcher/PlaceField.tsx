import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import { Autocomplete, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePlaces, type BookingPoint, type PlaceOption } from './bookingData';
import { matchesPlace } from '../../domain/placeSearch';
import { pointFields, type PointKind } from './bookingForm';
import { useBookingPoint, useFieldError, useSetPoint } from './bookingFields';

/**
 * A pickup or drop-off: a known place as typed, or a point clicked on the map (the button beside it).
 * It stands for the trip's address, latitude and longitude fields of the form, and shows their message.
 */
export function PlaceField({
  kind,
  problem,
  picking,
  onPick,
}: {
  kind: PointKind;
  /** The live fare estimate's refusal of this point (outside the service area). */
  problem?: string;
  picking: boolean;
  onPick: (kind: PointKind | null) => void;
}) {
  const translate = useTranslate();
  const value = useBookingPoint(kind);
  const setPoint = useSetPoint();
  const onChange = (point: BookingPoint | undefined) => setPoint(kind, point);
  const error = useFieldError(...pointFields(kind)) ?? problem;
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
            inputProps={{
              ...params.inputProps,
              'data-testid': `booking-${kind}`,
              'data-booking-field': pointFields(kind).join(' '),
              'aria-busy': places.searching,
            }}
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
