import { Box, List, ListItem, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import type { KeyboardEvent, ReactNode } from 'react';
import { moveChoice } from './model';

export interface ChoiceListProps {
  /** The caption above the list, which names it for screen readers. */
  label: ReactNode;
  /** The caption's element id (`aria-labelledby`). */
  labelId: string;
  /** How many options the list holds, and which one is chosen (-1: none). */
  count: number;
  chosen: number;
  /** The element id of option `index` (`aria-activedescendant`). */
  optionId: (index: number) => string;
  /** An arrow key moved the choice to option `index`, wrapping around. */
  onChoose: (index: number) => void;
  busy?: boolean;
  'data-testid'?: string;
  /** Added to the list's own style (a maximum height…). */
  sx?: SxProps<Theme>;
  /** The `ChoiceOption`s. */
  children: ReactNode;
}

/**
 * A single-choice list box that the keyboard drives: focus it with Tab, ↑/↓ move the choice
 * (wrapping), a click chooses; the chosen option is the active descendant.
 */
export function ChoiceList({
  label,
  labelId,
  count,
  chosen,
  optionId,
  onChoose,
  busy,
  'data-testid': testId,
  sx,
  children,
}: ChoiceListProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = moveChoice(chosen, step, count);
    if (next >= 0) onChoose(next);
  };
  return (
    <>
      <Typography variant="caption" color="text.secondary" id={labelId}>
        {label}
      </Typography>
      <List
        dense
        disablePadding
        role="listbox"
        tabIndex={0}
        aria-labelledby={labelId}
        aria-activedescendant={chosen >= 0 && chosen < count ? optionId(chosen) : undefined}
        aria-busy={busy}
        onKeyDown={onKeyDown}
        data-testid={testId}
        sx={[
          {
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children}
      </List>
    </>
  );
}

export interface ChoiceOptionProps {
  id: string;
  selected: boolean;
  onClick: () => void;
  /** The option's name, bold when chosen. */
  title: ReactNode;
  /** A line under the name. */
  detail?: ReactNode;
  /** Shown right of the name, on its line (a distance). */
  aside?: ReactNode;
  /** Shown at the option's right edge, beside both lines (a price). */
  end?: ReactNode;
}

/** One option of a `ChoiceList`: its name over a detail line, marked at the left edge when chosen. */
export function ChoiceOption({ id, selected, onClick, title, detail, aside, end }: ChoiceOptionProps) {
  const name = (
    <Typography variant="body2" sx={{ fontWeight: selected ? 700 : 500, minWidth: 0 }} noWrap>
      {title}
    </Typography>
  );
  return (
    <ListItem
      id={id}
      role="option"
      aria-selected={selected}
      onClick={onClick}
      sx={{
        cursor: 'pointer',
        bgcolor: selected ? 'action.selected' : undefined,
        borderInlineStart: '3px solid',
        borderInlineStartColor: (theme) => (selected ? theme.palette.primary.main : 'transparent'),
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {aside ? (
          <Stack direction="row" spacing={1} justifyContent="space-between" alignItems="baseline">
            {name}
            {aside}
          </Stack>
        ) : (
          name
        )}
        {detail !== undefined && (
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="div"
            // A line cut short by the column is read whole on hover.
            title={typeof detail === 'string' ? detail : undefined}
          >
            {detail}
          </Typography>
        )}
      </Box>
      {end}
    </ListItem>
  );
}
