// Ranking metrics of the relevance benchmarks. Grades are 0–3; unjudged products count as 0.

export type Qrels = Map<string, number>;

/** DCG@k with gain 2^grade − 1 and discount log2(rank + 1). */
export function dcgAt(grades: number[], k: number): number {
  let s = 0;
  for (let i = 0; i < Math.min(k, grades.length); i++) s += (2 ** grades[i]! - 1) / Math.log2(i + 2);
  return s;
}

/** NDCG@k of a ranked list against graded judgments; the ideal ranking is the judged grades sorted. Null when nothing is relevant. */
export function ndcgAt(ranked: string[], qrels: Qrels, k = 10): number | null {
  const ideal = [...qrels.values()].filter((g) => g > 0).sort((a, b) => b - a);
  const idcg = dcgAt(ideal, k);
  if (idcg === 0) return null;
  return dcgAt(ranked.slice(0, k).map((id) => qrels.get(id) ?? 0), k) / idcg;
}

/** Reciprocal rank of the first relevant (grade ≥ 1) result within the top k, else 0. */
export function reciprocalRankAt(ranked: string[], qrels: Qrels, k = 10): number {
  for (let i = 0; i < Math.min(k, ranked.length); i++) if ((qrels.get(ranked[i]!) ?? 0) >= 1) return 1 / (i + 1);
  return 0;
}

export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Value at quantile q (0..1) of an ascending-sorted list, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}
