import type { AddressInput, SavedAddress } from '@souq/shared/api/addresses';
import type { Holiday, HolidayInput } from '@souq/shared/api/delivery';
import { api } from '@/lib/api-client';

// The address book (decision 0151): the signed-in shopper's saved UAE addresses.
export const listAddresses = (signal?: AbortSignal) => api<SavedAddress[]>('/api/my/addresses', { signal });
export const createAddress = (body: AddressInput) => api<SavedAddress>('/api/my/addresses', { method: 'POST', body });
export const updateAddress = (id: number, body: AddressInput) => api<SavedAddress>(`/api/my/addresses/${id}`, { method: 'PUT', body });
export const deleteAddress = (id: number) => api<{ success: true }>(`/api/my/addresses/${id}`, { method: 'DELETE' });

// The public holidays the delivery promise skips (admin, audited).
export const listHolidays = (signal?: AbortSignal) => api<Holiday[]>('/api/admin/holidays', { auth: 'admin', signal });
export const addHoliday = (body: HolidayInput) => api<Holiday>('/api/admin/holidays', { method: 'POST', body, auth: 'admin' });
export const removeHoliday = (date: string) => api<{ success: true }>(`/api/admin/holidays/${date}`, { method: 'DELETE', auth: 'admin' });

export const ADDRESSES_KEY = ['my-addresses'] as const;
export const HOLIDAYS_KEY = ['admin-holidays'] as const;
