import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmbedRecord, EmbedSave } from '@souq/shared/api/embeds';
import type { ProductCreate, ProductDeleteResponse, ProductUpdate, ProductWriteResponse } from '@souq/shared/api/products';
import { api } from './api-client';
import { sendForm } from './upload';

// The product write API and embeds, shared by the vendor's Products and Product Embedding tabs, the product manager
// and the optimiser's one-click apply. Vendors write as 'vendor', the product manager as 'admin'.

export type Writer = 'vendor' | 'admin';

/** Query keys of every list a product write changes (invalidated after each write). */
export const productListKeys = {
  vendor: 'vendor-products',
  admin: 'admin-products',
  optimisation: 'vendor-optimisation',
  embeds: 'embedded-products',
  /** The vendor dashboard's stat cards and analytics (product counts, prices and stock feed them). */
  vendorDashboard: 'vendor-dashboard',
} as const;

/** JSON, or multipart with the JSON in "product" and the files in "photos" when there are photos to upload. */
function writeProduct(method: 'POST' | 'PUT', path: string, body: ProductCreate | ProductUpdate, auth: Writer, photos: File[] = [], onProgress?: (f: number) => void) {
  if (!photos.length) return api<ProductWriteResponse>(path, { method, body, auth });
  const form = new FormData();
  form.append('product', JSON.stringify(body));
  for (const photo of photos) form.append('photos', photo, photo.name);
  return sendForm<ProductWriteResponse>(path, form, { method, auth, onProgress });
}

function useInvalidateProducts() {
  const client = useQueryClient();
  return () => Promise.all(Object.values(productListKeys).map((key) => client.invalidateQueries({ queryKey: [key] })));
}

export function useCreateProduct(auth: Writer) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (v: { body: ProductCreate; photos?: File[]; onProgress?: (f: number) => void }) => writeProduct('POST', '/api/products', v.body, auth, v.photos, v.onProgress),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct(auth: Writer) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (v: { id: number; body: ProductUpdate; photos?: File[]; onProgress?: (f: number) => void }) =>
      writeProduct('PUT', `/api/products/${v.id}`, v.body, auth, v.photos, v.onProgress),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct(auth: Writer) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: number) => api<ProductDeleteResponse>(`/api/products/${id}`, { method: 'DELETE', auth }),
    onSuccess: invalidate,
  });
}

export function useSaveEmbed(auth: Writer) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (body: EmbedSave) => api<EmbedRecord>('/api/embedded-products', { method: 'POST', body, auth }),
    onSuccess: invalidate,
  });
}
