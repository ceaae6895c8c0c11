import type { ledgerNoteMessages as En } from '../ledgerNotes';
import type { DeepStrings } from '../catalogueShape';

/** The ledger's system-written notes in French (mirror of ../ledgerNotes.ts). */
export const ledgerNoteMessages: DeepStrings<typeof En> = {
  tripPaidInCash: 'Course n° %{trip} payée en espèces : commission de %{commission} due',
  tripPaidBy: 'Course n° %{trip} payée par %{method} : %{charged} moins la commission de %{commission}',
  cancellationPaidInCash:
    'Frais d’annulation de la course n° %{trip} payés en espèces : commission de %{commission} due',
  cancellationPaidBy:
    'Frais d’annulation de la course n° %{trip} payés par %{method} : %{charged} moins la commission de %{commission}',
  goodwillCredit: 'Geste commercial, incident n° %{issue}',
  refund: 'Remboursement, incident n° %{issue}',
  payoutBatch: 'Lot de versements n° %{batch} (semaine du %{week}), réf. %{reference}',
  payoutReturned: 'Lot de versements n° %{batch} (semaine du %{week}) échoué et rendu : %{reason}',
  openingTopUp: 'Recharge M-Pesa d’ouverture',
  weeklyTopUp: 'Recharge M-Pesa hebdomadaire des commissions sur les courses en espèces',
  weeklyPayout: 'Versement hebdomadaire des gains par carte et portefeuille sur M-Pesa',
  mpesaTopUp: 'Recharge M-Pesa, réf. %{reference}',
  weeklyPayoutToMpesa: 'Versement hebdomadaire sur M-Pesa',
};
