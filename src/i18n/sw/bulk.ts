import type { bulkMessages as En } from '../bulk';
import type { DeepStrings } from '../catalogueShape';

/** The bulk actions' strings in Swahili (mirror of ../bulk.ts). The verbs agree with "rekodi" (zi-). */
export const bulkMessages: DeepStrings<typeof En> = {
  title: '%{action}: rekodi %{smart_count} iliyochaguliwa |||| %{action}: rekodi %{smart_count} zilizochaguliwa',
  selected: 'Zilizochaguliwa',
  andMore: 'na %{smart_count} zaidi',
  reason: 'Sababu',
  reasonHint: 'Sababu moja kwa zote, inahifadhiwa katika historia ya kila rekodi',
  apply: 'Tekeleza kwa rekodi %{smart_count} |||| Tekeleza kwa rekodi %{smart_count}',
  summary: 'Rekodi %{done} %{verb}; zilizokataliwa: %{refused}',
  refusedTitle: 'Zilizokataliwa',
  undo: 'Tendua (sek %{seconds})',
  undoing: 'Inatendua…',
  undone: 'Imetenduliwa: %{summary}',
  undoExpired: 'Haiwezekani tena kutendua.',
  noUndo: 'Kitendo hiki hakiwezi kutenduliwa.',
  close: 'Funga',
  /** The verb of an action without its own words (a declared action). */
  doneVerb: 'zimekamilika',
  actions: {
    approveDocuments: { label: 'Idhinisha hati', done: 'zimeidhinishwa' },
    rejectDocuments: { label: 'Kataa hati', done: 'zimekataliwa' },
    suspend: { label: 'Simamisha', done: 'zimesimamishwa' },
    reinstate: { label: 'Rejesha', done: 'zimerejeshwa' },
    cancel: { label: 'Ghairi safari', done: 'zimeghairiwa' },
    assign: { label: 'Kabidhi', done: 'zimekabidhiwa' },
    close: { label: 'Funga', done: 'zimefungwa' },
    reopen: { label: 'Fungua upya', done: 'zimefunguliwa upya' },
    activate: { label: 'Wezesha', done: 'zimewezeshwa' },
    deactivate: { label: 'Zima', done: 'zimezimwa' },
  },
};
