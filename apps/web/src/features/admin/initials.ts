/** Avatar initials (admin §2 Users): first and last word of the name, else the e-mail's local part. */
export function initials(user: { name: string; email: string }): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return user.email.replace(/@.*/, '').replace(/[^a-z0-9]/gi, '').slice(0, 2).toUpperCase() || '?';
}
