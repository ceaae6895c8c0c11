/** The bulk actions' strings (merged into en.ts under app.bulk). */
export const bulkMessages = {
  title: '%{action}: %{smart_count} selected record |||| %{action}: %{smart_count} selected records',
  selected: 'Selected',
  andMore: 'and %{smart_count} more',
  reason: 'Reason',
  reasonHint: 'One reason for all of them, kept in the history of each record',
  apply: 'Apply to %{smart_count} record |||| Apply to %{smart_count} records',
  summary: '%{done} %{verb}, %{refused} refused',
  refusedTitle: 'Refused',
  undo: 'Undo (%{seconds} s)',
  undoing: 'Undoing…',
  undone: 'Undone: %{summary}',
  undoExpired: 'Undo is no longer offered.',
  noUndo: 'This action cannot be undone.',
  close: 'Close',
  /** The verb of an action without its own words (a declared action). */
  doneVerb: 'done',
  actions: {
    approveDocuments: { label: 'Approve documents', done: 'approved' },
    rejectDocuments: { label: 'Reject documents', done: 'rejected' },
    suspend: { label: 'Suspend', done: 'suspended' },
    reinstate: { label: 'Reinstate', done: 'reinstated' },
    cancel: { label: 'Cancel trips', done: 'cancelled' },
    assign: { label: 'Assign', done: 'assigned' },
    close: { label: 'Close', done: 'closed' },
    reopen: { label: 'Reopen', done: 'reopened' },
    activate: { label: 'Activate', done: 'activated' },
    deactivate: { label: 'Deactivate', done: 'deactivated' },
  },
};

/** The translation key of an engine action's bulk words: 'approve-documents' → app.bulk.actions.approveDocuments. */
export const bulkActionKey = (action: string) =>
  `app.bulk.actions.${action.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`;
