// Days of the Finance section, in UTC like the ledger's days.
export const today = () => new Date().toISOString().slice(0, 10);
export const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
