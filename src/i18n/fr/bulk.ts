import type { bulkMessages as En } from '../bulk';
import type { DeepStrings } from '../catalogueShape';

/** The bulk actions' strings in French (mirror of ../bulk.ts). */
export const bulkMessages: DeepStrings<typeof En> = {
  title:
    '%{action} : %{smart_count} enregistrement sélectionné |||| %{action} : %{smart_count} enregistrements sélectionnés',
  selected: 'Sélection',
  andMore: 'et %{smart_count} de plus',
  reason: 'Motif',
  reasonHint: 'Un seul motif pour tous, conservé dans l’historique de chaque enregistrement',
  apply: 'Appliquer à %{smart_count} enregistrement |||| Appliquer à %{smart_count} enregistrements',
  summary: '%{verb} : %{done} ; refusés : %{refused}',
  refusedTitle: 'Refusés',
  undo: 'Annuler (%{seconds} s)',
  undoing: 'Annulation…',
  undone: 'Annulé : %{summary}',
  undoExpired: 'L’annulation n’est plus possible.',
  noUndo: 'Cette action est irréversible.',
  close: 'Fermer',
  /** The verb of an action without its own words (a declared action). */
  doneVerb: 'effectués',
  actions: {
    approveDocuments: { label: 'Approuver les documents', done: 'Approuvés' },
    rejectDocuments: { label: 'Refuser les documents', done: 'Refusés' },
    suspend: { label: 'Suspendre', done: 'Suspendus' },
    reinstate: { label: 'Réintégrer', done: 'Réintégrés' },
    cancel: { label: 'Annuler les courses', done: 'Annulées' },
    assign: { label: 'Attribuer', done: 'Attribués' },
    close: { label: 'Clôturer', done: 'Clôturés' },
    reopen: { label: 'Rouvrir', done: 'Rouverts' },
    activate: { label: 'Activer', done: 'Activés' },
    deactivate: { label: 'Désactiver', done: 'Désactivés' },
  },
};
