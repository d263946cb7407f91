/** The four public monthly plans of the landing page (seed 000 §1). */
export const PUBLIC_PLANS = [
  { name: 'Start', equipment: 50, monthlyPrice: 359 },
  { name: 'Standard', equipment: 100, monthlyPrice: 529 },
  { name: 'Premium', equipment: 500, monthlyPrice: 1049 },
  { name: 'Enterprise', equipment: 1000, monthlyPrice: 1439 },
] as const;

/** Shown as in the seed: "R$359", "R$1.049". */
export function formatPlanPrice(value: number): string {
  return `R$${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }).format(value)}`;
}
