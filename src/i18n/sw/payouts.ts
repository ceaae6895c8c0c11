import type { payoutMessages as EnMessages, payoutResource as EnResource } from '../payouts';
import type { DeepStrings } from '../catalogueShape';

/** The driver payouts' strings in Swahili (mirror of ../payouts.ts). */
export const payoutMessages: DeepStrings<typeof EnMessages> = {
  title: 'Malipo kwa Madereva',
  week: 'Wiki ya %{day}',
  prepare: 'Andaa wiki',
  prepareTitle: 'Andaa kundi la malipo kwa madereva la wiki',
  prepareHint:
    'Inahesabu malipo ya kila dereva kwa wiki (Jumatatu hadi Jumatatu, saa za Nairobi) kutoka kwa safari na leja ya pochi. Mfanyakazi mwingine ataliidhinisha kabla ya kupakuliwa na kulipwa.',
  prepareConfirm: 'Andaa',
  approve: 'Idhinisha',
  approveTitle: 'Uidhinishe kundi hili la malipo?',
  approveHint: 'Wewe ndiye mkaguzi wa pili: kagua mistari na jumla kabla ya kuidhinisha.',
  ownBatch: 'Wewe ndiye uliyeandaa kundi hili: mfanyakazi mwingine ndiye ataliidhinisha (macho manne).',
  exportMpesa: 'Pakua faili ya M-Pesa',
  pay: 'Weka alama limelipwa',
  payTitle: 'Weka alama kundi limelipwa',
  payHint: 'Kila mstari unaandikwa kwenye leja ya pochi ya dereva wake kama malipo kwa dereva.',
  reference: 'Nambari ya kumbukumbu ya malipo',
  statement: 'Taarifa ya malipo',
  lines: 'Madereva',
  amountsIn: 'Kiasi kwa %{currency}; Salio ni la pochi mwishoni mwa wiki',
  empty: 'Bado hakuna makundi ya malipo. Andaa moja kwa wiki iliyokwisha.',
  summary: 'Muhtasari',
  paidDrivers: 'Madereva waliolipwa',
  driverOwes: 'Anadaiwa %{amount}',
};

export const payoutResource: DeepStrings<typeof EnResource> = {
  name: 'Kundi la malipo |||| Makundi ya malipo',
  fields: {
    periodStart: 'Wiki',
    periodEnd: 'Hadi',
    status: 'Hali',
    total: 'Jumla',
    lineCount: 'Madereva waliolipwa',
    createdByName: 'Imeandaliwa na',
    approvedByName: 'Imeidhinishwa na',
    paidByName: 'Imelipwa na',
    approvedAt: 'Iliidhinishwa',
    paidAt: 'Ililipwa',
    reference: 'Kumbukumbu',
    createdAt: 'Iliandaliwa',
    driverName: 'Dereva',
    trips: 'Safari',
    gross: 'Nauli',
    commission: 'Kamisheni',
    earnings: 'Mapato',
    cashCollected: 'Pesa taslimu zilizokusanywa',
    topups: 'Kuongeza salio',
    adjustments: 'Marekebisho',
    closing: 'Salio',
    amount: 'Cha kulipwa',
    q: 'Tafuta kumbukumbu',
  },
};
