import { forwardRef, memo, type KeyboardEvent } from 'react';
import { DataTableRow, useDataTableCallbacksContext, useResourceDefinition, type DataTableRowProps } from 'react-admin';

/**
 * Every DataTable's row (set once in the theme): a row that opens something on click (its record,
 * its expansion) is also a stop of the Tab order, and Enter on it does what a click does. Keys
 * pressed in the row's own controls (links, checkboxes, buttons) stay theirs.
 */
export const KeyboardDataTableRow = memo(
  forwardRef<HTMLTableRowElement, DataTableRowProps>(function KeyboardDataTableRow({ onKeyDown, ...props }, ref) {
    const { rowClick } = useDataTableCallbacksContext();
    const { hasShow, hasEdit } = useResourceDefinition();
    const opens = rowClick === undefined ? hasShow || hasEdit : rowClick !== false;
    const onEnter = (event: KeyboardEvent<HTMLTableRowElement>) => {
      onKeyDown?.(event);
      if (event.key !== 'Enter' || event.target !== event.currentTarget || event.defaultPrevented) return;
      event.preventDefault();
      event.currentTarget.click();
    };
    return <DataTableRow ref={ref} {...props} {...(opens ? { tabIndex: 0, onKeyDown: onEnter } : { onKeyDown })} />;
  }),
);
