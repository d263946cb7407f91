/**
 * The options of a /my-plan subscription-table row (seed 000 §4: active → Visualizar and Cancelar;
 * canceled → Reativar; others nothing). The table has a row per bill, but Cancelar and Reativar act
 * on the subscription: only its current row (its newest bill's) offers them (issue 26 item 18);
 * Visualizar opens each row's own bill.
 */
export interface RowOptionsInput {
  status: string;
  current: boolean;
  bill: { url: string | null } | null;
}

export function rowOptions(r: RowOptionsInput): { view: boolean; cancel: boolean; reactivate: boolean } {
  return {
    view: r.status === 'active' && !!r.bill?.url,
    cancel: r.status === 'active' && r.current,
    reactivate: r.status === 'canceled' && r.current,
  };
}
