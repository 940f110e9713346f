/** Up to `shown` small chips and '+N' for the rest (admin §2: 3 tags, 2 categories), or the empty text. */
export function Chips({ items, shown, empty, tone = 'slate' }: { items: string[]; shown: number; empty?: string; tone?: 'slate' | 'brand' }) {
  if (!items.length) return empty ? <span className="text-slate-400 italic">{empty}</span> : null;
  const rest = items.length - shown;
  const chip = tone === 'brand' ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-700';
  return (
    <span className="inline-flex flex-wrap gap-1" title={items.join(', ')}>
      {items.slice(0, shown).map((item) => (
        <bdi key={item} className={`max-w-[8rem] truncate rounded px-1.5 py-0.5 text-xs ${chip}`}>{item}</bdi>
      ))}
      {rest > 0 && <span className="rounded px-1 py-0.5 text-xs font-medium text-slate-500">+{rest}</span>}
    </span>
  );
}
