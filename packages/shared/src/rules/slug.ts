/** 'Sony WH-1000XM5 Wireless Headphones' → 'sony-wh-1000xm5-wireless-headphones'. Accents are folded first. */
export function slugify(text: string, maxLength = 120): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length > maxLength ? slug.slice(0, maxLength).replace(/-+$/, '') : slug;
}
