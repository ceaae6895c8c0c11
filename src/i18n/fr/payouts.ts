import type { payoutMessages as EnMessages, payoutResource as EnResource } from '../payouts';
import type { DeepStrings } from '../catalogueShape';

/** The driver payouts' strings in French (mirror of ../payouts.ts). */
export const payoutMessages: DeepStrings<typeof EnMessages> = {
  title: 'Versements aux chauffeurs',
  week: 'Semaine du %{day}',
  prepare: 'Préparer une semaine',
  prepareTitle: 'Préparer le lot de versements d’une semaine',
  prepareHint:
    'Calcule le solde de chaque chauffeur pour la semaine (du lundi au lundi, heure de Nairobi) à partir des courses et des écritures du portefeuille. Un autre membre du personnel l’approuve avant son export et son paiement.',
  prepareConfirm: 'Préparer',
  approve: 'Approuver',
  approveTitle: 'Approuver ce lot de versements ?',
  approveHint: 'Vous êtes le second regard : vérifiez les lignes et le total avant d’approuver.',
  ownBatch: 'Vous avez préparé ce lot : un autre membre du personnel doit l’approuver (double validation).',
  exportMpesa: 'Exporter le fichier M-Pesa',
  pay: 'Marquer comme payé',
  payTitle: 'Marquer le lot comme payé',
  payHint: 'Chaque ligne est inscrite comme versement dans les écritures du portefeuille de son chauffeur.',
  reference: 'Référence du paiement',
  statement: 'Relevé',
  lines: 'Chauffeurs',
  amountsIn: 'Montants en %{currency} ; le solde est celui du portefeuille en fin de semaine',
  empty: 'Aucun lot de versements pour l’instant. Préparez-en un pour une semaine terminée.',
  summary: 'Récapitulatif',
  paidDrivers: 'Chauffeurs payés',
  driverOwes: 'Doit %{amount}',
};

export const payoutResource: DeepStrings<typeof EnResource> = {
  name: 'Lot de versements |||| Lots de versements',
  fields: {
    periodStart: 'Semaine',
    periodEnd: 'Jusqu’au',
    status: 'Statut',
    total: 'Total',
    lineCount: 'Chauffeurs payés',
    createdByName: 'Préparé par',
    approvedByName: 'Approuvé par',
    paidByName: 'Payé par',
    approvedAt: 'Approuvé le',
    paidAt: 'Payé le',
    reference: 'Référence',
    createdAt: 'Préparé le',
    driverName: 'Chauffeur',
    trips: 'Courses',
    gross: 'Prix des courses',
    commission: 'Commission',
    earnings: 'Gains',
    cashCollected: 'Espèces encaissées',
    topups: 'Recharges',
    adjustments: 'Ajustements',
    closing: 'Solde',
    amount: 'À verser',
    q: 'Rechercher une référence',
  },
};
