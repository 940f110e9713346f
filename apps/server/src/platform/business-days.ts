// Delivery and return promises count working days: the assistant's after-sales answers and the agents' checkout
// estimates use this one rule.

/** `days` business days (Monday to Friday, the UAE's working week) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}
