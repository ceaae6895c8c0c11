import type { ledgerNoteMessages as En } from '../ledgerNotes';
import type { DeepStrings } from '../catalogueShape';

/** The ledger's system-written notes in Swahili (mirror of ../ledgerNotes.ts). */
export const ledgerNoteMessages: DeepStrings<typeof En> = {
  tripPaidInCash: 'Safari #%{trip} imelipwa kwa pesa taslimu: kamisheni %{commission} inadaiwa',
  tripPaidBy: 'Safari #%{trip} imelipwa kwa %{method}: %{charged} ukiondoa kamisheni %{commission}',
  cancellationPaidInCash: 'Ada ya kughairi safari #%{trip} imelipwa kwa pesa taslimu: kamisheni %{commission} inadaiwa',
  cancellationPaidBy:
    'Ada ya kughairi safari #%{trip} imelipwa kwa %{method}: %{charged} ukiondoa kamisheni %{commission}',
  goodwillCredit: 'Salio la nia njema, lalamiko #%{issue}',
  refund: 'Marejesho, lalamiko #%{issue}',
  payoutBatch: 'Kundi la malipo kwa madereva #%{batch} (wiki ya %{week}), kumbukumbu %{reference}',
  payoutReturned:
    'Kundi la malipo kwa madereva #%{batch} (wiki ya %{week}) halikufanikiwa, pesa imerudishwa: %{reason}',
  openingTopUp: 'Kuongeza salio la mwanzo kwa M-Pesa',
  weeklyTopUp: 'Kuongeza salio kwa M-Pesa kila wiki kwa kamisheni za safari za pesa taslimu',
  weeklyPayout: 'Malipo kwa dereva kila wiki ya mapato ya kadi na pochi kwa M-Pesa',
  mpesaTopUp: 'Kuongeza salio kwa M-Pesa, kumbukumbu %{reference}',
  weeklyPayoutToMpesa: 'Malipo kwa dereva kila wiki kwa M-Pesa',
};
