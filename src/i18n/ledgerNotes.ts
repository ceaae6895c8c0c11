/**
 * The notes the system writes on a wallet ledger entry, by code (merged into en.ts under
 * app.ledgerNotes). The services render the English from here and store it as the entry's `note`
 * (old clients and CSV read it), with the code and parameters beside it (`noteCode`, `noteParams`,
 * src/domain/ledgerNotes.ts); the panel renders the code in the staff member's language. Amounts
 * are plain decimals ("255.00"), %{method} a payment method (app.enums.paymentMethod), %{week} a day.
 */
export const ledgerNoteMessages = {
  tripPaidInCash: 'Trip #%{trip} paid in cash: commission %{commission} due',
  tripPaidBy: 'Trip #%{trip} paid by %{method}: %{charged} less commission %{commission}',
  cancellationPaidInCash: 'Cancellation fee #%{trip} paid in cash: commission %{commission} due',
  cancellationPaidBy: 'Cancellation fee #%{trip} paid by %{method}: %{charged} less commission %{commission}',
  goodwillCredit: 'Goodwill credit, issue #%{issue}',
  refund: 'Refund, issue #%{issue}',
  payoutBatch: 'Payout batch #%{batch} (week of %{week}), ref %{reference}',
  payoutReturned: 'Payout batch #%{batch} (week of %{week}) failed and returned: %{reason}',
  openingTopUp: 'Opening M-Pesa top-up',
  weeklyTopUp: 'Weekly M-Pesa top-up of cash commissions',
  weeklyPayout: 'Weekly payout of card and wallet earnings to M-Pesa',
  mpesaTopUp: 'M-Pesa top-up, ref %{reference}',
  weeklyPayoutToMpesa: 'Weekly payout to M-Pesa',
};
